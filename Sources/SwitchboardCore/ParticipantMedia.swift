/// A participant's microphone and camera, as their device last reported them (Tencent
/// `CallParticipantInfo.isMicrophoneOpened` / `isCameraOpened`). The service only relays it: there is no
/// media here, only what each device says about its own.
public struct ParticipantMedia: Hashable, Sendable {
    public var microphone: Bool
    public var camera: Bool

    public init(microphone: Bool = false, camera: Bool = false) {
        self.microphone = microphone
        self.camera = camera
    }

    /// Both off: what a participant shows until their device says otherwise.
    public static let off = ParticipantMedia()
}
