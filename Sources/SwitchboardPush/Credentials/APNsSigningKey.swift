import Foundation
import JWTKit

/// The APNs provider key of one app, read from its `.p8` file (a PKCS#8 PEM of a P-256 key; Apple,
/// "Establishing a token-based connection to APNs"). Printing it, reflecting it or dumping it shows the ids
/// and `<redacted>` for the key.
public struct APNsSigningKey: Sendable {
    public let keyID: String
    public let teamID: String
    let key: ES256PrivateKey

    /// Reads and checks the key file.
    public init(configuration: APNsConfiguration) throws(PushCredentialError) {
        let path = configuration.keyFile
        let text = try CredentialFile.text(at: path, what: "APNs key file")
        guard CredentialFile.isPEM(text) else {
            throw PushCredentialError(code: .notPEM, message: "the APNs key file \(path) is not a PEM document")
        }
        do {
            key = try ES256PrivateKey(pem: text)
        } catch {
            // The library's error is not passed on: it could quote the key.
            throw PushCredentialError(code: .wrongKeyType, message: "the APNs key file \(path) holds no P-256 (ES256) private key")
        }
        keyID = configuration.keyID
        teamID = configuration.teamID
    }
}

extension APNsSigningKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "APNsSigningKey(keyID: \(keyID), teamID: \(teamID), key: \(redacted))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["keyID": keyID, "teamID": teamID, "key": redacted], displayStyle: .struct)
    }
}

/// What a credential's secret prints as.
let redacted = "<redacted>"
