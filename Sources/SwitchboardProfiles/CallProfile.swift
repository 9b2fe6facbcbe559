import SwitchboardCore

/// The surface a call is placed through, as the caller's client names it in `call.invite`. The service,
/// not the client, turns a profile and the few parameters its SDK lets an app set
/// (``CallParameters``) into the call's ``CallPolicy``, the trust boundary
/// (docs/CALL-MODEL.md, "Profiles"). Each profile's rules live in its
/// own file (``AgoraCallRules``, ``ZIMCallRules``, ``TencentCallRules``, ``NativeCallRules``).
public enum CallProfile: String, Hashable, Sendable, CaseIterable {
    /// Agora RTM 1.x `AgoraRtmCallKit` local invitations.
    case agora = "agora"
    /// anyRTC `ARtmCallKit`: the same rules as Agora's.
    case anyRTC = "artm"
    /// ZEGO ZIM `callInvite` with `ZIMCallInvitationMode.general`.
    case zimGeneral = "zim.general"
    /// ZEGO ZIM `callInvite` with `ZIMCallInvitationMode.advanced`.
    case zimAdvanced = "zim.advanced"
    /// Tencent `CallStore.calls` / `TUICallEngine.calls`.
    case tencent = "tencent"
    /// Switchboard's own clients that speak the wire directly (the CLI, the load generator): a general
    /// call.
    case native = "switchboard"
    /// Switchboard's own clients: an advanced call (it lives until ended; anyone the app's join rule
    /// allows may join it).
    case nativeAdvanced = "switchboard.advanced"

    /// The wire name.
    public var name: String { rawValue }

    /// The call's mode under this profile.
    public var mode: CallMode {
        switch self {
        case .agora, .anyRTC, .zimGeneral, .native: .general
        case .zimAdvanced, .tencent, .nativeAdvanced: .advanced
        }
    }

    /// The call's policy under this profile's vendor rules, before the app's own caps: the parameters
    /// are checked against the vendor's documented bounds, and one the vendor's SDK does not let an app
    /// set is refused. Throws ``CallError/Code/invalidArgument`` and changes nothing.
    public func policy(for parameters: CallParameters) throws(CallError) -> CallPolicy {
        switch self {
        case .agora, .anyRTC: try AgoraCallRules.policy(for: parameters)
        case .zimGeneral, .zimAdvanced: try ZIMCallRules.policy(for: parameters)
        case .tencent: try TencentCallRules.policy(for: parameters)
        case .native, .nativeAdvanced: try NativeCallRules.policy(for: parameters)
        }
    }
}
