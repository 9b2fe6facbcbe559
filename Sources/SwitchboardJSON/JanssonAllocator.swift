import CJanssonAllocator

/// jansson's allocator in this process (docs/PERFORMANCE.md, "jansson's allocations"): a per-thread
/// cache of its small blocks in front of `malloc`.
///
/// The cache becomes jansson's allocator for the whole process, and every block jansson frees must
/// come from the allocator that made it. So only an executable installs it, as its first statement,
/// before anything has made a jansson value (the `switchboard` command does); a library never does,
/// since its host may hold jansson values already or free what `json_dumps` returns with `free()`.
/// Without it jansson uses `malloc` and `free`, as everywhere else.
public enum JanssonAllocator {
    /// Makes the cache jansson's allocator, unless this is a sanitizer build or the environment has
    /// `SWITCHBOARD_JANSSON_MALLOC=1`; only the first call does anything. Call it first thing in an
    /// executable's top-level code, before any jansson value exists. Returns whether the cache is on.
    @discardableResult
    public static func installAtProcessStart() -> Bool {
        sb_json_allocator_install() == 1
    }

    /// Whether jansson's values come from the per-thread cache.
    public static var isCaching: Bool { sb_json_allocator_is_caching() == 1 }

    /// The freed blocks the calling thread's cache holds.
    static var cachedBlocks: Int { Int(sb_json_allocator_cached_blocks()) }
}
