import Testing
import SwitchboardCore
@testable import SwitchboardLoad
import SwitchboardWire

/// The lean engine's reading of server frames (docs/PERFORMANCE.md, "The load generator"): on every
/// frame it reads, it must read what the full decoder reads; every frame it is not sure of it leaves to
/// the full decoder (nil), never half-read.
@Suite("Lean engine: reading server frames")
struct LeanScanTests {
    let t0 = Timestamp(millisecondsSince1970: 1_700_000_000_000)
    let caller = UserID("load-7-c3")
    let callee = UserID("load-7-e3")
    /// Escapes, quotes, brackets and non-ASCII text in the fields the scan steps over; its last character
    /// is a backslash, so its closing quote follows an escaped backslash.
    let tricky = "h\u{E9}llo \"w\u{F6}rld\" \\ / \n\t {[\"}]\" \u{1F} 😀 中文 \\\"\\"

    func scan(_ frame: ServerFrame, viewer: UserID) -> LeanScan.Frame? {
        var known = LeanKnownCalls()
        return scan(WireCodec.encode(frame), viewer: viewer, known: &known)
    }

    func scan(_ bytes: [UInt8], viewer: UserID, known: inout LeanKnownCalls) -> LeanScan.Frame? {
        bytes.withUnsafeBytes { bytes in
            LeanScan.read(bytes, viewer: Array(viewer.rawValue.utf8), caller: Array(caller.rawValue.utf8),
                          callee: Array(callee.rawValue.utf8), known: &known)
        }
    }

    /// What the engine makes of a fully decoded frame: the same reading, taken from the model.
    func expected(_ note: CallNotification, sequence: Int64, viewer: UserID) -> LeanScan.Frame {
        let accepting = note.call.participants
            .filter { $0.state == .accepting && ($0.invitedBy ?? note.call.caller) == viewer }.map(\.user)
        return .callEvent(sequence: sequence, LeanScan.CallEvent(
            observation: CallFlow.Observation(note, caller: caller, callee: callee), acceptingInvitees: accepting))
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
        #expect(!event.observation.isFromCaller)
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
            var known = LeanKnownCalls()
            let scanned = bytes.withUnsafeBytes { LeanScan.read($0, viewer: [1], caller: [1], callee: [1], known: &known) }
            #expect(scanned == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
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

    @Test("compact call events: read as the client's end rebuilds them, the connection's calls kept as the service's end keeps them")
    func compactEvents() throws {
        for viewer in [caller, callee] {
            var encoder = CompactEventEncoder()
            var decoder = CompactEventDecoder()
            let welcome = ServerFrame.welcome(Welcome(session: "s", resumed: false, serverTime: t0, heartbeatInterval: .seconds(1),
                                                      tokenExpiresAt: nil, compactEvents: true))
            _ = try decoder.decode(encoder.encode(welcome))
            var known = LeanKnownCalls()
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
                #expect(scan(bytes, viewer: viewer, known: &known) == expected(note, sequence: sequence, viewer: viewer),
                        "event \(index) \(note.kind) seen by \(viewer)")
                #expect(known.count == (note.call.state.isEnded ? 0 : 1))
            }
            #expect(compact == flowEvents().count - 1, "every event after the first is compact")
        }
    }

    @Test("a compact event of a call the connection does not hold, or whose participants do not add up, is left unread")
    func compactOutOfStep() throws {
        var encoder = CompactEventEncoder()
        _ = encoder.encode(.welcome(Welcome(session: "s", resumed: false, serverTime: t0, heartbeatInterval: .seconds(1),
                                            tokenExpiresAt: nil, compactEvents: true)))
        let notes = flowEvents()
        let first = encoder.encode(.event(EventEnvelope(sequence: 1, time: t0, event: .call(notes[0]))))
        let second = encoder.encode(.event(EventEnvelope(sequence: 2, time: t0, event: .call(notes[2]))))
        var empty = LeanKnownCalls()
        #expect(scan(second, viewer: caller, known: &empty) == nil)
        #expect(empty.count == 0)
        // Held, but without the caller, whom the event does not name: the count does not add up.
        var known = LeanKnownCalls()
        _ = scan(first, viewer: caller, known: &known)
        let held = try #require(known[notes[0].call.id])
        known.remember(LeanKnownCalls.Entry(isFromCaller: held.isFromCaller, callerIsViewer: held.callerIsViewer,
                                            members: [held.members[1]]), for: notes[0].call.id, ended: false)
        let before = known[notes[0].call.id]
        #expect(scan(second, viewer: caller, known: &known) == nil)
        #expect(known[notes[0].call.id] == before, "a frame left unread changes nothing")
    }
}
