import SwitchboardCore
import SwitchboardProfiles

/// What one app's operator decides about its calls, over the vendors' own rules
/// (docs/SERVER.md, "Configuration: an app's calls"): `limits.maxRingSeconds`, `calls.join`,
/// `calls.ephemeral`.
public struct AppCallRules: Hashable, Sendable {
    /// No invitation of the app rings longer than this. A profile's timer above it (the vendor allows
    /// more, or the app asked for more within the vendor's bounds) is lowered to it: the SDK accepted the
    /// value, so refusing it would break a conforming app; the operator's cap wins.
    public var maxRingTimeout: Duration
    /// Who may join an advanced call by its id.
    public var join: JoinRule
    /// Whether calls that ask for no records (Tencent `isEphemeralCall`) leave none. When false they are
    /// placed all the same and recorded like any other call.
    public var allowsEphemeralCalls: Bool

    public init(maxRingTimeout: Duration = Self.vendorMaxRingTimeout, join: JoinRule = .app, allowsEphemeralCalls: Bool = true) {
        self.maxRingTimeout = maxRingTimeout
        self.join = join
        self.allowsEphemeralCalls = allowsEphemeralCalls
    }

    /// The vendors' own rules and nothing more: no cap below the longest ring any vendor allows (Tencent's
    /// hour), joins open to the app, ephemeral calls allowed. The embedded service runs with these, so a
    /// vendor sample behaves exactly as on the vendor's cloud.
    public static let standard = AppCallRules()

    /// The longest ring any profile allows.
    public static let vendorMaxRingTimeout: Duration = .seconds(3600)

    /// What `switchboard serve` caps ringing at when its configuration file says nothing
    /// (`limits.maxRingSeconds`): an operator's server should not hold an unanswered invitation for an hour.
    public static let serverDefaultMaxRingTimeout: Duration = .seconds(120)

    /// Who may join an advanced call (ZIM `callJoin`, Tencent `join(callId:)`) by its id.
    public enum JoinRule: String, Hashable, Sendable, CaseIterable {
        /// Any user of the app who holds the id (the vendors' rule: the id is a capability, 128 random
        /// bits).
        case app
        /// Only users the call has invited (or who were in it).
        case invited
    }

    /// The policy of a call placed through `profile` with `parameters`: the vendor's rules, then this
    /// app's caps. Throws ``/SwitchboardCore/CallError/Code/invalidArgument`` for a parameter outside the vendor's
    /// bounds.
    public func policy(_ profile: CallProfile, _ parameters: CallParameters) throws(CallError) -> CallPolicy {
        var policy = try profile.policy(for: parameters)
        policy.ringTimeout = min(policy.ringTimeout, maxRingTimeout)
        policy.deliveryTimeout = policy.deliveryTimeout.map { min($0, maxRingTimeout) }
        if !allowsEphemeralCalls { policy.ephemeral = false }
        return policy
    }
}
