import Foundation

// AtomicXCore's completion and error types (DocC `completionclosure.json` and `errorinfo.json`) and the
// result codes the stores put in `ErrorInfo.code`. AtomicXCore publishes no codes of its own: KIT4
// builds CallStore failures from the TUICallEngine constants of `TUICallDefine.h`, and the module reuses
// them (docs/TENCENT.md, "TUICallEngine error codes"). They keep their Objective-C macro spellings, as
// Swift imports them (`Int(ERROR_PARAM_INVALID)` in KIT4).

/// AtomicXCore `CompletionClosure` (DocC `completionclosure.json`): the result of a store call, `.success` or `.failure(ErrorInfo)`.
public typealias CompletionClosure = (Result<Void, ErrorInfo>) -> Void

/// AtomicXCore `ErrorInfo` (DocC `errorinfo.json`, `Error, Sendable, JSONCodable`): why a store call failed.
///
/// The vendor's `JSONCodable` conformance is internal to AtomicXCore and is not mirrored.
public struct ErrorInfo: Error, Sendable {
    /// AtomicXCore `ErrorInfo.init(code:message:)`.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// AtomicXCore `ErrorInfo.code`: the result code, one of the `ERROR_*` constants below for call failures.
    public let code: Int
    /// AtomicXCore `ErrorInfo.message`: a human-readable description.
    public let message: String
}

// MARK: - Result codes (TUICallDefine.h)

// The meanings below -1202 and -1203 are read from the constant names only (the vendor sources give
// values, not descriptions). Swift imports the header's `static const int` constants as `Int32` globals;
// that type is inferred: no source quotes the C type, but KIT4's `Int(ERROR_PARAM_INVALID)` conversion
// shows it is not `Int`. Put in `ErrorInfo` as `Int(...)`; passed to `TUICallFail` as they are.

/// TUICallDefine.h `ERROR_PACKAGE_NOT_PURCHASED` (-1001): the feature needs a package that was not purchased.
public let ERROR_PACKAGE_NOT_PURCHASED: Int32 = -1001
/// TUICallDefine.h `ERROR_PACKAGE_NOT_SUPPORTED` (-1002): the purchased package does not support the feature.
public let ERROR_PACKAGE_NOT_SUPPORTED: Int32 = -1002
/// TUICallDefine.h `ERROR_TIM_VERSION_OUTDATED` (-1003): the IM SDK version is too old.
public let ERROR_TIM_VERSION_OUTDATED: Int32 = -1003
/// TUICallDefine.h `ERROR_PERMISSION_DENIED` (-1101): camera or microphone permission denied.
public let ERROR_PERMISSION_DENIED: Int32 = -1101
/// TUICallDefine.h `ERROR_INIT_FAIL` (-1201): initialisation failed.
public let ERROR_INIT_FAIL: Int32 = -1201
/// TUICallDefine.h `ERROR_PARAM_INVALID` (-1202): invalid parameters; the stores return it for an empty invitee list or more than 9 people.
public let ERROR_PARAM_INVALID: Int32 = -1202
/// TUICallDefine.h `ERROR_REQUEST_REFUSED` (-1203): refused; the stores return it for `calls`/`join` while `selfInfo.status != .none`.
public let ERROR_REQUEST_REFUSED: Int32 = -1203
/// TUICallDefine.h `ERROR_REQUEST_REPEATED` (-1204): the same request is already in progress.
public let ERROR_REQUEST_REPEATED: Int32 = -1204
/// TUICallDefine.h `ERROR_SCENE_NOT_SUPPORTED` (-1205): the current call scene does not support this operation.
public let ERROR_SCENE_NOT_SUPPORTED: Int32 = -1205
/// TUICallDefine.h `ERROR_SIGNALING_SEND_FAIL` (-1401): the signaling message could not be sent.
public let ERROR_SIGNALING_SEND_FAIL: Int32 = -1401
