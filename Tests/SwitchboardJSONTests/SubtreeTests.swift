import Dispatch
import SwitchboardJSON
import Testing

/// A value built once and written into several documents (``JanssonSubtree``).
@Suite("jansson subtrees shared between documents")
struct SubtreeTests {
    private static let body: JSONValue = [
        "call": ["id": "c1", "caller": "alice", "payload": .string(String(repeating: "p", count: 300))],
        "participants": [["user": "bob", "state": "inviting"], ["user": "carol", "state": "accepted"]],
    ]

    private static func envelope(_ sequence: Int64, write body: (JanssonTreeWriter) -> Void) -> [UInt8] {
        let writer = JanssonTreeWriter()
        writer.beginObject()
        writer.key("t"); writer.string("evt")
        writer.key("seq"); writer.int(sequence)
        writer.key("body"); body(writer)
        writer.endObject()
        return writer.finish()
    }

    @Test("a subtree in several documents is written as the same value written in each")
    func sameText() {
        let shared = JanssonSubtree { writer in
            var writer = writer
            replay(Self.body, into: &writer)
        }
        for sequence: Int64 in [1, 2, 1_000_000] {
            let expected = Self.envelope(sequence) { writer in
                var writer = writer
                replay(Self.body, into: &writer)
            }
            #expect(Self.envelope(sequence) { $0.add(shared) } == expected)
        }
    }

    @Test("a subtree outlives the documents that hold it and is released after the last, from any thread")
    func concurrentUse() async {
        let expected = Self.envelope(7) { writer in
            var writer = writer
            replay(Self.body, into: &writer)
        }
        // Many documents on several threads at once take, dump and release references to one subtree.
        for _ in 0..<20 {
            let shared = JanssonSubtree { writer in
                var writer = writer
                replay(Self.body, into: &writer)
            }
            let mismatches = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        (0..<50).reduce(0) { count, _ in count + (Self.envelope(7) { $0.add(shared) } == expected ? 0 : 1) }
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(mismatches == 0)
        }
    }
}
