// Swift mirrors of the AtomicXCore DeviceStore types (DocC `devicestate.json` and the enum pages, whose
// tables give the raw values) plus the 4.x `NetworkType` (docs/TENCENT.md, "NetworkType").
// DocC gives no defaults for `DeviceState()`; the module's are noted on each field
// (docs/TENCENT.md, "DeviceState defaults"): devices off, no error, the case with raw value 0 where one
// exists, and the vendor kit's front camera and 100 % volumes where a zero value would mean something else.

/// AtomicXCore `DeviceStatus: Int` (DocC `devicestatus.json`): whether a device is on.
public enum DeviceStatus: Int, Sendable, CaseIterable {
    /// AtomicXCore `DeviceStatus.off` (0): off.
    case off = 0
    /// AtomicXCore `DeviceStatus.on` (1): on.
    case on = 1
}

/// AtomicXCore `DeviceError: Int` (DocC `deviceerror.json`): the last error of a device.
public enum DeviceError: Int, Sendable, CaseIterable {
    /// AtomicXCore `DeviceError.noError` (0): no error.
    case noError = 0
    /// AtomicXCore `DeviceError.noDeviceDetected` (1): no such device.
    case noDeviceDetected = 1
    /// AtomicXCore `DeviceError.noSystemPermission` (2): the system permission was denied.
    case noSystemPermission = 2
    /// AtomicXCore `DeviceError.notSupportCapture` (3): the device cannot capture.
    case notSupportCapture = 3
    /// AtomicXCore `DeviceError.occupiedError` (4): the device is in use by another app.
    case occupiedError = 4
    /// AtomicXCore `DeviceError.unknownError` (5): another error.
    case unknownError = 5
}

/// AtomicXCore `AudioRoute: Int` (DocC `audioroute.json`): where call audio plays.
public enum AudioRoute: Int, Sendable, CaseIterable {
    /// AtomicXCore `AudioRoute.speakerphone` (0): the loudspeaker (KIT4's default for video calls).
    case speakerphone = 0
    /// AtomicXCore `AudioRoute.earpiece` (1): the earpiece (KIT4's default for audio calls).
    case earpiece = 1
}

/// AtomicXCore `VideoQuality: UInt` (DocC `videoquality.json`): the local video resolution.
public enum VideoQuality: UInt, Sendable, CaseIterable {
    /// AtomicXCore `VideoQuality.quality360P` (1): 360p.
    case quality360P = 1
    /// AtomicXCore `VideoQuality.quality540P` (2): 540p.
    case quality540P = 2
    /// AtomicXCore `VideoQuality.quality720P` (3): 720p.
    case quality720P = 3
    /// AtomicXCore `VideoQuality.quality1080P` (4): 1080p.
    case quality1080P = 4
}

/// AtomicXCore `MirrorType: UInt` (DocC `mirrortype.json`): mirroring of the local preview.
public enum MirrorType: UInt, Sendable, CaseIterable {
    /// AtomicXCore `MirrorType.auto` (0): mirror the front camera only.
    case auto = 0
    /// AtomicXCore `MirrorType.enable` (1): always mirror.
    case enable = 1
    /// AtomicXCore `MirrorType.disable` (2): never mirror.
    case disable = 2
}

/// AtomicXCore `DeviceType: Int` (DocC `devicetype.json`): a kind of local device.
public enum DeviceType: Int, Sendable, CaseIterable {
    /// AtomicXCore `DeviceType.microphone` (0): the microphone.
    case microphone = 0
    /// AtomicXCore `DeviceType.camera` (1): the camera.
    case camera = 1
    /// AtomicXCore `DeviceType.screenShare` (2): screen sharing.
    case screenShare = 2
}

/// AtomicXCore 4.x `NetworkType` (KIT4 4.2.0 usage; raw values are the module's choice): the device's network type.
public enum NetworkType: Int, Sendable, CaseIterable {
    /// AtomicXCore 4.x `NetworkType.unknown` (0): unknown, the default (Linux has no network-type source).
    case unknown = 0
    /// AtomicXCore 4.x `NetworkType.wifi` (1): Wi-Fi.
    case wifi = 1
    /// AtomicXCore 4.x `NetworkType.cellular` (2): cellular.
    case cellular = 2
}

/// AtomicXCore `NetworkInfo` (DocC `networkinfo.json`): one user's network statistics.
public struct NetworkInfo: Sendable {
    /// AtomicXCore `NetworkInfo.init(userID:quality:upLoss:downLoss:delay:)`, with DocC's defaults.
    public init(userID: String = "", quality: NetworkQuality = .excellent, upLoss: UInt32 = 0, downLoss: UInt32 = 0, delay: UInt32 = 0) {
        self.userID = userID
        self.quality = quality
        self.upLoss = upLoss
        self.downLoss = downLoss
        self.delay = delay
    }

    /// AtomicXCore `NetworkInfo.userID`: the user.
    public var userID: String
    /// AtomicXCore `NetworkInfo.quality`: the network quality.
    public var quality: NetworkQuality
    /// AtomicXCore `NetworkInfo.upLoss`: uplink packet loss, 0…100 (%).
    public var upLoss: UInt32
    /// AtomicXCore `NetworkInfo.downLoss`: downlink packet loss, 0…100 (%).
    public var downLoss: UInt32
    /// AtomicXCore `NetworkInfo.delay`: round-trip delay in ms.
    public var delay: UInt32
}

/// AtomicXCore `DeviceState` (DocC `devicestate.json`): `DeviceStore.shared.state.value`.
public struct DeviceState: Sendable {
    /// AtomicXCore `DeviceState.init()`: the defaults noted on each field (DocC gives none; they are the module's).
    public init() {}

    /// AtomicXCore `DeviceState.microphoneStatus` (default `.off`): the microphone is on or off.
    public var microphoneStatus: DeviceStatus = .off
    /// AtomicXCore `DeviceState.microphoneLastError` (default `.noError`): the microphone's last error.
    public var microphoneLastError: DeviceError = .noError
    /// AtomicXCore `DeviceState.captureVolume` (0…100; default 100, the TRTC default): the capture volume set with `setCaptureVolume(volume:)`.
    public var captureVolume: Int = 100
    /// AtomicXCore `DeviceState.currentMicVolume` (0…100; default 0): the microphone's current input level.
    public var currentMicVolume: Int = 0
    /// AtomicXCore `DeviceState.outputVolume` (0…100; default 100, the TRTC default): the playback volume set with `setOutputVolume(_:)`.
    public var outputVolume: Int = 100
    /// AtomicXCore `DeviceState.cameraStatus` (default `.off`): the camera is on or off.
    public var cameraStatus: DeviceStatus = .off
    /// AtomicXCore `DeviceState.cameraLastError` (default `.noError`): the camera's last error.
    public var cameraLastError: DeviceError = .noError
    /// AtomicXCore `DeviceState.isFrontCamera` (default true: the kits open the front camera first): the front camera is selected.
    public var isFrontCamera: Bool = true
    /// AtomicXCore `DeviceState.localMirrorType` (default `.auto`): the local preview's mirroring.
    public var localMirrorType: MirrorType = .auto
    /// AtomicXCore `DeviceState.localVideoQuality` (default `.quality360P`, the lowest raw value; no case is 0): the local video resolution.
    public var localVideoQuality: VideoQuality = .quality360P
    /// AtomicXCore `DeviceState.currentAudioRoute` (default `.speakerphone`): the current audio route.
    public var currentAudioRoute: AudioRoute = .speakerphone
    /// AtomicXCore `DeviceState.screenStatus` (default `.off`): screen sharing is on or off.
    public var screenStatus: DeviceStatus = .off
    /// AtomicXCore `DeviceState.networkInfo` (default `NetworkInfo()`): the local user's network statistics.
    public var networkInfo: NetworkInfo = NetworkInfo()
    /// AtomicXCore 4.x `DeviceState.networkType` (default `.unknown`): the device's network type.
    public var networkType: NetworkType = .unknown
}
