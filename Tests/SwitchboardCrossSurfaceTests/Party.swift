import Dispatch
import Synchronization
import SwitchboardARtm
import SwitchboardAgora
import SwitchboardClient

/// One user on one surface, driven through that surface's own API, with a log of what the app hears
/// about calls, in one vocabulary for every surface:
///
/// - `out <event>`: the user's own outgoing invitation (`out refused`, `out failure(<code>)`,
///   `out accepted`, `out lineBusy`, `out rejected`, `out receivedByPeer` ...), as the surface names it;
/// - `in received <caller>`: an incoming invitation rings; `in <event>` for what happens to it after.
///
/// Each surface's class (``RtmParty`` for Agora and anyRTC, ``ZIMParty``, ``TencentParty``) maps its
/// own callbacks onto these lines and nothing else; the tests state the expected line for each surface.
protocol Party: AnyObject, Sendable {
    var name: String { get }
    /// The surface, as the tests name it.
    var surface: Surface { get }
    /// Logs in; `done(true)` on success.
    func login(_ done: @escaping @Sendable (Bool) -> Void)
    /// Invites `callee` to a one-to-one call, ringing at most `timeout` seconds through the surface's own
    /// timeout parameter (nil: the surface's default; the RTM kits have no parameter, their 60 s are fixed);
    /// `done(true)` when the surface reports the invitation sent.
    func invite(_ callee: String, timeout: Int?, _ done: @escaping @Sendable (Bool) -> Void)
    /// Accepts the invitation that rings; `done(true)` on success.
    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void)
    /// Refuses the invitation that rings; `done(true)` on success.
    func rejectIncoming(_ done: @escaping @Sendable (Bool) -> Void)
    /// Cancels the user's own invitation while it rings; `done(true)` on success.
    func cancelOutgoing(_ done: @escaping @Sendable (Bool) -> Void)
    /// Ends the connected call as the surface's hang-up does (Tencent `hangup`, ZIM `callEnd`);
    /// `done(false)` at once where the surface has none (``Surface/hangsUp``).
    func hangUp(_ done: @escaping @Sendable (Bool) -> Void)
    /// What the app heard.
    var log: PartyLog { get }
}

extension Party {
    /// Everything logged so far.
    var lines: [String] { log.lines }

    /// Invites `callee` with the surface's default timeout.
    func invite(_ callee: String, _ done: @escaping @Sendable (Bool) -> Void) {
        invite(callee, timeout: nil, done)
    }
}

/// The surfaces under test.
enum Surface: String, CaseIterable, Sendable, CustomStringConvertible {
    case agora, anyRTC, zim, tencent

    var description: String { rawValue }

    /// A user on this surface in `environment`. A ZIM user places advanced-mode calls when `advanced`
    /// (general-mode calls have no hang-up: docs/ZIM.md, "End of a general-mode call"); the other
    /// surfaces have one kind of call.
    func party(_ name: String, environment: ClientEnvironment, advanced: Bool = false) -> any Party {
        switch self {
        case .agora:
            RtmParty<AgoraVendor>(name, surface: self, kit: AgoraRtmKit(appId: Self.rtmAppID, delegate: nil, environment: environment)!)
        case .anyRTC:
            RtmParty<AnyRTCVendor>(name, surface: self, kit: ARtmKit(appId: Self.rtmAppID, delegate: nil, environment: environment)!)
        case .zim: ZIMParty(name, mode: advanced ? .advanced : .general, environment: environment)
        case .tencent: TencentParty(name, environment: environment)
        }
    }

    /// What the caller of the call that lost the glare hears (docs/CALL-MODEL.md, "Glare"): each
    /// surface's word for "the callee is busy", the callee being busy calling them.
    var lostGlare: String {
        switch self {
        case .agora, .anyRTC: "out refused"
        case .zim: "out rejected"
        case .tencent: "out lineBusy"
        }
    }

    /// What the caller of a call hears when its callee accepts: every surface's party says it alike.
    static let accepted = "out accepted"

    /// What a caller on this surface hears when its callee refuses.
    var outRefused: String {
        switch self {
        case .agora, .anyRTC: "out refused"
        case .zim: "out rejected"
        case .tencent: "out reject"
        }
    }

    /// What a callee on this surface hears of its own refusal: nothing on ZIM, whose rejecting user is
    /// not told of it (docs/ZIM.md, "The event grid: which events reach a user in each state").
    var inRefused: String? {
        switch self {
        case .agora, .anyRTC: "in refused"
        case .zim: nil
        case .tencent: "in reject"
        }
    }

    /// What a callee on this surface hears when the caller cancels while it rings.
    var inCanceled: String {
        switch self {
        case .agora, .anyRTC, .tencent: "in canceled"
        case .zim: "in cancelled"
        }
    }

    /// What a caller on this surface hears of its own cancel: nothing on ZIM (its callback is the answer).
    var outCanceled: String? {
        switch self {
        case .agora, .anyRTC, .tencent: "out canceled"
        case .zim: nil
        }
    }

    /// What a caller on this surface hears when nobody answered in time.
    var outTimedOut: String {
        switch self {
        case .agora, .anyRTC: "out failure(expire)"
        case .zim: "out timeout"
        case .tencent: "out noResponse"
        }
    }

    /// What a callee on this surface hears when it did not answer in time.
    var inTimedOut: String {
        switch self {
        case .agora, .anyRTC: "in failure(expire)"
        case .zim: "in timeout"
        case .tencent: "in noResponse"
        }
    }

    /// Whether a user on this surface can end a connected call: the RTM kits have no hang-up
    /// (docs/AGORA.md, "The call model underneath").
    var hangsUp: Bool { self == .zim || self == .tencent }

    /// Whether a call placed on this surface goes on after the answer, until someone hangs up: Tencent's
    /// and ZIM's advanced-mode calls; an RTM or ZIM general-mode call ends as signaling when answered.
    func lasts(advanced: Bool) -> Bool { self == .tencent || (self == .zim && advanced) }

    /// What a user on this surface hears when a connected call ends (`side`: `out` for the caller, `in`
    /// for the callee): Tencent's `onCallEnded(hangup)`, ZIM's `callInvitationEnded`; the RTM kits hear
    /// nothing after the answer.
    func hungUp(_ side: String) -> String? {
        switch self {
        case .agora, .anyRTC: nil
        case .zim: "\(side) ended"
        case .tencent: "\(side) hangup"
        }
    }

    /// Any 32-character app id passes the RTM kits' only check.
    private static let rtmAppID = String(repeating: "a", count: 32)
}

/// What a party heard, in order; thread-safe.
final class PartyLog: Sendable {
    private let state = Mutex<[String]>([])

    func append(_ line: String) {
        state.withLock { $0.append(line) }
    }

    var lines: [String] { state.withLock { $0 } }
}
