import SwitchboardCore
import SwitchboardWire

/// Why a forwarded admin request (``ClusterMembership/forward(app:request:)``) got no answer from the
/// app's host, or the host's own refusal (docs/SERVER.md, "Cluster").
public enum AdminForwardError: Error, Equatable, CustomStringConvertible {
    /// The host answered with a typed error: what its own HTTP route would have answered.
    case refused(SignalingError)
    /// No live node hosts the app at the moment (a takeover under way).
    case noHost(AppID)
    /// The host did not answer within the timeout.
    case hostDidNotAnswer(node: String, timeout: Duration)
    /// The host died (its epoch left the live nodes) while the request waited.
    case hostGone(node: String)
    /// This node cannot reach the others: fenced, stopped, or not yet on the bus.
    case notServing(String)
    /// As many forwarded requests wait as a node allows.
    case tooManyPending(Int)
    /// The host's answer could not be read.
    case invalidReply(node: String, String)

    /// The typed error an HTTP client gets: the host's own, `rate_limited` for too many waiting, and
    /// `internal_error` ("the request may be retried") for a host that could not be reached (which the
    /// server answers 503).
    public var signalingError: SignalingError {
        switch self {
        case .refused(let error): error
        case .tooManyPending: SignalingError(.rateLimited, description)
        default: SignalingError(.internalError, description)
        }
    }

    public var description: String {
        switch self {
        case .refused(let error): "the host refused: \(error)"
        case .noHost(let app): "no node hosts app \(app) at the moment; retry in a few seconds"
        case .hostDidNotAnswer(let node, let timeout): "node \(node), which hosts the app, did not answer within \(timeout)"
        case .hostGone(let node): "node \(node), which hosted the app, is gone; retry in a few seconds"
        case .notServing(let why): "this node cannot reach the app's host: \(why)"
        case .tooManyPending(let count): "\(count) admin requests already wait for other nodes; retry later"
        case .invalidReply(let node, let why): "node \(node) answered something unreadable: \(why)"
        }
    }
}
