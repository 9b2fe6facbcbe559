import Foundation

/// ZIMError (ZIMDefines.h `@interface ZIMError : NSObject`): the error object every callback receives,
/// never nil; success is `code == .ZIMErrorCodeSuccess` with an empty `message` (docs/ZIM.md, "Non-optional ZIMError").
open class ZIMError: NSObject {
    /// ZIMError.code (ZIMErrorCode): the result code; `error.code.rawValue` is a `UInt`.
    public var code: ZIMErrorCode = .ZIMErrorCodeSuccess
    /// ZIMError.message (NSString *): a human-readable description; empty on success.
    public var message: String = ""

    /// -init: a success error (`.ZIMErrorCodeSuccess`, empty message).
    public override init() {
        super.init()
    }

    /// Convenience: an error with the given code and message.
    public convenience init(code: ZIMErrorCode, message: String = "") {
        self.init()
        self.code = code
        self.message = message
    }

    /// "ZIMError(code: 6000276, message: …)".
    open override var description: String {
        "ZIMError(code: \(code.rawValue), message: \(message))"
    }
}
