import Foundation
import TestSupport
import SwitchboardJSON
import Testing

@testable import SwitchboardUserSig

/// The project's computed vector (docs/TENCENT.md, "UserSig"): the inputs of Tencent's Java and C++
/// tests with a fixed time.
private enum Vector {
    static let sdkAppID: Int64 = 1_400_000_000
    static let identifier = "xiaojun"
    static let key = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"
    static let time: Int64 = 1_700_000_000
    static let expire: Int64 = 15_552_000
    static let content = "TLS.identifier:xiaojun\nTLS.sdkappid:1400000000\nTLS.time:1700000000\nTLS.expire:15552000\n"
    static let sig = "LvA7d/Iw7gSsnskvVzBDPOCCDbuNCw4GHwTC0bip+B4="
    static let json = #"{"TLS.expire":15552000,"TLS.identifier":"xiaojun","TLS.sdkappid":1400000000,"TLS.sig":"LvA7d/Iw7gSsnskvVzBDPOCCDbuNCw4GHwTC0bip+B4=","TLS.time":1700000000,"TLS.ver":"2.0"}"#
    static let userSig =
        "eJyrVgrxCdZLrSjILEpVsjI0NTU1MjAw0AGLZqak5pVkpmWmFilZKVVkJuZnleYpQaSKU7ITCwoyU4BaTAygACqTmQ5U7VPmaJ6i71lunh5cnFecXRZW5eQS4O-s7JJU6udcbuLuUR7ibJCUWaDtZGILNbIkMxfkAnNU48rAlhvpGSjVAgBOLDHy"

    /// Verifies with the vector's app, user and key.
    static func verify(
        _ userSig: String, now: Int64 = time + 100
    ) throws(UserSigError) -> (issuedAt: Int64, expiresAt: Int64) {
        try UserSig.verify(userSig, userID: identifier, sdkAppID: sdkAppID, secretKey: key, now: now)
    }

    /// The vector's document (with the vector's `TLS.sig`) with `changes` applied; nil removes a
    /// key.
    static func document(_ changes: [String: JSONValue?] = [:]) -> JSONObject {
        var object: JSONObject = [
            "TLS.ver": "2.0", "TLS.identifier": .string(identifier), "TLS.sdkappid": .int(sdkAppID),
            "TLS.time": .int(time), "TLS.expire": .int(expire), "TLS.sig": .string(sig),
        ]
        for (key, value) in changes {
            if let value { object[key] = value } else { _ = object.removeValue(forKey: key) }
        }
        return object
    }
}

/// `json` (any text, not necessarily JSON) packed as a UserSig is: zlib, then Tencent's base64.
private func pack(_ json: String) -> String {
    UserSig.base64(UserSig.deflate(Array(json.utf8)), .userSig)
}

private func pack(_ object: JSONObject) throws -> String {
    pack(try JSONSerializer().serialize(.object(object)))
}

/// The JSON document inside a UserSig.
private func unpack(_ userSig: String) throws -> JSONValue {
    let compressed = try #require(UserSig.unbase64(userSig, .userSig))
    let json = try #require(UserSig.inflate(compressed))
    return try JSONParser().parse(bytes: json)
}

/// The error verifying `userSig` (by default with the vector's app, user and key, 100 s after it was
/// issued), or nil if it verifies.
private func refusal(
    _ userSig: String, userID: String = Vector.identifier, sdkAppID: Int64 = Vector.sdkAppID,
    secretKey: String = Vector.key, now: Int64 = Vector.time + 100
) -> UserSigError? {
    do {
        _ = try UserSig.verify(userSig, userID: userID, sdkAppID: sdkAppID, secretKey: secretKey, now: now)
        return nil
    } catch {
        return error
    }
}

@Suite("UserSig (TLSSigAPIv2)")
struct UserSigTests {
    // MARK: The vector

    @Test("the vector: the signed content and TLS.sig")
    func vectorSignature() {
        let content = UserSig.signedContent(
            identifier: Vector.identifier, sdkAppID: Vector.sdkAppID, time: Vector.time, expire: Vector.expire)
        #expect(content == Vector.content)
        #expect(UserSig.signature(content: content, secretKey: Vector.key) == Vector.sig)
    }

    @Test("the vector's full UserSig decodes to the vector's document and verifies")
    func referenceUserSig() throws {
        #expect(try unpack(Vector.userSig) == JSONParser().parse(Vector.json))
        let validity = try Vector.verify(Vector.userSig)
        #expect(validity.issuedAt == Vector.time)
        #expect(validity.expiresAt == Vector.time + Vector.expire)
    }

    @Test("generate writes the vector's document, sorted and compact, in a zlib stream with a 0x78 header")
    func generatedDocument() throws {
        let userSig = UserSig.generate(
            userID: Vector.identifier, sdkAppID: Vector.sdkAppID, secretKey: Vector.key, expire: Vector.expire,
            now: Vector.time)
        let compressed = try #require(UserSig.unbase64(userSig, .userSig))
        #expect(compressed.first == 0x78)
        let json = try #require(UserSig.inflate(compressed))
        #expect(String(decoding: json, as: UTF8.self) == Vector.json)
        #expect(!userSig.contains { "+/=".contains($0) })
    }

    @Test("generate then verify round-trips", arguments: [
        ("xiaojun", Int64(1_400_000_000), Int64(1_700_000_000), Int64(604_800)),
        ("user/with+slash=and\"quote\\", 20_000_000, 0, 1),
        ("小军 🙂", Int64(Int32.max), 1_234_567_890, 180 * 86_400),
        ("a", 1, -5, 10),
    ] as [(String, Int64, Int64, Int64)])
    func roundTrip(userID: String, sdkAppID: Int64, now: Int64, expire: Int64) throws {
        let key = "a secret / with + bytes ✓"
        let userSig = UserSig.generate(userID: userID, sdkAppID: sdkAppID, secretKey: key, expire: expire, now: now)
        let validity = try UserSig.verify(userSig, userID: userID, sdkAppID: sdkAppID, secretKey: key, now: now)
        #expect(validity.issuedAt == now)
        #expect(validity.expiresAt == now + expire)
    }

    @Test("verification accepts any key order, spaces, \\/ and \\u escapes, and unknown keys")
    func lenientJSON() throws {
        let escapedSig = Vector.sig.replacingOccurrences(of: "/", with: #"\/"#)
        let json = """
            { "TLS.sig" : "\(escapedSig)", "TLS.time": 1700000000, "TLS.expire":15552000,
              "TLS.identifier": "\\u0078iaojun", "extra": [1, {"x": null}], "TLS.sdkappid": 1400000000,
              "TLS.ver": "2\\u002e0" }
            """
        #expect(try Vector.verify(pack(json)).issuedAt == Vector.time)
        #expect(try Vector.verify(pack(Vector.document(["TLS.userbuf": ""]))).issuedAt == Vector.time)
    }

    // MARK: Refusals

    @Test("another app, another user, another key")
    func mismatches() {
        #expect(refusal(Vector.userSig, sdkAppID: 1_400_000_001) == .sdkAppIDMismatch)
        #expect(refusal(Vector.userSig, userID: "xiaojun2") == .identifierMismatch)
        #expect(refusal(Vector.userSig, userID: "Xiaojun") == .identifierMismatch)
        #expect(refusal(Vector.userSig, secretKey: Vector.key + "0") == .signatureMismatch)
        #expect(refusal(Vector.userSig, secretKey: "") == .signatureMismatch)
    }

    @Test("identifiers compare by bytes, not by Unicode equivalence")
    func identifierBytes() {
        let userSig = UserSig.generate(userID: "caf\u{E9}", sdkAppID: 1, secretKey: "k", expire: 60, now: 0)
        #expect(refusal(userSig, userID: "cafe\u{301}", sdkAppID: 1, secretKey: "k", now: 0) == .identifierMismatch)
        #expect(refusal(userSig, userID: "caf\u{E9}", sdkAppID: 1, secretKey: "k", now: 0) == nil)
    }

    @Test("expired one second after time + expire, valid at exactly time + expire (Go: now > time + expire)")
    func expiry() {
        let end = Vector.time + Vector.expire
        #expect(refusal(Vector.userSig, now: end) == nil)
        #expect(refusal(Vector.userSig, now: end + 1) == .expired)
        #expect(refusal(Vector.userSig, now: Vector.time) == nil)
        // Go checks no lower bound: a UserSig dated in the future is valid now.
        #expect(refusal(Vector.userSig, now: 0) == nil)
    }

    @Test("a flipped signature byte, or a field changed without re-signing, is a signature mismatch")
    func tampering() throws {
        var mac = try #require(UserSig.unbase64(Vector.sig, .standard))
        mac[7] ^= 0x01
        let flipped = UserSig.base64(mac, .standard)
        #expect(try refusal(pack(Vector.document(["TLS.sig": .string(flipped)]))) == .signatureMismatch)
        #expect(try refusal(pack(Vector.document(["TLS.sig": .string(String(Vector.sig.dropLast(4)))])))
            == .signatureMismatch)
        #expect(try refusal(pack(Vector.document(["TLS.sig": "not base64!"]))) == .signatureMismatch)
        #expect(try refusal(pack(Vector.document(["TLS.expire": .int(Vector.expire + 1)])))
            == .signatureMismatch)
        #expect(try refusal(pack(Vector.document(["TLS.time": .int(Vector.time + 1)])))
            == .signatureMismatch)
    }

    @Test("a TLS.userbuf (a PrivateMapKey) is refused as userbufMismatch")
    func userbuf() throws {
        #expect(try refusal(pack(Vector.document(["TLS.userbuf": "AQAHeGlhb2p1bg=="]))) == .userbufMismatch)
        #expect(try refusal(pack(Vector.document(["TLS.userbuf": 1]))) == .malformed)
    }

    @Test("garbage, truncation and broken encodings are malformed", arguments: [
        "",
        "garbage",
        "not a usersig at all!",
        "____",
        String(Vector.userSig.dropLast(1)),  // not a whole number of base64 groups
        String(Vector.userSig.dropLast(4)),  // a truncated zlib stream
        String(Vector.userSig.prefix(40)),
        Vector.userSig.replacingOccurrences(of: "-", with: "/"),  // the standard alphabet is refused
        " " + Vector.userSig,
        Vector.userSig + "\n",
    ])
    func garbage(userSig: String) {
        #expect(refusal(userSig) == .malformed)
    }

    @Test("bytes that are not one zlib stream are malformed")
    func notZlib() throws {
        let compressed = try #require(UserSig.unbase64(Vector.userSig, .userSig))
        let raw = Array(compressed.dropFirst(2).dropLast(4))  // raw deflate: no header, no Adler-32
        var badChecksum = compressed
        badChecksum[badChecksum.count - 1] ^= 0xFF
        for bytes in [Array(Vector.json.utf8), raw, badChecksum, compressed + [0], compressed + compressed] {
            #expect(refusal(UserSig.base64(bytes, .userSig)) == .malformed)
        }
    }

    @Test("a zlib bomb is refused without inflating it: the bound is 8 KiB")
    func zlibBomb() throws {
        let padded = Vector.json.dropLast() + String(repeating: " ", count: 1 << 20) + "}"
        let bomb = pack(String(padded))
        #expect(bomb.utf8.count < 4096)
        #expect(refusal(bomb) == .malformed)

        #expect(UserSig.maxDocumentBytes == 8192)
        let exactly = [UInt8](repeating: 0x20, count: 8192)
        #expect(UserSig.inflate(UserSig.deflate(exactly)) == exactly)
        #expect(UserSig.inflate(UserSig.deflate(exactly + [0x20])) == nil)
        // A document just under the bound, padded with spaces, still verifies.
        let large = Vector.json.dropLast() + String(repeating: " ", count: 8192 - Vector.json.utf8.count) + "}"
        #expect(large.utf8.count == 8192)
        #expect(try Vector.verify(pack(String(large))).issuedAt == Vector.time)
    }

    @Test("wrong types, missing fields and other versions are malformed", arguments: [
        ["TLS.sdkappid": "1400000000"],
        ["TLS.sdkappid": 1_400_000_000.0],
        ["TLS.time": "1700000000"],
        ["TLS.expire": 15_552_000.5],
        ["TLS.identifier": 42],
        ["TLS.sig": nil as JSONValue],
        ["TLS.ver": "1.0"],
        ["TLS.ver": 2.0],
        ["TLS.time": .int(Int64.max)],  // time + expire overflows
        ["TLS.ver": nil], ["TLS.identifier": nil], ["TLS.sdkappid": nil], ["TLS.time": nil], ["TLS.expire": nil],
        ["TLS.sig": nil],
    ] as [[String: JSONValue?]])
    func malformedDocuments(changes: [String: JSONValue?]) throws {
        let userSig = try pack(Vector.document(changes))
        #expect(refusal(userSig) == .malformed)
    }

    @Test("JSON that is not a document object is malformed", arguments: [
        "[]", "null", "\"TLS\"", "{", "{\"TLS.ver\":\"2.0\",\"TLS.ver\":\"2.0\"}",
        Vector.json.replacingOccurrences(of: "{", with: "[{") + "]",
        Vector.json.replacingOccurrences(of: "\"TLS.ver\":\"2.0\"", with: "\"TLS.ver\":\"2.0\",\"TLS.ver\":\"2.0\""),
    ])
    func notAnObject(json: String) {
        #expect(refusal(pack(json)) == .malformed)
    }

    @Test("the errors carry Go's messages")
    func messages() {
        #expect(UserSigError.allCases.map(\.description) == [
            "malformed usersig", "sdk appid not match", "identifier not match", "expired", "userbuf type not match",
            "sig not match",
        ])
    }

    @Test("base64 encodes and decodes strictly in both alphabets")
    func base64() {
        for count in 0..<8 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 0xFB + $0 * 37) }
            for alphabet in [UserSig.Base64Alphabet.standard, .userSig] {
                #expect(UserSig.unbase64(UserSig.base64(bytes, alphabet), alphabet) == bytes)
            }
        }
        #expect(UserSig.base64([0xFB, 0xFF], .standard) == "+/8=")
        #expect(UserSig.base64([0xFB, 0xFF], .userSig) == "*-8_")
        #expect(UserSig.unbase64("+/8=", .userSig) == nil)
        #expect(UserSig.unbase64("+/9=", .standard) == nil)  // unused bits set
        #expect(UserSig.unbase64("QQ==", .standard) == [0x41])
        #expect(UserSig.unbase64("QR==", .standard) == nil)
        #expect(UserSig.unbase64("Q===", .standard) == nil)
        #expect(UserSig.unbase64("QQ=A", .standard) == nil)
        #expect(UserSig.unbase64("QQ==QQ==", .standard) == nil)
    }

    // MARK: An independent implementation

    @Test(
        "Python's standard library reads our UserSigs and signs alike; we verify Python's",
        .enabled(if: python3 != nil, "python3 is not on PATH"),
        arguments: [
            ("xiaojun", Int64(1_400_000_000), Vector.key, Int64(1_700_000_000), Int64(15_552_000)),
            ("小军/+=", 20_000_000, "ключ", 1_234_567_890, 604_800),
        ])
    func python(userID: String, sdkAppID: Int64, key: String, now: Int64, expire: Int64) async throws {
        let ours = UserSig.generate(userID: userID, sdkAppID: sdkAppID, secretKey: key, expire: expire, now: now)
        let output = try await runPython(
            Self.pythonScript, arguments: [ours, userID, String(sdkAppID), key, String(now), String(expire)])
        let report = try JSONParser().parse(output)
        let sig = UserSig.signature(
            content: UserSig.signedContent(identifier: userID, sdkAppID: sdkAppID, time: now, expire: expire),
            secretKey: key)
        #expect(report["sig"]?.stringValue == sig)
        let expected: JSONValue = [
            "TLS.ver": "2.0", "TLS.identifier": .string(userID), "TLS.sdkappid": .int(sdkAppID), "TLS.time": .int(now),
            "TLS.expire": .int(expire), "TLS.sig": .string(sig),
        ]
        #expect(report["decoded"] == expected)
        let theirs = try #require(report["usersig"]?.stringValue)
        let validity = try UserSig.verify(theirs, userID: userID, sdkAppID: sdkAppID, secretKey: key, now: now)
        #expect(validity.expiresAt == now + expire)
    }

    /// Decodes argv[1] as a UserSig, signs argv[2...] itself, and makes a UserSig the way
    /// TLSSigAPIv2.py writes it (insertion order, ", " separators, non-ASCII as \u escapes).
    static let pythonScript = #"""
        import base64, hashlib, hmac, json, sys, zlib
        usersig, ident, appid, key, t, exp = sys.argv[1:7]
        std = usersig.replace('*', '+').replace('-', '/').replace('_', '=')
        raw = zlib.decompress(base64.b64decode(std, validate=True))
        content = ('TLS.identifier:' + ident + '\nTLS.sdkappid:' + appid + '\nTLS.time:' + t
                   + '\nTLS.expire:' + exp + '\n')
        sig = base64.b64encode(hmac.new(key.encode(), content.encode(), hashlib.sha256).digest()).decode()
        doc = {'TLS.ver': '2.0', 'TLS.identifier': ident, 'TLS.sdkappid': int(appid), 'TLS.expire': int(exp),
               'TLS.time': int(t), 'TLS.sig': sig}
        theirs = base64.b64encode(zlib.compress(json.dumps(doc).encode(), 6)).decode()
        theirs = theirs.replace('+', '*').replace('/', '-').replace('=', '_')
        print(json.dumps({'decoded': json.loads(raw), 'sig': sig, 'usersig': theirs}))
        """#
}

/// The python3 on PATH, if any.
private let python3: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

private func runPython(_ script: String, arguments: [String]) async throws -> String {
    let outcome = try await runToExit([try #require(python3), "-c", script] + arguments)
    #expect(outcome.status == 0, "python exited with \(outcome.status): \(outcome.errors)")
    return outcome.output
}
