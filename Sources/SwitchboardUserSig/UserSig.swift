import Crypto
import SwitchboardJSON

/// Tencent's UserSig, version 2: the login token of TRTC, Chat and TUICallKit, generated and
/// verified exactly as Tencent's TLSSigAPIv2 libraries do (the Go `tencentyun` package is the
/// reference for the rules, the Python one for the encoding).
///
/// A UserSig is a JSON document, compressed into a zlib stream (RFC 1950), in base64 with `+`,
/// `/` and `=` written as `*`, `-` and `_`. The document holds `TLS.ver` (`"2.0"`),
/// `TLS.identifier` (the user id), `TLS.sdkappid`, `TLS.time` (issue time, Unix seconds) and
/// `TLS.expire` (a lifetime in seconds, not an instant), and `TLS.sig`: the standard base64 of the
/// HMAC-SHA256, keyed with the secret key's own bytes (not hex-decoded), of the lines
/// `TLS.identifier:…`, `TLS.sdkappid:…`, `TLS.time:…` and `TLS.expire:…`, each ending in `\n`.
/// PrivateMapKeys add `TLS.userbuf`; this type neither makes nor accepts them.
public enum UserSig {
    /// The most bytes a UserSig's JSON document may inflate to; a longer one is
    /// ``UserSigError/malformed``. Real documents are about 200 bytes; the bound keeps a forged
    /// UserSig (a "zlib bomb") from making the verifier allocate more than this.
    public static let maxDocumentBytes = 8192

    /// A UserSig as TLSSigAPIv2's `GenUserSig` makes it: for `userID` of the app `sdkAppID`,
    /// signed with the app's `secretKey`, issued at `now` (Unix seconds) and valid for `expire`
    /// seconds after that (the Go and Python libraries default to 180 days, Tencent's iOS test
    /// helper to 7 days). The document is written with sorted keys and no spaces, as Go writes
    /// it, and compressed at zlib's default level.
    public static func generate(
        userID: String, sdkAppID: Int64, secretKey: String, expire: Int64, now: Int64
    ) -> String {
        let content = signedContent(identifier: userID, sdkAppID: sdkAppID, time: now, expire: expire)
        let document: JSONValue = [
            "TLS.ver": "2.0",
            "TLS.identifier": .string(userID),
            "TLS.sdkappid": .int(sdkAppID),
            "TLS.time": .int(now),
            "TLS.expire": .int(expire),
            "TLS.sig": .string(signature(content: content, secretKey: secretKey)),
        ]
        let json: [UInt8]
        do {
            json = try JSONSerializer(sortedKeys: true).serializeBytes(document)
        } catch {
            // Only non-finite doubles, NUL in keys and deep nesting fail, and none can occur here.
            preconditionFailure("a UserSig document failed to serialize: \(error)")
        }
        return base64(deflate(json), .userSig)
    }

    /// Checks `userSig` as TLSSigAPIv2's `VerifyUserSig` does, in the same order: the document
    /// must be well formed, then name `sdkAppID` and `userID` (compared byte for byte), then not
    /// be expired at `now` (Unix seconds; it expires when `now > TLS.time + TLS.expire`, so it is
    /// still valid at that very second), then carry no `TLS.userbuf`, and finally carry the
    /// HMAC of its fields under `secretKey` (compared in constant time).
    ///
    /// The JSON may have its keys in any order, spaces, `\/` and `\u` escapes and unknown extra
    /// keys. The encodings must be canonical: strict base64 in Tencent's alphabet (a UserSig in the
    /// standard alphabet is refused), one complete zlib stream with nothing after it.
    ///
    /// - Returns: when the UserSig was issued and when it expires (`TLS.time + TLS.expire`), in
    ///   Unix seconds.
    /// - Throws: the first failed check, as a ``UserSigError``.
    public static func verify(
        _ userSig: String, userID: String, sdkAppID: Int64, secretKey: String, now: Int64
    ) throws(UserSigError) -> (issuedAt: Int64, expiresAt: Int64) {
        let document = try Document(decoding: userSig)
        guard document.sdkAppID == sdkAppID else { throw .sdkAppIDMismatch }
        guard document.identifier.utf8.elementsEqual(userID.utf8) else { throw .identifierMismatch }
        guard now <= document.expiresAt else { throw .expired }
        guard document.userbuf == nil else { throw .userbufMismatch }
        let content = signedContent(
            identifier: document.identifier, sdkAppID: document.sdkAppID, time: document.time, expire: document.expire)
        guard let mac = unbase64(document.sig, .standard),
            HMAC<SHA256>.isValidAuthenticationCode(
                mac, authenticating: Array(content.utf8), using: SymmetricKey(data: Array(secretKey.utf8)))
        else { throw .signatureMismatch }
        return (document.time, document.expiresAt)
    }

    /// The text `TLS.sig` signs, in TLSSigAPIv2's fixed order, every line ending in `\n`.
    static func signedContent(identifier: String, sdkAppID: Int64, time: Int64, expire: Int64) -> String {
        "TLS.identifier:\(identifier)\nTLS.sdkappid:\(sdkAppID)\nTLS.time:\(time)\nTLS.expire:\(expire)\n"
    }

    /// `TLS.sig`: the standard base64 of HMAC-SHA256(key: the bytes of `secretKey`, `content`).
    static func signature(content: String, secretKey: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Array(content.utf8), using: SymmetricKey(data: Array(secretKey.utf8)))
        return base64(Array(mac), .standard)
    }

    /// The fields of a decoded UserSig, checked for form only.
    struct Document {
        var identifier: String
        var sdkAppID: Int64
        var time: Int64
        var expire: Int64
        var expiresAt: Int64
        var sig: String
        /// `TLS.userbuf` when present and not empty (Go treats an empty one as absent).
        var userbuf: String?

        init(decoding userSig: String) throws(UserSigError) {
            guard let compressed = UserSig.unbase64(userSig, .userSig),
                let json = UserSig.inflate(compressed),
                let value = try? JSONParser(limits: JSONLimits(maxBytes: UserSig.maxDocumentBytes, maxDepth: 8))
                    .parse(bytes: json),
                case .object(let object) = value,
                object["TLS.ver"]?.stringValue == "2.0",
                let identifier = object["TLS.identifier"]?.stringValue,
                let sdkAppID = object["TLS.sdkappid"]?.intValue,
                let time = object["TLS.time"]?.intValue,
                let expire = object["TLS.expire"]?.intValue,
                let sig = object["TLS.sig"]?.stringValue
            else { throw .malformed }
            let (expiresAt, overflow) = time.addingReportingOverflow(expire)
            guard !overflow else { throw .malformed }
            var userbuf: String?
            if let value = object["TLS.userbuf"] {
                guard let string = value.stringValue else { throw .malformed }
                userbuf = string.isEmpty ? nil : string
            }
            self.identifier = identifier
            self.sdkAppID = sdkAppID
            self.time = time
            self.expire = expire
            self.expiresAt = expiresAt
            self.sig = sig
            self.userbuf = userbuf
        }
    }
}

/// Why ``UserSig/verify(_:userID:sdkAppID:secretKey:now:)`` refused a UserSig. The cases follow
/// the errors of TLSSigAPIv2's Go library; ``description`` is Go's message.
public enum UserSigError: Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not a UserSig: bad base64, not one zlib stream (or one inflating past
    /// ``UserSig/maxDocumentBytes``), not a JSON object, a missing field or one of the wrong type
    /// (`TLS.sdkappid`, `TLS.time` and `TLS.expire` must be JSON integers), `TLS.ver` other than
    /// `"2.0"`, or a `TLS.time + TLS.expire` beyond 64 bits.
    case malformed
    /// `TLS.sdkappid` names another app (Go: `sdk appid not match`).
    case sdkAppIDMismatch
    /// `TLS.identifier` names another user (Go: `identifier not match`).
    case identifierMismatch
    /// The UserSig expired: the time is after `TLS.time + TLS.expire` (Go: `expired`).
    case expired
    /// The UserSig carries a `TLS.userbuf`, so it is a PrivateMapKey, not a UserSig (Go:
    /// `userbuf type not match`).
    case userbufMismatch
    /// `TLS.sig` is not the HMAC of the fields under the secret key: a forged or altered UserSig,
    /// or the wrong key (Go: `sig not match`).
    case signatureMismatch

    /// The message TLSSigAPIv2's Go library gives for the error.
    public var description: String {
        switch self {
        case .malformed: "malformed usersig"
        case .sdkAppIDMismatch: "sdk appid not match"
        case .identifierMismatch: "identifier not match"
        case .expired: "expired"
        case .userbufMismatch: "userbuf type not match"
        case .signatureMismatch: "sig not match"
        }
    }
}
