import SwitchboardCore
import SwitchboardProfiles
import SwitchboardJSON
import SwitchboardWire
import Testing

@Suite("Decoding errors")
struct DecodingErrorTests {
    // MARK: Envelopes

    @Test("not JSON: invalid_frame with the parser's position")
    func notJSON() {
        expectError(clientError(#"{"t":"ping""#), .invalidFrame, "not valid JSON", "line 1", "column")
        expectError(clientError("{\"t\":\n  \"ping\" x}"), .invalidFrame, "invalidSyntax", "line 2", "column 10")
        expectError(clientError(""), .invalidFrame, "emptyInput")
        expectError(clientError(#"{"t":"ping","t":"ack"}"#), .invalidFrame, "duplicateKey")
        expectError(serverError("{\"t\":\"pong\",\"time\":1}\u{0}"), .invalidFrame, "nulCharacter")
        expectError(serverError(#"{"t":"pong","time":99999999999999999999}"#), .invalidFrame, "integerOutOfRange")
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        expectError(clientError(#"{"t":"ping","x":\#(deep)}"#), .invalidFrame, "tooDeep")
    }

    @Test("not an object")
    func notAnObject() {
        expectError(clientError("[1,2]"), .invalidFrame, "/: expected an object, got an array")
        expectError(clientError(#""ping""#), .invalidFrame, "/: expected an object, got a string")
        expectError(serverError("null"), .invalidFrame, "/: expected an object, got null")
    }

    @Test("missing, mistyped or unknown t")
    func frameType() {
        expectError(clientError("{}"), .invalidFrame, "/t: required field is missing")
        expectError(clientError(#"{"t":5}"#), .invalidFrame, "/t: expected a string, got an integer")
        expectError(clientError(#"{"t":"welcome"}"#), .invalidFrame, "/t: unknown client frame type \"welcome\"", "\"hello\", \"req\"")
        expectError(serverError(#"{"t":"hello"}"#), .invalidFrame, "/t: unknown server frame type \"hello\"")
        expectError(serverError(#"{"t":null}"#), .invalidFrame, "/t: expected a string, got null")
    }

    @Test("wrong envelope fields are invalid_frame")
    func envelopeFields() {
        expectError(clientError(#"{"t":"ack","seq":"1"}"#), .invalidFrame, "/seq: expected an integer, got a string")
        expectError(clientError(#"{"t":"ack","seq":-1}"#), .invalidFrame, "/seq: -1 is less than the minimum 0")
        expectError(clientError(#"{"t":"ack","seq":1.0}"#), .invalidFrame, "/seq: expected an integer, got a real number")
        expectError(clientError(#"{"t":"req","id":"1","op":"call.get","body":{"call":"c"}}"#), .invalidFrame, "/id: expected an integer, got a string")
        expectError(clientError(#"{"t":"req","id":-3,"op":"call.get","body":{"call":"c"}}"#), .invalidFrame, "/id: -3 is less than the minimum 0")
        expectError(clientError(#"{"t":"req","id":1,"body":{}}"#), .invalidFrame, "/op: required field is missing")
        expectError(clientError(#"{"t":"req","id":1,"op":["call.get"],"body":{}}"#), .invalidFrame, "/op: expected a string, got an array")
        expectError(clientError(#"{"t":"hello","v":1,"app":"a","user":"u","device":"d"}"#), .invalidFrame, "/policy: required field is missing")
        expectError(clientError(#"{"t":"hello","v":1,"app":"a","user":"u","device":"d","policy":"everyDevice"}"#),
                    .invalidFrame, "/policy: \"everyDevice\" is not one of \"singleDevice\", \"multiDevice\"")
        expectError(clientError(#"{"t":"hello","v":"1","app":"a","user":"u","device":"d","policy":"multiDevice"}"#), .invalidFrame, "/v: expected an integer")
        expectError(clientError(#"{"t":"hello","v":1,"app":"a","user":"u","device":"d","policy":"multiDevice","resume":{"session":"s"}}"#),
                    .invalidFrame, "/resume/seq: required field is missing")
        expectError(clientError(#"{"t":"hello","v":1,"app":"a","user":"u","device":"d","policy":"multiDevice","token":null}"#),
                    .invalidFrame, "/token: expected a string, got null")
    }

    // MARK: Requests

    @Test("unknown operation")
    func unknownOperation() {
        expectError(clientError(#"{"t":"req","id":1,"op":"call.fly","body":{}}"#), .unknownOperation, "/op: unknown operation \"call.fly\"")
        expectError(clientError(#"{"t":"req","id":1,"op":"","body":{}}"#), .unknownOperation, "unknown operation")
        #expect(WireCodec.requestID(in: try! WireCodec.parse(#"{"t":"req","id":12,"op":"call.fly"}"#)) == 12)
        #expect(WireCodec.requestID(in: Array(#"{"t":"req","id":13,"op":"call.get","body":{"call":""}}"#.utf8)) == 13)
        #expect(WireCodec.requestID(in: Array(#"{"t":"ack","seq":13}"#.utf8)) == nil)
        #expect(WireCodec.requestID(in: Array(#"{"t":"req","id":13"#.utf8)) == nil)
        do {
            _ = try WireCodec.operation(named: "call.fly", body: [:])
            Issue.record("decoded")
        } catch {
            #expect(error.code == .service(.unknownOperation))
        }
    }

    @Test("a missing or non-object body is invalid_request")
    func body() {
        expectError(clientError(#"{"t":"req","id":1,"op":"call.active"}"#), .invalidRequest, "/body: required field is missing")
        expectError(clientError(#"{"t":"req","id":1,"op":"call.active","body":[]}"#), .invalidRequest, "/body: expected an object, got an array")
    }

    @Test("body fields: missing, mistyped, invalid enum values, out of range")
    func bodyFields() {
        func request(_ op: String, _ body: String) -> SignalingError? {
            clientError(#"{"t":"req","id":1,"op":"\#(op)","body":\#(body)}"#)
        }
        expectError(request("call.invite", #"{"invitees":["a","b",3],"profile":"agora"}"#),
                    .invalidRequest, "/body/invitees/2: expected a string, got an integer")
        expectError(request("call.invite", #"{"invitees":"bob","profile":"agora"}"#),
                    .invalidRequest, "/body/invitees: expected an array, got a string")
        expectError(request("call.invite", #"{"invitees":["bob"],"profile":"sip"}"#), .invalidRequest,
                    #"/body/profile: "sip" is not one of "agora", "artm", "zim.general", "zim.advanced", "tencent", "switchboard", "switchboard.advanced""#)
        expectError(request("call.invite", #"{"invitees":["bob"]}"#), .invalidRequest, "/body/profile: required field is missing")
        expectError(request("call.invite", #"{"invitees":["bob"],"profile":"agora","attachments":{"a/b":1}}"#),
                    .invalidRequest, "/body/attachments/a~1b: expected a string, got an integer")
        expectError(request("call.invite", #"{"invitees":["bob"],"profile":"agora","mediaType":"hologram"}"#),
                    .invalidRequest, "/body/mediaType: \"hologram\" is not one of \"audio\", \"video\"")
        expectError(request("call.invite", #"{"invitees":["bob"],"profile":"tencent","ringTimeoutMs":-1}"#),
                    .invalidRequest, "/body/ringTimeoutMs: -1 is less than the minimum 0")
        expectError(request("call.invite", #"{"invitees":["bob"],"profile":"zim.general","notReceivedCheck":"yes"}"#),
                    .invalidRequest, "/body/notReceivedCheck: expected a boolean, got a string")

        expectError(request("call.reject", #"{"call":"c"}"#), .invalidRequest, "/body/reason: required field is missing")
        expectError(request("call.reject", #"{"call":"c","reason":"tired"}"#), .invalidRequest, "/body/reason: \"tired\" is not one of \"declined\", \"busy\"")
        expectError(request("call.accept", #"{}"#), .invalidRequest, "/body/call: required field is missing")
        expectError(request("call.accept", #"{"call":""}"#), .invalidRequest, "/body/call: must not be empty")
        expectError(request("call.accept", #"{"call":"c","data":null}"#), .invalidRequest, "/body/data: expected a string, got null")
        expectError(request("call.accept", #"{"call":7}"#), .invalidRequest, "/body/call: expected a string, got an integer")
        expectError(request("call.cancel", #"{"call":"c","invitees":[null]}"#), .invalidRequest, "/body/invitees/0: expected a string, got null")
        expectError(request("call.confirm", #"{"call":"c"}"#), .invalidRequest, "/body/invitee: required field is missing")

        expectError(request("call.records", #"{"limit":0}"#), .invalidRequest, "/body/limit: 0 is outside 1...100")
        expectError(request("call.records", #"{"limit":101}"#), .invalidRequest, "/body/limit: 101 is outside 1...100")
        expectError(request("call.records", #"{"limit":-5}"#), .invalidRequest, "/body/limit: -5 is outside 1...100")
        expectError(request("call.records", #"{}"#), .invalidRequest, "/body/limit: required field is missing")
        expectError(request("call.records", #"{"limit":10,"cursor":5}"#), .invalidRequest, "/body/cursor: expected a string")

        expectError(request("message.send", #"{"to":"bob","message":{"text":"hi"}}"#), .invalidRequest, "/body/storeIfOffline: required field is missing")
        expectError(request("message.send", #"{"to":"bob","message":{"text":"hi"},"storeIfOffline":"yes"}"#), .invalidRequest, "/body/storeIfOffline: expected a boolean")
        expectError(request("message.send", #"{"to":"bob","message":{"text":"hi","raw":"AA==","description":""},"storeIfOffline":true}"#),
                    .invalidRequest, "/body/message: a message has either \"text\" or \"raw\", not both")
        expectError(request("message.send", #"{"to":"bob","message":{},"storeIfOffline":true}"#), .invalidRequest, "/body/message: a message needs")
        expectError(request("message.send", #"{"to":"bob","message":{"raw":"AA="},"storeIfOffline":true}"#), .invalidRequest, "/body/message/raw: not valid base64")
        expectError(request("message.send", #"{"to":"bob","message":{"raw":"AB==","description":"x"},"storeIfOffline":true}"#), .invalidRequest, "/body/message/raw: not valid base64")
        expectError(request("message.send", #"{"to":"bob","message":{"raw":"A*==","description":"x"},"storeIfOffline":true}"#), .invalidRequest, "/body/message/raw: not valid base64")
        expectError(request("message.send", #"{"to":"bob","message":{"raw":"AA=="},"storeIfOffline":true}"#), .invalidRequest, "/body/message/description: required field is missing")
        expectError(request("presence.query", #"{"users":{}}"#), .invalidRequest, "/body/users: expected an array, got an object")
        expectError(request("channel.send", #"{"channel":"c","message":"hi"}"#), .invalidRequest, "/body/message: expected an object, got a string")
        expectError(request("session.renewToken", #"{"token":true}"#), .invalidRequest, "/body/token: expected a string, got a boolean")
    }

    // MARK: Sizes

    @Test("frames over the limit are frame_too_large")
    func oversize() {
        let payload = String(repeating: "x", count: WireCodec.limits.maxBytes)
        let frame = #"{"t":"req","id":1,"op":"session.renewToken","body":{"token":"\#(payload)"}}"#
        expectError(clientError(frame), .frameTooLarge, "\(frame.utf8.count) bytes", "limit of \(WireCodec.limits.maxBytes)")
        do {
            _ = try WireCodec.decodeServerFrame(Array(#"{"t":"pong","time":1}"#.utf8), limits: JSONLimits(maxBytes: 10, maxDepth: 8))
            Issue.record("decoded")
        } catch {
            #expect(error.code == .service(.frameTooLarge))
        }
        // Exactly at the limit is fine.
        let exact = #"{"t":"pong","time":1}"#
        #expect((try? WireCodec.decodeServerFrame(exact, limits: JSONLimits(maxBytes: exact.utf8.count, maxDepth: 8))) == .pong(Timestamp(millisecondsSince1970: 1)))
    }

    // MARK: Server frames

    @Test("server frames: unknown event names and reply shapes are invalid_frame")
    func serverFrames() {
        expectError(serverError(#"{"t":"evt","seq":1,"time":0,"name":"call.exploded","body":{}}"#), .invalidFrame, "/name: unknown event \"call.exploded\"")
        expectError(serverError(#"{"t":"evt","seq":0,"time":0,"name":"profile.changed","body":{"user":"bob"}}"#), .invalidFrame, "/seq: 0 is less than the minimum 1")
        expectError(serverError(#"{"t":"evt","seq":1,"time":0,"name":"session.tokenWillExpire","body":{}}"#), .invalidFrame, "/body/expiresAt: required field is missing")
        expectError(serverError(#"{"t":"evt","seq":1,"time":0,"name":"call.invited","body":{}}"#), .invalidFrame, "/body/call: required field is missing")
        expectError(serverError(#"{"t":"evt","seq":1,"time":0,"name":"presence.changed","body":{"user":"bob","state":"away"}}"#),
                    .invalidFrame, "/body/state: \"away\" is not one of \"online\", \"unreachable\", \"offline\"")
        expectError(serverError(#"{"t":"res","id":1,"ok":{"weather":"sunny"}}"#), .invalidFrame, "/ok: unknown reply shape")
        expectError(serverError(#"{"t":"res","id":1,"ok":{"members":[],"calls":[]}}"#), .invalidFrame, "/ok: ambiguous reply")
        expectError(serverError(#"{"t":"res","id":1,"ok":{"delivery":"lost"}}"#), .invalidFrame, "/ok/delivery: \"lost\" is not one of")
        expectError(serverError(#"{"t":"res","id":1,"ok":{},"error":{"code":"x","message":"y"}}"#), .invalidFrame, "either \"ok\" or \"error\", not both")
        expectError(serverError(#"{"t":"res","id":1}"#), .invalidFrame, "needs \"ok\" or \"error\"")
        expectError(serverError(#"{"t":"res","id":1,"error":{"code":"x"}}"#), .invalidFrame, "/error/message: required field is missing")
        expectError(serverError(#"{"t":"bye","reason":"tired","message":""}"#), .invalidFrame, "/reason: \"tired\" is not one of")
        expectError(serverError(#"{"t":"welcome","v":1,"session":"s","resumed":1,"time":0,"heartbeatMs":1000}"#), .invalidFrame, "/resumed: expected a boolean, got an integer")
        expectError(serverError(#"{"t":"pong","time":-1}"#), .invalidFrame, "/time: -1 is less than the minimum 0")
    }

    @Test("call snapshots: participant states, reasons and the end")
    func snapshots() throws {
        func event(_ mutate: (inout JSONObject) -> Void) -> String {
            var call = ModelCoding.json(call(bobIn: .rejected(.declined))).objectValue!
            mutate(&call)
            let frame: JSONValue = ["t": "evt", "seq": 1, "time": 0, "name": "call.synced", "body": ["call": .object(call)]]
            return try! JSONSerializer().serialize(frame)
        }
        func bob(_ call: inout JSONObject, _ change: (inout JSONObject) -> Void) {
            var participants = call["participants"]!.arrayValue!
            var bob = participants[1].objectValue!
            change(&bob)
            participants[1] = .object(bob)
            call["participants"] = .array(participants)
        }
        #expect(serverError(event { _ in }) == nil)
        expectError(serverError(event { call in bob(&call) { $0["reason"] = nil } }), .invalidFrame, "/body/call/participants/1/reason: required field is missing")
        expectError(serverError(event { call in bob(&call) { $0["reason"] = "noAnswer" } }), .invalidFrame,
                    "/body/call/participants/1/reason: \"noAnswer\" is not one of \"declined\", \"busy\"")
        expectError(serverError(event { call in bob(&call) { $0["state"] = "accepted" } }), .invalidFrame,
                    "/body/call/participants/1/reason: not allowed for the state \"accepted\"")
        expectError(serverError(event { call in bob(&call) { $0["state"] = "ringing" } }), .invalidFrame,
                    "/body/call/participants/1/state: \"ringing\" is not one of \"inviting\"")
        expectError(serverError(event { call in bob(&call) { $0["changedAt"] = "yesterday" } }), .invalidFrame,
                    "/body/call/participants/1/changedAt: expected an integer, got a string")
        // Internals are not part of a wire snapshot: ignored like any unknown member.
        #expect(serverError(event { call in bob(&call) { $0["online"] = "garbage" } }) == nil)
        expectError(serverError(event { $0["end"] = nil }), .invalidFrame, "/body/call/end: required field is missing")
        expectError(serverError(event { $0["state"] = "ringing" }), .invalidFrame, "/body/call/end: only allowed when the state is \"ended\"")
        expectError(serverError(event { $0["state"] = "paused" }), .invalidFrame, "/body/call/state: \"paused\" is not one of")
        expectError(serverError(event { $0["policy"] = nil }), .invalidFrame, "/body/call/policy: required field is missing")
        expectError(serverError(event { $0["participants"] = .object(JSONObject()) }), .invalidFrame, "/body/call/participants: expected an array, got an object")
    }
}
