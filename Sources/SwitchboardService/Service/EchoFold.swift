import SwitchboardCore
import SwitchboardWire

/// The call events one request makes for the session that sent it, gathered while the request's
/// follow-ups run, so that its response can carry them (docs/DECISIONS.md, "Echoes in the reply").
///
/// An event is folded when it is about the reply's call as the reply shows it to clients: the client
/// rebuilds it from the reply. The events stay in the session's replay buffer with their sequence
/// numbers, so a resume replays them as frames like any other. Events stay in sequence order on the
/// connection: once one event for the session cannot be folded, it and every later one go out as
/// frames after the response.
struct EchoFold {
    /// The session whose request this is.
    let session: ObjectIdentifier
    /// The reply's call.
    let call: Call
    /// Folded into the response, in sequence order.
    private(set) var echoes: [EventEnvelope] = []
    /// Sent as frames after the response, in sequence order.
    private(set) var after: [EventEnvelope] = []

    init(session: Session, call: Call) {
        self.session = ObjectIdentifier(session)
        self.call = call
    }

    /// Whether an event for `session` belongs to this fold.
    func gathers(for session: Session) -> Bool {
        ObjectIdentifier(session) == self.session
    }

    mutating func take(_ envelope: EventEnvelope) {
        if after.isEmpty, case .call(let note) = envelope.event, note.call.looksTheSameToClients(as: call) {
            echoes.append(envelope)
        } else {
            after.append(envelope)
        }
    }
}
