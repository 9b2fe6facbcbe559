import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardEmbedded
import SwitchboardWire

/// The demo's story: simulated users on the embedded service go through every call flow, and the
/// trace shows what each of them does and receives. Later, the vendor surfaces take the users' place.
final class DemoScenario {
    private let world: SimulatedService
    private let trace: Trace
    private var clients: [DemoUser] = []
    private var printed: [UserID: Int] = [:]

    init(world: SimulatedService, trace: Trace) {
        self.world = world
        self.trace = trace
    }

    func run() async throws {
        trace.section("Five users log in")
        let alice = try await login("alice")
        let bobLink = FaultInjector()
        let bob = try await login("bob", faults: bobLink)
        let carol = try await login("carol")
        let dave = try await login("dave")
        let erin = try await login("erin")
        await flush()

        trace.section("1:1 invitation, accepted")
        let first = try await invite(alice, ["bob"], payload: "video call?")
        try await act(bob, .accept(data: "on my way"), on: first, "accepts")

        trace.section("1:1 invitation, cancelled by the caller")
        let second = try await invite(alice, ["bob"])
        try await act(alice, .cancel(invitees: nil, data: nil), on: second, "cancels")

        trace.section("Busy: carol is in a call, so erin's call to her is rejected as busy")
        let busyCall = try await invite(carol, ["dave"], profile: .nativeAdvanced)
        try await act(dave, .accept(data: nil), on: busyCall, "accepts")
        _ = try await invite(erin, ["carol"], profile: .tencent, note: "a Tencent call: busy invitees are rejected")
        try await act(carol, .end(data: nil), on: busyCall, "hangs up")

        trace.section("Timeout: alice calls erin, who does not answer for 30 s")
        _ = try await invite(alice, ["erin"], ringTimeout: .seconds(30))
        await pass(.seconds(30))

        trace.section("Advanced group call: invite-more, quit and end")
        let group = try await invite(alice, ["bob", "carol"], profile: .nativeAdvanced)
        try await act(bob, .accept(data: nil), on: group, "accepts")
        try await act(carol, .accept(data: nil), on: group, "accepts")
        try await act(bob, .inviteMore(["dave"]), on: group, "invites dave into the call")
        try await act(dave, .accept(data: nil), on: group, "accepts")
        await pass(.seconds(45))
        try await act(carol, .quit(data: "bye all"), on: group, "quits")
        await pass(.seconds(15))
        try await act(alice, .end(data: nil), on: group, "ends the call for everyone")

        trace.section("Offline invitee: frank is offline when called, logs in 20 s later and answers")
        let offline = try await invite(alice, ["frank"], ringTimeout: .seconds(90))
        await pass(.seconds(20))
        let frank = try await login("frank")
        await flush()
        try await act(frank, .accept(data: nil), on: offline, "accepts")

        trace.section("A dropped link that resumes: nothing bob missed is lost")
        trace.note(world.now, "bob's network goes silent")
        bobLink.severLinks()
        trace.action(world.now, alice.user, "sends bob a message")
        _ = try await alice.session.sendMessage(PeerMessageRequest(to: "bob", content: .text("are you there?")))
        let resumed = try await invite(alice, ["bob"], ringTimeout: .seconds(60))
        await pass(.seconds(5))
        trace.note(world.now, "bob's client reconnected and resumed its session; the missed events were replayed")
        try await act(bob, .accept(data: nil), on: resumed, "accepts")

        trace.section("alice's call history, newest first")
        let page = try await alice.session.callRecords(RecordQuery(limit: 10))
        for record in page.records {
            let seconds = Double(record.duration.wholeMilliseconds) / 1000
            trace.note(world.now, "call \(trace.short(record.callID)) \(record.direction.rawValue) with \(record.participants.filter { $0 != "alice" }.map(\.rawValue).joined(separator: ", ")): \(record.endReason.rawValue), \(seconds) s")
        }
        for client in clients {
            await client.session.shutdown()
        }
    }

    // MARK: - Steps

    private func login(_ user: UserID, faults: FaultInjector? = nil) async throws -> DemoUser {
        trace.action(world.now, user, "logs in")
        let client = try await DemoUser(user, in: world, faults: faults)
        clients.append(client)
        return client
    }

    private func invite(
        _ caller: DemoUser,
        _ invitees: [UserID],
        profile: CallProfile = .native,
        ringTimeout: Duration? = nil,
        payload: String? = nil,
        note: String? = nil
    ) async throws -> CallID {
        let details = [profile.mode == .advanced ? "advanced mode" : nil, note].compactMap { $0 }
        trace.action(world.now, caller.user, "invites \(invitees.map(\.rawValue).joined(separator: ", "))\(details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")")
        let call = try await caller.session.invite(InviteRequest(
            invitees: invitees, profile: profile, parameters: CallParameters(ringTimeout: ringTimeout), payload: payload))
        await flush()
        return call.id
    }

    private func act(_ client: DemoUser, _ action: CallAction, on call: CallID, _ description: String) async throws {
        trace.action(world.now, client.user, description)
        _ = try await client.session.act(action, on: call)
        await flush()
    }

    private func pass(_ duration: Duration) async {
        trace.note(world.now, "\(duration) pass")
        await world.advance(by: duration)
        await flush()
    }

    /// Prints what every user received since the last flush, user by user.
    private func flush() async {
        await world.runUntilIdle()
        for client in clients {
            let events = client.events
            let from = printed[client.user, default: 0]
            for event in events[from...] {
                trace.received(world.now, client.user, event)
            }
            printed[client.user] = events.count
        }
    }
}
