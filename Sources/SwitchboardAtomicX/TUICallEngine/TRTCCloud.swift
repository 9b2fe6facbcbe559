import Foundation

/// TRTC's `TRTCCloud`, headless: the media engine TUICallEngine hands out with
/// `getTRTCCloudInstance()`. There is no media here; only the experimental entry point the kits call is
/// kept, and it answers "" (docs/TENCENT.md, "Headless UIKit").
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
