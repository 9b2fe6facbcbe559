import Foundation
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardTesting
import SwitchboardUserSig
import SwitchboardWire
import Testing

@testable import SwitchboardAtomicX

/// Refuses every token: the fallback for logins that are not the Tencent surface's.
private struct RefusingVerifier: TokenVerifier {
    func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        throw SignalingError(.invalidToken, "only UserSigs of the tencent surface are accepted here")
    }
}

/// Seconds since 1970, now.
private func unixNow() -> Int64 { Int64(Date().timeIntervalSince1970) }

@Suite("GenerateTestUserSig")
struct GenerateTestUserSigTests {
    private let secretKey = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"

    @Test("the seed's statements compile, and the UserSig verifies for its user, app and key for 7 days")
    func seedStatements() throws {
        let userID = "xiaojun"
        let secretKey = self.secretKey
        let before = unixNow()
        // The seed's statements, unchanged.
        let sdkAppID: Int = 1400000001
        let userSig = GenerateTestUserSig.genTestUserSig(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey)
        let after = unixNow()

        let (issuedAt, expiresAt) = try UserSig.verify(
            userSig, userID: userID, sdkAppID: 1_400_000_001, secretKey: secretKey, now: after)
        #expect((before...after).contains(issuedAt))
        #expect(expiresAt - issuedAt == 604_800)
        #expect(EXPIRETIME == 604_800)
        // Valid through its last second, expired after it.
        #expect(throws: Never.self) {
            try UserSig.verify(userSig, userID: userID, sdkAppID: 1_400_000_001, secretKey: secretKey, now: expiresAt)
        }
        #expect(throws: UserSigError.expired) {
            try UserSig.verify(userSig, userID: userID, sdkAppID: 1_400_000_001, secretKey: secretKey, now: expiresAt + 1)
        }
    }

    @Test("the UserSig's TLS.expire is 604800 and its TLS.time now")
    func document() throws {
        let before = unixNow()
        let userSig = GenerateTestUserSig.genTestUserSig(userID: "xiaojun", sdkAppID: 1400000001, secretKey: secretKey)
        // verify answers TLS.time and TLS.time + TLS.expire, decoded from the UserSig.
        let (issuedAt, expiresAt) = try UserSig.verify(
            userSig, userID: "xiaojun", sdkAppID: 1_400_000_001, secretKey: secretKey, now: before)
        #expect(expiresAt - issuedAt == 604_800)
        #expect((before...unixNow()).contains(issuedAt))
    }

    @Test("the UserSig does not verify under another key, user or sdkAppID")
    func otherKeyUserOrApp() {
        let userSig = GenerateTestUserSig.genTestUserSig(userID: "xiaojun", sdkAppID: 1400000001, secretKey: secretKey)
        let now = unixNow()
        #expect(throws: UserSigError.signatureMismatch) {
            try UserSig.verify(userSig, userID: "xiaojun", sdkAppID: 1_400_000_001, secretKey: "another-key", now: now)
        }
        #expect(throws: UserSigError.identifierMismatch) {
            try UserSig.verify(userSig, userID: "alice", sdkAppID: 1_400_000_001, secretKey: secretKey, now: now)
        }
        #expect(throws: UserSigError.sdkAppIDMismatch) {
            try UserSig.verify(userSig, userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: secretKey, now: now)
        }
    }

    @Test("the Int32 overload makes the same UserSig and leaves literal and Int calls unambiguous")
    func int32Overload() throws {
        let sdkAppID: Int32 = 1400000001
        let narrow = GenerateTestUserSig.genTestUserSig(userID: "xiaojun", sdkAppID: sdkAppID, secretKey: secretKey)
        let literal = GenerateTestUserSig.genTestUserSig(userID: "xiaojun", sdkAppID: 1400000001, secretKey: secretKey)
        for userSig in [narrow, literal] {
            let (issuedAt, expiresAt) = try UserSig.verify(
                userSig, userID: "xiaojun", sdkAppID: 1_400_000_001, secretKey: secretKey, now: unixNow())
            #expect(expiresAt - issuedAt == 604_800)
        }
    }

    @Test("issued at a given time, the UserSig is the library's for that time")
    func fixedTime() {
        let now = Date(timeIntervalSince1970: 1_700_000_000.75)
        let userSig = GenerateTestUserSig.genTestUserSig(
            userID: "xiaojun", sdkAppID: Int64(1_400_000_000), secretKey: secretKey, now: now)
        #expect(userSig == UserSig.generate(
            userID: "xiaojun", sdkAppID: 1_400_000_000, secretKey: secretKey, expire: 604_800, now: 1_700_000_000))
    }

    // MARK: - Logging in with it

    private func world() -> TestWorld {
        let app = AppConfiguration(id: "tencent-demo", vendorIDs: ["1400000001"], secret: secretKey)
        // The world's clock starts at the real time, which the helper's UserSigs are issued at.
        return TestWorld(
            configuration: ServiceConfiguration(apps: [app]),
            verifier: UserSigTokenVerifier(fallback: RefusingVerifier()),
            epoch: Timestamp(millisecondsSince1970: unixNow() * 1000))
    }

    @Test("a Tencent login with the helper's UserSig succeeds and expires 7 days after issue")
    func login() async throws {
        let world = world()
        let sdkAppID: Int = 1400000001
        let userSig = GenerateTestUserSig.genTestUserSig(userID: "xiaojun", sdkAppID: sdkAppID, secretKey: secretKey)
        let issuedAt = try UserSig.verify(
            userSig, userID: "xiaojun", sdkAppID: 1_400_000_001, secretKey: secretKey, now: unixNow()).issuedAt
        let xiaojun = try await world.login("xiaojun", app: "1400000001", token: userSig, surface: "tencent")
        #expect(await xiaojun.session.tokenExpiresAt == Timestamp(millisecondsSince1970: (issuedAt + 604_800) * 1000))
    }

    @Test("a Tencent login with a forged UserSig, or someone else's, fails with invalid_token", arguments: [
        ("xiaojun", "another-key"), ("alice", "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"),
    ])
    func forged(signedFor user: String, key: String) async {
        let world = world()
        let userSig = GenerateTestUserSig.genTestUserSig(userID: user, sdkAppID: 1400000001, secretKey: key)
        do {
            _ = try await world.login("xiaojun", app: "1400000001", token: userSig, surface: "tencent")
            Issue.record("logged in with a UserSig signed for \(user) with \(key)")
        } catch {
            #expect(error.code == .service(.invalidToken))
        }
    }

    @Test("a genuine UserSig does not log in another surface: its logins go to the fallback")
    func otherSurface() async {
        let world = world()
        let userSig = GenerateTestUserSig.genTestUserSig(userID: "xiaojun", sdkAppID: 1400000001, secretKey: secretKey)
        do {
            _ = try await world.login("xiaojun", app: "1400000001", token: userSig, surface: "agora")
            Issue.record("the agora surface logged in with a UserSig")
        } catch {
            #expect(error.code == .service(.invalidToken))
        }
    }
}
