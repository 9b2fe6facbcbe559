import Foundation
import JWTKit
import SwitchboardJSON

/// The Google service account of one app, read from its JSON key file (Google, "Using OAuth 2.0 for Server to
/// Server Applications", "Creating a service account"): the project, the account's email, its RSA key and
/// the token endpoint. Printing it, reflecting it or dumping it shows the names and `<redacted>` for the key.
public struct FCMServiceAccount: Sendable {
    public let projectID: String
    public let clientEmail: String
    /// The key's id (`private_key_id`): the assertion's `kid`, when the file has one.
    public let privateKeyID: String?
    /// Where access tokens come from: the configuration's override, else the file's `token_uri`.
    public let tokenURL: String
    let privateKey: Insecure.RSA.PrivateKey

    /// Reads and checks the key file.
    public init(configuration: FCMConfiguration) throws(PushCredentialError) {
        let path = configuration.serviceAccountFile
        let text = try CredentialFile.text(at: path, what: "FCM service account file")
        guard case .object(let object)? = try? JSONParser(limits: .init(maxBytes: 1 << 20, maxDepth: 8)).parse(text) else {
            throw PushCredentialError(code: .notJSON, message: "the FCM service account file \(path) is not a JSON object")
        }
        func field(_ name: String) throws(PushCredentialError) -> String {
            guard let value = object[name]?.stringValue, !value.isEmpty else {
                throw PushCredentialError(code: .missingField, message: "the FCM service account file \(path) has no \"\(name)\" string")
            }
            return value
        }
        projectID = try field("project_id")
        clientEmail = try field("client_email")
        privateKeyID = object["private_key_id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        if let override = configuration.tokenURL {
            tokenURL = override
        } else {
            tokenURL = try field("token_uri")
        }
        let pem = try field("private_key")
        guard CredentialFile.isPEM(pem) else {
            throw PushCredentialError(code: .notPEM, message: "the \"private_key\" of the FCM service account file \(path) is not a PEM document")
        }
        do {
            privateKey = try Insecure.RSA.PrivateKey(pem: pem)
        } catch {
            // The library's error is not passed on: it could quote the key.
            throw PushCredentialError(code: .wrongKeyType,
                                      message: "the \"private_key\" of the FCM service account file \(path) is no RSA private key of 2048 bits or more")
        }
    }
}

extension FCMServiceAccount: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "FCMServiceAccount(projectID: \(projectID), clientEmail: \(clientEmail), privateKeyID: \(privateKeyID ?? "none"), tokenURL: \(tokenURL), privateKey: \(redacted))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["projectID": projectID, "clientEmail": clientEmail, "privateKeyID": privateKeyID as Any,
                                "tokenURL": tokenURL, "privateKey": redacted], displayStyle: .struct)
    }
}
