/// Switchboard addition: what `TUICallKit`'s settings calls have set. The kit's UI reads them (the
/// floating window button, the ring, the incoming banner ...); there is no UI here, so they are kept and
/// readable as ``TUICallKit/settings`` (docs/TENCENT.md, "TUICallKit").
public struct TUICallKitSettings: Sendable, Equatable {
    /// `enableFloatWindow(enable:)`: the floating-window button shows (default false).
    public var isFloatWindowEnabled = false
    /// `enableMuteMode(enable:)`: an incoming call does not ring (default false).
    public var isMuteModeEnabled = false
    /// `enableVirtualBackground(enable:)`: the blurred-background button shows (default false).
    public var isVirtualBackgroundEnabled = false
    /// `enableIncomingBanner(enable:)`: an incoming call shows a banner first (default false).
    public var isIncomingBannerEnabled = false
    /// `enableAITranscriber(enable:)`: AI transcription starts when a call connects (default true).
    public var isAITranscriberEnabled = true
    /// `setCallingBell(filePath:)`: the ring of incoming calls; "" is the kit's own.
    public var callingBellFilePath = ""
    /// `setScreenOrientation(orientation:completion:)`: 0 portrait (the default), 1 landscape, 2 auto.
    public var screenOrientation = 0

    public init() {}
}
