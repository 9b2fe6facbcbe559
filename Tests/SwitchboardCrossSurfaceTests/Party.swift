import Dispatch
import Synchronization
import SwitchboardClient

/// One user on one surface, driven through that surface's own API, with a log of what the app hears
/// about calls, in one vocabulary for every surface:
///
/// - `out <event>`: the user's own outgoing invitation (`out refused`, `out failure(<code>)`,
///   `out accepted`, `out lineBusy`, `out rejected`, `out receivedByPeer` ...), as the surface names it;
/// - `in received <caller>`: an incoming invitation rings; `in <event>` for what happens to it after.
///
/// Each surface's class (``AgoraParty``, ``ARtmParty``, ``ZIMParty``, ``TencentParty``) maps its own
/// callbacks onto these lines and nothing else; the tests state the expected line for each surface.
protocol Party: AnyObject, Sendable {
    var name: String { get }
    /// The surface, as the tests name it.
    var surface: Surface { get }
    /// Logs in; `done(true)` on success.
    func login(_ done: @escaping @Sendable (Bool) -> Void)
    /// Invites `callee` to a one-to-one call; `done(true)` when the surface reports the invitation sent.
    func invite(_ callee: String, _ done: @escaping @Sendable (Bool) -> Void)
    /// Accepts the invitation that rings; `done(true)` on success.
    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void)
    /// Everything logged so far.
    var lines: [String] { get }
}

/// The surfaces under test.
enum Surface: String, CaseIterable, Sendable, CustomStringConvertible {
    case agora, anyRTC, zim, tencent

    var description: String { rawValue }

    /// A user on this surface in `environment`.
    func party(_ name: String, environment: ClientEnvironment) -> any Party {
        switch self {
        case .agora: AgoraParty(name, environment: environment)
        case .anyRTC: ARtmParty(name, environment: environment)
        case .zim: ZIMParty(name, environment: environment)
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

    /// What the caller of a call hears when its callee accepts.
    var accepted: String {
        switch self {
        case .agora, .anyRTC: "out accepted"
        case .zim: "out accepted"
        case .tencent: "out accepted"
        }
    }
}

/// A thread-safe log.
final class PartyLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}
