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
            // Times and sequences are never negative on the wire; the splice writes them alike anyway.
            if millis >= 0 { #expect(try WireCodec.decodeServerFrame(bytes) == plain) }
        }
    }

    @Test("the body is the event's body, shared by every envelope that carries it")
    func sharedOnce() throws {
        let event = sampleEvents[2]
        let shared = SharedEventBody(event)
        let first = shared.bytes
        #expect(first == (try JSONSerializer().serializeBytes(WireCodec.body(of: event))))
        // Same storage: the second envelope copies nothing new into the shared body.
        let second = shared.bytes
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == second.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test("envelopes compare by value, whether or not they share a body")
    func equality() {
        let event = sampleEvents[0]
        let plain = EventEnvelope(sequence: 3, time: t0, event: event)
        let shared = EventEnvelope(sequence: 3, time: t0, shared: SharedEventBody(event))
        #expect(plain == shared)
        #expect(plain.hashValue == shared.hashValue)
    }

    @Test("bodies encoded from several threads at once come out once and the same")
    func concurrent() async {
        let shared = SharedEventBody(sampleEvents[1])
        let results = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { shared.bytes } }
            var all: [[UInt8]] = []
            for await bytes in group { all.append(bytes) }
            return all
        }
        #expect(Set(results).count == 1)
        #expect(results.first == (try? JSONSerializer().serializeBytes(WireCodec.body(of: sampleEvents[1]))))
    }
}
