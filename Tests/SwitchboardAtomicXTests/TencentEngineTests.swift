import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardTesting

// TUICallEngine: init, calls with TUICallParams, inviteUser, observers, callExperimentalAPI
// (docs/TENCENT.md, "The experimental API") and switchCallMediaType; and the queue everything is
// delivered on (docs/TENCENT.md, "Main-queue delivery").

/// An observer that keeps the `info` of the calls it hears of, and counts every callback.
final class ExtraInfoObserver: TUICallObserver, @unchecked Sendable {
    // @unchecked: the fields are behind a Mutex.
    struct Received: Sendable {
        let callId: String
        let roomId: String
        let intRoomId: UInt32
        let userData: String
        let role: TUICallRole
        let isEphemeral: Bool
    }

    private let store = Mutex<(received: [Received], begun: [TUICallRole], callbacks: Int)>(([], [], 0))
    var received: [Received] { store.withLock { $0.received } }
    var begun: [TUICallRole] { store.withLock { $0.begun } }
    var callbacks: Int { store.withLock { $0.callbacks } }
    let onDeinit: (@Sendable () -> Void)?

    init(onDeinit: (@Sendable () -> Void)? = nil) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit?() }

    func onCallReceived(_ callId: String, callerId: String, calleeIdList: [String], mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) {
        let entry = Received(callId: callId, roomId: info.roomId.strRoomId, intRoomId: info.roomId.intRoomId,
                             userData: info.userData, role: info.role, isEphemeral: info.isEphemeralCall)
        store.withLock { $0.received.append(entry); $0.callbacks += 1 }
    }
    func onCallBegin(callId: String, mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) {
        let role = info.role
        store.withLock { $0.begun.append(role); $0.callbacks += 1 }
    }
    func onCallEnd(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, totalTime: Float, info: TUICallObserverExtraInfo) {
        store.withLock { $0.callbacks += 1 }
    }
    func onCallNotConnected(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, info: TUICallObserverExtraInfo) {
        store.withLock { $0.callbacks += 1 }
    }
    func onUserJoin(userId: String) { store.withLock { $0.callbacks += 1 } }
    func onUserLeave(userId: String) { store.withLock { $0.callbacks += 1 } }
    func onError(code: Int32, message: String?) { store.withLock { $0.callbacks += 1 } }
}

@Suite("Tencent surface: TUICallEngine")
struct TencentEngineTests {
    @Test("`init`(_:userId:userSig:succ:fail:) logs in: LoginStore shows logined")
    func initLogsIn() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.awaiting.engineInit(in: world).isSuccess)
        #expect(alice.loginStore.state.value.loginStatus == .logined)
        #expect(alice.loginStore.state.value.loginUserInfo?.userID == "alice")
        #expect(alice.loginStore.sdkAppID == testSDKAppID)
        // A second init for the same user succeeds at once.
        #expect(try await alice.awaiting.engineInit(in: world).isSuccess)
        let bad = TencentUser("bob", in: world)
        #expect(try await bad.awaiting.engineInit(sdkAppID: 0, in: world).engineCode == -1202)
        #expect(bad.loginStore.state.value.loginStatus == .unlogin)
    }

    @Test("`init` with a refused UserSig fails with the IM code")
    func initRefused() async throws {
        let verified = VerifiedWorld()
        let alice = TencentUser("alice", in: verified.world)
        #expect(try await alice.awaiting.engineInit(sig: verified.userSig("bob"), in: verified.world).engineCode == 70003)
        #expect(try await alice.awaiting.engineInit(sig: verified.userSig("alice", expire: 1, issuedAgo: 10), in: verified.world)
                .engineCode == 70001)
        #expect(try await alice.awaiting.engineInit(sig: verified.userSig("alice"), in: verified.world).isSuccess)
    }

    @Test("calls(userIdList:callMediaType:params:) with TUICallParams: timeout, userData and roomId reach the callee")
    func callsWithParams() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        let info = ExtraInfoObserver()
        bob.engine.addObserver(info)
        #expect(try await alice.awaiting.engineInit(in: world).isSuccess)
        #expect(try await bob.awaiting.engineInit(in: world).isSuccess)

        let params = TUICallParams()
        params.timeout = 10
        params.userData = "hello"
        params.roomId.strRoomId = "room-7"
        #expect(try await alice.awaiting.engineCalls(["bob"], .video, params: params, in: world).isSuccess)
        let callID = alice.callID
        #expect(!callID.isEmpty)
        #expect(alice.events.contains("started \(callID) video"))
        #expect(alice.state.activeCall.roomId == "room-7")
        try await bob.waitFor("tui.received \(callID) caller=alice callees=bob video role=called", in: world)
        #expect(bob.events.contains("received \(callID) video data=hello"))
        #expect(bob.state.activeCall.roomId == "room-7")
        #expect(bob.state.activeCall.mediaType == .video)
        #expect(info.received.map(\.callId) == [callID])
        #expect(info.received.first?.roomId == "room-7")
        #expect(info.received.first?.userData == "hello")
        #expect(info.received.first?.role == .called)
        #expect(info.received.first?.isEphemeral == false)

        // The 10 s timeout: nothing at 9 s, no response after it.
        await world.advance(by: .seconds(9))
        await world.runUntilIdle()
        #expect(alice.events("tui.notConnected").isEmpty)
        #expect(bob.state.selfInfo.status == .waiting)
        await world.advance(by: .seconds(2))
        try await alice.waitFor("tui.noResponse bob", in: world)
        try await alice.waitFor("tui.notConnected \(callID) noResponse by=bob", in: world)
        try await bob.waitFor("tui.notConnected \(callID) noResponse by=bob", in: world)
        #expect(alice.state.selfInfo.status == .none)

        // Answered this time, through the engine on both sides.
        alice.clear()
        bob.clear()
        #expect(try await alice.awaiting.engineCalls(["bob"], .audio, params: nil, in: world).isSuccess)
        let second = alice.callID
        try await bob.waitFor(prefix: "tui.received \(second)", in: world)
        #expect(try await bob.awaiting.engineAccept(in: world).isSuccess)
        try await alice.waitFor("tui.begin \(second)", in: world)
        try await bob.waitFor("tui.begin \(second)", in: world)
        #expect(info.begun == [.called])
        await world.advance(by: .seconds(3))
        #expect(try await alice.awaiting.engineHangup(in: world).isSuccess)
        try await alice.waitFor("tui.end \(second) hangup by=alice total=3", in: world)
        try await bob.waitFor("tui.end \(second) hangup by=alice total=3", in: world)
        withExtendedLifetime(info) {}
    }

    @Test("TUIRoomId: the int form wins when both are set")
    func intRoomId() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        let info = ExtraInfoObserver()
        bob.engine.addObserver(info)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        let params = TUICallParams()
        params.roomId.intRoomId = 4242
        params.roomId.strRoomId = "ignored"
        #expect(try await alice.awaiting.engineCalls(["bob"], .audio, params: params, in: world).isSuccess)
        try await bob.waitFor(prefix: "tui.received", in: world)
        #expect(alice.state.activeCall.roomId == "4242")
        #expect(bob.state.activeCall.roomId == "4242")
        #expect(info.received.first?.roomId == "4242")
        withExtendedLifetime(info) {}
    }

    @Test("calls fails with -1202 for .unknown media or no one to call, -1201 logged out, -1203 while in a call")
    func callsRefused() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.awaiting.engineCalls(["bob"], .audio, params: nil, in: world).engineCode == -1201)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        #expect(try await alice.awaiting.engineCalls(["bob"], .unknown, params: nil, in: world).engineCode == -1202)
        #expect(try await alice.awaiting.engineCalls([], .audio, params: nil, in: world).engineCode == -1202)
        #expect(try await alice.awaiting.engineCalls(["alice"], .audio, params: nil, in: world).engineCode == -1202)
        await world.runUntilIdle()
        #expect(alice.events("started").isEmpty)
        #expect(alice.state.selfInfo.status == .none)
        try await alice.awaiting.connect(to: bob, in: world)
        #expect(try await alice.awaiting.engineCalls(["carol"], .audio, params: nil, in: world).engineCode == -1203)
    }

    @Test("inviteUser: succ gets the users invited; outside a connected call it fails")
    func inviteUser() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        let carol = TencentUser("carol", in: world)
        for user in [alice, bob, carol] { #expect(try await user.login(in: world).isSuccess) }
        #expect(try await alice.awaiting.engineInviteUser(["carol"], in: world).map { _ in () }.engineCode == -1203)
        let callID = try await alice.awaiting.connect(to: bob, in: world)

        let invited = try await alice.awaiting.engineInviteUser(["carol", "alice", "carol"], in: world)
        #expect(try invited.get() == ["carol"])
        try await carol.waitFor(prefix: "tui.received \(callID) caller=alice", in: world)
        try await alice.waitFor("tui.inviting carol", in: world)
        #expect(try await alice.awaiting.engineInviteUser(["alice"], in: world).map { _ in () }.engineCode == -1202)
        #expect(try await carol.accept(in: world).isSuccess)
        try await alice.waitFor("tui.join carol", in: world)
        try await alice.waitUntil("three in the call", in: world) { state in
            state.allParticipants.map(\.id).sorted() == ["alice", "bob", "carol"]
                && state.allParticipants.allSatisfy { $0.status == .accept }
        }
    }

    @Test("a removed observer hears nothing; adding one twice delivers once; observers are held weakly")
    func observers() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)

        let kept = ExtraInfoObserver()
        let removed = ExtraInfoObserver()
        bob.engine.addObserver(kept)
        bob.engine.addObserver(kept)
        bob.engine.addObserver(removed)
        bob.engine.removeObserver(removed)
        let released = Collected<Bool>()
        do {
            let temporary = ExtraInfoObserver(onDeinit: { released.append(true) })
            bob.engine.addObserver(temporary)
        }
        // The engine does not keep the observer alive.
        #expect(released.all == [true])

        #expect(try await alice.calls(["bob"], .audio, in: world).isSuccess)
        let callID = alice.callID
        try await bob.waitFor("tui.received \(callID) caller=alice callees=bob audio role=called", in: world)
        await world.runUntilIdle()
        #expect(kept.received.map(\.callId) == [callID])
        #expect(removed.callbacks == 0)

        // The TencentUser itself is removed: its log stops; `kept` still hears.
        bob.engine.removeObserver(bob)
        bob.clear()
        #expect(try await alice.hangup(in: world).isSuccess)
        try await bob.waitFor("ended \(callID) audio canceled by=alice", in: world)
        try await world.requireWhenIdle("kept hears the end") { kept.callbacks == 2 }
        await world.runUntilIdle()
        #expect(bob.events("tui.").isEmpty)
        #expect(removed.callbacks == 0)
        withExtendedLifetime((kept, removed)) {}
    }

    @Test("callExperimentalAPI(jsonObject:) applies each of the five apis to experimentalSettings")
    func experimentalAPIs() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let engine = alice.engine
        #expect(engine.experimentalSettings == ExperimentalSettings())

        engine.callExperimentalAPI(jsonObject: #"{"api":"forceUseV2API","params":{"enable":true}}"#)
        #expect(engine.experimentalSettings.forceUseV2API)
        engine.callExperimentalAPI(jsonObject: #"{"api":"setFramework","params":{"framework":1,"component":14,"language":3}}"#)
        #expect(engine.experimentalSettings.framework == .iOSNative)
        engine.callExperimentalAPI(jsonObject: #"{"api":"setExcludeFromHistoryMessage","params":{"excludeFromHistoryMessage":true}}"#)
        #expect(engine.experimentalSettings.excludeFromHistoryMessage)
        engine.callExperimentalAPI(jsonObject: #"""
            {"api": "configPictureInPicture", "params": {"enable": true, "cameraBackgroundCapture": false,
             "canvas": {"width": 720, "height": 1280, "backgroundColor": "#111111"},
             "regions": [{"userId": "alice", "width": 1, "height": 1, "x": 0, "y": 0, "fillMode": 0, "streamType": "high"}]}}
            """#)
        #expect(engine.experimentalSettings.pictureInPicture == PictureInPictureConfig(
            enable: true, cameraBackgroundCapture: false,
            canvas: .init(width: 720, height: 1280, backgroundColor: "#111111"),
            regions: [.init(userId: "alice", width: 1, height: 1, x: 0, y: 0, fillMode: .fill, streamType: .high)]))
        engine.callExperimentalAPI(jsonObject: #"{"api":"enablePictureInPicture","params":{"enable":true}}"#)
        #expect(engine.experimentalSettings.pictureInPictureEnabled)

        #expect(engine.experimentalSettings == ExperimentalSettings(
            forceUseV2API: true, framework: .iOSNative, excludeFromHistoryMessage: true,
            pictureInPicture: engine.experimentalSettings.pictureInPicture, pictureInPictureEnabled: true))
        await world.runUntilIdle()
        #expect(alice.events("tui.error").isEmpty)
        // Switching back off.
        engine.callExperimentalAPI(jsonObject: #"{"api":"forceUseV2API","params":{"enable":false}}"#)
        #expect(!engine.experimentalSettings.forceUseV2API)
    }

    @Test("an unknown api, malformed JSON or bad params: onError -1202 and experimentalSettings unchanged", arguments: [
        #"{"api":"setPrivateConfig","params":{"key":"value"}}"#,
        #"{"api":"forceUseV2API","params":{"enable":"yes"}}"#,
        #"{"api":"forceUseV2API"}"#,
        #"{"api":"setFramework","params":{"framework":1}}"#,
        #"{"api":"forceUseV2API","params":{"enable":true}"#,
        "",
        "not json",
    ])
    func experimentalRefused(json: String) async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let engine = alice.engine
        engine.callExperimentalAPI(jsonObject: #"{"api":"enablePictureInPicture","params":{"enable":true}}"#)
        let before = engine.experimentalSettings
        engine.callExperimentalAPI(jsonObject: json)
        try await alice.waitFor(prefix: "tui.error -1202 ", in: world)
        await world.runUntilIdle()
        #expect(alice.events("tui.error").count == 1)
        #expect(engine.experimentalSettings == before)
        do throws(ExperimentalAPIError) {
            _ = try ExperimentalAPICall.parse(json)
            Issue.record("the document parses: \(json)")
        } catch {
            #expect(alice.events("tui.error") == ["tui.error -1202 \(error.message)"])
        }
    }

    @Test("switchCallMediaType during a call: onCallMediaTypeChanged old->new, once per change; outside a call, nothing")
    func switchMediaType() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        alice.engine.switchCallMediaType(.audio)
        await world.runUntilIdle()
        #expect(alice.events("tui.mediaType").isEmpty)

        try await alice.awaiting.connect(to: bob, .video, in: world)
        alice.engine.switchCallMediaType(.audio)
        try await alice.waitFor("tui.mediaType video->audio", in: world)
        alice.engine.switchCallMediaType(.audio)
        alice.engine.switchCallMediaType(.unknown)
        alice.engine.switchCallMediaType(.video)
        try await alice.waitFor("tui.mediaType audio->video", in: world)
        await world.runUntilIdle()
        #expect(alice.events("tui.mediaType") == ["tui.mediaType video->audio", "tui.mediaType audio->video"])
    }
}

// MARK: - Delivery queue

/// Checks that callbacks run on one queue (tagged with a queue-specific value).
final class QueueProbe: Sendable {
    private let key = DispatchSpecificKey<String>()
    private let name: String
    private let hits = Mutex<[String]>([])
    private let strays = Mutex<[String]>([])

    init(_ queue: DispatchQueue, name: String) {
        self.name = name
        queue.setSpecific(key: key, value: name)
    }

    func check(_ what: String) {
        if DispatchQueue.getSpecific(key: key) == name {
            hits.withLock { $0.append(what) }
        } else {
            strays.withLock { $0.append(what) }
        }
    }

    var onQueue: [String] { hits.withLock { $0 } }
    var offQueue: [String] { strays.withLock { $0 } }
}

/// Records where the engine's observer callbacks run.
final class ProbingObserver: TUICallObserver, Sendable {
    let probe: QueueProbe
    init(_ probe: QueueProbe) { self.probe = probe }
    func onCallReceived(_ callId: String, callerId: String, calleeIdList: [String], mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) { probe.check("tui.received") }
    func onCallBegin(callId: String, mediaType: TUICallMediaType, info: TUICallObserverExtraInfo) { probe.check("tui.begin") }
    func onCallEnd(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, totalTime: Float, info: TUICallObserverExtraInfo) { probe.check("tui.end") }
    func onCallNotConnected(callId: String, mediaType: TUICallMediaType, reason: TUICallEndReason, userId: String, info: TUICallObserverExtraInfo) { probe.check("tui.notConnected") }
    func onUserAudioAvailable(userId: String, isAudioAvailable: Bool) { probe.check("tui.audio") }
    func onError(code: Int32, message: String?) { probe.check("tui.error") }
    func onCallMediaTypeChanged(oldCallMediaType: TUICallMediaType, newCallMediaType: TUICallMediaType) { probe.check("tui.mediaType") }
    func onKickedOffline() { probe.check("tui.kicked") }
}

@Suite("Tencent surface: delivery queue")
struct TencentDeliveryTests {
    @Test("with a callback queue in the environment, every completion, sink and observer callback runs on it")
    func customQueue() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        let probe = QueueProbe(alice.queue, name: "alice-queue")
        let observer = ProbingObserver(probe)
        alice.engine.addObserver(observer)
        var cancellables = Set<AnyCancellable>()
        // Subscribing on the queue, so that the synchronous current value is delivered there too.
        alice.queue.sync {
            alice.callStore.state.subscribe().sink { _ in probe.check("call state") }.store(in: &cancellables)
            alice.loginStore.state.subscribe().sink { _ in probe.check("login state") }.store(in: &cancellables)
            alice.deviceStore.state.subscribe().sink { _ in probe.check("device state") }.store(in: &cancellables)
        }
        alice.callStore.callEventPublisher.sink { _ in probe.check("call event") }.store(in: &cancellables)
        alice.loginStore.loginEventPublisher.sink { _ in probe.check("login event") }.store(in: &cancellables)

        func completion(_ what: String) -> CompletionClosure { { _ in probe.check(what) } }
        func succ(_ what: String) -> TUICallSucc { { probe.check(what) } }
        func fail(_ what: String) -> TUICallFail { { _, _ in probe.check(what) } }

        alice.loginStore.login(sdkAppID: -1, userID: "alice", userSig: "sig", completion: completion("bad login"))
        alice.loginStore.login(sdkAppID: testSDKAppID, userID: "alice", userSig: "sig", completion: completion("login"))
        #expect(try await bob.login(in: world).isSuccess)
        try await world.requireWhenIdle("alice logged in") { probe.onQueue.contains("login") }
        alice.loginStore.setSelfInfo(userProfile: UserProfile(userID: "", nickname: "Alice"), completion: completion("setSelfInfo"))
        alice.deviceStore.openLocalMicrophone(completion: completion("open microphone"))
        alice.deviceStore.simulateDeviceError(.noSystemPermission, for: .camera)
        alice.deviceStore.openLocalCamera(isFront: true, completion: completion("open camera"))
        alice.engine.calls(userIdList: ["bob"], callMediaType: .unknown, params: nil, succ: succ("bad calls succ"), fail: fail("bad calls"))
        alice.callStore.calls(participantIds: ["bob"], callMediaType: .audio, params: nil, completion: completion("calls"))
        try await bob.waitFor(prefix: "received", in: world)
        #expect(try await bob.accept(in: world).isSuccess)
        try await world.requireWhenIdle("alice's call began") { probe.onQueue.contains("tui.begin") }
        alice.engine.switchCallMediaType(.video)
        alice.engine.inviteUser(userIdList: [], params: TUICallParams(), succ: { _ in probe.check("invite succ") },
                                fail: fail("invite"))
        alice.engine.hangup(succ: succ("hangup"), fail: fail("hangup fail"))
        try await world.requireWhenIdle("alice's call ended") { probe.onQueue.contains("tui.end") }
        alice.callStore.queryRecentCalls(cursor: "", count: 10, completion: completion("query"))
        alice.callStore.deleteRecentCalls(callIdList: [], completion: completion("delete"))
        alice.engine.queryRecentCalls(filter: TUICallRecentCallsFilter(), succ: { _ in probe.check("engine query") },
                                      fail: { probe.check("engine query fail") })
        alice.engine.callExperimentalAPI(jsonObject: "{}")
        alice.engine.setVideoRenderParams(userId: "bob", params: TUIVideoRenderParams(), succ: succ("render params"),
                                          fail: fail("render params fail"))
        alice.engine.setVideoEncoderParams(TUIVideoEncoderParams(), succ: succ("encoder params"), fail: fail("encoder params fail"))
        alice.engine.setBeautyLevel(0.5, succ: succ("beauty"), fail: fail("beauty fail"))
        alice.engine.startRemoteView(userId: "bob", videoView: TUIVideoView(), onPlaying: { _ in probe.check("playing") },
                                     onLoading: { _ in probe.check("loading") }, onError: { _, _, _ in probe.check("view error") })
        // Answers that arrive after a logout are failures of the login that ended; wait for them first.
        try await world.requireWhenIdle("the queries are answered") {
            Set(["query", "engine query"]).isSubset(of: Set(probe.onQueue + probe.offQueue))
        }
        alice.loginStore.logout(completion: completion("logout"))

        // tui.received is the callee's (alice is the caller: she hears begin and end).
        let wanted = ["bad login", "login", "setSelfInfo", "open microphone", "open camera", "bad calls", "calls",
                      "invite", "hangup", "query", "delete", "engine query", "render params", "encoder params", "beauty",
                      "playing", "logout", "tui.begin", "tui.end", "tui.error", "tui.mediaType", "call state",
                      "login state", "device state", "call event"]
        try await world.requireWhenIdle("every callback ran") {
            Set(wanted).isSubset(of: Set(probe.onQueue + probe.offQueue))
        }
        await world.runUntilIdle()
        #expect(probe.offQueue.isEmpty)
        withExtendedLifetime((cancellables, observer)) {}
    }

    @Test("without a callback queue in the environment, state, events and completions arrive on the main queue")
    func mainQueueByDefault() async throws {
        // Under `swift test` on Linux the main dispatch queue is drained (see StatePublisherTests), so the
        // default can be observed through a queue-specific value on it.
        let world = TestWorld()
        let environment = world.environment(callbackQueue: nil)
        #expect(environment.callbackQueue == nil)
        let instance = AtomicXInstance(environment: environment)
        let probe = QueueProbe(DispatchQueue.main, name: "main")
        var cancellables = Set<AnyCancellable>()
        let states = Collected<LoginStatus>()
        instance.loginStore.state.subscribe(StatePublisherSelector(keyPath: \LoginState.loginStatus))
            .sink { status in
                states.append(status)
                if status == .logined { probe.check("login state") }
            }
            .store(in: &cancellables)
        let outcome = try await world.completion { done in
            instance.loginStore.login(sdkAppID: testSDKAppID, userID: "dora", userSig: "sig") { result in
                probe.check("login")
                done(Box(result))
            }
        }.value
        #expect(outcome.isSuccess)
        let opened = try await world.completion { done in
            instance.deviceStore.openLocalMicrophone { result in
                probe.check("open microphone")
                done(Box(result))
            }
        }.value
        #expect(opened.isSuccess)
        #expect(states.all == [.unlogin, .logined])
        #expect(probe.onQueue == ["login state", "login", "open microphone"])
        #expect(probe.offQueue.isEmpty)
        withExtendedLifetime(cancellables) {}
    }
}

/// The vendor's delivery idioms against the process singletons, unchanged (compiled, never called):
/// state and events arrive on the main queue, and KIT4 still hops with `receive(on:)`.
private final class SeedDeliveryCompiles {
    private var cancellables = Set<AnyCancellable>()

    func statements() {
        CallStore.shared.state.subscribe(StatePublisherSelector<CallState, String>(keyPath: \.activeCall.callId))
            .receive(on: RunLoop.main).sink { callId in _ = callId }.store(in: &cancellables)
        CallStore.shared.callEventPublisher.receive(on: DispatchQueue.main).sink { event in
            dispatchPrecondition(condition: .onQueue(.main))
            _ = event
        }.store(in: &cancellables)
        LoginStore.shared.state.subscribe().sink { loginState in
            dispatchPrecondition(condition: .onQueue(.main))
            _ = loginState.loginStatus
        }.store(in: &cancellables)
        let engine = TUICallEngine.createInstance()
        engine.`init`(1400000001, userId: "alice", userSig: "sig") {
            dispatchPrecondition(condition: .onQueue(.main))
        } fail: { code, message in
            _ = (code, message)
        }
    }
}
