/// How long a call lives (ZIM `ZIMCallInvitationMode`; the other surfaces choose one for their calls).
public enum CallMode: String, Hashable, Sendable, CaseIterable {
    /// The call ends once every invitee has answered, been cancelled or timed out (ZIM general mode,
    /// Agora and anyRTC invitations).
    case general
    /// The call lives until a participant ends it (or nobody is left in it); accepted participants may
    /// invite more people and quit, and outsiders may join (ZIM advanced mode, Tencent calls).
    case advanced
}
