import SwitchboardWire

/// A transport whose configuration is wrong (an invalid `SWITCHBOARD_URL`): every connection attempt
/// fails with the configuration's error, which ends a login at once (``ServiceErrorCode/invalidServerURL``).
struct MisconfiguredTransport: Transport {
    let error: SignalingError

    func connect() async throws(SignalingError) -> any TransportConnection {
        throw error
    }
}
