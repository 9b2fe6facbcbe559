import SwitchboardCore

/// A frame from a client to the service. One JSON object per frame on the wire, with its type in `t`.
public enum ClientFrame: Hashable, Sendable {
    case hello(Hello)
    case request(Request)
    /// The client has handled every event up to and including this sequence.
    case ack(EventSequence)
    /// A heartbeat when the client has nothing else to send.
    case ping

    /// The value of `t`.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .request: "req"
        case .ack: "ack"
        case .ping: "ping"
        }
    }
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

    /// The value of `t`.
    public var type: String {
        switch self {
        case .welcome: "welcome"
        case .refused: "refused"
        case .response: "res"
        case .event: "evt"
        case .pong: "pong"
        case .bye: "bye"
        }
    }
}
