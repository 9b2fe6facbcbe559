import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// The service ends a session whose token ran out without a renewal (docs/SECURITY.md, "Tokens"):
/// the will-expire notice at the surface's lead, `bye(tokenExpired)` at the expiry (plus the configured
/// grace), the session's calls left as a lost session leaves them, nothing kept for a resume.
@Suite("Token expiry ends sessions")
struct TokenExpiryTests {
    /// A token of ``ScriptedVerifier`` that expires `seconds` after the harness's epoch.
    private static func token(expiringAt seconds: Int64) -> String {
        "ok:\(ServiceHarness.epoch.millisecondsSince1970 + seconds * 1000)"
    }

    /// Moves time a second at a time, `connections` pinging after each step as live clients do.
    private static func advance(_ harness: ServiceHarness, seconds: Int, keeping connections: [RawConnection]) async {
        for _ in 0..<seconds {
            await harness.advance(by: .seconds(1))
            for connection in connections where !connection.isClosed { connection.send(.ping) }
        }
    }

    private static func byes(_ connection: RawConnection) -> [Bye] {
        connection.frames.compactMap { if case .bye(let bye) = $0 { bye } else { nil } }
    }

    @Test("not renewed: the notice at the lead, then bye(tokenExpired) at the expiry itself, the link closed and the session gone")
    func expiryEndsTheSession() async throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: Self.token(expiringAt: 60))
        let bob = try harness.login("bob", token: "ok")
        _ = try alice.request(.joinChannel("lobby"))
        _ = try bob.request(.joinChannel("lobby"))
        _ = try bob.request(.subscribePresence(["alice"]))
        await Self.advance(harness, seconds: 30, keeping: [alice, bob])
        #expect(alice.events.map(\.event).last == .tokenWillExpire(expiresAt: ServiceHarness.epoch + .seconds(60)))
        await Self.advance(harness, seconds: 29, keeping: [alice, bob])
        await harness.advance(by: .milliseconds(999), step: .milliseconds(999))
        #expect(Self.byes(alice).isEmpty && !alice.isClosed, "not a millisecond early")
        #expect(harness.service.sessionCount(user: "alice") == 1)

        await harness.advance(by: .milliseconds(1), step: .milliseconds(1))
        #expect(Self.byes(alice).map(\.reason) == [.tokenExpired])
        #expect(alice.isClosed)
        #expect(alice.events.map(\.event.name) == ["channel.memberJoined", "session.tokenWillExpire"], "no other notice")
        #expect(harness.service.sessionCount(user: "alice") == 0)
        #expect(harness.service.presence(of: "alice") == .offline)
        // Others see what they see when a session ends: the channel lost a member, the user went offline.
        #expect(bob.events.suffix(2).map(\.event) == [
            .channelMemberLeft(channel: "lobby", user: "alice"),
            .presenceChanged(PresenceStatus(user: "alice", state: .offline)),
        ])
    }

    @Test("renewed before the expiry: the session lives on to the new expiry, with its notice again; a stale timer does nothing")
    func renewalKeepsTheSession() async throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: Self.token(expiringAt: 60))
        await Self.advance(harness, seconds: 45, keeping: [alice])
        let renewed = ServiceHarness.epoch + .seconds(120)
        #expect(try alice.request(.renewToken(Self.token(expiringAt: 120))) == .success(.token(expiresAt: renewed)))
        await Self.advance(harness, seconds: 74, keeping: [alice])
        #expect(Self.byes(alice).isEmpty && !alice.isClosed, "past the old expiry")
        #expect(alice.events.map(\.event) == [
            .tokenWillExpire(expiresAt: ServiceHarness.epoch + .seconds(60)), .tokenWillExpire(expiresAt: renewed),
        ])
        await Self.advance(harness, seconds: 1, keeping: [alice])
        #expect(Self.byes(alice).map(\.reason) == [.tokenExpired])
        #expect(harness.service.sessionCount(user: "alice") == 0)
    }

    @Test("a renewal with an invalid or an already expired token is refused with its code and changes nothing")
    func badRenewalChangesNothing() async throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: Self.token(expiringAt: 60))
        await Self.advance(harness, seconds: 40, keeping: [alice])
        #expect(try alice.request(.renewToken("forged")).failureCode == "invalid_token")
        #expect(try alice.request(.renewToken(Self.token(expiringAt: 40))).failureCode == "token_expired")
        #expect(try alice.request(.renewToken(Self.token(expiringAt: 10))).failureCode == "token_expired")
        await Self.advance(harness, seconds: 19, keeping: [alice])
        #expect(!alice.isClosed)
        await Self.advance(harness, seconds: 1, keeping: [alice])
        #expect(Self.byes(alice).map(\.reason) == [.tokenExpired], "the session ended at the original expiry")
    }

    @Test("a session whose client is away (in its resume grace) at the expiry ends then, not at the grace's end; nothing is kept for its resume")
    func awayAtExpiry() async throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: Self.token(expiringAt: 60))
        let bob = try harness.login("bob", token: "ok")
        _ = try bob.request(.subscribePresence(["alice"]))
        await Self.advance(harness, seconds: 50, keeping: [alice, bob])
        alice.ackAll()
        alice.drop()
        await Self.advance(harness, seconds: 9, keeping: [bob])
        #expect(harness.service.sessionCount(user: "alice") == 1, "within the grace before the expiry")
        await Self.advance(harness, seconds: 1, keeping: [bob])
        #expect(harness.service.sessionCount(user: "alice") == 0, "ended at the expiry, 20 s before the grace ends")
        #expect(bob.events.last?.event == .presenceChanged(PresenceStatus(user: "alice", state: .offline)))
        #expect(Self.byes(alice).isEmpty, "nobody to tell")

        // Back with the expired token: refused for it. Back with a renewed one: no session to resume,
        // and no tombstone either, so the client logs in afresh.
        let session = try #require(alice.session)
        let late = harness.connect()
        late.send(.hello(Hello(app: "app", user: "alice", device: "alice-1", token: Self.token(expiringAt: 60),
                               loginPolicy: .multiDevice, resume: Hello.Resume(session: session, lastSequence: 1))))
        #expect(late.frames.map(\.refusalCode) == ["token_expired"])
        let renewed = harness.connect()
        renewed.send(.hello(Hello(app: "app", user: "alice", device: "alice-1", token: Self.token(expiringAt: 600),
                                  loginPolicy: .multiDevice, resume: Hello.Resume(session: session, lastSequence: 1))))
        #expect(renewed.frames.map(\.refusalCode) == ["session_expired"])
        let fresh = try harness.login("alice", token: Self.token(expiringAt: 600))
        #expect(harness.service.sessionCount(user: "alice") == 1)
        #expect(!fresh.isClosed)
    }

    @Test("the grace is the service's: an unrenewed session ends that long after the expiry, and a renewal within it keeps the session")
    func configuredGrace() async throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(tokenExpiryGrace: .seconds(5)),
                                     verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: Self.token(expiringAt: 60))
        let bob = try harness.login("bob", token: Self.token(expiringAt: 60))
        await Self.advance(harness, seconds: 62, keeping: [alice, bob])
        #expect(!alice.isClosed && !bob.isClosed, "within the grace")
        #expect(try bob.request(.renewToken(Self.token(expiringAt: 600))).failureCode == nil, "a renewal still counts")
        #expect(try alice.request(.renewToken(Self.token(expiringAt: 61))).failureCode == "token_expired")
        await Self.advance(harness, seconds: 2, keeping: [alice, bob])
        #expect(!alice.isClosed)
        await Self.advance(harness, seconds: 1, keeping: [alice, bob])
        #expect(Self.byes(alice).map(\.reason) == [.tokenExpired], "ended at the expiry + 5 s")
        #expect(Self.byes(bob).isEmpty && !bob.isClosed)
        #expect(harness.service.sessionCount(user: "bob") == 1)
    }

    /// What the other side of a call sees when the caller's session ends: once for an expired token,
    /// once for a lost link past the grace. The two must not differ (docs/CALL-MODEL.md).
    private static func callAfterCallerSessionEnds(
        profile: CallProfile, answered: Bool, byToken: Bool
    ) async throws -> (kinds: [String], states: [String], end: CallEndReason?) {
        let configuration = ServiceConfiguration(offlineAfter: .seconds(20))
        let harness = ServiceHarness(configuration: configuration, verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: byToken ? Self.token(expiringAt: 20) : "ok")
        let bob = try harness.login("bob", token: "ok")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: profile)))
        if answered {
            _ = try bob.call(.call(call.id, .accept(data: nil)))
        }
        if !byToken { alice.drop() }
        await Self.advance(harness, seconds: 21, keeping: byToken ? [alice, bob] : [bob])
        #expect(harness.service.sessionCount(user: "alice") == 0)
        let notes = bob.callNotes.filter { $0.call.id == call.id }
        let last = try #require(notes.last)
        let states = last.call.participants.map { "\($0.user)=\($0.state)" }
        return (notes.map { "\($0.kind)" }, states, last.call.state.end?.reason)
    }

    @Test("the session's calls are left as a lost session leaves them", arguments: [
        (CallProfile.agora, false), (.zimGeneral, false), (.zimAdvanced, true), (.tencent, false), (.tencent, true),
    ])
    func callsLeftAsAfterALostSession(profile: CallProfile, answered: Bool) async throws {
        let expired = try await Self.callAfterCallerSessionEnds(profile: profile, answered: answered, byToken: true)
        let lost = try await Self.callAfterCallerSessionEnds(profile: profile, answered: answered, byToken: false)
        #expect(expired.kinds == lost.kinds)
        #expect(expired.states == lost.states)
        #expect(expired.end == lost.end)
    }
}

private extension ServerFrame {
    /// The code of a refusal, or the frame's type.
    var refusalCode: String {
        if case .refused(let error) = self { error.code.rawValue } else { type }
    }
}
