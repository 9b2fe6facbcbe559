import AgoraTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardARtm
import SwitchboardClient
import SwitchboardTesting

/// One log shared by several users, to check the order of callbacks across them. Only meaningful when
/// the users share one callback queue (then the log is the order the queue ran the callbacks in).
final class ARtmTimeline: Sendable {
    private let lines = Mutex<[String]>([])

    var events: [String] { lines.withLock { $0 } }
    func record(_ line: String) { lines.withLock { $0.append(line) } }
    func clear() { lines.withLock { $0.removeAll() } }
}

/// A test app on the anyRTC surface: a kit, its call kit, its own fault injector, and a log of every
/// callback (and of the completions it was given through the helpers below) in order.
///
/// Log lines name invitations as `<peer>/<content>`, so a test can tell several invitations apart:
/// `localReceivedByPeer bob/hi receivedByRemote`, `remoteReceived alice/hi invitationReceived`,
/// `send bob/hi ok`.
final class ARtmUser: ARtmDelegate, ARtmCallDelegate, ARtmChannelDelegate, @unchecked Sendable {
    // @unchecked: the logs are behind Mutexes; the rest is set once in init. Callbacks arrive on one queue.
    let name: String
    let kit: ARtmKit
    let callKit: ARtmCallKit
    let queue: DispatchQueue
    /// This user's links only: break them without touching anyone else's.
    let faults: FaultInjector
    let timeline: ARtmTimeline?
    private let log = Mutex<[String]>([])
    private let remotes = Mutex<[ARtmRemoteInvitation]>([])

    init(_ name: String, in world: TestWorld, queue: DispatchQueue = DispatchQueue(label: "artm.test"),
         faults: FaultInjector = FaultInjector(), timeline: ARtmTimeline? = nil) {
        self.name = name
        self.queue = queue
        self.faults = faults
        self.timeline = timeline
        kit = ARtmKit(appId: testAppID, delegate: nil,
                      environment: world.environment(callbackQueue: queue, faults: faults))!
        callKit = kit.getRtmCall()!
        kit.aRtmDelegate = self
        callKit.callDelegate = self
    }

    var events: [String] { log.withLock { $0 } }
    var remoteInvitations: [ARtmRemoteInvitation] { remotes.withLock { $0 } }
    var lastRemoteInvitation: ARtmRemoteInvitation? { remotes.withLock { $0.last } }

    func record(_ line: String) {
        log.withLock { $0.append(line) }
        timeline?.record("\(name): \(line)")
    }

    func clear() { log.withLock { $0.removeAll() } }

    /// Logs in and waits for the login completion.
    func login(token: String? = "token", in world: TestWorld) async throws {
        let code = try await world.completion { done in
            self.kit.login(byToken: token, user: self.name) { done($0) }
        }
        #expect(code == .ok, "\(name) login: \(code)")
    }

    /// Logs out and waits for the logout completion.
    func logout(in world: TestWorld) async throws {
        let code = try await world.completion { done in self.kit.logout { done($0) } }
        #expect(code == .ok, "\(name) logout: \(code)")
    }

    /// Waits until the log has a line equal to `line` (in real time; the world's clock does not move).
    func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(line): \(events)") { self.events.contains(line) }
    }

    /// Waits until the log has `count` lines.
    func waitForCount(_ count: Int, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(count) lines: \(events)") { self.events.count >= count }
    }

    // MARK: - Call-kit calls whose completion is logged (on the callback queue, in order)

    func send(_ invitation: ARtmLocalInvitation, in world: TestWorld) async throws -> ARtmInvitationApiCallErrorCode {
        let tag = Self.tag(invitation)
        return try await world.completion { done in
            self.callKit.send(invitation) { code in
                self.record("send \(tag) \(code)")
                done(code)
            }
        }
    }

    func cancel(_ invitation: ARtmLocalInvitation, in world: TestWorld) async throws -> ARtmInvitationApiCallErrorCode {
        let tag = Self.tag(invitation)
        return try await world.completion { done in
            self.callKit.cancel(invitation) { code in
                self.record("cancel \(tag) \(code)")
                done(code)
            }
        }
    }

    func accept(_ invitation: ARtmRemoteInvitation, in world: TestWorld) async throws -> ARtmInvitationApiCallErrorCode {
        let tag = Self.tag(invitation)
        return try await world.completion { done in
            self.callKit.accept(invitation) { code in
                self.record("accept \(tag) \(code)")
                done(code)
            }
        }
    }

    func refuse(_ invitation: ARtmRemoteInvitation, in world: TestWorld) async throws -> ARtmInvitationApiCallErrorCode {
        let tag = Self.tag(invitation)
        return try await world.completion { done in
            self.callKit.refuse(invitation) { code in
                self.record("refuse \(tag) \(code)")
                done(code)
            }
        }
    }

    static func tag(_ invitation: ARtmLocalInvitation) -> String {
        "\(invitation.calleeId)/\(invitation.content ?? "-")"
    }

    static func tag(_ invitation: ARtmRemoteInvitation) -> String {
        "\(invitation.callerId)/\(invitation.content ?? "-")"
    }

    // MARK: - ARtmDelegate

    func rtmKit(_ kit: ARtmKit, connectionStateChanged state: ARtmConnectionState, reason: ARtmConnectionChangeReason) {
        record("state \(state) \(reason)")
    }
    func rtmKit(_ kit: ARtmKit, messageReceived message: ARtmMessage, fromPeer peerId: String) {
        record("message \(message.text) \(message.type) from \(peerId)\(message.isOfflineMessage ? " offline" : "")")
    }
    func rtmKit(_ kit: ARtmKit, peersOnlineStatusChanged onlineStatus: [ARtmPeerOnlineStatus]) {
        record("peers " + onlineStatus.map { "\($0.peerId)=\($0.state)" }.joined(separator: ","))
    }
    func rtmKitTokenDidExpire(_ kit: ARtmKit) { record("tokenDidExpire") }

    // MARK: - ARtmCallDelegate

    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationReceivedByPeer localInvitation: ARtmLocalInvitation) {
        record("localReceivedByPeer \(Self.tag(localInvitation)) \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationAccepted localInvitation: ARtmLocalInvitation, withResponse response: String?) {
        record("localAccepted \(Self.tag(localInvitation)) \(response ?? "nil") \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationRefused localInvitation: ARtmLocalInvitation, withResponse response: String?) {
        record("localRefused \(Self.tag(localInvitation)) \(response ?? "nil") \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationCanceled localInvitation: ARtmLocalInvitation) {
        record("localCanceled \(Self.tag(localInvitation)) \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, localInvitationFailure localInvitation: ARtmLocalInvitation, errorCode: ARtmLocalInvitationErrorCode) {
        record("localFailure \(Self.tag(localInvitation)) \(errorCode) \(localInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationReceived remoteInvitation: ARtmRemoteInvitation) {
        remotes.withLock { $0.append(remoteInvitation) }
        record("remoteReceived \(Self.tag(remoteInvitation)) \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationRefused remoteInvitation: ARtmRemoteInvitation) {
        record("remoteRefused \(Self.tag(remoteInvitation)) \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationAccepted remoteInvitation: ARtmRemoteInvitation) {
        record("remoteAccepted \(Self.tag(remoteInvitation)) \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationCanceled remoteInvitation: ARtmRemoteInvitation) {
        record("remoteCanceled \(Self.tag(remoteInvitation)) \(remoteInvitation.state)")
    }
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationFailure remoteInvitation: ARtmRemoteInvitation, errorCode: ARtmRemoteInvitationErrorCode) {
        record("remoteFailure \(Self.tag(remoteInvitation)) \(errorCode) \(remoteInvitation.state)")
    }

    // MARK: - ARtmChannelDelegate

    func channel(_ channel: ARtmChannel, memberJoined member: ARtmMember) {
        record("memberJoined \(member.uid) \(member.channelId)")
    }
    func channel(_ channel: ARtmChannel, memberLeft member: ARtmMember) {
        record("memberLeft \(member.uid) \(member.channelId)")
    }
    func channel(_ channel: ARtmChannel, messageReceived message: ARtmMessage, from member: ARtmMember) {
        record("channelMessage \(message.text) from \(member.uid)")
    }
    func channel(_ channel: ARtmChannel, attributeUpdate attributes: [ARtmChannelAttribute]) {
        record("attributeUpdate " + attributes.map { "\($0.key)=\($0.value)/\($0.lastUpdateUid)" }.joined(separator: ","))
    }
}
