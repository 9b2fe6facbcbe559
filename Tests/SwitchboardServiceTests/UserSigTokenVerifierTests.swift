import Synchronization
import SwitchboardCore
import SwitchboardJSON
import SwitchboardServer
import SwitchboardWire
import Testing

@testable import SwitchboardService
@testable import SwitchboardUserSig

/// The app of Tencent's UserSig test inputs (docs/TENCENT.md, "UserSig"): Tencent's test key, sdkAppID
/// 1400000000 and user xiaojun.
private enum Tencent {
    static let key = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"
    static let sdkAppID: Int64 = 1_400_000_000
    static let vendorApp = "1400000000"
    static let user: UserID = "xiaojun"
    static let app = AppConfiguration(id: "tencent-demo", vendorIDs: [vendorApp], secret: key)
    /// 2026-01-01T00:00:00Z, the harness's epoch, in Unix seconds.
    static let issued: Int64 = 1_767_225_600
    static let expire: Int64 = 604_800

    static func sig(
        user: String = "xiaojun", sdkAppID: Int64 = sdkAppID, key: String = key, expire: Int64 = expire,
        issued: Int64 = issued
    ) -> String {
        UserSig.generate(userID: user, sdkAppID: sdkAppID, secretKey: key, expire: expire, now: issued)
    }

    /// `seconds` (Unix) as a timestamp.
    static func at(_ seconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: seconds * 1000)
    }
}

/// What a fallback verifier was asked.
private struct FallbackCall: Hashable, Sendable {
    var token: String?
    var user: UserID
    var app: AppConfiguration?
    var vendorApp: String
    var surface: String?
    var now: Timestamp
}

/// A fallback that records every call and answers a fixed grant, or refuses tokens other than "ok".
private final class RecordingVerifier: TokenVerifier {
    let calls = Mutex<[FallbackCall]>([])
    let grant = TokenGrant(expiresAt: Timestamp(millisecondsSince1970: 42))

    func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        calls.withLock {
            $0.append(FallbackCall(token: token, user: user, app: app, vendorApp: vendorApp, surface: surface, now: now))
        }
        guard token == "ok" else { throw SignalingError(.invalidToken, "the fallback refuses \(token ?? "nil")") }
        return grant
    }

    var recorded: [FallbackCall] { calls.withLock { $0 } }
}

/// The error `body` throws, if it throws one.
private func refusal(_ body: () throws(SignalingError) -> TokenGrant) -> SignalingError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

@Suite("UserSig token verifier")
struct UserSigTokenVerifierTests {
    private let fallback = RecordingVerifier()
    private var verifier: UserSigTokenVerifier { UserSigTokenVerifier(fallback: fallback) }

    private func verify(
        _ token: String?, user: UserID = Tencent.user, app: AppConfiguration? = Tencent.app,
        vendorApp: String = Tencent.vendorApp, surface: String? = "tencent",
        at now: Timestamp = Tencent.at(Tencent.issued + 5)
    ) throws(SignalingError) -> TokenGrant {
        try verifier.verify(token: token, user: user, app: app, vendorApp: vendorApp, surface: surface, at: now)
    }

    @Test("a UserSig for the user and sdkAppID, signed with the app's secret, is accepted until TLS.time + TLS.expire")
    func accepted() throws {
        let grant = try verify(Tencent.sig())
        #expect(grant.expiresAt == Tencent.at(Tencent.issued + Tencent.expire))
        // Still valid during its last second, as in TLSSigAPIv2 (now > time + expire fails).
        let last = try verify(Tencent.sig(), at: Timestamp(millisecondsSince1970: (Tencent.issued + Tencent.expire) * 1000 + 999))
        #expect(last.expiresAt == Tencent.at(Tencent.issued + Tencent.expire))
        // A UserSig issued after the service's now is not refused (TLSSigAPIv2 has no not-before).
        #expect(try verify(Tencent.sig(issued: Tencent.issued + 60)).expiresAt == Tencent.at(Tencent.issued + 60 + Tencent.expire))
        #expect(fallback.recorded.isEmpty)
    }

    @Test("a UserSig with the Go and Python libraries' 180-day default lifetime verifies too")
    func referenceInputs() throws {
        let sig = Tencent.sig(expire: 180 * 86_400)
        #expect(try verify(sig).expiresAt == Tencent.at(Tencent.issued + 180 * 86_400))
    }

    @Test("refused as invalid_token, naming the UserSigError", arguments: [
        ("another user", Tencent.sig(user: "alice"), "identifierMismatch"),
        ("another sdkAppID", Tencent.sig(sdkAppID: 1_400_000_001), "sdkAppIDMismatch"),
        ("another key", Tencent.sig(key: "not-the-secret"), "signatureMismatch"),
        ("garbage", "this is not a UserSig", "malformed"),
        ("truncated", String(Tencent.sig().dropLast(4)), "malformed"),
    ])
    func refused(name: String, token: String, reason: String) {
        let error = refusal { () throws(SignalingError) in try verify(token) }
        #expect(error?.code == .service(.invalidToken), "\(name)")
        #expect(error?.message.contains("UserSigError.\(reason)") == true, "\(name): \(error?.message ?? "accepted")")
        #expect(fallback.recorded.isEmpty)
    }

    @Test("a tampered UserSig (a field changed, the sig kept) is refused as invalid_token")
    func tampered() throws {
        // The genuine document with a longer TLS.expire and the genuine TLS.sig.
        let content = UserSig.signedContent(
            identifier: "xiaojun", sdkAppID: Tencent.sdkAppID, time: Tencent.issued, expire: Tencent.expire)
        let genuineSig = UserSig.signature(content: content, secretKey: Tencent.key)
        let document: JSONValue = [
            "TLS.ver": "2.0", "TLS.identifier": "xiaojun", "TLS.sdkappid": .int(Tencent.sdkAppID),
            "TLS.time": .int(Tencent.issued), "TLS.expire": .int(Tencent.expire * 100), "TLS.sig": .string(genuineSig),
        ]
        let json = try JSONSerializer(sortedKeys: true).serializeBytes(document)
        let tampered = UserSig.base64(UserSig.deflate(json), .userSig)
        let error = refusal { () throws(SignalingError) in try verify(tampered) }
        #expect(error?.code == .service(.invalidToken))
        #expect(error?.message.contains("UserSigError.signatureMismatch") == true)

        // One character of a genuine UserSig changed.
        var characters = Array(Tencent.sig())
        characters[characters.count / 2] = characters[characters.count / 2] == "A" ? "B" : "A"
        let flipped = refusal { () throws(SignalingError) in try verify(String(characters)) }
        #expect(flipped?.code == .service(.invalidToken))
    }

    @Test("no token or an empty one is refused as invalid_token without reaching the fallback")
    func missing() {
        for token in [nil, ""] as [String?] {
            let error = refusal { () throws(SignalingError) in try verify(token) }
            #expect(error?.code == .service(.invalidToken))
            #expect(error?.message.isEmpty == false)
        }
        #expect(fallback.recorded.isEmpty)
    }

    @Test("an expired UserSig is refused as token_expired")
    func expired() {
        let sig = Tencent.sig(expire: 100, issued: Tencent.issued - 1000)
        let error = refusal { () throws(SignalingError) in try verify(sig) }
        #expect(error?.code == .service(.tokenExpired))
        #expect(error?.message.contains("UserSigError.expired") == true)
        // One second past TLS.time + TLS.expire.
        let late = refusal { () throws(SignalingError) in
            try verify(Tencent.sig(), at: Tencent.at(Tencent.issued + Tencent.expire + 1))
        }
        #expect(late?.code == .service(.tokenExpired))
    }

    @Test("an expired UserSig for another user is refused as invalid_token (identity is checked first)")
    func expiredForAnotherUser() {
        let sig = Tencent.sig(user: "alice", expire: 100, issued: Tencent.issued - 1000)
        #expect(refusal { () throws(SignalingError) in try verify(sig) }?.code == .service(.invalidToken))
    }

    @Test("a login under a vendor app id that is not a number, or an app without a secret, is refused")
    func badConfiguration() {
        let nonNumeric = refusal { () throws(SignalingError) in try verify(Tencent.sig(), vendorApp: "tencent-app") }
        #expect(nonNumeric?.code == .service(.invalidToken))
        let noSecret = AppConfiguration(id: "nosecret", vendorIDs: [Tencent.vendorApp], secret: "")
        let unsigned = Tencent.sig(key: "")
        let error = refusal { () throws(SignalingError) in try verify(unsigned, app: noSecret) }
        #expect(error?.code == .service(.invalidToken))
        #expect(fallback.recorded.isEmpty)
    }

    @Test("other surfaces' logins go to the fallback with every argument", arguments: ["agora", "zim", "cli", nil] as [String?])
    func otherSurfaces(surface: String?) throws {
        let now = Tencent.at(Tencent.issued + 5)
        let grant = try verify("ok", user: "bob", vendorApp: "agora-app", surface: surface, at: now)
        #expect(grant == fallback.grant)
        // A genuine UserSig is no token for another surface: the fallback decides, and refuses it.
        let error = refusal { () throws(SignalingError) in try verify(Tencent.sig(), surface: surface) }
        #expect(error?.message == "the fallback refuses \(Tencent.sig())")
        #expect(fallback.recorded.first == FallbackCall(
            token: "ok", user: "bob", app: Tencent.app, vendorApp: "agora-app", surface: surface, now: now))
        #expect(fallback.recorded.count == 2)
    }

    @Test("in development mode every login goes to the fallback, the Tencent surface's too")
    func developmentMode() throws {
        let grant = try verify("ok", app: nil)
        #expect(grant == fallback.grant)
        #expect(fallback.recorded == [FallbackCall(
            token: "ok", user: Tencent.user, app: nil, vendorApp: Tencent.vendorApp, surface: "tencent",
            now: Tencent.at(Tencent.issued + 5))])
        // Not even a UserSig is checked: the fallback alone decides.
        #expect(refusal { () throws(SignalingError) in try verify(Tencent.sig(), app: nil) }?.message
            == "the fallback refuses \(Tencent.sig())")
    }

    // MARK: - Through the service

    private func harness() -> ServiceHarness {
        ServiceHarness(configuration: ServiceConfiguration(apps: [Tencent.app]),
                       verifier: UserSigTokenVerifier(fallback: ScriptedVerifier()))
    }

    private func hello(_ token: String?, app: String = Tencent.vendorApp, surface: String? = "tencent") -> Hello {
        Hello(app: app, user: Tencent.user, device: "phone", token: token, loginPolicy: .latestDevice, surface: surface)
    }

    @Test("through the service: a Tencent login with a valid UserSig is welcomed with the UserSig's expiry")
    func serviceLogin() throws {
        let harness = harness()
        #expect(harness.now == Tencent.at(Tencent.issued))
        let connection = harness.connect()
        connection.send(.hello(hello(Tencent.sig())))
        guard case .welcome(let welcome) = connection.frames.first else {
            Issue.record("not welcomed: \(connection.frames)")
            return
        }
        #expect(welcome.tokenExpiresAt == Tencent.at(Tencent.issued + Tencent.expire))
        #expect(harness.service.sessionCount(app: Tencent.app.id) == 1)

        // Renewing with a fresh UserSig moves the expiry.
        let renewed = Tencent.sig(issued: Tencent.issued + 3600)
        #expect(try connection.request(.renewToken(renewed))
            == .success(.token(expiresAt: Tencent.at(Tencent.issued + 3600 + Tencent.expire))))
        #expect(try connection.request(.renewToken(Tencent.sig(key: "forged"))).failureCode == "invalid_token")
    }

    @Test("through the service: forged, foreign or expired UserSigs are refused and the connection closed",
          arguments: [
            (Tencent.sig(key: "forged"), "invalid_token"),
            (Tencent.sig(user: "alice"), "invalid_token"),
            (Tencent.sig(sdkAppID: 1_400_000_001), "invalid_token"),
            ("garbage", "invalid_token"),
            ("", "invalid_token"),
            (Tencent.sig(expire: 10, issued: Tencent.issued - 11), "token_expired"),
          ])
    func serviceRefusals(token: String, code: String) {
        let harness = harness()
        let connection = harness.connect()
        connection.send(.hello(hello(token)))
        guard case .refused(let error) = connection.frames.last else {
            Issue.record("expected a refusal, got \(connection.frames)")
            return
        }
        #expect(error.code.rawValue == code)
        #expect(connection.isClosed)
        #expect(harness.service.sessionCount() == 0)
    }

    @Test("through the service: a UserSig logs in only the Tencent surface; other surfaces use the fallback")
    func serviceOtherSurfaces() throws {
        let harness = harness()
        let refused = harness.connect()
        refused.send(.hello(hello(Tencent.sig(), surface: "agora")))
        guard case .refused(let error) = refused.frames.last else {
            Issue.record("a UserSig logged in the agora surface: \(refused.frames)")
            return
        }
        #expect(error.code == .service(.invalidToken))
        let accepted = harness.connect()
        accepted.send(.hello(hello("ok", surface: "agora")))
        guard case .welcome = accepted.frames.first else {
            Issue.record("the fallback's token was refused: \(accepted.frames)")
            return
        }
    }
}
