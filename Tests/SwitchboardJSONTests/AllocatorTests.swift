@testable import SwitchboardJSON
import Testing

/// jansson's allocator (docs/PERFORMANCE.md, "jansson's allocations"): only an executable installs the
/// cache, as its first statement. A library, and this test process, leave jansson on `malloc`. The
/// built `switchboard` runs on the cache in every test that starts it (`AllocatorServerTests` checks it
/// says so).
@Suite("jansson's allocator")
struct AllocatorTests {
    @Test("loading the JSON layer installs nothing: jansson stays on malloc, and no block is cached")
    func libraryLeavesMallocAlone() throws {
        var writer = JanssonTreeWriter()
        writer.beginObject()
        for index in 0..<40 {
            writer.key("key-\(index)")
            writer.string(String(repeating: "x", count: index * 7))
        }
        writer.endObject()
        let text = writer.finish()
        #expect(try JSONParser().parse(bytes: text) != .null)
        #expect(!JanssonAllocator.isCaching)
        #expect(JanssonAllocator.cachedBlocks == 0)
    }
}
