/// Why a credential file could not be used. The message names the file and the field, never any of the
/// file's content: it is logged and may be shown by an admin tool.
public struct PushCredentialError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// The file does not exist or cannot be read.
        case fileUnreadable = "push_credential_unreadable"
        /// A key that should be PEM (the `.p8`, the service account's `private_key`) is not.
        case notPEM = "push_credential_not_pem"
        /// The PEM holds another kind of key (APNs wants P-256, FCM an RSA key of at least 2048 bits).
        case wrongKeyType = "push_credential_wrong_key_type"
        /// The service account file is not a JSON object.
        case notJSON = "push_credential_not_json"
        /// The service account file lacks a field, or has it empty or not as a string.
        case missingField = "push_credential_missing_field"
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
