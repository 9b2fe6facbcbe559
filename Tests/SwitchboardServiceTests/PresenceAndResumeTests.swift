import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

@Suite("Presence, grace period and resume")
struct PresenceAndResumeTests {
    @Test("a silent session is unreachable after 6 s and gone after 30 s; watchers are told each step")
    func silenceThresholds() async throws {
        let harness = ServiceHarness()
        let watcher = try harness.login("watcher")
        let alice = try harness.login("alice")
        #expect(try watcher.request(.subscribePresence(["alice"])) == .success(.presence([PresenceStatus(user: "alice", state: .online)])))
        await harness.advance(by: .seconds(5))
        watcher.send(.ping)
        #expect(harness.service.presence(of: "alice") == .online)
        await harness.advance(by: .seconds(1))
        #expect(harness.service.presence(of: "alice") == .unreachable)
        alice.send(.ping)
        #expect(harness.service.presence(of: "alice") == .online)
        for _ in 0..<30 {
            await harness.advance(by: .seconds(1))
            watcher.send(.ping)
        }
        #expect(harness.service.presence(of: "alice") == .offline)
        #expect(alice.isClosed)
        let changes = watcher.events.compactMap { envelope -> PresenceState? in
            if case .presenceChanged(let status) = envelope.event, status.user == "alice" { return status.state }
            return nil
        }
        #expect(changes == [.unreachable, .online, .unreachable, .offline])
    }

    @Test("a session whose link dropped keeps the user online for the grace period and resumes with every missed event")
    func resumeReplaysMissedEvents() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        bob.ackAll()
        bob.drop()
        #expect(harness.service.presence(of: "bob") == .online)
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], payload: "while away")))
        #expect(try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text("hi")))) == .success(.message(.delivered)))
        await harness.advance(by: .seconds(10))

        let back = harness.connect()
        back.send(.hello(Hello(app: "app", user: "bob", device: "bob-1", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: bob.session!, lastSequence: 0))))
        guard case .welcome(let welcome) = back.frames.first else { Issue.record("no welcome: \(back.frames)"); return }
        #expect(welcome.resumed)
        #expect(welcome.session == bob.session)
        let replayed = back.events
        #expect(replayed.map(\.sequence) == [1, 2])
        #expect(replayed.first.map { ServerEvent.call(CallNotification(kind: .invited(by: "alice"), call: call)) == $0.event } != false)
        if case .message(let message) = replayed.last?.event {
            #expect(message.content == .text("hi"))
        } else {
            Issue.record("second replayed event is not the message")
        }
        // Acknowledged events are not replayed again on the next resume.
        back.send(.ack(2))
        back.drop()
        let again = harness.connect()
        again.send(.hello(Hello(app: "app", user: "bob", device: "bob-1", token: "t", loginPolicy: .multiDevice,
                                resume: Hello.Resume(session: bob.session!, lastSequence: 2))))
        #expect(again.events.isEmpty)
        #expect(harness.service.sessionCount(user: "bob") == 1)
    }

    @Test("a resume after the grace period, or from before acknowledged events, is refused as session_expired")
    func lateResume() async throws {
        let harness = ServiceHarness()
        let bob = try harness.login("bob")
        let alice = try harness.login("alice")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        bob.send(.ack(1))
        bob.drop()
        let early = harness.connect()
        early.send(.hello(Hello(app: "app", user: "bob", device: "bob-1", token: "t", loginPolicy: .multiDevice,
                                resume: Hello.Resume(session: bob.session!, lastSequence: 0))))
        guard case .refused(let error) = early.frames.last else { Issue.record("not refused: \(early.frames)"); return }
        #expect(error.code == .service(.sessionExpired))
        #expect(harness.service.sessionCount(user: "bob") == 0, "a session that cannot be resumed is ended")

        let carol = try harness.login("carol")
        carol.drop()
        await harness.advance(by: .seconds(31))
        let late = harness.connect()
        late.send(.hello(Hello(app: "app", user: "carol", device: "carol-1", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: carol.session!, lastSequence: 0))))
        guard case .refused(let lateError) = late.frames.last else { Issue.record("not refused"); return }
        #expect(lateError.code == .service(.sessionExpired))
    }

    @Test("a session that falls further behind than the replay limit cannot be resumed")
    func replayOverflow() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(replayLimit: 3))
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        bob.drop()
        for index in 0..<5 {
            _ = try alice.request(.sendMessage(PeerMessageRequest(to: "bob", content: .text("m\(index)"))))
        }
        let back = harness.connect()
        back.send(.hello(Hello(app: "app", user: "bob", device: "bob-1", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: bob.session!, lastSequence: 0))))
        guard case .refused(let error) = back.frames.last else { Issue.record("not refused: \(back.frames)"); return }
        #expect(error.code == .service(.sessionExpired))
    }

    @Test("presence queries answer online, unreachable and offline; subscriptions can be dropped")
    func presenceQueries() async throws {
        let harness = ServiceHarness()
        let watcher = try harness.login("watcher")
        _ = try harness.login("alice")
        let bob = try harness.login("bob")
        bob.drop()
        await harness.advance(by: .seconds(7))
        watcher.send(.ping)
        let states = try watcher.request(.queryPresence(["alice", "bob", "nobody"]))
        // alice sent nothing either: unreachable too.
        #expect(states == .success(.presence([
            PresenceStatus(user: "alice", state: .unreachable), PresenceStatus(user: "bob", state: .unreachable),
            PresenceStatus(user: "nobody", state: .offline),
        ])))
        #expect(try watcher.request(.queryPresence([])).failureCode == "invalid_request")
        #expect(try watcher.request(.queryPresence(["bad id"])).failureCode == "invalid_user_id")
        _ = try watcher.request(.subscribePresence(["alice"]))
        _ = try watcher.request(.unsubscribePresence(["alice"]))
        let before = watcher.events.count
        await harness.advance(by: .seconds(30))
        #expect(watcher.events.count == before)
    }
}
