import SwitchboardCore

/// An error that crosses the wire as `{code, message}`: a call error from the engine, or one of the
/// service's own.
public struct SignalingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable, CustomStringConvertible {
        case call(CallError.Code)
        case service(ServiceErrorCode)
        /// A code this build does not know (a newer peer).
        case other(String)

        public init(rawValue: String) {
            if let code = CallError.Code(rawValue: rawValue) {
                self = .call(code)
            } else if let code = ServiceErrorCode(rawValue: rawValue) {
                self = .service(code)
            } else {
                self = .other(rawValue)
            }
        }

        public var rawValue: String {
            switch self {
            case .call(let code): code.rawValue
            case .service(let code): code.rawValue
            case .other(let raw): raw
            }
        }

        public var description: String { rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public init(_ code: ServiceErrorCode, _ message: String) {
        self.init(.service(code), message)
    }

    public init(_ error: CallError) {
        self.init(.call(error.code), error.message)
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// The service's and client's own error codes (call errors are ``/SwitchboardCore/CallError/Code``).
public enum ServiceErrorCode: String, Hashable, Sendable, CaseIterable {
    /// The frame is not valid JSON or not a valid frame.
    case invalidFrame = "invalid_frame"
    /// The frame is larger than the service accepts.
    case frameTooLarge = "frame_too_large"
    /// The hello names a protocol version the service does not speak.
    case unsupportedVersion = "unsupported_version"
    /// A request arrived before a successful hello.
    case notLoggedIn = "not_logged_in"
    /// The token is missing, malformed, forged or for another app or user.
    case invalidToken = "invalid_token"
    /// The token has expired.
    case tokenExpired = "token_expired"
    /// The user id is not 1 to 64 bytes of printable ASCII.
    case invalidUserID = "invalid_user_id"
    /// The device id is not 1 to 128 bytes of printable ASCII.
    case invalidDeviceID = "invalid_device_id"
    /// No such app is configured.
    case unknownApp = "unknown_app"
    /// The session to resume is unknown or past its grace period; log in afresh.
    case sessionExpired = "session_expired"
    /// The operation name is unknown.
    case unknownOperation = "unknown_operation"
    /// The request body does not fit the operation.
    case invalidRequest = "invalid_request"
    /// Too many requests, or offline messages over a quota of the sender, the recipient or the app
    /// (docs/SECURITY.md, "Quotas"); try later.
    case rateLimited = "rate_limited"
    /// The user or the service has too many sessions.
    case tooManySessions = "too_many_sessions"
    /// The user already has as many calls of their own as the service allows, or an invitee has as many
    /// invitations ringing (docs/SECURITY.md, "Quotas").
    case tooManyCalls = "too_many_calls"
    /// A message or channel id is too large or empty.
    case invalidMessage = "invalid_message"
    /// The channel id is invalid.
    case invalidChannel = "invalid_channel"
    /// The session is not a member of the channel.
    case notInChannel = "not_in_channel"
    /// The session is already a member of the channel.
    case alreadyInChannel = "already_in_channel"
    /// The session is a member of too many channels.
    case tooManyChannels = "too_many_channels"
    /// The paging cursor is not one the service issued.
    case invalidCursor = "invalid_cursor"
    /// The attributes a change would leave exceed the service's limits or the ones the request named, or
    /// the channel attribute quotas of the writer or the app (docs/SECURITY.md, "Quotas").
    case attributesTooLarge = "attributes_too_large"
    /// The user has no session (a user's attributes exist only while they do).
    case userNotFound = "user_not_found"
    /// The service failed; the request may be retried.
    case internalError = "internal_error"
    /// The server is overloaded and refused new work at once, changing nothing; try again later
    /// (docs/SERVER.md, "Overload"). Only new calls are refused; a call already going is served.
    case overloaded = "overloaded"
    /// Client side: no response in time.
    case timeout = "timeout"
    /// Client side: the session is not connected (logged out, aborted, or reconnecting and the request
    /// may not wait).
    case disconnected = "disconnected"
    /// Client side: the session is already logged in, logging in, or aborted and not yet logged out.
    case alreadyLoggedIn = "already_logged_in"
    /// Client side: the request was cancelled (logout, or the session was closed).
    case cancelled = "cancelled"
    /// Client side: a configured server URL (`SWITCHBOARD_URL`, `ClientEnvironment.network(urls:)`) is
    /// empty or not a `ws://` or `wss://` URL with a host (docs/ARCHITECTURE.md, "Several server URLs").
    case invalidServerURL = "invalid_server_url"
}
