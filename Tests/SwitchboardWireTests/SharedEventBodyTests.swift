import SwitchboardCore
import SwitchboardJSON
import SwitchboardWire
import Testing

@Suite("Shared event bodies: encoded once, spliced into each envelope")
struct SharedEventBodyTests {
    @Test("an envelope around a shared body is byte for byte the whole frame encoded", arguments: sampleEvents)
    func sameBytes(_ event: ServerEvent) throws {
        let shared = SharedEventBody(event)
        for (sequence, millis) in [(Int64(1), Int64(0)), (9, 1_700_000_000_123), (Int64.max, Int64.max), (12_345, -5)] {
            let time = Timestamp(millisecondsSince1970: millis)
            let plain = ServerFrame.event(EventEnvelope(sequence: sequence, time: time, event: event))
            let spliced = ServerFrame.event(EventEnvelope(sequence: sequence, time: time, shared: shared))
            let bytes = WireCodec.encode(spliced)
            #expect(bytes == WireCodec.encode(plain), "\(String(decoding: bytes, as: UTF8.self))")
            // Times and sequences are never negative on the wire; the shared form writes them alike anyway.
            if millis >= 0 { #expect(try WireCodec.decodeServerFrame(bytes) == plain) }
        }
    }

    @Test("the body is built once and shared by every envelope that carries it")
    func sharedOnce() throws {
        let shared = SharedEventBody(sampleEvents[2])
        #expect(shared.body === shared.body)
    }

    @Test("envelopes compare by value, whether or not they share a body")
    func equality() {
        let event = sampleEvents[0]
        let plain = EventEnvelope(sequence: 3, time: t0, event: event)
        let shared = EventEnvelope(sequence: 3, time: t0, shared: SharedEventBody(event))
        #expect(plain == shared)
        #expect(plain.hashValue == shared.hashValue)
    }

    @Test("frames around one body encoded on several threads at once come out right")
    func concurrent() async throws {
        let event = sampleEvents[1]
        let shared = SharedEventBody(event)
        let results = await withTaskGroup(of: Bool.self) { group in
            for sequence in 1...8 {
                group.addTask {
                    let plain = ServerFrame.event(EventEnvelope(sequence: Int64(sequence), time: t0, event: event))
                    let spliced = ServerFrame.event(EventEnvelope(sequence: Int64(sequence), time: t0, shared: shared))
                    return (0..<50).allSatisfy { _ in WireCodec.encode(spliced) == WireCodec.encode(plain) }
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
