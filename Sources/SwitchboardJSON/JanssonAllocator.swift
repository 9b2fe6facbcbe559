import CJanssonAllocator

/// jansson's allocator in this process (docs/PERFORMANCE.md, "jansson's allocations"): a per-thread
/// cache of its small blocks, installed by `CJanssonAllocator` when the process loads, before any
/// jansson value exists; plain `malloc`/`free` in sanitizer builds.
enum JanssonAllocator {
    /// Whether jansson's values come from the per-thread cache.
    static var isCaching: Bool { sb_json_allocator_is_caching() == 1 }

    /// The freed blocks the calling thread's cache holds.
    static var cachedBlocks: Int { Int(sb_json_allocator_cached_blocks()) }
}
