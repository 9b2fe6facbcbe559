import Crypto
import Foundation
import SwiftASN1
import X509

/// The double's TLS identity: a self-signed certificate for `127.0.0.1` and `localhost`, minted in-process
/// with swift-certificates (no files, no openssl). The client trusts it as a root.
struct ProviderCertificate {
    let certificatePEM: String
    let privateKeyPEM: String

    static func mint() throws -> ProviderCertificate {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("Switchboard push provider double") }
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(7 * 24 * 3600),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            },
            issuerPrivateKey: .init(key))
        return ProviderCertificate(certificatePEM: try certificate.serializeAsPEM().pemString,
                                   privateKeyPEM: key.pemRepresentation)
    }
}
