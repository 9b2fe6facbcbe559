import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

@Suite("Model coding (calls for the store, policies, records)")
struct ModelCodingTests {
    @Test("a call with internals round-trips them for storage")
    func internalsRoundTrip() throws {
        let json = ModelCoding.json(callWithInternals, includeInternals: true)
        let decoded = try ModelCoding.call(json, includeInternals: true)
        #expect(decoded == callWithInternals)
        // Through text too, as a store would keep it.
        let text = try JSONSerializer().serialize(json)
        #expect(try ModelCoding.call(JSONParser(limits: .maximum).parse(text), includeInternals: true) == callWithInternals)
        let fifth = try #require(json["participants"]?[5])
        #expect(fifth["deadlines"] == ["delivery": .int(at(31).millisecondsSince1970), "notReceived": .int(at(6).millisecondsSince1970),
                                        "ring": .int(at(60).millisecondsSince1970), "confirm": .int(at(8).millisecondsSince1970)])
        #expect(json["participants"]?[0]?["deadlines"] == .object(JSONObject()))
    }

    @Test("without internals they are left out, and decode as nil, false and online")
    func internalsLeftOut() throws {
        let json = ModelCoding.json(callWithInternals)
        for participant in json["participants"]?.arrayValue ?? [] {
            #expect(participant["online"] == nil)
            #expect(participant["recorded"] == nil)
            #expect(participant["deadlines"] == nil)
        }
        let decoded = try ModelCoding.call(json)
        #expect(decoded == withoutInternals(callWithInternals))
        #expect(decoded.participants.allSatisfy { $0.isOnline && !$0.isRecorded && $0.nextDeadline == nil })
        // A storage form read as a wire value ignores the internals...
        #expect(try ModelCoding.call(ModelCoding.json(callWithInternals, includeInternals: true)) == withoutInternals(callWithInternals))
        // ...and a wire form read for storage tolerates their absence.
        #expect(try ModelCoding.call(json, includeInternals: true) == withoutInternals(callWithInternals))
    }

    @Test("frames never carry internals")
    func framesLeaveInternalsOut() throws {
        let frame = ServerFrame.event(EventEnvelope(sequence: 1, time: t0, event: .call(CallNotification(kind: .synced, call: callWithInternals))))
        let encoded = text(frame)
        #expect(!encoded.contains("\"deadlines\""))
        #expect(!encoded.contains("\"online\""))
        #expect(!encoded.contains("\"recorded\""))
        expectRoundTrip(frame, expected: .event(EventEnvelope(sequence: 1, time: t0, event: .call(CallNotification(kind: .synced, call: withoutInternals(callWithInternals))))))
    }

    @Test("every sample call round-trips with and without internals", arguments: sampleCalls)
    func calls(_ call: Call) throws {
        #expect(try ModelCoding.call(ModelCoding.json(call)) == call)
        #expect(try ModelCoding.call(ModelCoding.json(call, includeInternals: true), includeInternals: true) == call)
    }

    @Test("the stored text of calls and records is the serialized value's, written straight through jansson's tree")
    func storedText() throws {
        for call in sampleCalls {
            for internals in [false, true] {
                #expect(ModelCoding.text(call, includeInternals: internals)
                    == (try JSONSerializer().serialize(ModelCoding.json(call, includeInternals: internals))))
            }
        }
        for record in sampleRecords {
            #expect(ModelCoding.text(record) == (try JSONSerializer().serialize(ModelCoding.json(record))))
        }
    }

    @Test("participants on their own")
    func participants() throws {
        for participant in crowdedCall.participants {
            #expect(try ModelCoding.participant(ModelCoding.json(participant)) == participant)
        }
        for participant in callWithInternals.participants {
            #expect(try ModelCoding.participant(ModelCoding.json(participant, includeInternals: true), includeInternals: true) == participant)
        }
    }

    @Test("attachments are omitted when empty and written in key order")
    func attachments() {
        #expect(ModelCoding.json(ringingCall)["attachments"] == nil)
        let keys = ModelCoding.json(crowdedCall)["attachments"]?.objectValue?.keys
        #expect(keys == crowdedCall.attachments.keys.sorted())
    }

    @Test("a record's new fields are optional: absent, they decode as nil and no members")
    func recordOptionalFields() throws {
        var record = try #require(sampleRecords.first)
        record.payload = nil
        record.inviter = nil
        record.members = []
        record.endedAt = nil
        let json = ModelCoding.json(record)
        for key in ["payload", "inviter", "members", "endedAt"] {
            #expect(json[key] == nil, "\(key)")
        }
        #expect(try ModelCoding.record(json) == record)
    }

    @Test("a record's members are checked like an outcome, with paths")
    func recordMemberErrors() throws {
        let record = try #require(sampleRecords.first { !$0.members.isEmpty })
        func withMember(_ member: JSONValue) -> JSONValue {
            guard case .object(var object) = ModelCoding.json(record) else { return .null }
            object["members"] = .array([["user": "alice", "state": ["state": "accepted"]], member])
            return .object(object)
        }
        let cases: [(JSONValue, String)] = [
            (["user": "bob", "state": ["state": "rejected"]], "/members/1/state/reason: required field is missing"),
            (["user": "bob", "state": ["state": "accepted", "reason": "declined"]], "/members/1/state/reason: not allowed"),
            (["user": "bob", "state": "accepted"], "/members/1/state: expected an object, got a string"),
            (["state": ["state": "accepted"]], "/members/1/user: required field is missing"),
            (["user": "bob", "state": ["state": "accepted"], "data": 1], "/members/1/data: expected a string, got an integer"),
        ]
        for (member, message) in cases {
            do {
                _ = try ModelCoding.record(withMember(member))
                Issue.record("decoded \(member)")
            } catch {
                #expect(error.message.hasPrefix(message), "\(error)")
            }
        }
    }

    @Test("standalone decoders report paths relative to the value, with the chosen code")
    func standaloneErrors() {
        var json = ModelCoding.json(crowdedCall)
        if case .object(var object) = json, case .array(var participants)? = object["participants"], case .object(var third) = participants[2] {
            third["state"] = "dancing"
            participants[2] = .object(third)
            object["participants"] = .array(participants)
            json = .object(object)
        }
        do {
            _ = try ModelCoding.call(json, errorCode: .internalError)
            Issue.record("decoded")
        } catch {
            #expect(error.code == .service(.internalError))
            #expect(error.message.hasPrefix("/participants/2/state: \"dancing\" is not one of"), "\(error)")
        }
        do {
            _ = try ModelCoding.policy(["ringTimeoutMs": 1.5])
            Issue.record("decoded")
        } catch {
            #expect(error.code == .service(.invalidFrame))
            #expect(error.message == "/ringTimeoutMs: expected an integer, got a real number", "\(error)")
        }
        do {
            _ = try ModelCoding.record(.array([]))
            Issue.record("decoded")
        } catch {
            #expect(error.message == "/: expected an object, got an array", "\(error)")
        }
    }
}
