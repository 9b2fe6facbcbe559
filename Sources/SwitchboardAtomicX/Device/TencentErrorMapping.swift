import SwitchboardCore
import SwitchboardWire

/// The codes a Tencent app sees, in one place. Call failures reuse the TUICallEngine constants
/// (docs/TENCENT.md, "TUICallEngine error codes"); login failures use the IM SDK's UserSig codes, which
/// is what a Tencent app already handles (70001 expired, 70003 invalid): AtomicXCore documents no login
/// codes (docs/TENCENT.md, "Vendor codes where AtomicXCore has none"); nor one for an overloaded server,
/// which is the IM SDK's -10114.
enum TencentErrorMapping {
    /// IM `ERR_USER_SIG_EXPIRED`: the UserSig has expired.
    static let userSigExpired = 70001
    /// IM `ERR_USER_SIG_INVALID` (the sig does not verify for this user and SDKAppID).
    static let userSigInvalid = 70003
    /// IM `ERR_SVR_SSO_OVERLOAD`: the server is overloaded and refuses service (docs/TENCENT.md,
    /// "Overloaded server").
    static let serverOverload = -10114

    static func info(_ code: Int32, _ message: String) -> ErrorInfo {
        ErrorInfo(code: Int(code), message: message)
    }

    /// A call request the service refused or could not answer.
    static func callError(_ error: SignalingError) -> ErrorInfo {
        if error.code == .service(.overloaded) { return ErrorInfo(code: serverOverload, message: error.message) }
        let code: Int32
        switch error.code {
        case .call(let callCode):
            switch callCode {
            case .invalidInvitees, .tooManyInvitees, .callFull, .payloadTooLarge, .invalidArgument, .invalidPolicy:
                code = ERROR_PARAM_INVALID
            default:
                code = ERROR_REQUEST_REFUSED
            }
        case .service(let serviceCode):
            switch serviceCode {
            case .notLoggedIn, .sessionExpired, .cancelled:
                code = ERROR_INIT_FAIL
            case .invalidRequest, .invalidCursor, .invalidUserID:
                code = ERROR_PARAM_INVALID
            case .tooManyCalls, .rateLimited:
                code = ERROR_REQUEST_REFUSED
            default:
                code = ERROR_SIGNALING_SEND_FAIL
            }
        case .other:
            code = ERROR_SIGNALING_SEND_FAIL
        }
        return info(code, error.message)
    }

    /// A login (or `TUICallEngine.init`) that failed.
    static func loginError(_ error: SignalingError) -> ErrorInfo {
        switch error.code {
        case .service(.tokenExpired): ErrorInfo(code: userSigExpired, message: error.message)
        case .service(.invalidToken), .service(.unknownApp): ErrorInfo(code: userSigInvalid, message: error.message)
        case .service(.invalidUserID): info(ERROR_PARAM_INVALID, error.message)
        default: info(ERROR_INIT_FAIL, error.message)
        }
    }

    static let notLoggedIn = info(ERROR_INIT_FAIL, "not logged in: call LoginStore.login (or TUICallEngine.init) first")

    // MARK: - The IM SDK's codes (V2TIMManager: docs/TENCENT.md, "Push tokens")

    /// IM `ERR_SDK_NOT_LOGGED_IN`: the IM SDK is not logged in.
    static let imNotLoggedIn: Int32 = 6014
    /// IM `ERR_INVALID_PARAMETERS`: a parameter is invalid; the message says which.
    static let imInvalidParameters: Int32 = 6017
    /// IM `ERR_SDK_COMM_API_CALL_FREQUENCY_LIMIT`: the API was called too often.
    static let imCallFrequencyLimit: Int32 = 7008
    /// IM `ERR_SDK_NET_DISCONNECT`: the network connection is down.
    static let imNetworkDisconnected: Int32 = 9508
    /// IM `ERR_SDK_NET_WAIT_ACK_TIMEOUT`: no answer in time.
    static let imNoAnswer: Int32 = 9520

    /// A `V2TIMManager` request the service refused or could not answer, as the IM SDK's `V2TIMFail` reports it.
    static func imError(_ error: SignalingError) -> ErrorInfo {
        let code: Int32
        switch error.code {
        case .call(.invalidArgument), .service(.invalidRequest):
            code = imInvalidParameters
        case .service(.notLoggedIn), .service(.sessionExpired), .service(.cancelled):
            code = imNotLoggedIn
        case .service(.rateLimited):
            code = imCallFrequencyLimit
        case .service(.overloaded):
            code = Int32(serverOverload)
        case .service(.timeout):
            code = imNoAnswer
        default:
            code = imNetworkDisconnected
        }
        return info(code, error.message)
    }

    static let imNotLoggedInInfo = info(imNotLoggedIn, "not logged in: call LoginStore.login (or TUICallEngine.init) first")
}
