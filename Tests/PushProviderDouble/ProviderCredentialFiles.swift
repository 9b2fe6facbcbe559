import Crypto
import CryptoExtras
import Foundation

/// The credentials the double checks, written as the files a configuration points at: an APNs `.p8` (a fresh
/// P-256 key, PKCS#8 PEM as Apple issues it), a Google service-account JSON (a fresh 2048-bit RSA key, the
/// fields Google's key files have), and the double's certificate (a PEM a client adds to its trust roots).
public struct ProviderCredentialFiles: Sendable {
    /// The folder that holds them (removed by ``PushProviderDouble/stop()``).
    public let directory: String
    /// The `.p8` file.
    public let apnsKeyPath: String
    public let apnsKeyID: String
    public let apnsTeamID: String
    /// The bundle id APNs accepts as topic (and the same with `.voip`).
    public let apnsBundleID: String
    /// The service-account JSON file; its `token_uri` is the double's token endpoint.
    public let serviceAccountPath: String
    public let fcmProjectID: String
    public let fcmClientEmail: String
    public let fcmPrivateKeyID: String
    /// The double's certificate, PEM, as a file and as text.
    public let caCertificatePath: String
    public let caCertificatePEM: String

    let apnsPublicKey: P256.Signing.PublicKey
    let fcmPublicKeyPEM: String

    static func write(certificate: ProviderCertificate, tokenURL: String) throws -> ProviderCredentialFiles {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("push-double-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let apnsKey = P256.Signing.PrivateKey()
        let keyID = "KEY" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(7))
        let rsaKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let projectID = "switchboard-double"
        let clientEmail = "push@\(projectID).iam.gserviceaccount.com"
        let privateKeyID = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let account: [String: String] = [
            "type": "service_account",
            "project_id": projectID,
            "private_key_id": privateKeyID,
            "private_key": rsaKey.pkcs8PEMRepresentation,
            "client_email": clientEmail,
            "client_id": "100000000000000000000",
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": tokenURL,
        ]
        let accountJSON = try JSONSerialization.data(withJSONObject: account, options: [.prettyPrinted, .sortedKeys])
        return ProviderCredentialFiles(
            directory: directory.path,
            apnsKeyPath: try write("AuthKey_\(keyID).p8", apnsKey.pemRepresentation),
            apnsKeyID: keyID,
            apnsTeamID: "TEAM123456",
            apnsBundleID: "com.example.switchboard",
            serviceAccountPath: try write("service-account.json", String(decoding: accountJSON, as: UTF8.self)),
            fcmProjectID: projectID,
            fcmClientEmail: clientEmail,
            fcmPrivateKeyID: privateKeyID,
            caCertificatePath: try write("provider-ca.pem", certificate.certificatePEM),
            caCertificatePEM: certificate.certificatePEM,
            apnsPublicKey: apnsKey.publicKey,
            fcmPublicKeyPEM: rsaKey.publicKey.pemRepresentation)
    }
}
