import SwitchboardCore
import SwitchboardWire

/// The local devices of `DeviceStore` and `TUICallEngine`. Linux has no capture devices here, so the
/// devices are state: opening one succeeds unless the app simulates a failure
/// (`DeviceStore.simulateDeviceError(_:for:)`). What matters to the call travels: the microphone and
/// camera of every participant reach the others through the service (`call.media`).
extension TencentClient {
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

    func openMicrophone(completion: Done?) {
        let failure = state.withLock { $0.failingDevices[.microphone] }
        if let failure {
            updateDevices({ $0.microphoneStatus = .off; $0.microphoneLastError = failure }, completion: completion,
                          result: .failure(ErrorInfo(code: Self.openFailureCode(failure, camera: false),
                                                     message: "the microphone cannot be opened: \(failure)")))
        } else {
            updateDevices({ $0.microphoneStatus = .on; $0.microphoneLastError = .noError }, completion: completion)
        }
    }

    func closeMicrophone() {
        updateDevices { $0.microphoneStatus = .off; $0.currentMicVolume = 0 }
    }

    func openCamera(isFront: Bool, completion: Done?) {
        let failure = state.withLock { $0.failingDevices[.camera] }
        if let failure {
            updateDevices({ $0.cameraStatus = .off; $0.cameraLastError = failure }, completion: completion,
                          result: .failure(ErrorInfo(code: Self.openFailureCode(failure, camera: true),
                                                     message: "the camera cannot be opened: \(failure)")))
        } else {
            updateDevices({ $0.cameraStatus = .on; $0.cameraLastError = .noError; $0.isFrontCamera = isFront },
                          completion: completion)
        }
    }

    func closeCamera() {
        updateDevices { $0.cameraStatus = .off }
    }

    /// Makes opening `device` fail with `error` from now on (`.noError` lets it open again).
    func simulateDeviceError(_ error: DeviceError, for device: DeviceType) {
        state.withLock { $0.failingDevices[device] = error == .noError ? nil : error }
    }

    /// Changes the local devices, publishes `DeviceStore.state` (and `selfInfo`), answers, and reports a
    /// microphone or camera change to the call.
    func updateDevices(
        _ body: (inout DeviceState) -> Void,
        completion: Done? = nil,
        result: Result<Void, ErrorInfo> = .success(())
    ) {
        let (devices, mediaChanged) = state.withLock { state -> (DeviceState, Bool) in
            let before = (state.devices.microphoneStatus, state.devices.cameraStatus)
            body(&state.devices)
            return (state.devices, before != (state.devices.microphoneStatus, state.devices.cameraStatus))
        }
                post { [self] in
            deviceState.update { $0 = devices }
            if mediaChanged { publishCall() }
            completion?(result)
        }
        if mediaChanged { reportMedia() }
    }
}
