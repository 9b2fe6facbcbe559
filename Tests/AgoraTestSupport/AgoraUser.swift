import Dispatch
import Synchronization
import TestSupport
import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

/// The app id every test kit uses (any 32 characters in development mode).
public let testAppID = String(repeating: "a", count: 32)

/// A test app on the Agora surface: a kit, its call kit, and a log of every callback in order. The one
/// Agora user of the suites: the Agora surface's own, and the ZIM and Tencent suites' peer on Agora.
public final class AgoraUser: AgoraRtmDelegate, AgoraRtmCallDelegate, AgoraRtmChannelDelegate, @unchecked Sendable {
    // @unchecked: `log` is behind a Mutex; the rest is set once in init. Callbacks arrive on one queue.
    public let name: String
    public let kit: AgoraRtmKit
    public let callKit: AgoraRtmCallKit
    public let queue: DispatchQueue
    private let log = Mutex<[String]>([])
    private let remotes = Mutex<[AgoraRtmRemoteInvitation]>([])

    /// Shared by the users of one test that need the order of callbacks across kits (give them one
    /// callback queue too, so the order is the order of delivery).
    public let timeline: AgoraTimeline?
    /// Runs inside every callback, on the callback queue (for the callback-queue tests).
    public let probe = Mutex<(@Sendable () -> Void)?>(nil)

    public init(_ name: String, in world: TestWorld, queue: DispatchQueue = DispatchQueue(label: "agora.test"),
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
    public init(_ name: String, environment: ClientEnvironment) {
        self.name = name
        self.queue = environment.callbackQueue ?? .main
        self.timeline = nil
        kit = AgoraRtmKit(appId: testAppID, delegate: nil, environment: environment)!
        callKit = kit.getRtmCall()!
        kit.agoraRtmDelegate = self
        callKit.callDelegate = self
    }

    public var events: [String] { log.withLock { $0 } }
    public var lastRemoteInvitation: AgoraRtmRemoteInvitation? { remotes.withLock { $0.last } }
    public var remoteInvitations: [AgoraRtmRemoteInvitation] { remotes.withLock { $0 } }

    public func record(_ line: String) {
        probe.withLock { $0 }?()
        log.withLock { $0.append(line) }
        timeline?.append("\(name): \(line)")
    }
    public func clear() { log.withLock { $0.removeAll() } }

    /// The log lines that start with `prefix`.
    public func events(_ prefix: String) -> [String] { events.filter { $0.hasPrefix(prefix) } }

    /// Logs in and returns the login completion's code (without expecting anything of it).
    public func loginCode(token: String? = "token", user: String? = nil, in world: TestWorld) async throws -> AgoraRtmLoginErrorCode {
        try await world.completion { done in
            self.kit.login(byToken: token, user: user ?? self.name) { done($0) }
        }
    }

    /// Waits until the log has exactly `count` lines.
    public func waitForCount(_ count: Int, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(count) lines: \(events)") { self.events.count >= count }
    }

    /// Sends an invitation and records its completion in the log ("send ok").
    public func send(_ invitation: AgoraRtmLocalInvitation) {
        callKit.send(invitation) { self.record("send \($0)") }
    }

    public func cancel(_ invitation: AgoraRtmLocalInvitation) {
        callKit.cancel(invitation) { self.record("cancel \($0)") }
    }

    public func accept(_ invitation: AgoraRtmRemoteInvitation) {
        callKit.accept(invitation) { self.record("accept \($0)") }
    }

    public func refuse(_ invitation: AgoraRtmRemoteInvitation) {
        callKit.refuse(invitation) { self.record("refuse \($0)") }
    }

    /// Waits for the invitation-call completion and returns its code.
    public func sendCode(_ invitation: AgoraRtmLocalInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.send(invitation) { done($0) } }
    }
    public func cancelCode(_ invitation: AgoraRtmLocalInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.cancel(invitation) { done($0) } }
    }
    public func acceptCode(_ invitation: AgoraRtmRemoteInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.accept(invitation) { done($0) } }
    }
    public func refuseCode(_ invitation: AgoraRtmRemoteInvitation, in world: TestWorld) async throws -> AgoraRtmInvitationApiCallErrorCode {
        try await world.completion { done in self.callKit.refuse(invitation) { done($0) } }
    }

    /// Logs in and waits for the login completion; throws unless it is `.ok`.
    public func login(token: String? = "token", in world: TestWorld) async throws {
        let code = try await world.completion { done in
            self.kit.login(byToken: token, user: self.name) { done($0) }
        }
        guard code == .ok else { throw TestFailure("\(name) login: \(code)") }
    }

    /// Waits until the log has a line matching `line` (in real time; the world's clock does not move).
    public func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(line): \(events)") { self.events.contains(line) }
    }

    // AgoraRtmDelegate
    public func rtmKit(_ kit: AgoraRtmKit, connectionStateChanged state: AgoraRtmConnectionState, reason: AgoraRtmConnectionChangeReason) {
        record("state \(state) \(reason)")
    }
    public func rtmKit(_ kit: AgoraRtmKit, messageReceived message: AgoraRtmMessage, fromPeer peerId: String) {
        record("message \(message.text) from \(peerId)\(message.isOfflineMessage ? " offline" : "")")
    }
    public func rtmKit(_ kit: AgoraRtmKit, peersOnlineStatusChanged onlineStatus: [AgoraRtmPeerOnlineStatus]) {
        record("peers " + onlineStatus.map { "\($0.peerId)=\($0.state)" }.joined(separator: ","))
    }
    public func rtmKitTokenDidExpire(_ kit: AgoraRtmKit) { record("tokenDidExpire") }
    public func rtmKitTokenPrivilegeWillExpire(_ kit: AgoraRtmKit) { record("tokenWillExpire") }

    // AgoraRtmCallDelegate
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationReceivedByPeer localInvitation: AgoraRtmLocalInvitation) {
        record("localReceivedByPeer \(localInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationAccepted localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        record("localAccepted \(response ?? "nil") \(localInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationRefused localInvitation: AgoraRtmLocalInvitation, withResponse response: String?) {
        record("localRefused \(response ?? "nil") \(localInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationCanceled localInvitation: AgoraRtmLocalInvitation) {
        record("localCanceled \(localInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, localInvitationFailure localInvitation: AgoraRtmLocalInvitation, errorCode: AgoraRtmLocalInvitationErrorCode) {
        record("localFailure \(errorCode) \(localInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        remotes.withLock { $0.append(remoteInvitation) }
        record("remoteReceived from \(remoteInvitation.callerId) \(remoteInvitation.content ?? "nil") \(remoteInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationRefused remoteInvitation: AgoraRtmRemoteInvitation) {
        record("remoteRefused \(remoteInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationAccepted remoteInvitation: AgoraRtmRemoteInvitation) {
        record("remoteAccepted \(remoteInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationCanceled remoteInvitation: AgoraRtmRemoteInvitation) {
        record("remoteCanceled \(remoteInvitation.state)")
    }
    public func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationFailure remoteInvitation: AgoraRtmRemoteInvitation, errorCode: AgoraRtmRemoteInvitationErrorCode) {
        record("remoteFailure \(errorCode) \(remoteInvitation.state)")
    }

    // AgoraRtmChannelDelegate
    public func channel(_ channel: AgoraRtmChannel, memberJoined member: AgoraRtmMember) {
        record("memberJoined \(member.userId)")
    }
    public func channel(_ channel: AgoraRtmChannel, memberLeft member: AgoraRtmMember) {
        record("memberLeft \(member.userId)")
    }
    public func channel(_ channel: AgoraRtmChannel, messageReceived message: AgoraRtmMessage, from member: AgoraRtmMember) {
        record("channelMessage \(message.text) from \(member.userId)")
    }
    public func channel(_ channel: AgoraRtmChannel, memberCount count: Int32) {
        record("memberCount \(count)")
    }
    public func channel(_ channel: AgoraRtmChannel, attributeUpdate attributes: [AgoraRtmChannelAttribute]) {
        record("attributeUpdate " + attributes.map { "\($0.key)=\($0.value)/\($0.lastUpdateUserId)" }.joined(separator: ","))
    }
}

/// The callbacks of several users in the order they ran ("alice: send ok").
public final class AgoraTimeline: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) { lines.withLock { $0.append(line) } }
    public var all: [String] { lines.withLock { $0 } }

    /// Whether `expected` occur in this order (other lines may come between them).
    public func hasInOrder(_ expected: [String]) -> Bool {
        var remaining = expected[...]
        for line in all where line == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }
}
