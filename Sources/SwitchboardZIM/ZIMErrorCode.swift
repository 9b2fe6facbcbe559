import Foundation

// Swift mirror of `ZIMErrorCode.h` (NS_ENUM(NSUInteger, ZIMErrorCode)) for the codes that concern
// login and call invitation, and of `ZIMError` from `ZIMDefines.h`. Meanings are from ZEGO's error
// code page. Default rule (ObjC zero-initialisation): a `ZIMErrorCode` field defaults to
// the raw-value-0 case, `.ZIMErrorCodeSuccess`.

/// ZIMErrorCode (NS_ENUM(NSUInteger)): the result code of every callback and of `zim(_:errorInfo:)`.
///
/// The cases keep their full Objective-C names (`.ZIMErrorCodeSuccess`, not `.success`), as current ZIM
/// imports them into Swift (docs/ZIM.md, "Error-code case names"); the lowercase spellings of older ZIM
/// builds are deprecated aliases in the extension below.
public enum ZIMErrorCode: UInt, Sendable, CaseIterable {
    /// ZIMErrorCodeSuccess (0): success.
    case ZIMErrorCodeSuccess = 0
    /// ZIMErrorCodeFailed (1): generic failure.
    case ZIMErrorCodeFailed = 1

    /// ZIMErrorCodeCommonModuleParamsInvalid (6000001): invalid parameters (also over-long `extendedData` and out-of-range `timeout`).
    case ZIMErrorCodeCommonModuleParamsInvalid = 6000001
    /// ZIMErrorCodeCommonModuleEngineNotInit (6000002): the SDK is not initialised.
    case ZIMErrorCodeCommonModuleEngineNotInit = 6000002

    /// ZIMErrorCodeNetworkModuleTokenInvalid (6000103): the token is invalid (e.g. passed to `renewToken`).
    case ZIMErrorCodeNetworkModuleTokenInvalid = 6000103
    /// ZIMErrorCodeNetworkModuleNetworkError (6000104): network error.
    case ZIMErrorCodeNetworkModuleNetworkError = 6000104
    /// ZIMErrorCodeNetworkModuleRequestTimeout (6000105): the request timed out (recent header only).
    case ZIMErrorCodeNetworkModuleRequestTimeout = 6000105
    /// ZIMErrorCodeNetworkModuleTokenExpired (6000106): the token has expired.
    case ZIMErrorCodeNetworkModuleTokenExpired = 6000106
    /// ZIMErrorCodeNetworkModuleUserHasAlreadyLogged (6000111): the user is already logged in (ZEGO Swift code treats it as success).
    case ZIMErrorCodeNetworkModuleUserHasAlreadyLogged = 6000111
    /// ZIMErrorCodeNetworkModuleUserIsNotLogged (6000121): the user is not logged in.
    case ZIMErrorCodeNetworkModuleUserIsNotLogged = 6000121

    // Spelled `Zim…` on purpose: that is the vendor header's spelling, and this one odd prefix is what
    // stops ClangImporter from stripping the common `ZIMErrorCode` prefix, which is why every case of the
    // real enum keeps its full name in Swift (docs/ZIM.md, "Error-code case names"). Not used by the call
    // surface.
    /// ZimErrorCodeMessageModuleCacheFileJsonParseFailed (6000245, "Zim" sic): parsing a cached JSON file failed.
    case ZimErrorCodeMessageModuleCacheFileJsonParseFailed = 6000245

    /// ZIMErrorCodeMessageModuleCallError (6000270): the call invitation failed (generic).
    case ZIMErrorCodeMessageModuleCallError = 6000270
    /// ZIMErrorCodeMessageModuleCancelCallError (6000271): cancelling failed because the invitee already accepted.
    case ZIMErrorCodeMessageModuleCancelCallError = 6000271
    /// ZIMErrorCodeMessageModuleCallServerError (6000272): the invitation failed: more than 9 invitees, more than 10 participants in an advanced call, or a backend error.
    case ZIMErrorCodeMessageModuleCallServerError = 6000272
    /// ZIMErrorCodeMessageModuleIsNotInvitor (6000273): the operation (e.g. cancel) may only be performed by the inviter.
    case ZIMErrorCodeMessageModuleIsNotInvitor = 6000273
    /// ZIMErrorCodeMessageModuleIsNotInvitee (6000274): accept or reject from a user who was not invited.
    case ZIMErrorCodeMessageModuleIsNotInvitee = 6000274
    /// ZIMErrorCodeMessageModuleCallAlreadyExists (6000275): the callID already exists.
    case ZIMErrorCodeMessageModuleCallAlreadyExists = 6000275
    /// ZIMErrorCodeMessageModuleCallDoseNotExist (6000276, "Dose" sic): the callID does not exist or has expired.
    case ZIMErrorCodeMessageModuleCallDoseNotExist = 6000276
    /// ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist (6000281): none of the invitees is registered.
    case ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist = 6000281
    /// ZIMErrorCodeMessageModuleUserAlreadyInTheCall (6000283): `callJoin` from a device that is already the primary device in the advanced call.
    case ZIMErrorCodeMessageModuleUserAlreadyInTheCall = 6000283
    /// ZIMErrorCodeMessageModuleMessageExceedsEditTime (6000286): the message edit time was exceeded; also returned when
    /// `callingInvite`, `callJoin`, `callQuit` or `callEnd` gets the callID of a general-mode call
    /// (docs/ZIM.md, "Error code 6000286").
    case ZIMErrorCodeMessageModuleMessageExceedsEditTime = 6000286
}

// MARK: - Pre-2024 spellings

/// The lowercase case names of older ZIM builds, whose header had no `Zim…` case
/// (docs/ZIM.md, "Error-code case names").
extension ZIMErrorCode {
    /// ZIMErrorCodeSuccess as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeSuccess")
    public static let success = ZIMErrorCode.ZIMErrorCodeSuccess
    /// ZIMErrorCodeFailed as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeFailed")
    public static let failed = ZIMErrorCode.ZIMErrorCodeFailed
    /// ZIMErrorCodeCommonModuleParamsInvalid as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleParamsInvalid")
    public static let commonModuleParamsInvalid = ZIMErrorCode.ZIMErrorCodeCommonModuleParamsInvalid
    /// ZIMErrorCodeCommonModuleEngineNotInit as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeCommonModuleEngineNotInit")
    public static let commonModuleEngineNotInit = ZIMErrorCode.ZIMErrorCodeCommonModuleEngineNotInit
    /// ZIMErrorCodeNetworkModuleTokenInvalid as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleTokenInvalid")
    public static let networkModuleTokenInvalid = ZIMErrorCode.ZIMErrorCodeNetworkModuleTokenInvalid
    /// ZIMErrorCodeNetworkModuleNetworkError as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleNetworkError")
    public static let networkModuleNetworkError = ZIMErrorCode.ZIMErrorCodeNetworkModuleNetworkError
    /// ZIMErrorCodeNetworkModuleRequestTimeout as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleRequestTimeout")
    public static let networkModuleRequestTimeout = ZIMErrorCode.ZIMErrorCodeNetworkModuleRequestTimeout
    /// ZIMErrorCodeNetworkModuleTokenExpired as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleTokenExpired")
    public static let networkModuleTokenExpired = ZIMErrorCode.ZIMErrorCodeNetworkModuleTokenExpired
    /// ZIMErrorCodeNetworkModuleUserHasAlreadyLogged as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserHasAlreadyLogged")
    public static let networkModuleUserHasAlreadyLogged = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserHasAlreadyLogged
    /// ZIMErrorCodeNetworkModuleUserIsNotLogged as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeNetworkModuleUserIsNotLogged")
    public static let networkModuleUserIsNotLogged = ZIMErrorCode.ZIMErrorCodeNetworkModuleUserIsNotLogged
    /// ZIMErrorCodeMessageModuleCallError as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallError")
    public static let messageModuleCallError = ZIMErrorCode.ZIMErrorCodeMessageModuleCallError
    /// ZIMErrorCodeMessageModuleCancelCallError as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCancelCallError")
    public static let messageModuleCancelCallError = ZIMErrorCode.ZIMErrorCodeMessageModuleCancelCallError
    /// ZIMErrorCodeMessageModuleCallServerError as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallServerError")
    public static let messageModuleCallServerError = ZIMErrorCode.ZIMErrorCodeMessageModuleCallServerError
    /// ZIMErrorCodeMessageModuleIsNotInvitor as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleIsNotInvitor")
    public static let messageModuleIsNotInvitor = ZIMErrorCode.ZIMErrorCodeMessageModuleIsNotInvitor
    /// ZIMErrorCodeMessageModuleIsNotInvitee as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleIsNotInvitee")
    public static let messageModuleIsNotInvitee = ZIMErrorCode.ZIMErrorCodeMessageModuleIsNotInvitee
    /// ZIMErrorCodeMessageModuleCallAlreadyExists as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallAlreadyExists")
    public static let messageModuleCallAlreadyExists = ZIMErrorCode.ZIMErrorCodeMessageModuleCallAlreadyExists
    /// ZIMErrorCodeMessageModuleCallDoseNotExist as spelled by older ZIM builds (sic).
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallDoseNotExist")
    public static let messageModuleCallDoseNotExist = ZIMErrorCode.ZIMErrorCodeMessageModuleCallDoseNotExist
    /// ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist")
    public static let messageModuleCallInviteUserDoesNotExist = ZIMErrorCode.ZIMErrorCodeMessageModuleCallInviteUserDoesNotExist
    /// ZIMErrorCodeMessageModuleUserAlreadyInTheCall as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleUserAlreadyInTheCall")
    public static let messageModuleUserAlreadyInTheCall = ZIMErrorCode.ZIMErrorCodeMessageModuleUserAlreadyInTheCall
    /// ZIMErrorCodeMessageModuleMessageExceedsEditTime as spelled by older ZIM builds.
    @available(*, deprecated, renamed: "ZIMErrorCodeMessageModuleMessageExceedsEditTime")
    public static let messageModuleMessageExceedsEditTime = ZIMErrorCode.ZIMErrorCodeMessageModuleMessageExceedsEditTime
}

// MARK: - ZIMError

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
