import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// The app id every test kit uses (any 32 characters in development mode).
let testAppID = String(repeating: "a", count: 32)

/// A test app on the Agora surface: a kit, its call kit, and a log of every callback in order.
final class AgoraUser: AgoraRtmDelegate, AgoraRtmCallDelegate, AgoraRtmChannelDelegate, @unchecked Sendable {
    // @unchecked: `log` is behind a Mutex; the rest is set once in init. Callbacks arrive on one queue.
    let name: String
    let kit: AgoraRtmKit
    let callKit: AgoraRtmCallKit
    let queue: DispatchQueue
    private let log = Mutex<[String]>([])
    private let remotes = Mutex<[AgoraRtmRemoteInvitation]>([])

    init(_ name: String, in world: TestWorld, queue: DispatchQueue = DispatchQueue(label: "agora.test")) {
        self.name = name
        self.queue = queue
        kit = AgoraRtmKit(appId: testAppID, delegate: nil, environment: world.environment(callbackQueue: queue))!
        callKit = kit.getRtmCall()!
        kit.agoraRtmDelegate = self
        callKit.callDelegate = self
    }

    var events: [String] { log.withLock { $0 } }
    var lastRemoteInvitation: AgoraRtmRemoteInvitation? { remotes.withLock { $0.last } }

    func record(_ line: String) { log.withLock { $0.append(line) } }
    func clear() { log.withLock { $0.removeAll() } }

    /// Logs in and waits for the login completion.
    func login(token: String? = "token", in world: TestWorld) async throws {
        let code = try await world.completion { done in
            self.kit.login(byToken: token, user: self.name) { done($0) }
        }
        #expect(code == .ok, "\(name) login: \(code)")
    }

    /// Waits until the log has a line matching `line` (in real time; the world's clock does not move).
    func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.eventually("\(name) logs \(line): \(events)") { self.events.contains(line) }
    }

    // AgoraRtmDelegate
    func rtmKit(_ kit: AgoraRtmKit, connectionStateChanged state: AgoraRtmConnectionState, reason: AgoraRtmConnectionChangeReason) {
        record("state \(state) \(reason)")
    }
    func rtmKit(_ kit: AgoraRtmKit, messageReceived message: AgoraRtmMessage, fromPeer peerId: String) {
        record("message \(message.text) from \(peerId)\(message.isOfflineMessage ? " offline" : "")")
    }
    func rtmKit(_ kit: AgoraRtmKit, peersOnlineStatusChanged onlineStatus: [AgoraRtmPeerOnlineStatus]) {
        record("peers " + onlineStatus.map { "\($0.peerId)=\($0.state)" }.joined(separator: ","))
    }
    func rtmKitTokenDidExpire(_ kit: AgoraRtmKit) { record("tokenDidExpire") }
    func rtmKitTokenPrivilegeWillExpire(_ kit: AgoraRtmKit) { record("tokenWillExpire") }

    // AgoraRtmCallDelegate
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {
        record("localReceivedByPeer \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        record("localAccepted \(response ?? "nil") \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        record("localRefused \(response ?? "nil") \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {
        record("localCanceled \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {
        record("localFailure \(errorCode) \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        remotes.withLock { $0.append(remoteInvitation) }
        record("remoteReceived from \(remoteInvitation.callerId) \(remoteInvitation.content ?? "nil") \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {
        record("remoteRefused \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {
        record("remoteAccepted \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {
        record("remoteCanceled \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {
        record("remoteFailure \(errorCode) \(remoteInvitation.state)")
    }

    // AgoraRtmChannelDelegate
    func channel(_ channel: AgoraRtmChannel, memberJoined member: AgoraRtmMember) {
        record("memberJoined \(member.userId)")
    }
    func channel(_ channel: AgoraRtmChannel, memberLeft member: AgoraRtmMember) {
        record("memberLeft \(member.userId)")
    }
    func channel(_ channel: AgoraRtmChannel, messageReceived message: AgoraRtmMessage, from member: AgoraRtmMember) {
        record("channelMessage \(message.text) from \(member.userId)")
    }
    func channel(_ channel: AgoraRtmChannel, memberCount count: Int32) {
        record("memberCount \(count)")
    }
}
