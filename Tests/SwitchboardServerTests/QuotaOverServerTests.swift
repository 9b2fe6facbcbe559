import Foundation
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// The quotas and `call.active` pages against the built `switchboard serve` as a subprocess, with real
/// clients on loopback (docs/SECURITY.md, "Quotas"). Waits are real time, each with a deadline.
@Suite("Quotas against the server process", .serialized)
struct QuotaOverServerTests {
    /// Starts the binary with `config` (a `--config` file's text).
    private static func start(config: String? = nil) async throws -> (server: ServerProcess, url: String) {
        let server = try ServerProcess.serve(config: config)
        try await server.waitUntilListening()
        return (server, server.url)
    }

    private static func session(_ user: UserID, url: String) -> ClientSession {
        ClientSession(configuration: ClientConfiguration(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"),
                                                         token: "t", surface: "test"),
                      transport: WebSocketTransport(url: url), clock: .system())
    }

    @Test("one account sending offline messages as fast as it can is stopped at its 4 MiB; another user still leaves one")
    func offlineFloodStopsAtTheSendersQuota() async throws {
        let (server, url) = try await Self.start()
        defer { server.stop() }
        let flooder = Self.session("flooder", url: url)
        try await flooder.login()
        let message = MessageContent.text(String(repeating: "x", count: 32 * 1024))
        var stored = 0
        var refusal: SignalingError?
        let started = ContinuousClock.now
        let deadline = started + .seconds(60)
        while refusal == nil, ContinuousClock.now < deadline {
            do throws(SignalingError) {
                _ = try await flooder.sendMessage(PeerMessageRequest(to: UserID("victim-\(stored)"), content: message, storeIfOffline: true))
                stored += 1
            } catch where error.code == .service(.rateLimited) && !error.message.contains("per sender") {
                continue   // the connection's request rate, not the quota: go on as fast as the server takes them
            } catch {
                refusal = error
            }
        }
        let elapsed = ContinuousClock.now - started
        print("offline flood: \(stored) messages, \(stored * 32 * 1024) bytes kept in \(elapsed), then \(String(describing: refusal))")
        #expect(refusal?.code == .service(.rateLimited))
        #expect(refusal?.message.contains("per sender") == true, "\(String(describing: refusal))")
        #expect(stored == 128, "4 MiB of 32 KiB messages: 1/16 of the app's 64 MiB")

        let friend = Self.session("friend", url: url)
        try await friend.login()
        #expect(try await friend.sendMessage(PeerMessageRequest(to: "victim-0", content: .text("hello"), storeIfOffline: true)) == .stored)

        let victim = Self.session("victim-0", url: url)
        let received = Mutex<[PeerMessage]>([])
        await victim.observe { event in
            if case .server(.message(let message)) = event { received.withLock { $0.append(message) } }
        }
        try await victim.login()
        try await eventually("victim-0 gets both offline messages") { received.withLock { $0.count } == 2 }
        #expect(received.withLock { $0.map(\.from) } == ["flooder", "friend"])
        for user in [flooder, friend, victim] {
            try? await user.logout()
            await user.shutdown()
        }
    }

    @Test("two accounts filling a victim's invitations are refused too_many_calls at 32; the victim still calls out")
    func invitationsCannotBlockTheInvitee() async throws {
        let (server, url) = try await Self.start()
        defer { server.stop() }
        let (first, second, victim, friend) = (Self.session("mallory-1", url: url), Self.session("mallory-2", url: url),
                                               Self.session("victim", url: url), Self.session("friend", url: url))
        for user in [first, second, victim, friend] { try await user.login() }
        let invitation = InviteRequest(invitees: ["victim"], profile: .nativeAdvanced,
                                       parameters: CallParameters(ringTimeout: .seconds(120)))
        /// Invites the victim until refused other than by the connection's request rate.
        func flood(from attacker: ClientSession, upTo count: Int) async throws -> (placed: Int, refusal: SignalingError?) {
            var placed = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while placed < count, ContinuousClock.now < deadline {
                do throws(SignalingError) {
                    _ = try await attacker.invite(invitation)
                    placed += 1
                } catch where error.code == .service(.rateLimited) {
                    try await Task.sleep(for: .milliseconds(20))
                } catch {
                    return (placed, error)
                }
            }
            return (placed, nil)
        }
        // 20 + 12: each attacker far below its own 32 calls, the victim at its 32 invitations.
        #expect(try await flood(from: first, upTo: 20).placed == 20)
        let (placed, refusal) = try await flood(from: second, upTo: 13)
        #expect(placed == 12)
        #expect(refusal?.code == .service(.tooManyCalls))
        #expect(refusal?.message.contains("invitations ringing") == true, "\(String(describing: refusal))")
        // The victim's own calls are not the attackers' to take.
        let own = try await victim.invite(InviteRequest(invitees: ["friend"], profile: .nativeAdvanced))
        #expect(own.caller == "victim")
        for user in [first, second, victim, friend] {
            try? await user.logout()
            await user.shutdown()
        }
    }

    @Test("call.active for a user with 100 large invitations ringing comes in pages under the 8 MiB frame limit")
    func activeCallsPageUnderTheFrameLimit() async throws {
        let config = #"{"limits": {"maxPendingInvitationsPerUser": 100, "maxActiveCallsPerUser": 100}}"#
        let (server, url) = try await Self.start(config: config)
        defer { server.stop() }
        let caller = Self.session("caller", url: url)
        let victim = Self.session("victim", url: url)
        try await caller.login()
        try await victim.login()
        // 8,000 bytes of payload and 8,000 of attachments, each byte escaped to six in JSON.
        let invitation = InviteRequest(invitees: ["victim"], profile: .nativeAdvanced,
                                       parameters: CallParameters(ringTimeout: .seconds(120)),
                                       payload: String(repeating: "\u{1}", count: 8_000),
                                       attachments: ["a": String(repeating: "\u{1}", count: 7_999)])
        var placed: [CallID] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while placed.count < 100, ContinuousClock.now < deadline {
            do throws(SignalingError) {
                placed.append(try await caller.invite(invitation).id)
            } catch {
                guard error.code == .service(.rateLimited) else { throw error }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(placed.count == 100)

        let calls = try await victim.activeCalls()
        #expect(Set(calls.map(\.id)) == Set(placed))
        let whole = calls.reduce(0) { $0 + ModelCoding.text($1).utf8.count }
        #expect(whole > 8 * 1024 * 1024, "all of them in one reply would be \(whole) bytes, over the client's 8 MiB")
        let first = try await victim.activeCalls(ActiveCallQuery(limit: 200))
        #expect(first.nextCursor != nil)
        #expect(first.calls.count < 100)
        let firstBytes = first.calls.reduce(0) { $0 + ModelCoding.text($1).utf8.count }
        #expect(firstBytes <= 1 << 20, "a page carries at most 1 MiB of calls: \(first.calls.count) calls, \(firstBytes) bytes")
        print("call.active: \(calls.count) calls, \(whole) bytes in all; a page of \(first.calls.count), \(firstBytes) bytes")
        for user in [caller, victim] {
            try? await user.logout()
            await user.shutdown()
        }
    }
}
