import Foundation

/// `ZPNsConfig` (ZEGO ZPNs, `ZPNs.h`): the vendor push settings passed to `ZPNs.setPush(_:)`.
///
/// Switchboard keeps them for the app to read back and sends neither: the server pushes with the one set
/// of credentials configured for the app (docs/ZIM.md, "Push tokens").
open class ZPNsConfig: NSObject {
    /// `appType`: which of the console's push certificates to use. `UInt32`, as ZEGO's own Swift code
    /// assigns it a `UInt32` (docs/ZIM.md, "Push tokens"); ZEGO's API page shows `int`.
    public var appType: UInt32 = 0
    /// `enableHWBadge` (BOOL): Huawei badges, Android only.
    public var enableHWBadge: Bool = false

    /// -init.
    public override init() {
        super.init()
    }
}
