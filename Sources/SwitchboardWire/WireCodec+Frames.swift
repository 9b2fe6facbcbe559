import SwitchboardCore
import SwitchboardJSON

// The frame envelopes: `Schemas/frames/<t>.schema.json`.

extension WireCodec {
    // MARK: Client frames

    /// The JSON object form of a client frame (the frame log records it).
    public static func json(_ frame: ClientFrame) -> JSONValue {
        encodedValue { write(frame, to: &$0) }
    }

    static func write<W: JSONStreamWriter>(_ frame: ClientFrame, to object: inout W) {
        object.beginObject()
        switch frame {
        case .hello(let hello):
            object.add("t", "hello")
            object.add("v", hello.version)
            object.add("app", hello.app)
            object.add("user", hello.user)
            object.add("device", hello.device)
            object.add("token", hello.token)
            object.add("policy", hello.loginPolicy)
            object.add("surface", hello.surface)
            object.add("tokenWarningLeadMs", hello.tokenWarningLead)
            if hello.compactEvents { object.add("compactEvents", true) }
            if hello.echoesInReply { object.add("echoesInReply", true) }
            if let resume = hello.resume {
                object.object("resume") { resumeObject in
                    resumeObject.add("session", resume.session)
                    resumeObject.add("seq", resume.lastSequence)
                }
            }
        case .request(let request):
            object.add("t", "req")
            object.add("id", request.id.rawValue)
            object.add("op", request.operation.name)
            object.key("body")
            writeBody(of: request.operation, to: &object)
        case .ack(let sequence):
            object.add("t", "ack")
            object.add("seq", sequence)
        case .ping:
            object.add("t", "ping")
        }
        object.endObject()
    }

    public static func decodeClientFrame(json: JSONValue) throws(SignalingError) -> ClientFrame {
        try clientFrame(json)
    }

    static func clientFrame<V: ReadableJSON>(_ json: V) throws(SignalingError) -> ClientFrame {
        let frame = try JSONReader(json, path: "", code: .invalidFrame)
        let type = try frame.string("t")
        switch type {
        case "hello":
            return .hello(try hello(frame))
        case "req":
            return .request(try request(frame))
        case "ack":
            return .ack(try frame.int("seq", minimum: 0))
        case "ping":
            return .ping
        default:
            throw frame.error("t", "unknown client frame type \(quoted(type)) (expected one of \(choiceList(clientFrameTypes)))")
        }
    }

    static func hello<V>(_ frame: JSONReader<V>) throws(SignalingError) -> Hello {
        var resume: Hello.Resume?
        if let resumeObject = try frame.optionalObject("resume") {
            resume = Hello.Resume(
                session: SessionID(rawValue: try resumeObject.string("session")),
                lastSequence: try resumeObject.int("seq", minimum: 0))
        }
        return Hello(
            version: Int(try frame.int("v")),
            app: try frame.string("app"),
            user: UserID(rawValue: try frame.string("user")),
            device: DeviceID(rawValue: try frame.string("device")),
            token: try frame.optionalString("token"),
            loginPolicy: try frame.enumeration("policy", LoginPolicy.self),
            surface: try frame.optionalString("surface"),
            resume: resume,
            tokenWarningLead: try frame.optionalDuration("tokenWarningLeadMs"),
            compactEvents: try frame.optionalBool("compactEvents") ?? false,
            echoesInReply: try frame.optionalBool("echoesInReply") ?? false)
    }

    static func request<V>(_ frame: JSONReader<V>) throws(SignalingError) -> Request {
        let id = RequestID(rawValue: try frame.int("id", minimum: 0))
        let name = try frame.string("op")
        guard operationNames.contains(name) else {
            throw SignalingError(.unknownOperation, "\(frame.pointer("op")): unknown operation \(quoted(name))")
        }
        let envelope = JSONReader<V>(object: frame.object, path: frame.path, code: .invalidRequest)
        let body = try envelope.object("body")
        return Request(id: id, operation: try operation(named: name, body: body))
    }

    // MARK: Server frames

    /// The JSON object form of a server frame (the frame log records it).
    public static func json(_ frame: ServerFrame) -> JSONValue {
        encodedValue { write(frame, to: &$0) }
    }

    static func write<W: JSONStreamWriter>(_ frame: ServerFrame, to object: inout W) {
        object.beginObject()
        switch frame {
        case .welcome(let welcome):
            object.add("t", "welcome")
            object.add("v", welcome.version)
            object.add("session", welcome.session)
            object.add("resumed", welcome.resumed)
            object.add("time", welcome.serverTime)
            object.add("heartbeatMs", welcome.heartbeatInterval)
            object.add("tokenExpiresAt", welcome.tokenExpiresAt)
            if welcome.compactEvents { object.add("compactEvents", true) }
            if welcome.echoesInReply { object.add("echoesInReply", true) }
        case .refused(let error):
            object.add("t", "refused")
            object.key("error")
            write(error, to: &object)
        case .response(let response):
            object.add("t", "res")
            object.add("id", response.id.rawValue)
            switch response.result {
            case .success(let reply):
                object.key("ok")
                write(reply, to: &object)
            case .failure(let error):
                object.key("error")
                write(error, to: &object)
            }
            writeEchoes(response.echoes, to: &object)
        case .event(let envelope):
            writeEnvelope(of: envelope, to: &object)
            writeBody(of: envelope.event, to: &object)
        case .pong(let time):
            object.add("t", "pong")
            object.add("time", time)
        case .bye(let bye):
            object.add("t", "bye")
            object.add("reason", bye.reason)
            object.add("message", bye.message)
        }
        object.endObject()
    }

    public static func decodeServerFrame(json: JSONValue) throws(SignalingError) -> ServerFrame {
        try serverFrame(json)
    }

    static func serverFrame<V: ReadableJSON>(_ json: V) throws(SignalingError) -> ServerFrame {
        let frame = try JSONReader(json, path: "", code: .invalidFrame)
        let type = try frame.string("t")
        switch type {
        case "welcome":
            return .welcome(Welcome(
                version: Int(try frame.int("v")),
                session: SessionID(rawValue: try frame.string("session")),
                resumed: try frame.bool("resumed"),
                serverTime: try frame.timestamp("time"),
                heartbeatInterval: try frame.duration("heartbeatMs"),
                tokenExpiresAt: try frame.optionalTimestamp("tokenExpiresAt"),
                compactEvents: try frame.optionalBool("compactEvents") ?? false,
                echoesInReply: try frame.optionalBool("echoesInReply") ?? false))
        case "refused":
            return .refused(try error(try frame.object("error")))
        case "res":
            let id = RequestID(rawValue: try frame.int("id", minimum: 0))
            switch (frame.has("ok"), frame.has("error")) {
            case (true, false):
                let reply = try reply(try frame.object("ok"))
                let call: Call? = if case .call(let call, _) = reply { call } else { nil }
                return .response(Response(id: id, result: .success(reply), echoes: try echoes(frame, call: call)))
            case (false, true):
                return .response(Response(id: id, result: .failure(try error(try frame.object("error"))),
                                          echoes: try echoes(frame, call: nil)))
            case (true, true):
                throw frame.error(nil, "a response has either \"ok\" or \"error\", not both")
            case (false, false):
                throw frame.error(nil, "a response needs \"ok\" or \"error\"")
            }
        case "evt":
            let sequence = try frame.int("seq", minimum: 1)
            let time = try frame.timestamp("time")
            let name = try frame.string("name")
            guard eventNames.contains(name) else {
                throw frame.error("name", "unknown event \(quoted(name))")
            }
            let event = try event(named: name, body: try frame.object("body"))
            return .event(EventEnvelope(sequence: sequence, time: time, event: event))
        case "pong":
            return .pong(try frame.timestamp("time"))
        case "bye":
            return .bye(Bye(reason: try frame.enumeration("reason", Bye.Reason.self), message: try frame.string("message")))
        default:
            throw frame.error("t", "unknown server frame type \(quoted(type)) (expected one of \(choiceList(serverFrameTypes)))")
        }
    }

    // MARK: Errors

    /// `{"code", "message"}`.
    public static func json(_ error: SignalingError) -> JSONValue {
        encodedValue { write(error, to: &$0) }
    }

    static func write<W: JSONStreamWriter>(_ error: SignalingError, to object: inout W) {
        object.beginObject()
        object.add("code", error.code.rawValue)
        object.add("message", error.message)
        object.endObject()
    }

    static func error<V>(_ reader: JSONReader<V>) throws(SignalingError) -> SignalingError {
        SignalingError(SignalingError.Code(rawValue: try reader.string("code")), try reader.string("message"))
    }
}
