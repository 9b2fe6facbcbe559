import Dispatch
import Foundation
import Testing
import SwitchboardAtomicX
import SwitchboardTesting

// DeviceStore (docs/TENCENT.md, "Devices"): the local devices as state, simulated failures, and the
// microphone and camera travelling to the other participants of a call.

@Suite("Tencent surface: DeviceStore")
struct TencentDeviceTests {
    @Test("a new store starts with everything off and the documented defaults")
    func defaults() {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let state = alice.deviceStore.state.value
        #expect(state.microphoneStatus == .off)
        #expect(state.microphoneLastError == .noError)
        #expect(state.cameraStatus == .off)
        #expect(state.cameraLastError == .noError)
        #expect(state.captureVolume == 100)
        #expect(state.outputVolume == 100)
        #expect(state.currentMicVolume == 0)
        #expect(state.isFrontCamera)
        #expect(state.localMirrorType == .auto)
        #expect(state.localVideoQuality == .quality360P)
        #expect(state.currentAudioRoute == .speakerphone)
        #expect(state.screenStatus == .off)
        #expect(state.networkType == .unknown)
    }

    @Test("microphone and camera open and close, without a login; the state shows it")
    func openAndClose() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        #expect(try await alice.awaiting.openMicrophone(in: world).isSuccess)
        // Published before the completion runs.
        #expect(store.state.value.microphoneStatus == .on)
        #expect(try await alice.awaiting.openCamera(isFront: false, in: world).isSuccess)
        #expect(store.state.value.cameraStatus == .on)
        #expect(!store.state.value.isFrontCamera)

        store.switchCamera(isFront: true)
        try await alice.awaiting.devices("front camera", in: world) { $0.isFrontCamera }
        #expect(store.state.value.cameraStatus == .on)

        store.closeLocalMicrophone()
        try await alice.awaiting.devices("microphone off", in: world) { $0.microphoneStatus == .off }
        store.closeLocalCamera()
        try await alice.awaiting.devices("camera off", in: world) { $0.cameraStatus == .off }
        #expect(store.state.value.microphoneLastError == .noError)
        #expect(store.state.value.cameraLastError == .noError)
    }

    @Test("audio route, mirror, video quality and screen share are reflected in the state")
    func settings() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        store.setAudioRoute(.earpiece)
        try await alice.awaiting.devices("earpiece", in: world) { $0.currentAudioRoute == .earpiece }
        store.setAudioRoute(.speakerphone)
        try await alice.awaiting.devices("speakerphone", in: world) { $0.currentAudioRoute == .speakerphone }
        for mirror in [MirrorType.enable, .disable, .auto] {
            store.switchMirror(mirrorType: mirror)
            try await alice.awaiting.devices("mirror \(mirror)", in: world) { $0.localMirrorType == mirror }
        }
        for quality in [VideoQuality.quality1080P, .quality720P, .quality540P, .quality360P] {
            store.updateVideoQuality(quality)
            try await alice.awaiting.devices("quality \(quality)", in: world) { $0.localVideoQuality == quality }
        }
        store.startScreenShare(appGroup: "group.com.example.call")
        try await alice.awaiting.devices("screen on", in: world) { $0.screenStatus == .on }
        store.stopScreenShare()
        try await alice.awaiting.devices("screen off", in: world) { $0.screenStatus == .off }
    }

    @Test("volumes are kept within 0…100", arguments: [(42, 42), (0, 0), (100, 100), (150, 100), (-5, 0), (Int.max, 100), (Int.min, 0)])
    func volumes(set: Int, expected: Int) async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        // Move away from the expected value first, so that the wait sees this change.
        store.setCaptureVolume(volume: expected == 50 ? 51 : 50)
        store.setOutputVolume(expected == 50 ? 51 : 50)
        store.setCaptureVolume(volume: set)
        store.setOutputVolume(set)
        try await alice.awaiting.devices("volumes \(expected)", in: world) {
            $0.captureVolume == expected && $0.outputVolume == expected
        }
        await world.runUntilIdle()
        #expect(store.state.value.captureVolume == expected)
        #expect(store.state.value.outputVolume == expected)
    }

    @Test("reset closes every device and restores every default")
    func reset() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        #expect(try await alice.awaiting.openMicrophone(in: world).isSuccess)
        #expect(try await alice.awaiting.openCamera(isFront: false, in: world).isSuccess)
        store.setAudioRoute(.earpiece)
        store.switchMirror(mirrorType: .enable)
        store.updateVideoQuality(.quality1080P)
        store.setCaptureVolume(volume: 10)
        store.setOutputVolume(20)
        store.startScreenShare(appGroup: "group")
        try await alice.awaiting.devices("all set", in: world) { $0.screenStatus == .on && $0.outputVolume == 20 }
        store.reset()
        try await alice.awaiting.devices("reset", in: world) { state in
            state.microphoneStatus == .off && state.cameraStatus == .off && state.screenStatus == .off
                && state.currentAudioRoute == .speakerphone && state.localMirrorType == .auto
                && state.localVideoQuality == .quality360P && state.captureVolume == 100 && state.outputVolume == 100
                && state.isFrontCamera && state.microphoneLastError == .noError && state.cameraLastError == .noError
        }
    }

    @Test("a simulated camera permission error makes openLocalCamera fail with -1314; .noError lets it open again")
    func cameraPermission() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        store.simulateDeviceError(.noSystemPermission, for: .camera)
        let failed = try await alice.awaiting.openCamera(in: world)
        #expect(failed.infoCode == -1314)
        #expect(store.state.value.cameraStatus == .off)
        #expect(store.state.value.cameraLastError == .noSystemPermission)
        // The microphone is not affected.
        #expect(try await alice.awaiting.openMicrophone(in: world).isSuccess)
        #expect(store.state.value.microphoneLastError == .noError)

        store.simulateDeviceError(.noError, for: .camera)
        #expect(try await alice.awaiting.openCamera(in: world).isSuccess)
        #expect(store.state.value.cameraStatus == .on)
        #expect(store.state.value.cameraLastError == .noError)
    }

    @Test("simulated errors fail with TRTC's codes and set the device's last error", arguments: [
        (DeviceType.camera, DeviceError.noSystemPermission, -1314), (.camera, .occupiedError, -1316),
        (.camera, .noDeviceDetected, -1301), (.camera, .unknownError, -1301),
        (.microphone, .noSystemPermission, -1317), (.microphone, .occupiedError, -1319),
        (.microphone, .notSupportCapture, -1302),
    ])
    func simulatedErrors(device: DeviceType, error: DeviceError, code: Int) async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        store.simulateDeviceError(error, for: device)
        if device == .camera {
            #expect(try await alice.awaiting.openCamera(in: world).infoCode == code)
            #expect(store.state.value.cameraStatus == .off)
            #expect(store.state.value.cameraLastError == error)
        } else {
            #expect(try await alice.awaiting.openMicrophone(in: world).infoCode == code)
            #expect(store.state.value.microphoneStatus == .off)
            #expect(store.state.value.microphoneLastError == error)
        }
    }

    @Test("a device that was on and fails to reopen is off")
    func failingWhileOn() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        #expect(try await alice.awaiting.openMicrophone(in: world).isSuccess)
        store.simulateDeviceError(.occupiedError, for: .microphone)
        #expect(try await alice.awaiting.openMicrophone(in: world).infoCode == -1319)
        #expect(store.state.value.microphoneStatus == .off)
        #expect(store.state.value.microphoneLastError == .occupiedError)
    }

    @Test("the device state is observable: each change reaches a subscriber, deduplicated by selector")
    func observable() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let store = alice.deviceStore
        let statuses = Collected<DeviceStatus>()
        var cancellables = Set<AnyCancellable>()
        store.state.subscribe().map { $0.cameraStatus }.removeDuplicates().receive(on: alice.queue)
            .sink { statuses.append($0) }
            .store(in: &cancellables)
        #expect(try await alice.awaiting.openCamera(in: world).isSuccess)
        store.setAudioRoute(.earpiece)
        store.closeLocalCamera()
        try await alice.awaiting.devices("camera off", in: world) { $0.cameraStatus == .off && $0.currentAudioRoute == .earpiece }
        await world.runUntilIdle()
        alice.queue.sync {}
        #expect(statuses.all == [.off, .on, .off])
        withExtendedLifetime(cancellables) {}
    }

    @Test("TUICallEngine's device calls drive the same DeviceStore")
    func engineDevices() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let engine = alice.engine
        #expect(try await alice.awaiting.engineOpenCamera(.back, in: world).isSuccess)
        #expect(alice.deviceStore.state.value.cameraStatus == .on)
        #expect(!alice.deviceStore.state.value.isFrontCamera)
        engine.switchCamera(.front)
        try await alice.awaiting.devices("front", in: world) { $0.isFrontCamera }
        #expect(try await alice.awaiting.engineOpenMicrophone(in: world).isSuccess)
        #expect(alice.deviceStore.state.value.microphoneStatus == .on)
        engine.selectAudioPlaybackDevice(.earpiece)
        try await alice.awaiting.devices("earpiece", in: world) { $0.currentAudioRoute == .earpiece }
        engine.closeMicrophone()
        engine.closeCamera()
        try await alice.awaiting.devices("closed", in: world) { $0.microphoneStatus == .off && $0.cameraStatus == .off }
        alice.deviceStore.simulateDeviceError(.noSystemPermission, for: .camera)
        #expect(try await alice.awaiting.engineOpenCamera(.front, in: world).engineCode == -1314)
    }
}

@Suite("Tencent surface: media in a call")
struct TencentMediaTests {
    @Test("alice opens and closes her microphone and camera: bob's participants and observer follow, and her selfInfo")
    func mediaTravels() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        try await alice.awaiting.connect(to: bob, .video, in: world)
        #expect(bob.state.allParticipants.first { $0.id == "alice" }?.isMicrophoneOpened == false)
        #expect(bob.state.allParticipants.first { $0.id == "alice" }?.isCameraOpened == false)
        bob.clear()

        #expect(try await alice.awaiting.openMicrophone(in: world).isSuccess)
        #expect(alice.state.selfInfo.isMicrophoneOpened)
        #expect(alice.state.allParticipants.first { $0.id == "alice" }?.isMicrophoneOpened == true)
        #expect(try await alice.awaiting.openCamera(in: world).isSuccess)
        #expect(alice.state.selfInfo.isCameraOpened)
        try await bob.waitFor("tui.audio alice true", in: world)
        try await bob.waitFor("tui.video alice true", in: world)
        try await bob.waitUntil("bob shows alice's media on", in: world) { state in
            state.allParticipants.contains { $0.id == "alice" && $0.isMicrophoneOpened && $0.isCameraOpened }
        }

        alice.deviceStore.closeLocalMicrophone()
        try await bob.waitFor("tui.audio alice false", in: world)
        try await bob.waitUntil("bob shows alice's microphone off", in: world) { state in
            state.allParticipants.contains { $0.id == "alice" && !$0.isMicrophoneOpened && $0.isCameraOpened }
        }
        #expect(!alice.state.selfInfo.isMicrophoneOpened)
        alice.deviceStore.closeLocalCamera()
        try await bob.waitFor("tui.video alice false", in: world)
        try await bob.waitUntil("bob shows alice's camera off", in: world) { state in
            state.allParticipants.contains { $0.id == "alice" && !$0.isMicrophoneOpened && !$0.isCameraOpened }
        }
        #expect(!alice.state.selfInfo.isCameraOpened)
        await world.runUntilIdle()
        #expect(bob.events.filter { $0.hasPrefix("tui.audio") || $0.hasPrefix("tui.video") } == [
            "tui.audio alice true", "tui.video alice true", "tui.audio alice false", "tui.video alice false",
        ])
        // A setting that is not media (the audio route) does not travel.
        bob.clear()
        alice.deviceStore.setAudioRoute(.earpiece)
        await world.runUntilIdle()
        #expect(bob.events.isEmpty)
    }

    @Test("devices opened before the call show from its start, on both sides")
    func openedBefore() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        #expect(try await alice.login(in: world).isSuccess)
        #expect(try await bob.login(in: world).isSuccess)
        #expect(try await alice.awaiting.openCamera(in: world).isSuccess)
        #expect(try await bob.awaiting.openMicrophone(in: world).isSuccess)
        #expect(try await alice.calls(["bob"], .video, in: world).isSuccess)
        #expect(alice.state.selfInfo.isCameraOpened)
        try await bob.waitFor(prefix: "received", in: world)
        try await bob.waitUntil("bob sees alice's camera while ringing", in: world) { state in
            state.allParticipants.contains { $0.id == "alice" && $0.isCameraOpened && !$0.isMicrophoneOpened }
        }
        #expect(bob.state.selfInfo.isMicrophoneOpened)
        #expect(try await bob.accept(in: world).isSuccess)
        try await alice.waitUntil("alice sees bob's microphone once he answered", in: world) { state in
            state.allParticipants.contains { $0.id == "bob" && $0.isMicrophoneOpened && !$0.isCameraOpened }
        }
        try await alice.waitFor("tui.audio bob true", in: world)
    }
}

// MARK: - The seed's DeviceStore statements (compiled, never called)

/// GUIDE-IOS's device-control idioms, unchanged. Never called: they touch the process singletons.
private final class SeedDeviceViewController {
    private var cancellables = Set<AnyCancellable>()

    func seedDeviceStatementsCompile() {
        DeviceStore.shared.state.subscribe().map { $0.cameraStatus }.removeDuplicates().receive(on: DispatchQueue.main).sink { status in
            _ = status == .on
        }.store(in: &cancellables)
        DeviceStore.shared.state.subscribe(StatePublisherSelector { $0.microphoneStatus == .off })
            .receive(on: RunLoop.main)
            .sink { isOff in _ = isOff }
            .store(in: &cancellables)
        DeviceStore.shared.state.subscribe(StatePublisherSelector<DeviceState, NetworkType>(keyPath: \.networkType))
            .sink { type in
                switch type {
                case .cellular, .wifi, .unknown: break
                }
            }
            .store(in: &cancellables)
        DeviceStore.shared.openLocalMicrophone(completion: nil)
        DeviceStore.shared.openLocalCamera(isFront: true) { result in
            if case .failure(let error) = result { _ = (error.code, error.message) }
        }
        DeviceStore.shared.setAudioRoute(.speakerphone)
        DeviceStore.shared.setCaptureVolume(volume: 80)
        DeviceStore.shared.setOutputVolume(80)
        DeviceStore.shared.switchCamera(isFront: false)
        DeviceStore.shared.switchMirror(mirrorType: .enable)
        DeviceStore.shared.updateVideoQuality(.quality720P)
        DeviceStore.shared.startCameraTest(cameraView: UIView(), completion: nil)
        DeviceStore.shared.stopCameraTest()
        DeviceStore.shared.closeLocalCamera()
        DeviceStore.shared.closeLocalMicrophone()
        DeviceStore.shared.reset()
    }
}
