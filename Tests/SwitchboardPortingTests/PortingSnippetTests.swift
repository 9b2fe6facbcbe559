#if canImport(Combine)
import Combine
#endif
import Dispatch
import Foundation
import Testing
import SwitchboardARtm
import SwitchboardAgora
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardTesting
import SwitchboardZIM

/// Runs the "after" snippets of docs/PORTING.md (the *Snippets.swift files) in a test world: each does
/// what the guide says it does.
@Suite("Porting guide snippets")
struct PortingSnippetTests {
    let appID = String(repeating: "a", count: 32)

    // MARK: Agora

    @Test("RtmCallManager forwards an invitation to its screen, which implements only that callback")
    func forwardingReachesTheScreen() async throws {
        let world = TestWorld()
        let alice = try #require(AgoraRtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let bob = try #require(AgoraRtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let manager = RtmCallManager()
        let screen = RingingScreen()
        manager.screen = screen
        bob.getRtmCall()?.callDelegate = manager
        for (kit, user) in [(alice, "alice"), (bob, "bob")] {
            let code = try await world.completion { done in kit.login(byToken: "token", user: user) { done($0) } }
            #expect(code == .ok)
        }
        let sent = try await world.completion { done in
            alice.getRtmCall()?.send(AgoraRtmLocalInvitation(calleeId: "bob")) { done($0) }
        }
        #expect(sent == .ok)
        try await world.requireWhenIdle("the screen rings") { screen.callers == ["alice"] }
        // The screen does not implement the cancel callback: the forwarded call reaches the default.
        let invitation = AgoraRtmRemoteInvitation()
        manager.rtmCallKit(try #require(bob.getRtmCall()), remoteInvitationCanceled: invitation)
        #expect(screen.callers == ["alice"])
    }

    @Test("the app's own protocol with defaults: an implemented requirement runs, the other is a no-op")
    func ownProtocolWithDefaults() {
        let presenter = CallScreenPresenter()
        let events = RecordingEvents()
        presenter.events = events
        presenter.present(AgoraRtmRemoteInvitation())
        presenter.dismiss()
        #expect(events.callers == [""])
    }

    @Test("CallRoomInfo reads another user's attribute, the channel's attribute and its member count")
    func attributesAndMemberCount() async throws {
        let world = TestWorld()
        let alice = try #require(AgoraRtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let bob = try #require(AgoraRtmKit(appId: appID, delegate: nil, environment: world.environment()))
        for (kit, user) in [(alice, "alice"), (bob, "bob")] {
            let code = try await world.completion { done in kit.login(byToken: "token", user: user) { done($0) } }
            #expect(code == .ok)
        }
        let channel = try #require(alice.createChannel(withId: "standup", delegate: nil))
        let joined = try await world.completion { done in channel.join { done($0) } }
        #expect(joined == .channelErrorOk)
        CallRoomInfo().publish(role: "host", topic: "release", channelId: "standup", kit: alice)
        await world.runUntilIdle()
        let info = CallRoomInfo()
        info.refresh(userId: "alice", channelId: "standup", kit: bob)
        try await world.requireWhenIdle("bob reads the room") {
            info.roles == ["alice": "host"] && info.topic == "release" && info.memberCount == 1
        }
        // A user who set nothing has no role; a channel nobody wrote has no topic and no members.
        let empty = CallRoomInfo()
        empty.refresh(userId: "bob", channelId: "lobby", kit: alice)
        await world.runUntilIdle()
        #expect(empty.roles.isEmpty && empty.topic == "" && empty.memberCount == 0)
    }

    @Test("a kit of its own on a server: made without connecting; a wrong app id still gives nil")
    func serverKit() {
        let kit = makeServerKit(appID: appID)
        #expect(kit?.getRtmCall() != nil)
        #expect(makeServerKit(appID: "short") == nil)
    }

    // MARK: anyRTC

    @Test("a subclass's override of a callback its base class declares runs, through the kit")
    func overrideOfBaseCallback() async throws {
        let world = TestWorld()
        let alice = try #require(ARtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let bob = try #require(ARtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let controller = SignalVideoController()
        bob.aRtmDelegate = controller
        bob.getRtmCall()?.callDelegate = controller
        for (kit, user) in [(alice, "alice"), (bob, "bob")] {
            let code = try await world.completion { done in kit.login(byToken: "token", user: user) { done($0) } }
            #expect(code == .ok)
        }
        let invitation = ARtmLocalInvitation(calleeId: "bob")
        _ = try await world.completion { done in alice.getRtmCall()?.send(invitation) { done($0) } }
        try await world.requireWhenIdle("bob rings") { controller.screen == "ringing: alice" }
        let canceled = try await world.completion { done in alice.getRtmCall()?.cancel(invitation) { done($0) } }
        #expect(canceled == .ok)
        try await world.requireWhenIdle("the override runs") { controller.screen == "missed call: alice" }
    }

    @Test("the pitfall the guide warns of: a callback only a subclass implements is never called")
    func subclassOnlyCallbackIsNotCalled() throws {
        let world = TestWorld()
        let kit = try #require(ARtmKit(appId: appID, delegate: nil, environment: world.environment()))
        let callKit = try #require(kit.getRtmCall())
        let delegate: any ARtmCallDelegate = LateController()
        delegate.rtmCallKit(callKit, remoteInvitationRefused: ARtmRemoteInvitation())
        #expect((delegate as? LateController)?.screen == "idle")
    }

    // MARK: ZIM

    @Test("ZIMService forwards to the handlers still alive, without NSHashTable")
    func weakHandlerList() throws {
        let world = TestWorld()
        let config = ZIMAppConfig()
        config.appID = 1
        config.appSign = "sign"
        let zim = try #require(ZIM.create(with: config, environment: world.environment()))
        let service = ZIMService()
        let kept = ReceivedCalls()
        service.addZIMEventHandler(kept)
        service.addZIMEventHandler(kept)
        do {
            let released = ReceivedCalls()
            service.addZIMEventHandler(released)
        }
        service.zim(zim, callInvitationReceived: ZIMCallInvitationReceivedInfo(), callID: "call-1")
        #expect(kept.callIDs == ["call-1"])
        zim.destroy()
    }

    @Test("CallerDirectory renames its user and looks users up, the unknown ones apart")
    func userInformation() async throws {
        let world = TestWorld()
        let config = ZIMAppConfig()
        config.appID = 1
        config.appSign = "sign"
        let alice = try #require(ZIM.create(with: config, environment: world.environment()))
        let bob = try #require(ZIM.create(with: config, environment: world.environment()))
        for (zim, user) in [(alice, "alice"), (bob, "bob")] {
            let code = try await world.completion { done in
                zim.login(withUserID: user, config: ZIMLoginConfig()) { done($0.code) }
            }
            #expect(code == .ZIMErrorCodeSuccess)
        }
        let aliceDirectory = CallerDirectory()
        aliceDirectory.rename(to: "Alice", zim: alice)
        try await world.requireWhenIdle("the rename succeeds") { aliceDirectory.myName == "Alice" }
        let bobDirectory = CallerDirectory()
        bobDirectory.lookUp(["alice", "nobody"], zim: bob)
        try await world.requireWhenIdle("bob finds alice's name") {
            bobDirectory.names == ["alice": "Alice"] && bobDirectory.unknownUserIDs == ["nobody"]
        }
        // An empty list is refused (6000001): nothing is recorded.
        let refused = CallerDirectory()
        refused.lookUp([], zim: bob)
        await world.runUntilIdle()
        #expect(refused.names.isEmpty && refused.unknownUserIDs.isEmpty)
        alice.destroy()
        bob.destroy()
    }

    // MARK: Tencent

    @Test("CallStatusBell, written against import Combine, rings when a call comes in")
    func combineBell() async throws {
        let world = TestWorld()
        let alice = AtomicXInstance(environment: world.environment())
        let bob = AtomicXInstance(environment: world.environment())
        let bell = CallStatusBell(callStore: bob.callStore)
        try await login([(alice, "alice"), (bob, "bob")], in: world)
        let placed = try await world.completion { (done: @escaping @Sendable (Bool) -> Void) in
            alice.callStore.calls(participantIds: ["bob"], mediaType: .audio, params: nil) {
                if case .success = $0 { done(true) } else { done(false) }
            }
        }
        #expect(placed)
        await world.runUntilIdle()
        await drainMainQueue()
        #expect(bell.rings == 1)
    }

    @Test("GroupCallButton places a call through the TUICallKit facade; more than 8 callees fail with -1202")
    func callKitFacade() async throws {
        let world = TestWorld()
        let alice = AtomicXInstance(environment: world.environment())
        let bob = AtomicXInstance(environment: world.environment())
        let carol = AtomicXInstance(environment: world.environment())
        try await login([(alice, "alice"), (bob, "bob"), (carol, "carol")], in: world)
        let tooMany = GroupCallButton()
        tooMany.call((1...9).map { "user\($0)" }, kit: alice.callKit)
        await world.runUntilIdle()
        await drainMainQueue()
        #expect(tooMany.failure == "-1202 groupCall failed, currently supports call with up to 9 people")
        #expect(!tooMany.placed)
        let button = GroupCallButton()
        button.call(["bob", "carol"], kit: alice.callKit)
        await world.runUntilIdle()
        await drainMainQueue()
        #expect(button.placed && button.failure == nil)
        #expect(alice.callKit.settings.isMuteModeEnabled)
        #expect(bob.callStore.state.value.selfInfo.status == .waiting)
        #expect(carol.callStore.state.value.selfInfo.status == .waiting)
        #expect(alice.callStore.state.value.activeCall.mediaType == .video)
    }

    @Test("CallTimerLabel shows the active call's duration from the state stream, on the main queue")
    func callTimerLabel() async throws {
        let world = TestWorld()
        let instance = AtomicXInstance(environment: world.environment())
        let label = CallTimerLabel(callStore: instance.callStore)
        await drainMainQueue()
        #expect(label.text == "00:00")
    }

    @Test("RemoteVideoController hands a headless TUIVideoView to the engine, which reports it playing")
    func remoteVideoView() async throws {
        let world = TestWorld()
        let instance = AtomicXInstance(environment: world.environment())
        let controller = RemoteVideoController()
        controller.show("bob", engine: instance.callEngine)
        try await world.requireWhenIdle("bob's video plays") { controller.playing == ["bob"] }
        #expect(controller.remoteView.frame.size == CGSize(width: 360, height: 640))
    }

    // MARK: Every surface

    @Test("CallStateResponder hears the notification through a closure, not a selector")
    func notificationClosure() {
        let responder = CallStateResponder()
        NotificationCenter.default.post(name: .callStateRequested, object: nil, userInfo: ["peerId": "bob"])
        #expect(responder.answeredPeers == ["bob"])
    }

    @Test("dispatchPrecondition holds on the main queue, where Thread.isMainThread may not")
    func mainQueuePrecondition() async {
        let shown = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            DispatchQueue.main.async { done.resume(returning: showIncomingCall(from: "alice")) }
        }
        #expect(shown == "incoming call from alice")
    }
}

// MARK: - Test doubles

/// A screen that implements one call callback only.
private final class RingingScreen: NSObject, AgoraRtmCallDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []
    var callers: [String] { lock.withLock { received } }

    func rtmCallKit(_ callKit: AgoraRtmCallKit, remoteInvitationReceived remoteInvitation: AgoraRtmRemoteInvitation) {
        lock.withLock { received.append(remoteInvitation.callerId) }
    }
}

private final class RecordingEvents: CallScreenEvents {
    var callers: [String] = []

    func callScreen(didReceiveCallFrom callerId: String) {
        callers.append(callerId)
    }
}

/// Implements a callback its base class does not declare: the guide's pitfall.
private final class LateController: CallBaseController {
    func rtmCallKit(_ callKit: ARtmCallKit, remoteInvitationRefused remoteInvitation: ARtmRemoteInvitation) {
        screen = "refused"
    }
}

private final class ReceivedCalls: ZIMEventHandler {
    var callIDs: [String] = []

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        callIDs.append(callID)
    }
}

/// Logs each instance in as its user.
private func login(_ instances: [(AtomicXInstance, String)], in world: TestWorld) async throws {
    for (instance, name) in instances {
        let done = try await world.completion { (done: @escaping @Sendable (Bool) -> Void) in
            instance.loginStore.login(sdkAppID: 1_400_000_001, userID: name, userSig: "sig") {
                if case .success = $0 { done(true) } else { done(false) }
            }
        }
        #expect(done)
    }
}

/// Returns once every block the main queue held when it was called has run.
private func drainMainQueue() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { done.resume() }
    }
}
