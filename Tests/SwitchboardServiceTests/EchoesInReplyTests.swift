import Testing
import SwitchboardCore
import SwitchboardProfiles
@testable import SwitchboardService
import SwitchboardWire

/// docs/DECISIONS.md, "Echoes in the reply".
@Suite("Echoes in the reply")
struct EchoesInReplyTests {
    private func login(_ harness: ServiceHarness, _ user: UserID, echoes: Bool, compact: Bool = true) throws -> RawConnection {
        let connection = harness.connect()
        connection.send(.hello(Hello(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"), token: "t",
                                     loginPolicy: .multiDevice, compactEvents: compact, echoesInReply: echoes)))
        guard case .welcome(let welcome) = connection.frames.first else { throw HarnessError.notWelcomed(connection.frames) }
        #expect(welcome.echoesInReply == echoes, "the welcome answers the hello's choice")
        connection.session = welcome.session
        return connection
    }

    /// The events a connection's client handles, in order: each event frame, and each response's echoes
    /// right after it; every frame first through both ends of the wire (compact, with echoes).
    private func handled(_ connection: RawConnection) throws -> [(EventSequence, CallNotification.Kind, CallState)] {
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
        var events: [(EventSequence, CallNotification.Kind, CallState)] = []
        for frame in connection.frames {
            let decoded = try decoder.decode(encoder.encode(frame))
            #expect(try decoded == WireCodec.decodeServerFrame(WireCodec.encode(frame)), "the compact form rebuilds the full one, echoes included")
            var envelopes: [EventEnvelope] = []
            switch decoded {
            case .response(let response): envelopes = response.echoes
            case .event(let envelope): envelopes = [envelope]
            default: break
            }
            for envelope in envelopes {
                guard case .call(let note) = envelope.event else { continue }
                events.append((envelope.sequence, note.kind, note.call.state))
            }
        }
        #expect(!decoder.isOutOfStep)
        return events
    }

    private func eventFrames(_ connection: RawConnection) -> Int {
        connection.frames.filter { if case .event = $0 { true } else { false } }.count
    }

    /// An answered 1:1 call under the three-way accept, as the load generator places it (`CallFlow`).
    private func answeredCall(echoes: Bool) throws -> (alice: RawConnection, bob: RawConnection) {
        let harness = ServiceHarness()
        let alice = try login(harness, "alice", echoes: echoes)
        let bob = try login(harness, "bob", echoes: echoes)
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced,
                                                        parameters: CallParameters(confirmsAccept: true))))
        try bob.request(.call(call.id, .acknowledge)).get()
        try bob.request(.call(call.id, .accept(data: nil))).get()
        try alice.request(.call(call.id, .confirm(invitee: "bob"))).get()
        try alice.request(.call(call.id, .end(data: nil))).get()
        return (alice, bob)
    }

    @Test("a client handles the same events, in the same order and with the same sequences, with echoes folded or not; only news travels as event frames")
    func sameEventsFewerFrames() throws {
        let folded = try answeredCall(echoes: true)
        let framed = try answeredCall(echoes: false)
        for (a, b) in [(folded.alice, framed.alice), (folded.bob, framed.bob)] {
            let withEchoes = try handled(a)
            let without = try handled(b)
            #expect(withEchoes.map(\.0) == without.map(\.0))
            #expect(withEchoes.map(\.1) == without.map(\.1))
            #expect(withEchoes.map(\.2) == without.map(\.2))
            #expect(withEchoes.map(\.0) == Array(1...EventSequence(withEchoes.count)), "no gap, no repeat")
        }
        // The caller's news: the callee's device rings, the callee accepts. The callee's: the invitation,
        // the confirmation, the end. Everything else was the connection's own doing.
        #expect(eventFrames(folded.alice) == 2)
        #expect(eventFrames(folded.bob) == 3)
        #expect(eventFrames(framed.alice) + eventFrames(framed.bob) == 10)
        #expect(try handled(folded.alice).map(\.1) == [.created, .participantsChanged(["bob"]), .participantsChanged(["bob"]),
                                                       .participantsChanged(["bob"]), .ended])
        #expect(try handled(folded.bob).map(\.1) == [.invited(by: "alice"), .participantsChanged(["bob"]),
                                                     .participantsChanged(["bob"]), .acceptConfirmed, .ended])
    }

    @Test("folded events stay in the replay buffer: a resume replays them as frames")
    func resumeReplaysFoldedEvents() throws {
        let harness = ServiceHarness()
        let alice = try login(harness, "alice", echoes: true)
        _ = try login(harness, "bob", echoes: true)
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        guard case .response(let response) = alice.frames.last else { Issue.record("\(alice.frames)"); return }
        #expect(response.echoes.map(\.sequence) == [1])
        #expect(eventFrames(alice) == 0)
        alice.drop()
        let back = harness.connect()
        back.send(.hello(Hello(app: "app", user: "alice", device: "alice-1", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: alice.session!, lastSequence: 0), echoesInReply: true)))
        guard case .welcome(let welcome) = back.frames.first, welcome.resumed else { Issue.record("\(back.frames)"); return }
        #expect(back.callNotes.map(\.kind) == [.created])
        #expect(back.events.map(\.sequence) == [1])
        #expect(back.callNotes.first?.call.id == call.id)
    }

    @Test("an event for the acting session about another call, or about the call as the reply does not show it, is a frame after the response, and so is every later one")
    func unfoldableEventsFollowInOrder() throws {
        let harness = ServiceHarness()
        let alice = try login(harness, "alice", echoes: true)
        _ = try login(harness, "bob", echoes: true)
        _ = try login(harness, "carol", echoes: true)
        let first = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        let second = try alice.call(.invite(InviteRequest(invitees: ["carol"], profile: .nativeAdvanced)))
        var changed = first
        changed.state = .connected
        let session = Session(id: "s1", app: .development, endpoint: Endpoint(user: "alice", device: "alice-1"),
                              vendorApp: "app", loginPolicy: .multiDevice, surface: nil, at: harness.now)
        func envelope(_ sequence: EventSequence, _ call: Call) -> EventEnvelope {
            EventEnvelope(sequence: sequence, time: harness.now, event: .call(CallNotification(kind: .created, call: call)))
        }
        var fold = EchoFold(session: session, call: first)
        fold.take(envelope(1, first))
        fold.take(envelope(2, second))
        fold.take(envelope(3, first))
        #expect(fold.echoes.map(\.sequence) == [1])
        #expect(fold.after.map(\.sequence) == [2, 3], "in order after the response, the later echo included")
        var stale = EchoFold(session: session, call: first)
        stale.take(envelope(1, changed))
        #expect(stale.echoes.isEmpty && stale.after.map(\.sequence) == [1])
    }
}
