#if canImport(Glibc)
import Glibc
#endif

/// How many CPUs this process may run on: its affinity mask (`taskset`, a container's cpuset), not the
/// machine's cores. Written here because swift-nio's `System.coreCount` counts the machine's online CPUs
/// and a cgroup's quota, not the affinity. Swift's Glibc module declares neither `sched_getaffinity`
/// (a `_GNU_SOURCE` function: looked up with `dlsym`, as the tests' `ChildProcess` does for `posix_spawn`'s
/// close-from) nor the `CPU_COUNT` macro (the mask's bits are counted). Nil where the mask cannot be read.
enum ProcessorAffinity {
    static func count() -> Int? {
        #if os(Linux)
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "sched_getaffinity") else { return nil }
        let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
        // 1,024 CPUs, glibc's cpu_set_t.
        var mask = [UInt64](repeating: 0, count: 16)
        let read = mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress!) }
        guard read == 0 else { return nil }
        let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        return count > 0 ? count : nil
        #else
        return nil
        #endif
    }
}
