import Foundation

/// ZIMEventHandler (`@protocol ZIMEventHandler <NSObject>`): the login, user-information and call-invitation events of a
/// `ZIM` instance, set with `setEventHandler(_:)`. Every method is `@optional` in Objective-C, so the
/// extension below gives each an empty default.
///
/// The four legacy events (the callID-only `callInvitationTimeout`, `callInvitationAccepted`,
/// `callInvitationRejected`, `callInviteesAnsweredTimeout`) are still dispatched alongside their
/// replacements, as a ZIM 2.18 build does (docs/ZIM.md, "Legacy events"), and are marked deprecated:
/// implementing them produces no warning, only calling them directly does.
public protocol ZIMEventHandler: AnyObject {
    // MARK: Connection

    /// `zim:connectionStateChanged:event:extendedData:` (1.1.0): the connection state changed, and why.
    func zim(_ zim: ZIM, connectionStateChanged state: ZIMConnectionState, event: ZIMConnectionEvent, extendedData: [AnyHashable: Any])

    /// `zim:tokenWillExpire:` (1.1.0, `unsigned int second`): the token expires in `second` seconds (30 s before, or at login if less is left).
    func zim(_ zim: ZIM, tokenWillExpire second: UInt32)

    /// `zim:errorInfo:`: an error not tied to a method call.
    func zim(_ zim: ZIM, errorInfo: ZIMError)

    // MARK: User information

    /// `zim:userInfoUpdated:` (2.11): the user changed their own name, avatar or extended data on another
    /// of their devices (this device learns of its own changes from the callbacks).
    func zim(_ zim: ZIM, userInfoUpdated info: ZIMUserFullInfo)

    // MARK: Call invitation

    /// `zim:callInvitationReceived:callID:` (2.0.0): an online invitee received an invitation (an offline one gets it at login before the timeout).
    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String)

    /// `zim:callInvitationCreated:callID:` (2.13.0): the inviter's online devices learn that a call was created.
    func zim(_ zim: ZIM, callInvitationCreated info: ZIMCallInvitationCreatedInfo, callID: String)

    /// `zim:callInvitationCancelled:callID:` (2.0.0): an online invitee's invitation was cancelled.
    func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String)

    /// `zim:callInvitationTimeout:callID:` (2.9.0, `ZIMCallInvitationTimeoutInfo *`): this invitee did not answer in time.
    func zim(_ zim: ZIM, callInvitationTimeout info: ZIMCallInvitationTimeoutInfo, callID: String)

    /// `zim:callInvitationEnded:callID:` (2.9.0): an advanced-mode call was ended with `callEnd`.
    func zim(_ zim: ZIM, callInvitationEnded info: ZIMCallInvitationEndedInfo, callID: String)

    /// `zim:callUserStateChanged:callID:` (2.9.0): the state of one or more call members changed.
    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String)

    // MARK: Legacy call events (deprecated since ZIM 2.9.0, removed in 3.0.0)

    /// `zim:callInvitationTimeout:` (`NSString *callID`): this invitee did not answer in time.
    /// Deprecated since ZIM 2.9.0, removed in 3.0.0; use `zim(_:callInvitationTimeout:callID:)`.
    @available(*, deprecated, message: "Deprecated since ZIM 2.9.0, removed in 3.0.0; use zim(_:callInvitationTimeout:callID:)")
    func zim(_ zim: ZIM, callInvitationTimeout callID: String)

    /// `zim:callInvitationAccepted:callID:`: an invitee accepted (sent to the inviter).
    /// Deprecated since ZIM 2.9.0, removed in 3.0.0; use `zim(_:callUserStateChanged:callID:)`.
    @available(*, deprecated, message: "Deprecated since ZIM 2.9.0, removed in 3.0.0; use zim(_:callUserStateChanged:callID:)")
    func zim(_ zim: ZIM, callInvitationAccepted info: ZIMCallInvitationAcceptedInfo, callID: String)

    /// `zim:callInvitationRejected:callID:`: an invitee rejected (sent to the inviter).
    /// Deprecated since ZIM 2.9.0, removed in 3.0.0; use `zim(_:callUserStateChanged:callID:)`.
    @available(*, deprecated, message: "Deprecated since ZIM 2.9.0, removed in 3.0.0; use zim(_:callUserStateChanged:callID:)")
    func zim(_ zim: ZIM, callInvitationRejected info: ZIMCallInvitationRejectedInfo, callID: String)

    /// `zim:callInviteesAnsweredTimeout:callID:` (`NSArray<NSString *> *invitees`): these invitees did not answer in time (sent to the inviter).
    /// Deprecated since ZIM 2.9.0, removed in 3.0.0; use `zim(_:callUserStateChanged:callID:)`.
    @available(*, deprecated, message: "Deprecated since ZIM 2.9.0, removed in 3.0.0; use zim(_:callUserStateChanged:callID:)")
    func zim(_ zim: ZIM, callInviteesAnsweredTimeout invitees: [String], callID: String)
}

extension ZIMEventHandler {
    public func zim(_ zim: ZIM, connectionStateChanged state: ZIMConnectionState, event: ZIMConnectionEvent, extendedData: [AnyHashable: Any]) {}
    public func zim(_ zim: ZIM, tokenWillExpire second: UInt32) {}
    public func zim(_ zim: ZIM, errorInfo: ZIMError) {}
    public func zim(_ zim: ZIM, userInfoUpdated info: ZIMUserFullInfo) {}
    public func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInvitationCreated info: ZIMCallInvitationCreatedInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInvitationTimeout info: ZIMCallInvitationTimeoutInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInvitationEnded info: ZIMCallInvitationEndedInfo, callID: String) {}
    public func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInvitationTimeout callID: String) {}
    public func zim(_ zim: ZIM, callInvitationAccepted info: ZIMCallInvitationAcceptedInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInvitationRejected info: ZIMCallInvitationRejectedInfo, callID: String) {}
    public func zim(_ zim: ZIM, callInviteesAnsweredTimeout invitees: [String], callID: String) {}
}
