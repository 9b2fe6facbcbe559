import Foundation

/// `ZPNsNotificationCenterDelegate` (ZEGO ZPNs, `ZPNs.h`): how a registration ended. Every method is
/// optional, as in the Objective-C protocol: the extension below gives each a default that does nothing.
///
/// Called on the callback queue of the `ZIM` instance that sent the registration. The methods about
/// notifications shown to the user (`ZPNsDidReceiveNotificationFromForeground:`,
/// `ZPNsNotificationCenter:willPresentNotification:…`, `…didReceiveNotificationResponse:…`) are not
/// mirrored: the operating system receives pushes, not Switchboard (docs/ZIM.md, "Push tokens").
public protocol ZPNsNotificationCenterDelegate: AnyObject {
    /// `- onRegistered:(NSString *)Pushid`: the service accepted a token; `Pushid` names the
    /// registration ("zpns-" and 16 hex digits, the same for the same token).
    func onRegistered(_ Pushid: String)

    /// `- ZPNsRegisterFailed:(NSError *)error`, as Swift's importer spells the selector (its leading
    /// initialism lowercased, as `URLSession:` becomes `urlSession(_:)`): a token could not be
    /// registered. `error.domain` is ``ZPNsSwitchboardErrorDomain``, `error.code` a
    /// ``ZPNsSwitchboardErrorCode``.
    func zpNsRegisterFailed(_ error: NSError)

    /// The same callback under the selector's own spelling, for apps that wrote it so: called right after
    /// ``zpNsRegisterFailed(_:)``; implement one of the two.
    func ZPNsRegisterFailed(_ error: NSError)
}

extension ZPNsNotificationCenterDelegate {
    public func onRegistered(_ Pushid: String) {}
    public func zpNsRegisterFailed(_ error: NSError) {}
    public func ZPNsRegisterFailed(_ error: NSError) {}
}

/// Switchboard addition: the domain of the `NSError`s ``ZPNsNotificationCenterDelegate`` gets. On iOS
/// ZPNs passes on Apple's registration errors; Switchboard's come from the service instead.
public let ZPNsSwitchboardErrorDomain = "Switchboard.ZPNs"

/// Switchboard addition: the codes of ``ZPNsSwitchboardErrorDomain``.
public enum ZPNsSwitchboardErrorCode: Int, Sendable {
    /// No topic to register under: the process has no `Bundle.main.bundleIdentifier` (a Linux executable
    /// has none) and `ZPNs.switchboardBundleID` is not set.
    case missingBundleID = 1
    /// The service refused the token, its environment or the topic (`invalid_argument`): the message
    /// says which. Nothing was kept.
    case refused = 2
    /// The registration could not reach the service (the login ended, the link failed, the request
    /// timed out); it is sent again at the next login.
    case notDelivered = 3
}
