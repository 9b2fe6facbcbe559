import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAgora
import SwitchboardClient
import SwitchboardWire
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

    /// Shared by the users of one test that need the order of callbacks across kits (give them one
    /// callback queue too, so the order is the order of delivery).
    let timeline: AgoraTimeline?
    /// Runs inside every callback, on the callback queue (for the callback-queue tests).
    let probe = Mutex<(@Sendable () -> Void)?>(nil)

    init(_ name: String, in world: TestWorld, queue: DispatchQueue = DispatchQueue(label: "agora.test"),
         faults: FaultInjector? = nil, timeline: AgoraTimeline? = nil) {
        self.name = name
        self.queue = queue
        self.timeline = timeline
        kit = AgoraRtmKit(appId: testAppID, delegate: nil,
                          environment: world.environment(callbackQueue: queue, faults: faults))!
        callKit = kit.getRtmCall()!
        kit.agoraRtmDelegate = self
        callKit.callDelegate = self
    }

    /// A user whose kit gets an environment of the test's own making (for example one without a
    /// callback queue, to see the vendor default).
    init(_ name: String, environment: ClientEnvironment) {
        self.name = name
        self.queue = environment.callbackQueue ?? .main
        self.timeline = nil
        kit = AgoraRtmKit(appId: testAppID, delegate: nil, environment: environment)!
        callKit = kit.getRtmCall()!
        kit.agoraRtmDelegate = self
        callKit.callDelegate = self
    }

    var events: [String] { log.withLock { $0 } }
    var lastRemoteInvitation: AgoraRtmRemoteInvitation? { remotes.withLock { $0.last } }
    var remoteInvitations: [AgoraRtmRemoteInvitation] { remotes.withLock { $0 } }

    func record(_ line: String) {
        probe.withLock { $0 }?()
        log.withLock { $0.append(line) }
        timeline?.append("\(name): \(line)")
    }
    func clear() { log.withLock { $0.removeAll() } }

    /// The log lines that start with `prefix`.
    func events(_ prefix: String) -> [String] { events.filter { $0.hasPrefix(prefix) } }

    /// Logs in and returns the login completion's code (without expecting anything of it).
    func loginCode(token: String? = "token", user: String? = nil, in world: TestWorld) async throws -> AgoraRtmLoginErrorCode {
        try await world.completion { done in
            self.kit.login(byToken: token, user: user ?? self.name) { done($0) }
        }
    }

    /// Waits until the log has exactly `count` lines.
    func waitForCount(_ count: Int, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(count) lines: \(events)") { self.events.count >= count }
    }

    /// Sends an invitation and records its completion in the log ("send ok").
    func send(_ invitation: AgoraRtmLocalInvitation) {
        callKit.send(invitation) { self.record("send \($0)") }
    }

    func cancel(_ invitation: AgoraRtmLocalInvitation) {
        callKit.cancel(invitation) { self.record("cancel \($0)") }
    }

    func accept(_ invitation: AgoraRtmRemoteInvitation) {
        callKit.accept(invitation) { self.record("accept \($0)") }
    }

    func refuse(_ invitation: AgoraRtmRemoteInvitation) {
        callKit.refuse(invitation) { self.record("refuse \($0)") }
    }

    /// Waits for the invitation-call completion and returns its code.
    func sendCode(_ invitation: AgoraRtmLocalInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.send(invitation) { done($0) } }
    }
    func cancelCode(_ invitation: AgoraRtmLocalInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.cancel(invitation) { done($0) } }
    }
    func acceptCode(_ invitation: AgoraRtmRemoteInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.accept(invitation) { done($0) } }
    }
    func refuseCode(_ invitation: AgoraRtmRemoteInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.refuse(invitation) { done($0) } }
    }

    /// Logs in and waits for the login completion.
    func login(token: String? = "token", in world: TestWorld) async throws {
        let code = try await world.completion { done in
            self.kit.login(byToken: token, user: self.name) { done($0) }
        }
        #expect(code == .ok, "\(name) login: \(code)")
    }

    /// Waits until the log has a line matching `line` (in real time; the world's clock does not move).
    func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(line): \(events)") { self.events.contains(line) }
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
    func channel(_ channel: AgoraRtmChannel, attributeUpdate attributes: [AgoraRtmChannelAttribute]) {
        record("attributeUpdate " + attributes.map { "\($0.key)=\($0.value)/\($0.lastUpdateUserId)" }.joined(separator: ","))
    }
}

/// The callbacks of several users in the order they ran ("alice: send ok").
final class AgoraTimeline: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }

    /// Whether `expected` occur in this order (other lines may come between them).
    func hasInOrder(_ expected: [String]) -> Bool {
        var remaining = expected[...]
        for line in all where line == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }
}

/// A fresh world, users on one shared callback queue and a shared timeline.
struct AgoraScene {
    let world: TestWorld
    let timeline = AgoraTimeline()
    let queue = DispatchQueue(label: "agora.test.shared")

    init(world: TestWorld = TestWorld()) {
        self.world = world
    }

    func user(_ name: String, faults: FaultInjector? = nil) -> AgoraUser {
        AgoraUser(name, in: world, queue: queue, faults: faults, timeline: timeline)
    }

    /// A caller and a callee, both logged in, with their logs cleared of the login.
    func loggedInPair(_ first: String, _ second: String) async throws -> (AgoraUser, AgoraUser) {
        let (one, two) = (user(first), user(second))
        try await one.login(in: world)
        try await two.login(in: world)
        one.clear()
        two.clear()
        return (one, two)
    }
}

/// A frame predicate: a request of the service operation named `name` ("call.ack", "call.confirm").
func isRequest(_ name: String) -> @Sendable (ClientFrame) -> Bool {
    { frame in
        if case .request(let request) = frame { request.operation.name == name } else { false }
    }
}

/// A predicate for hellos.
let isHello: @Sendable (ClientFrame) -> Bool = { frame in
    if case .hello = frame { true } else { false }
}
