import Testing
import SwitchboardCore
import SwitchboardWire

/// The load generator's reading of server frames (docs/PERFORMANCE.md, "The load generator"): on every
/// frame it reads, it must read what the full decoder reads; every frame it is not sure of it leaves to
/// the full decoder (nil), never half-read. `ServerFrameScannerAgreementTests` holds it to `WireCodec` on
/// a corpus and on the suite's frame log; these pin single cases.
@Suite("Server frames read straight off their bytes")
struct ServerFrameScannerTests {
    let t0 = Timestamp(millisecondsSince1970: 1_700_000_000_000)
    let caller = UserID("load-7-c3")
    let callee = UserID("load-7-e3")
    /// Escapes, quotes, brackets and non-ASCII text in the fields the scan steps over; its last character
    /// is a backslash, so its closing quote follows an escaped backslash.
    let tricky = "h\u{E9}llo \"w\u{F6}rld\" \\ / \n\t {[\"}]\" \u{1F} 😀 中文 \\\"\\"

    func scanner(_ viewer: UserID, compactEvents: Bool = false) -> ServerFrameScanner {
        var scanner = ServerFrameScanner(viewer: viewer, caller: caller, callee: callee)
        _ = scanner.read(decoded: .welcome(Welcome(session: "s", resumed: false, serverTime: t0, heartbeatInterval: .seconds(1),
                                                   tokenExpiresAt: nil, compactEvents: compactEvents)))
        return scanner
    }

    func scan(_ frame: ServerFrame, viewer: UserID) -> ScannedFrame? {
        var scanner = scanner(viewer)
        return scanner.scan(WireCodec.encode(frame))
    }

    func scan(_ text: String, viewer: UserID? = nil, compactEvents: Bool = false) -> ScannedFrame? {
        var scanner = scanner(viewer ?? caller, compactEvents: compactEvents)
        return scanner.scan(Array(text.utf8))
    }

    /// What a client makes of a fully decoded frame: the same reading, taken from the model.
    func expected(_ note: CallNotification, sequence: Int64, viewer: UserID) -> ScannedFrame {
        let accepting = note.call.participants
            .filter { $0.state == .accepting && ($0.invitedBy ?? note.call.caller) == viewer }.map(\.user)
        return .callEvent(sequence: sequence, ScannedCallEvent(
            kind: ScannedCallEvent.Kind(note.kind), callID: note.call.id, isFromCaller: note.call.caller == caller,
            phase: ScannedCallEvent.Phase(note.call.state), calleeState: note.call.participant(callee)?.state,
            acceptingInvitees: accepting))
    }

    func call(calleeIn state: ParticipantState, callState: CallState, payload: String? = nil, from: UserID? = nil) -> Call {
        var first = Participant(user: from ?? caller, role: .caller, invitedBy: nil, state: .accepted, at: t0, device: "d")
        first.answerData = payload
        var second = Participant(user: callee, role: .invitee, invitedBy: from ?? caller, state: state, at: t0)
        second.answerData = payload
        let third = Participant(user: "someone-else", role: .invitee, invitedBy: callee, state: .accepting, at: t0)
        var attachments: [String: String] = [:]
        if let payload { attachments[payload] = payload }
        return Call(id: CallID("call-\u{E9}t\u{E9}-1"), caller: from ?? caller, mode: .general, policy: CallPolicy(), payload: payload,
                    attachments: attachments, participants: [first, second, third], state: callState, createdAt: t0)
    }

    static let kinds: [CallNotification.Kind] =
        [.created, .invited(by: "load-7-c3"), .participantsChanged(["load-7-e3"]), .cancelled(by: "load-7-c3", data: "x"),
         .acceptConfirmed, .answeredElsewhere(device: "d2"), .ended, .synced]
        + TimeoutCause.allCases.map { .timedOut($0) } + AcceptFailure.allCases.map { .acceptFailed($0) }

    @Test("every call event kind, every participant state, every end: read as the full decoder reads it")
    func callEvents() throws {
        let ends: [CallState] = [.ringing, .connected] + CallEndReason.allCases.map { .ended(CallEnd(reason: $0, by: caller, at: t0, data: tricky)) }
        var read = 0
        for kind in Self.kinds {
            for state in ParticipantState.allCases {
                for callState in ends {
                    for payload in [nil, tricky] {
                        let note = CallNotification(kind: kind, call: call(calleeIn: state, callState: callState, payload: payload))
                        let frame = ServerFrame.event(EventEnvelope(sequence: 41, time: t0, event: .call(note)))
                        for viewer in [caller, callee] {
                            let scanned = scan(frame, viewer: viewer)
                            // The call id has no escape (its é is plain UTF-8): every one of these is read.
                            #expect(scanned == expected(note, sequence: 41, viewer: viewer), "\(kind) \(state) \(callState) \(viewer)")
                            if scanned != nil { read += 1 }
                        }
                    }
                }
            }
        }
        #expect(read > 1_000)
    }

    @Test("a call from someone else is read as such; a caller's accepting invitee is the caller's to confirm")
    func whoseCall() {
        let other = CallNotification(kind: .invited(by: "x"), call: call(calleeIn: .received, callState: .ringing, from: "stranger"))
        guard case .callEvent(_, let event) = scan(.event(EventEnvelope(sequence: 1, time: t0, event: .call(other))), viewer: callee) else {
            Issue.record("not read")
            return
        }
        #expect(!event.isFromCaller)
        let accepting = CallNotification(kind: .participantsChanged([callee]), call: call(calleeIn: .accepting, callState: .connected))
        let frame = ServerFrame.event(EventEnvelope(sequence: 2, time: t0, event: .call(accepting)))
        guard case .callEvent(_, let asCaller) = scan(frame, viewer: caller),
              case .callEvent(_, let asCallee) = scan(frame, viewer: callee) else {
            Issue.record("not read")
            return
        }
        #expect(asCaller.acceptingInvitees == [callee])
        #expect(asCallee.acceptingInvitees == ["someone-else"])  // invited by the callee
    }

    @Test("successful responses: the request id and the call the body names, if any")
    func responses() {
        let named = call(calleeIn: .inviting, callState: .ringing, payload: tricky)
        #expect(scan(.response(Response(id: 7, result: .success(.call(named, skipped: [])))), viewer: caller)
                == .success(id: 7, callID: named.id))
        #expect(scan(.response(Response(id: 8, result: .success(.empty))), viewer: caller) == .success(id: 8, callID: nil))
        #expect(scan(.response(Response(id: 9, result: .success(.calls([named], nextCursor: nil)))), viewer: caller)
                == .success(id: 9, callID: nil))
    }

    @Test("left to the full decoder: errors, the handshake, other events, a needed string with an escape, anything malformed")
    func leftToTheFullDecoder() {
        let error = SignalingError(.overloaded, "busy")
        #expect(scan(.response(Response(id: 7, result: .failure(error))), viewer: caller) == nil)
        #expect(scan(.welcome(Welcome(session: "s", resumed: false, serverTime: t0, heartbeatInterval: .seconds(30), tokenExpiresAt: nil)),
                     viewer: caller) == nil)
        #expect(scan(.refused(error), viewer: caller) == nil)
        #expect(scan(.pong(t0), viewer: caller) == nil)
        #expect(scan(.bye(Bye(reason: .serverShutdown, message: "bye")), viewer: caller) == nil)
        #expect(scan(.event(EventEnvelope(sequence: 3, time: t0, event: .presenceChanged(PresenceStatus(user: caller, state: .online)))),
                     viewer: caller) == nil)
        let plain = call(calleeIn: .received, callState: .ringing)
        let escaped = Call(id: CallID("call-\"quoted\""), caller: caller, mode: .general, policy: CallPolicy(),
                           participants: plain.participants, state: .ringing, createdAt: t0)
        let note = CallNotification(kind: .invited(by: caller), call: escaped)
        #expect(scan(.event(EventEnvelope(sequence: 4, time: t0, event: .call(note))), viewer: callee) == nil)
        let good = Array(WireCodec.encode(.response(Response(id: 7, result: .success(.empty)))))
        for bytes in [Array(good.dropLast()), good + Array("x".utf8), Array(#"{"t":"res","id":1.5,"ok":{}}"#.utf8),
                      Array(#"{"t":"res","ok":{}}"#.utf8), Array(#"{"t":"evt","seq":1,"name":"call.ended"}"#.utf8), []] {
            var scanner = ServerFrameScanner(viewer: "a", caller: "a", callee: "a")
            #expect(scanner.scan(bytes) == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// A call object with `members` after its id: `{"id":"c1",MEMBERS}`.
    func callText(_ members: String) -> String {
        #"{"id":"c1","# + members + "}"
    }

    static let participants = #""participants":[{"user":"load-7-c3","role":"caller","state":"accepted","changedAt":0,"invitedAt":0},"#
        + #"{"user":"load-7-e3","role":"invitee","invitedBy":"load-7-c3","state":"received","changedAt":0,"invitedAt":0}]"#

    @Test("what it reads it checks as WireCodec does: a value WireCodec refuses there leaves the frame unread")
    func readValuesChecked() {
        let full = #""caller":"load-7-c3","mode":"general","policy":{},"createdAt":0,"# + Self.participants
        func event(_ name: String, _ body: String) -> String {
            #"{"t":"evt","seq":5,"time":0,"name":""# + name + #"","body":"# + body + "}"
        }
        let ringing = event("call.invited", #"{"by":"load-7-c3","call":"# + callText(#""state":"ringing","# + full) + "}")
        #expect(scan(ringing) != nil, "the frame the cases below spoil")
        // An end only with the state ended.
        #expect(scan(event("call.invited", #"{"by":"load-7-c3","call":"# + callText(#""state":"ringing","end":{},"# + full) + "}")) == nil)
        // A duplicate of a member it reads.
        #expect(scan(event("call.invited", #"{"by":"load-7-c3","call":"# + callText(#""state":"ringing","state":"ringing","# + full) + "}")) == nil)
        #expect(scan(#"{"t":"res","t":"res","id":1,"ok":{}}"#) == nil)
        // An integer with a leading zero, a string that is not UTF-8.
        #expect(scan(#"{"t":"res","id":01,"ok":{}}"#) == nil)
        #expect(scan("{\"t\":\"res\",\"id\":1,\"ok\":{\"call\":" + callText("\"state\":\"ringing\",\"caller\":\"\u{FF}\"," + Self.participants) + "}}") != nil,
                "ÿ is UTF-8 here")
        var invalid = Array(#"{"t":"res","id":1,"ok":{"call":{"id":"c"#.utf8) + [0xC3, 0x28] + Array(#"","state":"ringing","caller":"x","#.utf8)
        invalid += Array(Self.participants.utf8) + Array("}}}".utf8)
        var scanner = scanner(caller)
        #expect(scanner.scan(invalid) == nil)
        // The detail of its kind only: a timed-out invitation's cause, whatever other members say.
        let timedOut = event("call.timedOut", #"{"cause":"offline","failure":"notConfirmed","call":"# + callText(#""state":"ringing","# + full) + "}")
        guard case .callEvent(_, let read) = scan(timedOut) else {
            Issue.record("not read")
            return
        }
        #expect(read.kind == .timedOut(.offline))
        let created = event("call.created", #"{"cause":5,"call":"# + callText(#""state":"ringing","# + full) + "}")
        #expect(scan(created) != nil, "a member call.created does not have is stepped over, as WireCodec ignores it")
    }

    /// A 1:1 call's events as the service sends them, each with the call as it is then.
    func flowEvents() -> [CallNotification] {
        var call = call(calleeIn: .inviting, callState: .ringing)
        call.participants.removeLast()  // 1:1
        var notes = [CallNotification(kind: .created, call: call), CallNotification(kind: .invited(by: caller), call: call)]
        call.participants[1].state = .received
        notes.append(CallNotification(kind: .participantsChanged([callee]), call: call))
        call.participants[1].state = .accepting
        notes.append(CallNotification(kind: .participantsChanged([callee]), call: call))
        notes.append(CallNotification(kind: .synced, call: call))  // nothing changed: no participant in the compact form
        call.participants[1].state = .accepted
        call.state = .connected
        call.connectedAt = t0
        notes.append(CallNotification(kind: .acceptConfirmed, call: call))
        // Someone else joins the call (appended), invited by the callee, and accepts.
        notes.append(CallNotification(kind: .participantsChanged(["someone-else"]), call: {
            var grown = call
            grown.participants.append(Participant(user: "someone-else", role: .invitee, invitedBy: callee, state: .accepting, at: t0))
            call = grown
            return grown
        }()))
        call.state = .ended(CallEnd(reason: .hungUp, by: caller, at: t0, data: nil))
        notes.append(CallNotification(kind: .ended, call: call))
        return notes
    }

    static let compactWelcome = ServerFrame.welcome(Welcome(session: "s", resumed: false, serverTime: Timestamp(millisecondsSince1970: 0),
                                                            heartbeatInterval: .seconds(1), tokenExpiresAt: nil, compactEvents: true))

    @Test("compact call events: read as the client's end rebuilds them, the connection's calls kept as the service's end keeps them")
    func compactEvents() throws {
        for viewer in [caller, callee] {
            var encoder = CompactEventEncoder()
            var decoder = CompactEventDecoder()
            var scanner = ServerFrameScanner(viewer: viewer, caller: caller, callee: callee)
            let welcome = encoder.encode(Self.compactWelcome)
            #expect(scanner.scan(welcome) == nil)
            #expect(scanner.read(decoded: try decoder.decode(welcome)) == nil)
            #expect(scanner.compactEvents)
            var compact = 0
            for (index, note) in flowEvents().enumerated() {
                let sequence = Int64(index + 1)
                let bytes = encoder.encode(.event(EventEnvelope(sequence: sequence, time: t0, event: .call(note))))
                if !String(decoding: bytes, as: UTF8.self).contains(#""caller""#) { compact += 1 }
                guard case .event(let envelope) = try decoder.decode(bytes), case .call(let rebuilt) = envelope.event else {
                    Issue.record("not a call event")
                    return
                }
                #expect(rebuilt == note)
                #expect(scanner.scan(bytes) == expected(note, sequence: sequence, viewer: viewer),
                        "event \(index) \(note.kind) seen by \(viewer)")
                #expect(scanner.calls.count == (note.call.state.isEnded ? 0 : 1))
            }
            #expect(compact == flowEvents().count - 1, "every event after the first is compact")
        }
    }

    @Test("a compact event is left unread: before a welcome that asks for them, of a call not held, or whose participants do not add up")
    func compactOutOfStep() throws {
        var encoder = CompactEventEncoder()
        _ = encoder.encode(Self.compactWelcome)
        let notes = flowEvents()
        let first = encoder.encode(.event(EventEnvelope(sequence: 1, time: t0, event: .call(notes[0]))))
        let second = encoder.encode(.event(EventEnvelope(sequence: 2, time: t0, event: .call(notes[2]))))

        var fullForm = ServerFrameScanner(viewer: caller, caller: caller, callee: callee)
        #expect(fullForm.scan(first) != nil)
        #expect(fullForm.scan(second) == nil, "no welcome turned compact events on")
        #expect(fullForm.calls.count == 0, "nor are calls held for them")

        var empty = scanner(caller, compactEvents: true)
        #expect(empty.scan(second) == nil)
        #expect(empty.calls.count == 0)

        // Held, but without the caller, whom the event does not name: the count does not add up.
        var known = scanner(caller, compactEvents: true)
        var callerless = notes[0]
        callerless.call.participants.removeFirst()
        _ = known.read(decoded: .event(EventEnvelope(sequence: 1, time: t0, event: .call(callerless))))
        let before = try #require(known.calls[notes[0].call.id])
        #expect(known.scan(second) == nil)
        #expect(known.calls[notes[0].call.id] == before, "a frame left unread changes nothing")

        // No participants member: the compact form always has one (here the count would add up without it).
        var counted = scanner(caller, compactEvents: true)
        _ = counted.scan(first)
        var text = String(decoding: second, as: UTF8.self)
        let participants = try #require(text.firstRange(of: #","participants":["#))
        let end = try #require(text[participants.upperBound...].firstRange(of: "}]"))
        text.removeSubrange(participants.lowerBound..<end.upperBound)
        #expect(text.contains(#""participantCount":2}"#), "\(text)")
        #expect(counted.scan(Array(text.utf8)) == nil)

        // A welcome starts afresh.
        var restarted = scanner(caller, compactEvents: true)
        #expect(restarted.scan(first) != nil)
        #expect(restarted.calls.count == 1)
        _ = restarted.read(decoded: Self.compactWelcome)
        #expect(restarted.calls.count == 0)
    }
}
