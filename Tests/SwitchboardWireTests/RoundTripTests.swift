import SwitchboardCore
import SwitchboardProfiles
import SwitchboardJSON
import SwitchboardWire
import Testing

@Suite("Round trips: encode, bytes, decode")
struct RoundTripTests {
    @Test("every client frame", arguments: sampleClientFrames)
    func clientFrame(_ frame: ClientFrame) {
        expectRoundTrip(frame)
    }

    @Test("every server frame", arguments: sampleServerFrames)
    func serverFrame(_ frame: ServerFrame) {
        expectRoundTrip(frame)
    }

    @Test("every operation, as a body and inside a request frame", arguments: sampleOperations)
    func operation(_ operation: ServiceOperation) throws {
        let body = WireCodec.body(of: operation)
        #expect(try WireCodec.operation(named: operation.name, body: body) == operation)
        #expect(!containsNull(body))
        expectRoundTrip(.request(Request(id: 42, operation: operation)))
    }

    @Test("every call action on a call", arguments: sampleActions)
    func callAction(_ action: CallAction) {
        expectRoundTrip(.request(Request(id: 7, operation: .call(CallID("call-\(action.name)"), action))))
    }

    @Test("every reply, answering its op and anonymously", arguments: sampleReplies.indices)
    func reply(_ index: Int) throws {
        let (reply, op) = sampleReplies[index]
        #expect(try WireCodec.reply(WireCodec.json(reply)) == reply)
        expectRoundTrip(.response(Response(id: RequestID(rawValue: Int64(index)), result: .success(reply))), answering: op)
        expectRoundTrip(.response(Response(id: 1, result: .success(reply))))
    }

    @Test("a response to every op, with the reply its response schema names", arguments: WireCodec.operationNames)
    func responseToEveryOp(_ op: String) throws {
        let reply = sampleReply(for: op)
        #expect(try WireCodec.reply(WireCodec.json(reply)) == reply)
        expectRoundTrip(.response(Response(id: 11, result: .success(reply))), answering: op)
        expectRoundTrip(.response(Response(id: 12, result: .failure(SignalingError(.rateLimited, "slow down")))), answering: op)
    }

    @Test("error responses and refusals with every kind of code", arguments: sampleErrors)
    func errorResponse(_ error: SignalingError) {
        expectRoundTrip(.response(Response(id: 9, result: .failure(error))), answering: "call.accept")
        expectRoundTrip(.response(Response(id: 9, result: .failure(error))))
        expectRoundTrip(.refused(error))
    }

    @Test("every event", arguments: sampleEvents)
    func event(_ event: ServerEvent) throws {
        #expect(try WireCodec.event(named: event.name, body: WireCodec.body(of: event)) == event)
        expectRoundTrip(.event(EventEnvelope(sequence: 5, time: t0, event: event)))
    }

    @Test("every kind of call notification, with every sample call", arguments: sampleKinds)
    func notificationKind(_ kind: CallNotification.Kind) {
        for call in sampleCalls {
            expectRoundTrip(.event(EventEnvelope(sequence: 1, time: t0, event: .call(CallNotification(kind: kind, call: call)))))
        }
    }

    @Test("a call with bob in every participant state", arguments: ParticipantState.allCases)
    func participantState(_ state: ParticipantState) throws {
        let call = call(bobIn: state)
        #expect(try ModelCoding.call(ModelCoding.json(call)) == call)
        expectRoundTrip(.event(EventEnvelope(sequence: 2, time: t0, event: .call(CallNotification(kind: .synced, call: call)))))
        expectRoundTrip(.response(Response(id: 2, result: .success(.call(call, skipped: [])))), answering: "call.get")
    }

    @Test("records with every outcome", arguments: sampleRecords)
    func record(_ record: CallRecord) throws {
        #expect(try ModelCoding.record(ModelCoding.json(record)) == record)
        expectRoundTrip(.response(Response(id: 4, result: .success(.records(RecordPage(records: [record], nextCursor: nil))))), answering: "call.records")
    }

    @Test("policies with and without the optional timers", arguments: Policies.all)
    func policy(_ policy: CallPolicy) throws {
        let json = ModelCoding.json(policy)
        #expect(try ModelCoding.policy(json) == policy)
        for (key, timer) in [("deliveryTimeoutMs", policy.deliveryTimeout), ("notReceivedCheckMs", policy.notReceivedCheck),
                             ("acceptConfirmationMs", policy.acceptConfirmation)] {
            #expect((json[key] != nil) == (timer != nil), "\(key)")
        }
    }

    @Test("text and raw messages, peer and channel")
    func messages() {
        let contents: [MessageContent] = [
            .text(""), .text(trickyText), .raw([], description: ""), .raw([0], description: "nul"),
            .raw(Array(0...255), description: trickyText), .raw(Array(repeating: 0xAB, count: 1000), description: "kilobyte"),
        ]
        for content in contents {
            expectRoundTrip(.request(Request(id: 1, operation: .sendMessage(PeerMessageRequest(to: "bob", content: content, storeIfOffline: true)))))
            expectRoundTrip(.request(Request(id: 2, operation: .sendChannelMessage(channel: "room", message: content))))
            expectRoundTrip(.event(EventEnvelope(sequence: 1, time: t0, event: .message(PeerMessage(from: "alice", content: content, sentAt: t0, isOffline: false)))))
            expectRoundTrip(.event(EventEnvelope(sequence: 1, time: t0, event: .channelMessage(ChannelMessage(channel: "room", from: "alice", content: content, sentAt: t0)))))
        }
    }

    @Test("raw messages use standard padded base64 (RFC 4648 test vectors)")
    func base64Vectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
                       "\u{FB}\u{FF}": "w7vDvw=="]
        for (plain, encoded) in vectors {
            let frame = ClientFrame.request(Request(id: 1, operation: .sendChannelMessage(channel: "c", message: .raw(Array(plain.utf8), description: "d"))))
            #expect(text(frame).contains("\"raw\":\"\(encoded)\""), "\(plain)")
            expectRoundTrip(frame)
        }
    }

    @Test("unicode and escapes survive byte for byte")
    func unicodeAndEscapes() throws {
        let key = trickyText.replacing("\u{0}", with: "")
        let invite = ServiceOperation.invite(InviteRequest(invitees: ["bob"], payload: trickyText, attachments: [key: trickyText]))
        let frame = ClientFrame.request(Request(id: 1, operation: invite))
        let encoded = text(frame)
        #expect(encoded.contains(#"\"wörld\" \\ / \n\t\r \u0000 \u001F"#))
        guard case .request(let request) = try WireCodec.decodeClientFrame(encoded),
              case .invite(let decoded) = request.operation else {
            Issue.record("not an invite")
            return
        }
        // String == compares canonically; JSON compares bytes.
        #expect(Array(decoded.payload!.utf8) == Array(trickyText.utf8))
        #expect(decoded.attachments.keys.map { Array($0.utf8) } == [Array(key.utf8)])
        #expect(decoded.attachments.values.map { Array($0.utf8) } == [Array(trickyText.utf8)])

        // jansson cannot store U+0000 in an object key: the codec writes U+FFFD instead of failing.
        let nulKey = ClientFrame.request(Request(id: 1, operation: .invite(InviteRequest(invitees: ["bob"], attachments: ["a\u{0}b": "v"]))))
        guard case .request(let nulRequest) = try WireCodec.decodeClientFrame(text(nulKey)), case .invite(let nulInvite) = nulRequest.operation else {
            Issue.record("not an invite")
            return
        }
        #expect(nulInvite.attachments == ["a\u{FFFD}b": "v"])
        // Should that make two keys one, the member keeps the first position and the last value, in the
        // text as in the JSONValue.
        let clash = ClientFrame.request(Request(id: 1, operation: .invite(InviteRequest(
            invitees: ["bob"], attachments: ["a\u{0}": "1", "a\u{FFFD}": "2", "0": "3", "b": "4"]))))
        expectSameText(WireCodec.encode(clash), as: WireCodec.json(clash))
        guard case .request(let clashRequest) = try WireCodec.decodeClientFrame(text(clash)),
              case .invite(let clashInvite) = clashRequest.operation else {
            Issue.record("not an invite")
            return
        }
        #expect(clashInvite.attachments == ["a\u{FFFD}": "2", "0": "3", "b": "4"])

        // Canonically equivalent but different strings stay different.
        let composed = ClientFrame.request(Request(id: 1, operation: .renewToken("\u{E9}")))
        let decomposed = ClientFrame.request(Request(id: 1, operation: .renewToken("e\u{301}")))
        #expect(Array(text(composed).utf8) != Array(text(decomposed).utf8))
        guard case .request(let back) = try WireCodec.decodeClientFrame(text(decomposed)), case .renewToken(let token) = back.operation else {
            Issue.record("not a renewToken")
            return
        }
        #expect(Array(token.utf8) == Array("e\u{301}".utf8))
    }

    @Test("nothing encodes to null, and every frame is one compact object")
    func noNulls() {
        for frame in sampleClientFrames {
            #expect(!containsNull(WireCodec.json(frame)))
            #expect(WireCodec.encode(frame).first == UInt8(ascii: "{"))
        }
        for frame in sampleServerFrames {
            #expect(!containsNull(WireCodec.json(frame)))
            #expect(!WireCodec.encode(frame).contains(UInt8(ascii: "\n")))
        }
    }

    @Test("unknown extra members are ignored")
    func unknownMembersIgnored() throws {
        #expect(try WireCodec.decodeClientFrame(#"{"t":"ping","future":{"x":[1,2]}}"#) == .ping)
        #expect(try WireCodec.decodeClientFrame(#"{"t":"req","id":1,"op":"call.accept","body":{"call":"c","x":1},"y":true}"#)
            == .request(Request(id: 1, operation: .call("c", .accept(data: nil)))))
        #expect(try WireCodec.decodeServerFrame(#"{"t":"res","id":1,"ok":{"delivery":"stored","extra":1}}"#)
            == .response(Response(id: 1, result: .success(.message(.stored)))))
        #expect(try WireCodec.decodeServerFrame(#"{"t":"pong","time":5,"debug":"x"}"#) == .pong(Timestamp(millisecondsSince1970: 5)))
    }

    @Test("an error code this build does not know decodes as .other and encodes back unchanged")
    func unknownErrorCode() throws {
        let frame = try WireCodec.decodeServerFrame(#"{"t":"refused","error":{"code":"future_code","message":"m"}}"#)
        #expect(frame == .refused(SignalingError(.other("future_code"), "m")))
        // Not recorded in the frame log: the schemas list only the codes this build produces.
        #expect(WireCodec.encodeText(frame) == #"{"t":"refused","error":{"code":"future_code","message":"m"}}"#)
    }
}

@Suite("Exact shapes")
struct ShapeTests {
    @Test("client frames")
    func clientFrames() {
        #expect(text(.ping) == #"{"t":"ping"}"#)
        #expect(text(.ack(17)) == #"{"t":"ack","seq":17}"#)
        #expect(text(.hello(sampleHellos[0])) == #"{"t":"hello","v":1,"app":"app-1","user":"alice","device":"alice-phone","policy":"singleDevice"}"#)
        #expect(text(.hello(sampleHellos[1])) == #"{"t":"hello","v":1,"app":"1234567890","user":"bob","device":"bob-tablet","token":"eyJ.token.sig","policy":"multiDevice","surface":"zim","resume":{"session":"session-9","seq":41}}"#)
        #expect(text(.request(Request(id: 5, operation: .call("c-1", .reject(data: "no", reason: .busy)))))
            == #"{"t":"req","id":5,"op":"call.reject","body":{"call":"c-1","data":"no","reason":"busy"}}"#)
        #expect(text(.request(Request(id: 6, operation: .callRecords(RecordQuery(limit: 20)))))
            == #"{"t":"req","id":6,"op":"call.records","body":{"limit":20}}"#)
        #expect(text(.request(Request(id: 7, operation: .logout)))
            == #"{"t":"req","id":7,"op":"session.logout","body":{}}"#)
        #expect(text(.request(Request(id: 8, operation: .sendMessage(PeerMessageRequest(to: "bob", content: .raw([1, 2, 3], description: "d"))))))
            == #"{"t":"req","id":8,"op":"message.send","body":{"to":"bob","message":{"raw":"AQID","description":"d"},"storeIfOffline":false}}"#)
        #expect(text(.request(Request(id: 9, operation: .invite(InviteRequest(invitees: ["bob"], profile: .agora)))))
            == #"{"t":"req","id":9,"op":"call.invite","body":{"invitees":["bob"],"profile":"agora"}}"#)
        let zim = InviteRequest(invitees: ["bob"], profile: .zimGeneral,
                                parameters: CallParameters(ringTimeout: .seconds(30), notReceivedCheck: true), payload: "x")
        #expect(text(.request(Request(id: 10, operation: .invite(zim))))
            == #"{"t":"req","id":10,"op":"call.invite","body":{"invitees":["bob"],"profile":"zim.general","ringTimeoutMs":30000,"notReceivedCheck":true,"payload":"x"}}"#)
    }

    @Test("server frames")
    func serverFrames() {
        #expect(text(.pong(t0)) == #"{"t":"pong","time":1700000000000}"#)
        #expect(text(.welcome(Welcome(session: "s-1", resumed: true, serverTime: t0, heartbeatInterval: .seconds(1), tokenExpiresAt: at(60))))
            == #"{"t":"welcome","v":1,"session":"s-1","resumed":true,"time":1700000000000,"heartbeatMs":1000,"tokenExpiresAt":1700000060000}"#)
        #expect(text(.refused(SignalingError(.invalidToken, "forged")))
            == #"{"t":"refused","error":{"code":"invalid_token","message":"forged"}}"#)
        #expect(text(.bye(Bye(reason: .remoteLogin, message: "elsewhere"))) == #"{"t":"bye","reason":"remoteLogin","message":"elsewhere"}"#)
        #expect(text(.response(Response(id: 3, result: .success(.empty))), answering: "session.logout") == #"{"t":"res","id":3,"ok":{}}"#)
        #expect(text(.response(Response(id: 3, result: .success(.token(expiresAt: nil)))), answering: "session.renewToken") == #"{"t":"res","id":3,"ok":{"token":{}}}"#)
        #expect(text(.response(Response(id: 3, result: .failure(SignalingError(CallError(.callFull, "full"))))))
            == #"{"t":"res","id":3,"error":{"code":"call_full","message":"full"}}"#)
        #expect(text(.event(EventEnvelope(sequence: 4, time: t0, event: .tokenWillExpire(expiresAt: t0))))
            == #"{"t":"evt","seq":4,"time":1700000000000,"name":"session.tokenWillExpire","body":{"expiresAt":1700000000000}}"#)
        #expect(text(.event(EventEnvelope(sequence: 5, time: t0, event: .presenceChanged(PresenceStatus(user: "bob", state: .unreachable)))))
            == #"{"t":"evt","seq":5,"time":1700000000000,"name":"presence.changed","body":{"user":"bob","state":"unreachable"}}"#)
    }

    @Test("a call snapshot")
    func callSnapshot() {
        let call = Call(
            id: "c-1", caller: "alice", mode: .general, policy: Policies.standard, mediaType: .video,
            attachments: ["b": "2", "a": "1"],
            participants: [callerAlice, participant("bob", .rejected(.declined), data: "no")],
            state: .ended(CallEnd(reason: .declined, by: "bob", at: at(3))), createdAt: at(0))
        let event = ServerFrame.event(EventEnvelope(sequence: 1, time: at(3), event: .call(CallNotification(kind: .ended, call: call))))
        #expect(text(event) == """
            {"t":"evt","seq":1,"time":1700000003000,"name":"call.ended","body":{"call":{"id":"c-1","caller":"alice","mode":"general",\
            "policy":{"ringTimeoutMs":30000,"ringTimeoutStart":"atInvitation","offlineInvitees":"keep","busyInvitees":"ring",\
            "endWhenAlone":false,"cancelWhenCallerOffline":false,"ephemeral":false,"maxInviteesPerInvitation":9,"maxParticipants":10,\
            "maxPayloadBytes":8192,"maxAnswerBytes":8192},"mediaType":"video","attachments":{"a":"1","b":"2"},"state":"ended",\
            "end":{"reason":"declined","by":"bob","at":1700000003000},"createdAt":1700000000000,"participants":[\
            {"user":"alice","role":"caller","state":"accepted","changedAt":1700000000000,"invitedAt":1700000001000,\
            "answeredAt":1700000002000,"device":"alice-phone"},\
            {"user":"bob","role":"invitee","invitedBy":"alice","state":"rejected","reason":"declined","data":"no",\
            "changedAt":1700000003000,"invitedAt":1700000001000}]}}}
            """)
    }

    @Test("a call record")
    func record() {
        let record = CallRecord(
            callID: "c-1", owner: "bob", caller: "alice", participants: ["alice", "bob"], mode: .general, mediaType: nil,
            roomID: nil, groupID: nil, direction: .missed, outcome: .timedOut(.noAnswer), endReason: .noAnswer, answeredOn: nil,
            startedAt: at(0), duration: .zero, recordedAt: at(30))
        #expect(text(.response(Response(id: 1, result: .success(.records(RecordPage(records: [record], nextCursor: "n"))))), answering: "call.records") == """
            {"t":"res","id":1,"ok":{"records":[{"call":"c-1","owner":"bob","caller":"alice","participants":["alice","bob"],\
            "mode":"general","direction":"missed","outcome":{"state":"timedOut","reason":"noAnswer"},"endReason":"noAnswer",\
            "startedAt":1700000000000,"durationMs":0,"recordedAt":1700000030000}],"nextCursor":"n"}}
            """)
    }

    @Test("a call record with its payload, inviter, members and end")
    func recordWithMembers() throws {
        let record = CallRecord(
            callID: "c-2", owner: "bob", caller: "alice", participants: ["alice", "bob", "carol"], mode: .general,
            mediaType: .audio, roomID: nil, groupID: nil, direction: .incoming, outcome: .rejected(.declined),
            endReason: .declined, answeredOn: "bob-phone", startedAt: at(0), duration: .zero, recordedAt: at(4),
            payload: "hi", inviter: "alice",
            members: [
                CallRecord.Member(user: "alice", state: .accepted),
                CallRecord.Member(user: "bob", state: .rejected(.declined), data: "no"),
                CallRecord.Member(user: "carol", state: .timedOut(.noAnswer)),
            ],
            endedAt: at(3))
        let frame = ServerFrame.response(Response(id: 1, result: .success(.records(RecordPage(records: [record], nextCursor: nil)))))
        #expect(text(frame, answering: "call.records") == """
            {"t":"res","id":1,"ok":{"records":[{"call":"c-2","owner":"bob","caller":"alice","participants":["alice","bob","carol"],\
            "mode":"general","mediaType":"audio","direction":"incoming","outcome":{"state":"rejected","reason":"declined"},\
            "endReason":"declined","answeredOn":"bob-phone","startedAt":1700000000000,"durationMs":0,"recordedAt":1700000004000,\
            "payload":"hi","inviter":"alice","members":[{"user":"alice","state":{"state":"accepted"}},\
            {"user":"bob","state":{"state":"rejected","reason":"declined"},"data":"no"},\
            {"user":"carol","state":{"state":"timedOut","reason":"noAnswer"}}],"endedAt":1700000003000}]}}
            """)
        expectRoundTrip(frame, answering: "call.records")
        #expect(try ModelCoding.record(ModelCoding.json(record)) == record)
    }
}
