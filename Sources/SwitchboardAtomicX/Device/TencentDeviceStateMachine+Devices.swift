import SwitchboardCore
import SwitchboardWire

/// The local devices of `DeviceStore` and `TUICallEngine`. Linux has no capture devices here, so the
/// devices are state: opening one succeeds unless the app simulates a failure
/// (`DeviceStore.simulateDeviceError(_:for:)`). What matters to the call travels: the microphone and
/// camera of every participant reach the others through the service (`call.media`).
extension TencentDeviceStateMachine {
    /// TRTC's device error codes for a failed open, since AtomicXCore documents none
    /// (docs/TENCENT.md, "Vendor codes where AtomicXCore has none"): ERR_MIC_START_FAIL -1302,
    /// ERR_MIC_NOT_AUTHORIZED -1317, ERR_MIC_OCCUPY -1319; ERR_CAMERA_START_FAIL -1301,
    /// ERR_CAMERA_NOT_AUTHORIZED -1314, ERR_CAMERA_OCCUPY -1316.
    static func openFailureCode(_ error: DeviceError, camera: Bool) -> Int {
        switch error {
        case .noSystemPermission: camera ? -1314 : -1317
        case .occupiedError: camera ? -1316 : -1319
        default: camera ? -1301 : -1302
        }
    }

    mutating func openMicrophone(completion: Completion?) -> [Action] {
        if let failure = failingDevices[.microphone] {
            let code = Self.openFailureCode(failure, camera: false)
            return changeDevices({ $0.microphoneStatus = .off; $0.microphoneLastError = failure }, completion: completion,
                                 outcome: .failure(ErrorInfo(code: code, message: "the microphone cannot be opened: \(failure)")))
        }
        return changeDevices({ $0.microphoneStatus = .on; $0.microphoneLastError = .noError }, completion: completion)
    }

    mutating func closeMicrophone() -> [Action] {
        changeDevices { $0.microphoneStatus = .off; $0.currentMicVolume = 0 }
    }

    mutating func openCamera(isFront: Bool, completion: Completion?) -> [Action] {
        if let failure = failingDevices[.camera] {
            let code = Self.openFailureCode(failure, camera: true)
            return changeDevices({ $0.cameraStatus = .off; $0.cameraLastError = failure }, completion: completion,
                                 outcome: .failure(ErrorInfo(code: code, message: "the camera cannot be opened: \(failure)")))
        }
        return changeDevices({ $0.cameraStatus = .on; $0.cameraLastError = .noError; $0.isFrontCamera = isFront },
                             completion: completion)
    }

    mutating func closeCamera() -> [Action] {
        changeDevices { $0.cameraStatus = .off }
    }

    /// Makes opening `device` fail with `error` from now on (`.noError` lets it open again).
    mutating func simulateDeviceError(_ error: DeviceError, for device: DeviceType) {
        failingDevices[device] = error == .noError ? nil : error
    }

    /// Changes the local devices: `DeviceStore.state` (and `selfInfo`) is published, the app hears
    /// `outcome`, and a microphone or camera change is reported to the call.
    mutating func changeDevices(
        _ body: (inout DeviceState) -> Void, completion: Completion? = nil, outcome: TencentOutcome = .success
    ) -> [Action] {
        let before = (devices.microphoneStatus, devices.cameraStatus)
        body(&devices)
        let mediaChanged = before != (devices.microphoneStatus, devices.cameraStatus)
        return [.publishDevices(mediaChanged: mediaChanged, completion, outcome)] + (mediaChanged ? reportMedia() : [])
    }
}
