import SwitchboardJSON
import SwitchboardWire

/// The answer to an ``AdminRequest`` (docs/SERVER.md, "Cluster"): the JSON the host's own HTTP route
/// answers with, or the typed error it refuses with.
public enum AdminReply: Sendable, Equatable {
    case answer(JSONValue)
    case refused(SignalingError)
}
