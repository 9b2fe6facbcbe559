import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

private let compactWelcome = ServerFrame.welcome(Welcome(
    session: "s-1", resumed: false, serverTime: t0, heartbeatInterval: .seconds(30), tokenExpiresAt: nil, compactEvents: true))

private func event(_ sequence: Int64, _ kind: CallNotification.Kind, _ call: Call) -> ServerFrame {
    .event(EventEnvelope(sequence: sequence, time: at(sequence), event: .call(CallNotification(kind: kind, call: call))))
}

/// The calls of a 1:1 call as it goes: bob is invited, receives, accepts, and the call ends.
private let steps: [(CallNotification.Kind, Call)] = {
    var ended = call(bobIn: .quit)
    ended.state = .ended(CallEnd(reason: .hungUp, by: "bob", at: at(9)))
    let kinds: [CallNotification.Kind] = [.invited(by: "alice"), .participantsChanged(["bob"]), .participantsChanged(["bob"]), .ended]
    let calls = [call(bobIn: .inviting), call(bobIn: .received), call(bobIn: .accepted), ended]
    return zip(kinds, calls.map(withSameID)).map { ($0, $1) }
}()

/// The fixture's calls differ in id by state; one call's steps keep one id and one facts box.
private func withSameID(_ call: Call) -> Call {
    var base = Call(id: "call-1", caller: call.caller, mode: call.mode, policy: call.policy,
                    participants: call.participants, state: call.state, createdAt: call.createdAt, connectedAt: call.connectedAt)
    base.participants = call.participants
    return base
}

@Suite("Compact call events: encoding and decoding")
struct CompactEventCodingTests {
    @Test("a call's first event carries its facts, later ones only what changed, and the client rebuilds each whole")
    func factsOnce() throws {
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(encoder.encode(compactWelcome))
        #expect(encoder.isOn && decoder.isOn)
        for (index, (kind, call)) in steps.enumerated() {
            let frame = event(Int64(index) + 1, kind, call)
            let bytes = encoder.encode(frame)
            FrameLog.shared?.record(direction: .serverToClient, frame: try WireCodec.parse(bytes, limits: WireCodec.serverFrameLimits))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\"caller\"") == (index == 0), "\(text)")
            if index > 0 { #expect(bytes.count < WireCodec.encode(frame).count) }
            #expect(try decoder.decode(bytes) == frame)
        }
    }

    @Test("the full form is unchanged when the welcome does not turn compact on")
    func fullWhenOff() throws {
        var encoder = CompactEventEncoder()
        _ = encoder.encode(.welcome(Welcome(session: "s-1", resumed: false, serverTime: t0, heartbeatInterval: .seconds(30), tokenExpiresAt: nil)))
        for (index, (kind, call)) in steps.enumerated() {
            let frame = event(Int64(index) + 1, kind, call)
            #expect(encoder.encode(frame) == WireCodec.encode(frame))
        }
    }

    @Test("a compact event for a call the connection never carried is out of step, not a wrong call")
    func unknownCall() throws {
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(encoder.encode(compactWelcome))
        _ = encoder.encode(event(1, steps[0].0, steps[0].1))
        // The client missed the first event (as if it had dropped it).
        #expect(throws: SignalingError.self) { try decoder.decode(encoder.encode(event(2, steps[1].0, steps[1].1))) }
        #expect(decoder.isOutOfStep)
    }

    @Test("participants that do not add up are out of step")
    func countMismatch() throws {
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(WireCodec.encode(compactWelcome))
        _ = try decoder.decode(WireCodec.encode(event(1, steps[0].0, steps[0].1)))
        let delta = #"{"t":"evt","seq":2,"time":5,"name":"call.participantsChanged","body":{"call":{"id":"call-1","state":"ringing","participantCount":3,"participants":[]},"users":["bob"]}}"#
        #expect(throws: SignalingError.self) { try decoder.decode(delta) }
        #expect(decoder.isOutOfStep)
    }

    @Test("a malformed compact event is an invalid frame, not out of step")
    func malformed() throws {
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(WireCodec.encode(compactWelcome))
        let bad = #"{"t":"evt","seq":2,"time":5,"name":"call.ended","body":{"call":{"id":"call-1","state":"ended","participantCount":2,"participants":[]}}}"#
        #expect(throws: SignalingError.self) { try decoder.decode(bad) }
        #expect(!decoder.isOutOfStep)
    }

    @Test("a connection forgets ended calls and keeps at most its capacity, alike at both ends")
    func bounded() throws {
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(encoder.encode(compactWelcome))
        var sequence: Int64 = 0
        // 100 ringing calls, then a second event of each: the oldest ones carry their facts again.
        let calls = (0..<100).map { index in
            Call(id: CallID("c-\(index)"), caller: "alice", mode: .general, policy: Policies.standard,
                 participants: [callerAlice, participant("bob", .inviting)], createdAt: at(0))
        }
        for call in calls + calls {
            sequence += 1
            let frame = event(sequence, .invited(by: "alice"), call)
            let bytes = encoder.encode(frame)
            #expect(try decoder.decode(bytes) == frame)
        }
        #expect(!decoder.isOutOfStep)
    }

    @Test("hello and welcome carry the choice only when it is on")
    func handshake() throws {
        let hello = Hello(app: "a", user: "u", device: "d", token: nil, loginPolicy: .multiDevice, compactEvents: true)
        #expect(String(decoding: WireCodec.encode(.hello(hello)), as: UTF8.self).contains(#""compactEvents":true"#))
        expectRoundTrip(.hello(hello))
        expectRoundTrip(compactWelcome)
        var plain = hello
        plain.compactEvents = false
        #expect(!String(decoding: WireCodec.encode(.hello(plain)), as: UTF8.self).contains("compactEvents"))
    }

    @Test("a call reply follows the events' rule: its call compact once the connection carried it, rebuilt whole by the client")
    func callReplies() throws {
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(encoder.encode(compactWelcome))
        let skipped = [SkippedUser(user: "carol", error: SignalingError(.rateLimited, "slow down"))]
        var frames: [ServerFrame] = []
        // The caller's view: each request's reply, then the event the same step produced.
        for (index, (kind, call)) in steps.enumerated() {
            frames.append(.response(Response(id: RequestID(rawValue: Int64(index)), result: .success(.call(call, skipped: index == 0 ? skipped : [])))))
            frames.append(event(Int64(index) + 1, kind, call))
        }
        // Replies without a call, and failures, keep their one form.
        frames.append(.response(Response(id: 90, result: .success(.empty))))
        frames.append(.response(Response(id: 91, result: .failure(SignalingError(CallError(.callNotFound, "no such call"))))))
        frames.append(.response(Response(id: 92, result: .success(.calls([steps[0].1], nextCursor: nil)))))
        var compact = 0
        var written: [[UInt8]] = []
        for frame in frames {
            let bytes = encoder.encode(frame)
            written.append(bytes)
            FrameLog.shared?.record(direction: .serverToClient, frame: try WireCodec.parse(bytes, limits: WireCodec.serverFrameLimits))
            if case .response = frame, !String(decoding: bytes, as: UTF8.self).contains("\"caller\""),
               String(decoding: bytes, as: UTF8.self).contains("\"call\"") {
                compact += 1
            }
            #expect(try decoder.decode(bytes) == frame)
        }
        // The first reply carries the facts; the other three replies are compact, and so is every event after it
        // but the last: the call ended in the reply before it, which both ends then dropped.
        #expect(compact == steps.count - 1)
        #expect(!decoder.isOutOfStep)
        let events = stride(from: 1, to: 2 * steps.count, by: 2).map { String(decoding: written[$0], as: UTF8.self) }
        #expect(events.dropLast().allSatisfy { !$0.contains("\"caller\"") })
        #expect(events.last?.contains("\"caller\"") == true)
    }

    @Test("a compact call reply for a call the connection never carried is out of step; with compact events off, replies are as ever")
    func callReplyOutOfStep() throws {
        var encoder = CompactEventEncoder()
        var decoder = CompactEventDecoder()
        _ = try decoder.decode(encoder.encode(compactWelcome))
        let first = ServerFrame.response(Response(id: 1, result: .success(.call(steps[0].1, skipped: []))))
        let second = ServerFrame.response(Response(id: 2, result: .success(.call(steps[1].1, skipped: []))))
        _ = encoder.encode(first)
        #expect(throws: SignalingError.self) { try decoder.decode(encoder.encode(second)) }
        #expect(decoder.isOutOfStep)

        var plain = CompactEventEncoder()
        _ = plain.encode(.welcome(Welcome(session: "s-1", resumed: false, serverTime: t0, heartbeatInterval: .seconds(30), tokenExpiresAt: nil)))
        for frame in [first, second] { #expect(plain.encode(frame) == WireCodec.encode(frame)) }
    }
}
