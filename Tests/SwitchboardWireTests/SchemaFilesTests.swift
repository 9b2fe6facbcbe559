import Foundation
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardJSON
import SwitchboardWire
import Testing

/// The repository root, found from this file's path (Tests/SwitchboardWireTests/<file>).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let schemaRoot = repositoryRoot.appendingPathComponent("Schemas")
let schemaBaseURI = "https://switchboard.invalid/schemas/"

/// The schema file names in `Schemas/<directory>` with `suffix` removed.
func schemaNames(_ directory: String, suffix: String = ".schema.json") throws -> Set<String> {
    let files = try FileManager.default.contentsOfDirectory(atPath: schemaRoot.appendingPathComponent(directory).path)
    return Set(files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
}

func loadSchema(_ relativePath: String) throws -> JSONValue {
    let data = try Data(contentsOf: schemaRoot.appendingPathComponent(relativePath))
    return try JSONParser(limits: .maximum).parse(bytes: [UInt8](data))
}

func enumeration(_ value: JSONValue?) -> [String] {
    (value?["enum"]?.arrayValue ?? []).compactMap(\.stringValue)
}

@Suite("Schemas/ matches the code")
struct SchemaFilesTests {
    @Test("every frame type has a schema, and every frame schema is a frame type")
    func frames() throws {
        #expect(try schemaNames("frames") == Set(WireCodec.clientFrameTypes + WireCodec.serverFrameTypes))
    }

    @Test("every op has a request and a response schema, and nothing else is in ops/")
    func ops() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: schemaRoot.appendingPathComponent("ops").path)
        let expected = Set(WireCodec.operationNames.flatMap { ["\($0).request.schema.json", "\($0).response.schema.json"] })
        #expect(Set(files) == expected)
    }

    @Test("every event has a schema, and every event schema is an event")
    func events() throws {
        #expect(try schemaNames("events") == Set(WireCodec.eventNames))
    }

    @Test("every call event's call is the whole call or its compact form (docs/DECISIONS.md, \"Compact call events\")")
    func compactCallEvents() throws {
        let forms: JSONValue = [["$ref": "../common/call.schema.json"], ["$ref": "../common/compact-call.schema.json"]]
        for name in WireCodec.eventNames where name.hasPrefix("call.") {
            let schema = try loadSchema("events/\(name).schema.json")
            #expect(schema["properties"]?["call"]?["oneOf"] == forms, "\(name)")
        }
        for frame in ["hello", "welcome"] {
            #expect(try loadSchema("frames/\(frame).schema.json")["properties"]?["compactEvents"]?["type"] == "boolean")
        }
    }

    @Test("the name lists in the frame schemas and the log line schema are the code's")
    func nameLists() throws {
        #expect(enumeration(try loadSchema("frames/req.schema.json")["properties"]?["op"]) == WireCodec.operationNames)
        #expect(enumeration(try loadSchema("frames/evt.schema.json")["properties"]?["name"]) == WireCodec.eventNames)
        #expect(enumeration(try loadSchema("log/line.schema.json")["properties"]?["op"]) == WireCodec.operationNames)
        #expect(enumeration(try loadSchema("log/line.schema.json")["properties"]?["dir"]) == FrameLog.Direction.allCases.map(\.rawValue))
    }

    @Test("the schemas' enumerations are the Swift enums' cases")
    func enumerations() throws {
        let defs = try loadSchema("common/enums.schema.json")["$defs"]
        func names<T: CaseIterable & RawRepresentable>(_: T.Type) -> [String] where T.RawValue == String { T.allCases.map(\.rawValue) }
        let expected: [String: [String]] = [
            "callMode": names(CallMode.self),
            "callProfile": names(CallProfile.self),
            "mediaType": names(MediaType.self),
            "callState": ["ringing", "connected", "ended"],
            "callEndReason": names(CallEndReason.self),
            "participantRole": names(Participant.Role.self),
            "participantState": ModelCoding.participantStateNames,
            "rejectionReason": names(RejectionReason.self),
            "timeoutCause": names(TimeoutCause.self),
            "acceptFailure": names(AcceptFailure.self),
            "callDirection": names(CallDirection.self),
            "ringTimeoutStart": names(CallPolicy.RingTimeoutStart.self),
            "offlineInvitees": names(CallPolicy.OfflineInviteePolicy.self),
            "busyInvitees": names(CallPolicy.BusyPolicy.self),
            "presenceState": names(PresenceState.self),
            "messageDelivery": names(MessageDelivery.self),
            "loginPolicy": names(LoginPolicy.self),
            "byeReason": names(Bye.Reason.self),
            "attributeMode": names(AttributeChange.Mode.self),
        ]
        #expect(Set(defs?.objectValue?.keys ?? []) == Set(expected.keys))
        for (name, cases) in expected {
            #expect(enumeration(defs?[name]) == cases, "\(name)")
        }
        // Every participant state name is what the codec writes.
        #expect(Set(ParticipantState.allCases.map { ModelCoding.json(participant("bob", $0))["state"]?.stringValue ?? "" })
            == Set(ModelCoding.participantStateNames))
        let codes = try loadSchema("common/error.schema.json")["$defs"]?["code"]
        #expect(enumeration(codes) == CallError.Code.allCases.map(\.rawValue) + ServiceErrorCode.allCases.map(\.rawValue))
    }

    @Test("every schema file declares draft 2020-12 and an $id that is its own path")
    func identifiers() throws {
        guard let walker = FileManager.default.enumerator(atPath: schemaRoot.path) else {
            Issue.record("no Schemas/ at \(schemaRoot.path)")
            return
        }
        var count = 0
        for case let path as String in walker where path.hasSuffix(".schema.json") {
            let schema = try loadSchema(path)
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema", "\(path)")
            #expect(schema["$id"]?.stringValue == schemaBaseURI + path, "\(path)")
            count += 1
        }
        // frames, ops (request + response), events, common (14), log, experimental (the envelope + 5 APIs),
        // config (the server file), loadtest (the load generator's JSON report), push (three layouts' APNs and
        // FCM shapes, Tencent's ext, the switchboard member and aps: 9).
        #expect(count == 10 + 2 * WireCodec.operationNames.count + WireCodec.eventNames.count + 14 + 1 + 6 + 1 + 1 + 9)
    }
}

@Suite("The samples cover every case")
struct CoverageTests {
    // Exhaustive switches: a new case fails to compile here until the samples (and schemas) know it.

    static func index(_ frame: ClientFrame) -> Int {
        switch frame {
        case .hello: 0
        case .request: 1
        case .ack: 2
        case .ping: 3
        }
    }

    static func index(_ frame: ServerFrame) -> Int {
        switch frame {
        case .welcome: 0
        case .refused: 1
        case .response: 2
        case .event: 3
        case .pong: 4
        case .bye: 5
        }
    }

    static func index(_ operation: ServiceOperation) -> Int {
        switch operation {
        case .logout: 0
        case .renewToken: 1
        case .invite: 2
        case .call: 3
        case .getCall: 4
        case .activeCalls: 5
        case .callRecords: 6
        case .sendMessage: 7
        case .queryPresence: 8
        case .subscribePresence: 9
        case .unsubscribePresence: 10
        case .joinChannel: 11
        case .leaveChannel: 12
        case .channelMembers: 13
        case .sendChannelMessage: 14
        case .setMultiDevice: 15
        case .setProfile: 16
        case .queryProfiles: 17
        case .deleteRecords: 18
        case .setUserAttributes: 19
        case .getUserAttributes: 20
        case .setChannelAttributes: 21
        case .getChannelAttributes: 22
        case .channelMemberCounts: 23
        case .presenceSubscriptions: 24
        case .joinRoom: 25
        case .registerPush: 26
        case .unregisterPush: 27
        }
    }

    static func index(_ action: CallAction) -> Int {
        switch action {
        case .cancel: 0
        case .accept: 1
        case .reject: 2
        case .acknowledge: 3
        case .confirm: 4
        case .inviteMore: 5
        case .join: 6
        case .quit: 7
        case .end: 8
        case .setMedia: 9
        }
    }

    static func index(_ reply: Reply) -> Int {
        switch reply {
        case .empty: 0
        case .call: 1
        case .calls: 2
        case .records: 3
        case .token: 4
        case .message: 5
        case .presence: 6
        case .members: 7
        case .profiles: 8
        case .deletedRecords: 9
        case .attributes: 10
        case .channelAttributes: 11
        case .memberCounts: 12
        case .users: 13
        }
    }

    static func index(_ event: ServerEvent) -> Int {
        switch event {
        case .call: 0
        case .message: 1
        case .presenceChanged: 2
        case .channelMemberJoined: 3
        case .channelMemberLeft: 4
        case .channelMessage: 5
        case .tokenWillExpire: 6
        case .profileChanged: 7
        case .channelAttributesChanged: 8
        }
    }

    static func index(_ kind: CallNotification.Kind) -> Int {
        switch kind {
        case .created: 0
        case .invited: 1
        case .participantsChanged: 2
        case .cancelled: 3
        case .timedOut: 4
        case .acceptConfirmed: 5
        case .acceptFailed: 6
        case .answeredElsewhere: 7
        case .ended: 8
        case .synced: 9
        }
    }

    @Test("every case of every enum has a sample")
    func everyCase() {
        #expect(Set(sampleClientFrames.map(Self.index)) == Set(0..<4))
        #expect(Set(sampleServerFrames.map(Self.index)) == Set(0..<6))
        #expect(Set(sampleOperations.map(Self.index)) == Set(0..<28))
        #expect(Set(sampleActions.map(Self.index)) == Set(0..<10))
        #expect(Set(sampleReplies.map { Self.index($0.0) }) == Set(0..<14))
        #expect(Set(sampleEvents.map(Self.index)) == Set(0..<9))
        #expect(Set(sampleKinds.map(Self.index)) == Set(0..<10))
        #expect(Set(sampleKinds.compactMap { if case .timedOut(let cause) = $0 { cause } else { nil } }) == Set(TimeoutCause.allCases))
        #expect(Set(sampleKinds.compactMap { if case .acceptFailed(let failure) = $0 { failure } else { nil } }) == Set(AcceptFailure.allCases))
        #expect(Set(sampleReplies.compactMap { if case .message(let delivery) = $0.0 { delivery } else { nil } }) == Set(MessageDelivery.allCases))
        #expect(Set(sampleRecords.map(\.outcome)) == Set(ParticipantState.allCases))
        #expect(Set(crowdedCall.participants.map(\.state)).isSuperset(of: ParticipantState.allCases))
    }

    @Test("the samples' names are exactly the codec's name lists")
    func names() {
        #expect(Set(sampleOperations.map(\.name)) == Set(WireCodec.operationNames))
        #expect(WireCodec.operationNames.count == Set(WireCodec.operationNames).count)
        #expect(Set(sampleEvents.map(\.name)) == Set(WireCodec.eventNames))
        #expect(WireCodec.eventNames.count == Set(WireCodec.eventNames).count)
        #expect(Set(sampleClientFrames.map(\.type)) == Set(WireCodec.clientFrameTypes))
        #expect(Set(sampleServerFrames.map(\.type)) == Set(WireCodec.serverFrameTypes))
        for frame in sampleClientFrames { #expect(WireCodec.json(frame)["t"]?.stringValue == frame.type) }
        for frame in sampleServerFrames { #expect(WireCodec.json(frame)["t"]?.stringValue == frame.type) }
        // Every op's response schema names the reply it is answered with, and the samples agree.
        for op in WireCodec.operationNames {
            let schema = try? loadSchema("ops/\(op).response.schema.json")
            #expect(schema?["$ref"]?.stringValue == "../common/reply.schema.json#/$defs/\(replyKey(for: op))", "\(op)")
        }
        for (reply, op) in sampleReplies {
            #expect(replyKey(of: reply) == replyKey(for: op), "\(op)")
        }
    }
}
