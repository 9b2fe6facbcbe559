import Foundation
import SwitchboardWire

/// A channel attribute as RTM 1.x reports it: `key`, `value` and `lastUpdateTs`, which every vendor
/// has, and who wrote it last, which each vendor names (Agora `lastUpdateUserId`, anyRTC
/// `lastUpdateUid`). Apps make them with `init()` and set `key` and `value`.
open class VendorRtmChannelAttribute: NSObject, @unchecked Sendable {
    // @unchecked: plain properties an app sets before passing the object, as with the SDK's.
    /// `key`: 1 to 32 bytes of visible characters.
    open var key: String = ""
    /// `value`: at most 8 KB.
    open var value: String = ""
    /// `lastUpdateTs`: when the attribute was last written, in ms since 1970 (0 on one the app made).
    open internal(set) var lastUpdateTs: Int64 = 0
    /// Who wrote the attribute last, which the vendor's subclass names.
    @_spi(RtmVendor) public var updater: String = ""

    public override required init() {}

    /// Made by the kit from the service's attribute.
    @_spi(RtmVendor) public required init(_ attribute: ChannelAttribute) {
        key = attribute.key
        value = attribute.value
        updater = attribute.updatedBy.rawValue
        lastUpdateTs = attribute.updatedAt.millisecondsSince1970
    }
}
