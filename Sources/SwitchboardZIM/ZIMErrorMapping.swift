import SwitchboardCore
import SwitchboardWire

/// The ZIM APIs whose failures map differently (the same call-model error means "not the inviter" to
/// `callCancel` and "not invited" to `callAccept`).
enum ZIMCallAPI: String, Sendable {
    case callInvite, callCancel, callAccept, callReject, callingInvite, callJoin, callQuit, callEnd
    case queryCallInvitationList
    case updateUserName, updateUserAvatarUrl, updateUserExtendedData, queryUsersInfo

    /// The user-information APIs (docs/ZIM.md, "User information").
    var isUserAPI: Bool {
        switch self {
        case .updateUserName, .updateUserAvatarUrl, .updateUserExtendedData, .queryUsersInfo: true
        default: false
        }
    }
}

/// Which `ZIMErrorCode` a refused request gets: one table, pinned by the conformance suite and listed in
/// docs/ZIM.md.
///
/// | call-model error | callCancel | callAccept / callReject | callingInvite, callQuit, callEnd | callJoin |
/// |---|---|---|---|---|
/// | no such call, it ended, or the sender is not in it | 6000276 | 6000276 | 6000276 | 6000276 (advanced: joins) |
/// | a named user not a participant | 6000273 | 6000274 | 6000270 | - |
/// | sender not in the call | 6000273 | - | 6000270 | - |
/// | not the inviter | 6000273 | - | - | - |
/// | already accepted | 6000271 | 6000270 | - | - |
/// | already rejected, quit | 6000270 | 6000270 | - | - |
/// | cancelled, timed out | 6000276 | 6000276 | - | - |
/// | already in the call | - | - | 6000283 (per user) | 6000283 |
/// | general-mode call | - | - | 6000286 | 6000286 |
/// | too many invitees, call full | 6000272 | - | 6000272 | 6000272 |
/// | bad list, id, data too large | 6000001 | 6000001 | 6000001 | 6000001 |
///
/// The user-information APIs meet only service errors: as for every API (the `ServiceErrorCode` table below),
/// except `rate_limited`, which is 6000005 (the server's frequency limit) there. An overloaded server
/// (`overloaded`, which only `callInvite` meets) is 6000005 for every API.
enum ZIMErrorMapping {
    static func code(for error: SignalingError, in api: ZIMCallAPI) -> ZIMErrorCode {
        switch error.code {
        case .call(let callCode):
            return code(for: callCode, in: api)
        case .service(.rateLimited) where api.isUserAPI:
            return .ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit
        case .service(let serviceCode):
            return code(for: serviceCode)
        case .other:
            return .ZIMErrorCodeFailed
        }
    }

    static func code(for code: CallError.Code, in api: ZIMCallAPI) -> ZIMErrorCode {
        switch code {
        case .callNotFound, .callEnded:
            return .ZIMErrorCodeMessageModuleCallDoseNotExist
        case .notParticipant:
            switch api {
            case .callCancel: return .ZIMErrorCodeMessageModuleIsNotInvitor
            case .callAccept, .callReject: return .ZIMErrorCodeMessageModuleIsNotInvitee
            default: return .ZIMErrorCodeMessageModuleCallError
            }
        case .notInCall:
            return api == .callCancel ? .ZIMErrorCodeMessageModuleIsNotInvitor : .ZIMErrorCodeMessageModuleCallError
        case .notInviter:
            return .ZIMErrorCodeMessageModuleIsNotInvitor
        case .alreadyAccepted:
            return api == .callCancel ? .ZIMErrorCodeMessageModuleCancelCallError : .ZIMErrorCodeMessageModuleCallError
        case .alreadyRejected, .invitationEnded, .nothingToConfirm:
            return .ZIMErrorCodeMessageModuleCallError
        case .invitationCancelled, .invitationTimedOut:
            return .ZIMErrorCodeMessageModuleCallDoseNotExist
        case .alreadyInCall:
            return .ZIMErrorCodeMessageModuleUserAlreadyInTheCall
        case .notAdvancedMode:
            return .ZIMErrorCodeMessageModuleMessageExceedsEditTime
        case .tooManyInvitees, .callFull:
            return .ZIMErrorCodeMessageModuleCallServerError
        case .invalidInvitees, .payloadTooLarge, .invalidArgument, .invalidPolicy:
            return .ZIMErrorCodeCommonModuleParamsInvalid
        }
    }

    static func code(for code: ServiceErrorCode) -> ZIMErrorCode {
        switch code {
        case .notLoggedIn, .sessionExpired: .ZIMErrorCodeNetworkModuleUserIsNotLogged
        case .invalidToken: .ZIMErrorCodeNetworkModuleTokenInvalid
        case .tokenExpired: .ZIMErrorCodeNetworkModuleTokenExpired
        case .alreadyLoggedIn: .ZIMErrorCodeNetworkModuleUserHasAlreadyLogged
        case .timeout: .ZIMErrorCodeNetworkModuleRequestTimeout
        case .disconnected, .cancelled, .frameTooLarge, .invalidFrame, .unsupportedVersion, .invalidServerURL:
            .ZIMErrorCodeNetworkModuleNetworkError
        case .invalidUserID, .invalidDeviceID, .invalidRequest, .invalidCursor, .unknownOperation,
             .invalidMessage, .invalidChannel:
            .ZIMErrorCodeCommonModuleParamsInvalid
        case .unknownApp: .ZIMErrorCodeCommonModuleEngineNotInit
        case .tooManyCalls, .rateLimited, .tooManySessions: .ZIMErrorCodeMessageModuleCallServerError
        // The backend's upper limit: docs/ZIM.md, "Overloaded server".
        case .overloaded: .ZIMErrorCodeCommonModuleTriggerServerFrequencyLimit
        case .notInChannel, .alreadyInChannel, .tooManyChannels, .internalError, .attributesTooLarge, .userNotFound:
            .ZIMErrorCodeFailed
        }
    }

    /// A `ZIMError` for a failed login or token renewal (only session errors can occur there; anything
    /// else is a plain failure).
    static func sessionError(_ error: SignalingError) -> ZIMFailure {
        guard case .service(let code) = error.code else { return ZIMFailure(.ZIMErrorCodeFailed, error.message) }
        return ZIMFailure(self.code(for: code), error.message)
    }

    /// A `ZIMError` for `error` as `api` reports it.
    static func error(_ error: SignalingError, in api: ZIMCallAPI) -> ZIMFailure {
        ZIMFailure(code(for: error, in: api), error.message)
    }
}

/// A `ZIMError`'s contents as a value (the class is built on the callback queue).
struct ZIMFailure: Error, Hashable, Sendable {
    var code: ZIMErrorCode
    var message: String

    init(_ code: ZIMErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    static let notLoggedIn = ZIMFailure(.ZIMErrorCodeNetworkModuleUserIsNotLogged, "not logged in")
    static let unexpectedReply = ZIMFailure(.ZIMErrorCodeFailed, "unexpected reply")

    static func invalid(_ message: String) -> ZIMFailure {
        ZIMFailure(.ZIMErrorCodeCommonModuleParamsInvalid, message)
    }
}
