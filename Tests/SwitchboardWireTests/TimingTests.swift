import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

/// Informal timing, printed and never asserted (debug builds and loaded CI machines vary too much).
@Suite("Timing (informal)")
struct TimingTests {
    /// A call.invited event frame for a 10-person call: the caller and 9 invitees, a 2 KB payload.
    static let invitedFrame: ServerFrame = {
        var participants = [callerAlice]
        for index in 1...9 {
            var invitee = participant(UserID("invitee-\(index)"), .inviting, device: nil, changedAt: at(0))
            invitee.answeredAt = nil
            participants.append(invitee)
        }
        let payload = String(repeating: "{\"k\":\"v\u{E9}\"},", count: 2048 / 12)
        let call = Call(
            id: "call-perf", caller: "alice", mode: .advanced, policy: Policies.zim, mediaType: .video, roomID: "room-perf",
            payload: payload, attachments: ["pushTitle": "Alice"], participants: participants, createdAt: at(0))
        return .event(EventEnvelope(sequence: 1, time: t0, event: .call(CallNotification(kind: .invited(by: "alice"), call: call))))
    }()

    @Test("encode and decode a call.invited frame with 9 invitees and a 2 KB payload")
    func invitedEvent() throws {
        let frame = Self.invitedFrame
        let bytes = expectRoundTrip(frame)
        let iterations = 500
        let clock = ContinuousClock()
        var encoded = 0
        let encodeTime = clock.measure {
            for _ in 0..<iterations { encoded &+= WireCodec.encode(frame).count }
        }
        var decoded = 0
        let decodeTime = try clock.measure {
            for _ in 0..<iterations {
                if case .event(let envelope) = try WireCodec.decodeServerFrame(bytes) { decoded &+= Int(envelope.sequence) }
            }
        }
        #expect(encoded == bytes.count * iterations)
        #expect(decoded == iterations)
        func microseconds(_ duration: Duration) -> String {
            let value = Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6
            return String(Int((value / Double(iterations)).rounded()))
        }
        print("[timing] call.invited frame, \(bytes.count) bytes: encode \(microseconds(encodeTime)) µs, decode \(microseconds(decodeTime)) µs per frame (\(iterations) iterations)")
    }
}
