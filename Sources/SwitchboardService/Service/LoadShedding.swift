import NIOConcurrencyHelpers
import SwitchboardWire

/// Load shedding of new calls (docs/SERVER.md, "Overload"): while the server cannot keep up, a share of
/// the `call.invite` requests is refused at once with ``/SwitchboardWire/ServiceErrorCode/overloaded``, changing
/// nothing, so that the calls already going (whose accepts, ends and acknowledgements are never shed) complete in time,
/// instead of every call queueing behind the others until it times out. A SIP proxy answers a new INVITE 503 the same
/// way.
///
/// The network server's overload probe sets the share from what it measures; the service asks before
/// it starts a call. A share of 0, the default, refuses nothing; 1 refuses every new call. Refusals are
/// spread evenly (a credit counter, not a coin): at a share of 0.25 every fourth new call is refused.
public final class LoadShedding: Sendable {
    private struct State {
        var share = 0.0
        var credit = 0.0
        var refusals = 0
    }

    private let state = NIOLockedValueBox(State())

    public init() {}

    /// The share of new calls refused now, 0 to 1.
    public var share: Double {
        state.withLockedValue { $0.share }
    }

    /// Sets the share of new calls to refuse (clamped to 0...1).
    public func shed(_ share: Double) {
        let share = share.isNaN ? 0 : min(1, max(0, share))
        state.withLockedValue { state in
            state.share = share
            if share == 0 { state.credit = 0 }
        }
    }

    /// New calls refused so far.
    public var refusals: Int {
        state.withLockedValue { $0.refusals }
    }

    /// The refusal a shed request gets.
    public static let refusal = SignalingError(.overloaded, "the server is overloaded; try again later")

    /// Whether a request may start new work now; counts a refusal when not. Only a new call is shed:
    /// whatever belongs to a call already going is always served.
    func admits(_ operation: ServiceOperation) -> Bool {
        guard case .invite = operation else { return true }
        return state.withLockedValue { state in
            guard state.share > 0 else { return true }
            state.credit += state.share
            guard state.credit >= 1 else { return true }
            state.credit -= 1
            state.refusals += 1
            return false
        }
    }
}
