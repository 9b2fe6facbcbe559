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
        WireCodec.encode(frame).withUnsafeBytes { bytes in
            LeanScan.read(bytes, viewer: Array(viewer.rawValue.utf8), caller: Array(caller.rawValue.utf8),
                          callee: Array(callee.rawValue.utf8))
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
            let scanned = bytes.withUnsafeBytes { LeanScan.read($0, viewer: [1], caller: [1], callee: [1]) }
            #expect(scanned == nil, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
