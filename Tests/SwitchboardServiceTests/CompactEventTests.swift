import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// Every frame a connection received, through both ends of compact call events, against the full
/// form: the client rebuilds the very frame the full form gives (docs/DECISIONS.md, "Compact call
/// events").
private func expectCompactMatchesFull(_ connection: RawConnection, sourceLocation: SourceLocation = #_sourceLocation) throws {
    var frames = connection.frames
    guard case .welcome(var welcome) = frames.first else {
        Issue.record("no welcome: \(frames)", sourceLocation: sourceLocation)
        return
    }
    welcome.compactEvents = true
    frames[0] = .welcome(welcome)
    var encoder = CompactEventEncoder()
    var decoder = CompactEventDecoder()
    var compactBytes = 0, fullBytes = 0
    for frame in frames {
        let compact = encoder.encode(frame)
        let full = WireCodec.encode(frame)
        compactBytes += compact.count
        fullBytes += full.count
        var expected = try WireCodec.decodeServerFrame(full)
        if case .welcome(var welcome) = expected {
            welcome.compactEvents = true
            expected = .welcome(welcome)
        }
        #expect(try decoder.decode(compact) == expected, "\(String(decoding: compact, as: UTF8.self))",
                sourceLocation: sourceLocation)
    }
    #expect(!decoder.isOutOfStep, sourceLocation: sourceLocation)
    if connection.callNotes.count > 1 {
        #expect(compactBytes < fullBytes, sourceLocation: sourceLocation)
    }
}

@Suite("Compact call events against the full form")
struct CompactEventTests {
    @Test("a 1:1 call: invite, acknowledge, accept, end")
    func oneToOne() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], payload: "p", attachments: ["push": "x"])))
        _ = try? bob.request(.call(call.id, .acknowledge))
        _ = try? bob.request(.call(call.id, .accept(data: "ok")))
        _ = try? alice.request(.call(call.id, .end(data: "bye")))
        for connection in [alice, bob] { try expectCompactMatchesFull(connection) }
        #expect(alice.callNotes.last?.kind == .ended)
        #expect(bob.callNotes.map(\.kind).contains(.participantsChanged(["bob"])))
    }

    @Test("a group call: more invitees, a rejection, a join-in, two devices, a timeout")
    func groupCall() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let phone = try harness.login("bob", device: "phone")
        let tablet = try harness.login("bob", device: "tablet")
        let carol = try harness.login("carol")
        let dave = try harness.login("dave")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob", "carol"], profile: .nativeAdvanced)))
        _ = try? tablet.request(.call(call.id, .accept(data: nil)))
        _ = try? carol.request(.call(call.id, .reject(data: "no", reason: .declined)))
        _ = try? alice.request(.call(call.id, .inviteMore(["dave", "erin"])))
        _ = try? dave.request(.call(call.id, .accept(data: "in")))
        await harness.advance(by: .seconds(90))
        _ = try? alice.request(.call(call.id, .end(data: nil)))
        for connection in [alice, phone, tablet, carol, dave] { try expectCompactMatchesFull(connection) }
    }

    @Test("several calls at once, each with its own facts")
    func interleaved() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        let first = try alice.call(.invite(InviteRequest(invitees: ["bob"], payload: "one")))
        let second = try carol.call(.invite(InviteRequest(invitees: ["bob"], payload: "two")))
        _ = try? bob.request(.call(second.id, .accept(data: nil)))
        _ = try? bob.request(.call(first.id, .reject(data: nil, reason: .busy)))
        _ = try? carol.request(.call(second.id, .end(data: nil)))
        for connection in [alice, bob, carol] { try expectCompactMatchesFull(connection) }
    }

    @Test("a resumed session's replayed events carry the call's facts again on the new connection")
    func resume() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        _ = try? bob.request(.call(call.id, .acknowledge))
        bob.drop()
        _ = try? alice.request(.call(call.id, .cancel(invitees: nil, data: "gone")))
        let back = harness.connect()
        back.send(.hello(Hello(app: "app", user: "bob", device: "bob-1", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: bob.session!, lastSequence: 1), compactEvents: true)))
        guard case .welcome(let welcome) = back.frames.first else { Issue.record("no welcome: \(back.frames)"); return }
        #expect(welcome.compactEvents)
        #expect(!back.events.isEmpty)
        // The new connection's encoder starts afresh: the first replayed call event is the full form.
        var encoder = CompactEventEncoder()
        let texts = back.frames.map { String(decoding: encoder.encode($0), as: UTF8.self) }
        #expect(texts.dropFirst().first?.contains("\"caller\"") == true)
        try expectCompactMatchesFull(back)
    }

    @Test("the welcome answers the hello's choice")
    func negotiated() throws {
        let harness = ServiceHarness()
        let full = try harness.login("alice")
        guard case .welcome(let plain) = full.frames.first else { Issue.record("no welcome"); return }
        #expect(!plain.compactEvents)
        let connection = harness.connect()
        connection.send(.hello(Hello(app: "app", user: "bob", device: "bob-1", token: "t", loginPolicy: .multiDevice,
                                     compactEvents: true)))
        guard case .welcome(let compact) = connection.frames.first else { Issue.record("no welcome"); return }
        #expect(compact.compactEvents)
    }
}
