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
    /// Invites `callee` to a one-to-one call; `done(true)` when the surface reports the invitation sent.
    func invite(_ callee: String, _ done: @escaping @Sendable (Bool) -> Void)
    /// Accepts the invitation that rings; `done(true)` on success.
    func acceptIncoming(_ done: @escaping @Sendable (Bool) -> Void)
    /// What the app heard.
    var log: PartyLog { get }
}

extension Party {
    /// Everything logged so far.
    var lines: [String] { log.lines }
}

/// The surfaces under test.
enum Surface: String, CaseIterable, Sendable, CustomStringConvertible {
    case agora, anyRTC, zim, tencent

    var description: String { rawValue }

    /// A user on this surface in `environment`.
    func party(_ name: String, environment: ClientEnvironment) -> any Party {
        switch self {
        case .agora:
            RtmParty<AgoraVendor>(name, surface: self, kit: AgoraRtmKit(appId: Self.rtmAppID, delegate: nil, environment: environment)!)
        case .anyRTC:
            RtmParty<AnyRTCVendor>(name, surface: self, kit: ARtmKit(appId: Self.rtmAppID, delegate: nil, environment: environment)!)
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

    /// What the caller of a call hears when its callee accepts: every surface's party says it alike.
    static let accepted = "out accepted"

    /// Any 32-character app id passes the RTM kits' only check.
    private static let rtmAppID = String(repeating: "a", count: 32)
}

/// A thread-safe log that a test can also wait on, so that tests over a real network need not poll.
final class PartyLog: Sendable {
    private struct State {
        var lines: [String] = []
        var waiters: [(line: String, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func append(_ line: String) {
        let ready = state.withLock { state in
            state.lines.append(line)
            let ready = state.waiters.filter { $0.line == line }.map(\.continuation)
            state.waiters.removeAll { $0.line == line }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    var lines: [String] { state.withLock { $0.lines } }

    /// Returns once `line` is in the log (at once if it already is). Tests bound it with a time limit.
    func heard(_ line: String) async {
        await withCheckedContinuation { continuation in
            let heard = state.withLock { state in
                if state.lines.contains(line) { return true }
                state.waiters.append((line, continuation))
                return false
            }
            if heard { continuation.resume() }
        }
    }
}
