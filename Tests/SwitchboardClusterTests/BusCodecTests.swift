import Foundation
import Testing
@testable import SwitchboardCluster

/// The bus's envelope (docs/DECISIONS.md, "Cluster"): every message kind survives a round trip, and
/// anything else a notification could carry is refused with ``InvalidBusPayload``. No PostgreSQL needed.
@Suite("Bus codec")
struct BusCodecTests {
    static let texts = ["", "plain", #"she said "hi""#, #"back\slash \\ and \""#, "héllo 你好 🎉 ﷽", "nul \u{0} and\ncontrol\t\u{1F}",
                        #"{"t":"req","id":1,"op":"call.invite","invitees":["bob"]}"#]

    private func roundTrip(_ batch: BusBatch) throws -> BusBatch {
        try BusCodec.decode(BusCodec.encode(batch))
    }

    @Test("every kind of message round-trips, in order, with any text")
    func everyKind() throws {
        var messages: [BusMessage] = []
        for (index, text) in Self.texts.enumerated() {
            let c = UInt64(index)
            messages += [.open(connection: c), .clientFrame(connection: c, text: text), .gone(connection: c),
                         .serverFrame(connection: c, text: text), .encodedFrame(connection: c, text: text), .end(connection: c),
                         .adminRequest(id: c, app: text, body: text), .adminReply(id: c, body: text)]
        }
        let batch = BusBatch(from: "node-ä \"1\"", epoch: 42, sequence: 7, sentAt: 1_767_225_600_123, messages: messages)
        #expect(try roundTrip(batch) == batch)
        let empty = BusBatch(from: "", epoch: 0, sequence: 0, sentAt: 0, messages: [])
        #expect(try roundTrip(empty) == empty)
    }

    @Test("connection and sequence numbers past Int64.max travel as their bit pattern; epoch and time keep their sign")
    func bigNumbers() throws {
        let numbers: [UInt64] = [0, 1, UInt64(Int64.max), UInt64(Int64.max) + 1, UInt64.max - 1, UInt64.max]
        for n in numbers {
            let batch = BusBatch(from: "n", epoch: Int64.min, sequence: n, sentAt: -1,
                                 messages: [.open(connection: n), .serverFrame(connection: n, text: "x")])
            #expect(try roundTrip(batch) == batch)
        }
        // On the wire a number past Int64.max is the negative Int64 with its bits.
        let text = BusCodec.encode(BusBatch(from: "n", epoch: 1, sequence: 0, sentAt: 0, messages: [.end(connection: .max)]))
        #expect(text.contains(#"["end",-1]"#) || text.contains(#"["end", -1]"#))
        let decoded = try BusCodec.decode(#"{"from":"n","epoch":1,"seq":-2,"at":0,"m":[["gone",-9223372036854775808]]}"#)
        #expect(decoded.sequence == UInt64.max - 1)
        #expect(decoded.messages == [.gone(connection: UInt64(Int64.max) + 1)])
    }

    @Test("the envelope's members may come in any order, and members it does not know are ignored")
    func envelopeShape() throws {
        let decoded = try BusCodec.decode(#"{"m":[["in",5,"a"]],"at":3,"seq":2,"epoch":1,"from":"x","v":9}"#)
        #expect(decoded == BusBatch(from: "x", epoch: 1, sequence: 2, sentAt: 3, messages: [.clientFrame(connection: 5, text: "a")]))
    }

    private static let envelope = #""from":"n","epoch":1,"seq":1,"at":1"#

    @Test("payloads that are not a batch are refused with InvalidBusPayload", arguments: [
        // Not JSON.
        "", "   ", "{", "not json", #"{"from":"n",}"#, "{\"from\":\"\u{FFFF}\"", #"{"from":"\ud800","epoch":1,"seq":1,"at":1,"m":[]}"#,
        // A JSON value that is not an object.
        "null", "[]", "1", #""batch""#,
        // Missing members.
        #"{}"#, #"{"epoch":1,"seq":1,"at":1,"m":[]}"#, #"{"from":"n","seq":1,"at":1,"m":[]}"#,
        #"{"from":"n","epoch":1,"at":1,"m":[]}"#, #"{"from":"n","epoch":1,"seq":1,"m":[]}"#, "{\(envelope)}",
        // Members of the wrong type.
        #"{"from":1,"epoch":1,"seq":1,"at":1,"m":[]}"#, #"{"from":"n","epoch":"1","seq":1,"at":1,"m":[]}"#,
        #"{"from":"n","epoch":1.5,"seq":1,"at":1,"m":[]}"#, #"{"from":"n","epoch":1,"seq":1e3,"at":1,"m":[]}"#,
        #"{"from":"n","epoch":1,"seq":1,"at":null,"m":[]}"#, "{\(envelope),\"m\":{}}", "{\(envelope),\"m\":\"open\"}",
        "{\(envelope),\"m\":null}", #"{"from":"n","epoch":1,"seq":18446744073709551615,"at":1,"m":[]}"#,
        // Messages that are not [kind, connection, text?].
        "{\(envelope),\"m\":[{}]}", "{\(envelope),\"m\":[\"open\"]}", "{\(envelope),\"m\":[[]]}", "{\(envelope),\"m\":[[\"open\"]]}",
        "{\(envelope),\"m\":[[1,2]]}", "{\(envelope),\"m\":[[\"open\",\"1\"]]}", "{\(envelope),\"m\":[[\"open\",1.0]]}",
        "{\(envelope),\"m\":[[\"open\",null]]}", "{\(envelope),\"m\":[[\"in\",1,\"a\",\"b\"]]}",
        "{\(envelope),\"m\":[[\"open\",1],5]}",
        // Kinds that do not exist.
        "{\(envelope),\"m\":[[\"close\",1]]}", "{\(envelope),\"m\":[[\"OPEN\",1]]}", "{\(envelope),\"m\":[[\"\",1]]}",
        "{\(envelope),\"m\":[[\"open\",1],[\"frame\",1,\"x\"]]}",
        // A text where none belongs.
        "{\(envelope),\"m\":[[\"open\",1,\"x\"]]}", "{\(envelope),\"m\":[[\"gone\",1,\"\"]]}", "{\(envelope),\"m\":[[\"end\",1,\"x\"]]}",
        "{\(envelope),\"m\":[[\"open\",1,5]]}", "{\(envelope),\"m\":[[\"end\",1,null]]}", "{\(envelope),\"m\":[[\"gone\",1,[]]]}",
        // None where one belongs.
        "{\(envelope),\"m\":[[\"in\",1]]}", "{\(envelope),\"m\":[[\"out\",1]]}", "{\(envelope),\"m\":[[\"in\",1,null]]}",
        "{\(envelope),\"m\":[[\"out\",1,7]]}", "{\(envelope),\"m\":[[\"in\",1,{\"t\":\"ping\"}]]}",
        // Admin requests and replies with other than their strings (an app and a body; a body).
        "{\(envelope),\"m\":[[\"admin\",1]]}", "{\(envelope),\"m\":[[\"admin\",1,\"app\"]]}",
        "{\(envelope),\"m\":[[\"admin\",1,\"app\",\"{}\",\"x\"]]}", "{\(envelope),\"m\":[[\"admin\",1,\"app\",{}]]}",
        "{\(envelope),\"m\":[[\"admin\",1,5,\"{}\"]]}", "{\(envelope),\"m\":[[\"admin\",\"1\",\"app\",\"{}\"]]}",
        "{\(envelope),\"m\":[[\"admin\",1.5,\"app\",\"{}\"]]}", "{\(envelope),\"m\":[[\"reply\",1]]}",
        "{\(envelope),\"m\":[[\"reply\",1,\"a\",\"b\"]]}", "{\(envelope),\"m\":[[\"reply\",1,null]]}",
        "{\(envelope),\"m\":[[\"reply\",1,{\"ok\":1}]]}", "{\(envelope),\"m\":[[\"Reply\",1,\"{}\"]]}",
        "{\(envelope),\"m\":[[\"in\",1,\"a\",\"b\",\"c\",\"d\"]]}",
        // Nesting past the limit (8 levels).
        "{\(envelope),\"m\":[[\"in\",1,[[[[[[[\"x\"]]]]]]]]]}", "{\(envelope),\"m\":[],\"x\":[[[[[[[[[]]]]]]]]]}",
        String(repeating: "[", count: 100_000),
    ])
    func refused(payload: String) {
        #expect(throws: InvalidBusPayload.self) { try BusCodec.decode(payload) }
    }

    @Test("a refusal of a good envelope with one bad message keeps none of its messages")
    func oneBadMessage() {
        let payload = "{\(Self.envelope),\"m\":[[\"open\",1],[\"in\",1,\"hello\"],[\"in\",2]]}"
        #expect(throws: InvalidBusPayload.self) { try BusCodec.decode(payload) }
    }

    @Test("nesting up to the limit is parsed; a batch is at most 16 MiB")
    func limits() throws {
        // Depth 8 exactly: object, m, message, then five levels inside an ignored member.
        let deep = "{\(Self.envelope),\"m\":[[\"open\",1]],\"x\":[[[[[[[]]]]]]]}"
        #expect(try BusCodec.decode(deep).messages == [.open(connection: 1)])
        let big = String(repeating: "a", count: 16 << 20)
        #expect(throws: InvalidBusPayload.self) {
            try BusCodec.decode(BusCodec.encode(BusBatch(from: "n", epoch: 1, sequence: 1, sentAt: 1,
                                                         messages: [.clientFrame(connection: 1, text: big)])))
        }
        let large = String(repeating: "a", count: 1 << 20)
        let batch = BusBatch(from: "n", epoch: 1, sequence: 1, sentAt: 1, messages: [.serverFrame(connection: 1, text: large)])
        #expect(try roundTrip(batch) == batch)
    }

    @Test("the fuzz target's seeds (Fuzz/corpus/bus) are batches as the codec writes them")
    func fuzzSeeds() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus/bus").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 5 && names.contains("admin.json"))
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let batch = try BusCodec.decode(text)
            #expect(BusCodec.encode(batch) == text, "\(name)")
        }
    }

    @Test("the fuzz target's crash inputs (Fuzz/regressions/bus) are refused")
    func fuzzRegressions() throws {
        // fourth-element-accepted: a message with a fourth element (["in",1,"text",0]) was read as its first
        // three, as was a non-text third element after a kind that takes none (["open",1,5]).
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/regressions/bus").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("fourth-element-accepted"))
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(throws: InvalidBusPayload.self, "\(name)") { try BusCodec.decode(text) }
        }
    }

    // MARK: - Batching (PostgresBus)

    private func split(_ messages: [BusMessage], sequence start: UInt64 = 10) throws -> (batches: [BusBatch], texts: [String], next: UInt64) {
        var sequence = start
        let texts = PostgresBus.batches(of: messages, from: "node-a", epoch: 3, sentAt: 99, sequence: &sequence)
        return (try texts.map(BusCodec.decode), texts, sequence)
    }

    private func frames(_ count: Int, bytes: Int, from first: UInt64 = 0) -> [BusMessage] {
        (0..<count).map { i in
            let c = first + UInt64(i)
            return i % 2 == 0 ? .clientFrame(connection: c, text: "\(i) " + String(repeating: "\"é", count: bytes / 3))
                : .serverFrame(connection: c, text: String(repeating: "x", count: bytes))
        }
    }

    @Test("messages that fit one notification leave as one batch; none leave none")
    func oneBatch() throws {
        let messages = frames(10, bytes: 100)
        let (batches, texts, next) = try split(messages)
        #expect(batches.map(\.messages) == [messages])
        #expect(texts[0].utf8.count <= PostgresBus.notificationLimit)
        #expect(batches[0].from == "node-a" && batches[0].epoch == 3 && batches[0].sentAt == 99 && batches[0].sequence == 10)
        #expect(next == 11)

        let nothing = try split([])
        #expect(nothing.batches.isEmpty)
        #expect(nothing.next == 10)
    }

    @Test("a long list splits into notifications under 7,900 bytes each, in order, numbered in sequence")
    func splits() throws {
        let messages = frames(300, bytes: 300) + [.open(connection: 1), .gone(connection: 2), .end(connection: 3)]
        let (batches, texts, next) = try split(messages)
        #expect(batches.count > 10)
        #expect(texts.allSatisfy { $0.utf8.count <= 7_900 })
        #expect(batches.flatMap(\.messages) == messages)
        #expect(batches.map(\.sequence) == Array(10..<(10 + UInt64(batches.count))))
        #expect(next == 10 + UInt64(batches.count))
        #expect(batches.allSatisfy { $0.from == "node-a" && $0.epoch == 3 && $0.sentAt == 99 })
    }

    @Test("a message too large for a notification leaves alone (for the payload table), between its neighbours")
    func oversized() throws {
        let huge = BusMessage.serverFrame(connection: 77, text: String(repeating: "ü", count: 5_000))
        let messages = frames(40, bytes: 200) + [huge] + frames(40, bytes: 200, from: 100)
        let (batches, texts, _) = try split(messages)
        #expect(batches.flatMap(\.messages) == messages)
        let alone = try #require(batches.firstIndex { $0.messages.contains(huge) })
        #expect(batches[alone].messages == [huge])
        #expect(texts[alone].utf8.count > PostgresBus.notificationLimit)
        for (index, text) in texts.enumerated() where index != alone {
            #expect(text.utf8.count <= PostgresBus.notificationLimit)
        }
        // Only that one.
        let single = try split([huge])
        #expect(single.batches.map(\.messages) == [[huge]])
    }

    @Test("the sequence wraps past UInt64.max")
    func sequenceWraps() throws {
        let (batches, _, next) = try split(frames(100, bytes: 300), sequence: .max)
        #expect(batches.count > 2)
        #expect(batches.prefix(2).map(\.sequence) == [.max, 0])
        #expect(next == UInt64(batches.count - 1))
    }
}
