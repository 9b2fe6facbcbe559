/// The local devices of `DeviceStore` and `TUICallEngine`, as inputs of the device's state machine
/// (`TencentDeviceStateMachine+Devices.swift`, which says how they are modelled on Linux).
extension TencentClient {
    func openMicrophone(completion: Done?) {
        perform { $0.openMicrophone(completion: completion) }
    }

    func closeMicrophone() {
        perform { $0.closeMicrophone() }
    }

    func openCamera(isFront: Bool, completion: Done?) {
        perform { $0.openCamera(isFront: isFront, completion: completion) }
    }

    func closeCamera() {
        perform { $0.closeCamera() }
    }

    /// Makes opening `device` fail with `error` from now on (`.noError` lets it open again).
    func simulateDeviceError(_ error: DeviceError, for device: DeviceType) {
        perform { machine in
            machine.simulateDeviceError(error, for: device)
            return []
        }
    }

    /// Changes the local devices: publishes `DeviceStore.state` (and `selfInfo`), and reports a
    /// microphone or camera change to the call.
    func updateDevices(_ body: (inout DeviceState) -> Void) {
        perform { $0.changeDevices(body) }
    }
}
