import SwitchboardCore

/// The rules of Switchboard's own clients (the CLI's `call`, the load generator): a plain call with no
/// vendor's timers. The ring timeout is 1 s to an hour (30 s by default); the three-way accept may be
/// asked for; busy and offline invitees ring; 9 invitees, 10 people, 8 KB payloads.
public enum NativeCallRules {
    public static let defaultTimeout = 30
    public static let timeoutRange: ClosedRange<Int> = 1...3600
    /// How long the caller's client has to confirm an acceptance when ``CallParameters/confirmsAccept``.
    public static let acceptConfirmation: Duration = .seconds(5)

    static func policy(for parameters: CallParameters) throws(CallError) -> CallPolicy {
        try parameters.check(takes: [.ringTimeout, .confirmsAccept], profile: "Switchboard")
        return CallPolicy(
            ringTimeout: try parameters.ringTimeout(in: timeoutRange, default: defaultTimeout, profile: "Switchboard"),
            acceptConfirmation: parameters.confirmsAccept ? acceptConfirmation : nil)
    }
}
