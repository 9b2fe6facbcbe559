import SwitchboardCore

/// A frame from a client to the service. One JSON object per frame on the wire, with its type in `t`.
public enum ClientFrame: Hashable, Sendable {
    case hello(Hello)
    case request(Request)
    /// The client has handled every event up to and including this sequence.
    case ack(EventSequence)
    /// A heartbeat when the client has nothing else to send.
    case ping

    /// A client frame's type, whose raw value is the frame's `t`.
    public enum Kind: String, CaseIterable, Sendable {
        case hello, request = "req", ack, ping
    }

    public var kind: Kind {
        switch self {
        case .hello: .hello
        case .request: .request
        case .ack: .ack
        case .ping: .ping
        }
    }

    /// The value of `t`.
    public var type: String { kind.rawValue }
}

/// A frame from the service to a client.
public enum ServerFrame: Hashable, Sendable {
    case welcome(Welcome)
    /// The hello was refused; the connection closes.
    case refused(SignalingError)
    case response(Response)
    case event(EventEnvelope)
    /// The answer to a ping, with the service's time.
    case pong(Timestamp)
    case bye(Bye)

    /// A server frame's type, whose raw value is the frame's `t`.
    public enum Kind: String, CaseIterable, Sendable {
        case welcome, refused, response = "res", event = "evt", pong, bye
    }

    public var kind: Kind {
        switch self {
        case .welcome: .welcome
        case .refused: .refused
        case .response: .response
        case .event: .event
        case .pong: .pong
        case .bye: .bye
        }
    }

    /// The value of `t`.
    public var type: String { kind.rawValue }
}
