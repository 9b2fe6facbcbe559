/// AtomicXCore `DeviceStore` (DocC `devicestore.json`): microphone, camera, audio route,
/// screen share and their state.
///
/// Linux has no capture devices here, so the devices are modelled as state: opening one succeeds and
/// sets its status, unless the app simulates a failure with ``simulateDeviceError(_:for:)`` (then the
/// completion fails with TRTC's code and `microphoneLastError` / `cameraLastError` say why). What the
/// call needs does travel: while in a call, the microphone and camera state reach every other
/// participant (`allParticipants[].isMicrophoneOpened` / `isCameraOpened`, `onUserAudioAvailable` /
/// `onUserVideoAvailable`).
public final class DeviceStore: Sendable {
    let client: TencentClient

    init(client: TencentClient) {
        self.client = client
    }

    /// AtomicXCore `DeviceStore.shared`: the process's store (``AtomicXInstance/shared``).
    public static var shared: DeviceStore { AtomicXInstance.shared.deviceStore }

    /// AtomicXCore `DeviceStore.state`.
    public var state: StatePublisher<DeviceState> { client.deviceState }

    /// AtomicXCore `openLocalMicrophone(completion:)`.
    public func openLocalMicrophone(completion: CompletionClosure?) {
        client.openMicrophone(completion: sendable(completion))
    }

    /// AtomicXCore `closeLocalMicrophone()`.
    public func closeLocalMicrophone() {
        client.closeMicrophone()
    }

    /// AtomicXCore `setCaptureVolume(volume:)`: 0…100 (clamped).
    public func setCaptureVolume(volume: Int) {
        client.updateDevices { $0.captureVolume = min(max(volume, 0), 100) }
    }

    /// AtomicXCore `setOutputVolume(_:)`: 0…100 (clamped).
    public func setOutputVolume(_ volume: Int) {
        client.updateDevices { $0.outputVolume = min(max(volume, 0), 100) }
    }

    /// AtomicXCore `openLocalCamera(isFront:completion:)`.
    public func openLocalCamera(isFront: Bool, completion: CompletionClosure?) {
        client.openCamera(isFront: isFront, completion: sendable(completion))
    }

    /// AtomicXCore `closeLocalCamera()`.
    public func closeLocalCamera() {
        client.closeCamera()
    }

    /// AtomicXCore `switchCamera(isFront:)`.
    public func switchCamera(isFront: Bool) {
        client.updateDevices { $0.isFrontCamera = isFront }
    }

    /// AtomicXCore `switchMirror(mirrorType:)`.
    public func switchMirror(mirrorType: MirrorType) {
        client.updateDevices { $0.localMirrorType = mirrorType }
    }

    /// AtomicXCore `updateVideoQuality(_:)`.
    public func updateVideoQuality(_ quality: VideoQuality) {
        client.updateDevices { $0.localVideoQuality = quality }
    }

    /// AtomicXCore `setAudioRoute(_:)`.
    public func setAudioRoute(_ route: AudioRoute) {
        client.updateDevices { $0.currentAudioRoute = route }
    }

    /// AtomicXCore `startScreenShare(appGroup:)`: `screenStatus` on (modelled; nothing is captured).
    public func startScreenShare(appGroup: String) {
        client.updateDevices { $0.screenStatus = .on }
    }

    /// AtomicXCore `stopScreenShare()`.
    public func stopScreenShare() {
        client.updateDevices { $0.screenStatus = .off }
    }

    /// AtomicXCore `startCameraTest(cameraView:completion:)`: opens the camera for a preview (rendered
    /// nowhere: docs/TENCENT.md, "Headless UIKit").
    public func startCameraTest(cameraView: UIView, completion: CompletionClosure?) {
        client.openCamera(isFront: state.value.isFrontCamera, completion: sendable(completion))
    }

    /// AtomicXCore `stopCameraTest()`.
    public func stopCameraTest() {
        client.closeCamera()
    }

    /// AtomicXCore `reset()`: every device closed, every setting back to its default.
    public func reset() {
        client.updateDevices { $0 = DeviceState() }
    }

    /// Switchboard addition: makes opening `device` fail with `error` from now on, as a missing,
    /// forbidden or busy device would (`.noError` lets it open again). Linux has no capture devices;
    /// this is how apps and tests reach the error paths.
    public func simulateDeviceError(_ error: DeviceError, for device: DeviceType) {
        client.simulateDeviceError(error, for: device)
    }
}
