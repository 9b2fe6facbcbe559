import Foundation

/// A channel member as RTM 1.x reports it: its `channelId`, which every vendor has, and the user, which
/// each vendor names (Agora `userId`, anyRTC `uid`).
open class VendorRtmMember: NSObject, @unchecked Sendable {
    // @unchecked: set once when the SDK makes it, as the vendors' are.
    /// The member's user id, which the vendor's subclass names.
    @_spi(RtmVendor) public let memberId: String
    /// `channelId`.
    open internal(set) var channelId: String

    /// Made by the channel from the member's user id.
    @_spi(RtmVendor) public required init(id: String, channelId: String) {
        self.memberId = id
        self.channelId = channelId
    }
}
