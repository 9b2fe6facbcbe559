import Synchronization

/// How many kits of each vendor a process holds: `setRtmServiceContext(_:)` succeeds only while there
/// is none (Agora's rule). Counted per vendor, since each SDK has its own kits. The process has one
/// (``process``); tests make their own to see the rule from an empty process.
final class RtmKitCensus: Sendable {
    static let process = RtmKitCensus()

    private let counts = Mutex<[ObjectIdentifier: Int]>([:])

    func kitCreated<Vendor: RtmVendor>(of _: Vendor.Type) {
        counts.withLock { $0[ObjectIdentifier(Vendor.self), default: 0] += 1 }
    }

    func kitReleased<Vendor: RtmVendor>(of _: Vendor.Type) {
        counts.withLock { $0[ObjectIdentifier(Vendor.self), default: 0] -= 1 }
    }

    /// Runs `body` if no kit of `Vendor` exists, with the count locked so that none is created meanwhile.
    func whileNoKit<Vendor: RtmVendor>(of _: Vendor.Type, _ body: () -> Void) -> Bool {
        counts.withLock { counts in
            guard (counts[ObjectIdentifier(Vendor.self)] ?? 0) == 0 else { return false }
            body()
            return true
        }
    }
}
