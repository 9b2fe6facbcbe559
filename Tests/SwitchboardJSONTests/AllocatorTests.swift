@testable import SwitchboardJSON
import Testing

/// jansson's allocator (docs/PERFORMANCE.md, "jansson's allocations"): outside sanitizer builds, the
/// blocks of a freed tree wait in the thread's cache for the next one; every other test of the JSON
/// layer runs on it.
@Suite("jansson's allocator")
struct AllocatorTests {
    @Test("a tree's blocks go to the thread's cache when it is freed, and come back from it; sanitizer builds use malloc")
    func cachesFreedBlocks() throws {
        func dump() -> [UInt8] {
            var writer = JanssonTreeWriter()
            writer.beginObject()
            for index in 0..<40 {
                writer.key("key-\(index)")
                writer.string(String(repeating: "x", count: index * 7))
            }
            writer.endObject()
            return writer.finish()
        }
        let first = dump()  // the writer, and its tree, are gone here: their blocks are free
        if JanssonAllocator.isCaching {
            #expect(JanssonAllocator.cachedBlocks > 0)
        } else {
            #expect(JanssonAllocator.cachedBlocks == 0)
        }
        // The same text again, from reused blocks, and a parse of it: values survive the reuse.
        #expect(dump() == first)
        let parsed = try JSONParser().parse(bytes: first)
        guard case .object(let object) = parsed else {
            Issue.record("not an object")
            return
        }
        #expect(object.count == 40)
        #expect(object["key-39"] == .string(String(repeating: "x", count: 273)))
    }
}
