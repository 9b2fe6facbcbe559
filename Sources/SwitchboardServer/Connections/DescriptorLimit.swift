#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's file-descriptor limit (`RLIMIT_NOFILE`), which bounds the connections a server can
/// hold (docs/SECURITY.md, "Connections"). Read through libc: no listed package wraps `getrlimit`.
public enum DescriptorLimit {
    /// The soft limit in force.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return 1024 }
        return Int(clamping: min(limit.rlim_cur, rlim_t(Int32.max)))
    }

    /// Raises the soft limit to the hard one, as NGINX (`worker_rlimit_nofile`) and Go's runtime do:
    /// the soft default (often 1,024) is a compatibility relic, the hard one what the operator allows.
    /// Returns the soft limit now in force.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return current }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(resourceNoFile, &limit)
        }
        return current
    }

    /// The connections a server may hold within `limit` descriptors: the limit less a reserve for
    /// everything else that needs one (the listener, the database and its journal, the event loops'
    /// epoll and event descriptors, webhook sockets, logs): a sixteenth, at least 64.
    public static func connectionBudget(limit: Int = current) -> Int {
        max(16, limit - max(64, limit / 16))
    }

    #if canImport(Glibc)
    private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceNoFile = RLIMIT_NOFILE
    #endif
}
