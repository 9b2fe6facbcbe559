import Foundation

// The vendor API names UIKit types (`startCameraTest(cameraView:)`, `TUIVideoView`). Where UIKit is
// unavailable (Linux), these headless stand-ins let those statements compile; they render nothing
// (docs/TENCENT.md, "Headless UIKit"). On Apple platforms the real UIKit types are used.
#if !canImport(UIKit)
/// Headless stand-in for UIKit's `UIView`: a frame and nothing else.
open class UIView: @unchecked Sendable {
    /// The view's frame; kept, never drawn.
    open var frame: CGRect

    public init(frame: CGRect) {
        self.frame = frame
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// The view's bounds: its frame's size at the origin.
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
}
#endif

/// TUICallEngine's `TUIVideoView` (a `UIView` subclass the engine renders into); headless here.
open class TUIVideoView: UIView, @unchecked Sendable {}

#if !canImport(UIKit)
/// Headless stand-in for UIKit's `UIImage`: the file it was loaded from, if any.
open class UIImage: @unchecked Sendable {
    /// Where the image came from (`UIImage(contentsOfFile:)`), nil for an image made in memory.
    public let path: String?

    public init?(contentsOfFile path: String) {
        self.path = path
    }

    public init() {
        self.path = nil
    }
}
#endif

/// TRTC's `TRTCCloud`, headless: the media engine TUICallEngine hands out with
/// `getTRTCCloudInstance()`. There is no media here; only the experimental entry point the kits call is
/// kept, and it answers "".
open class TRTCCloud: NSObject, @unchecked Sendable {
    private static let shared = TRTCCloud()

    /// `+ sharedInstance`.
    open class func sharedInstance() -> TRTCCloud {
        shared
    }

    /// `- callExperimentalAPI:`: the kits' logging and audio-route calls (`reportOnlineLog`,
    /// `setPrivateConfig` ...); nothing to do without media.
    @discardableResult
    open func callExperimentalAPI(_ jsonStr: String) -> String {
        ""
    }
}
