import Logging
import ServiceLifecycle
import SwitchboardCore
import SwitchboardService

/// Deletes call records older than the configured age, at start and then every hour, so the store does
/// not grow without bound under a long-running load: from the SQLite file on a single node, from
/// PostgreSQL on every node of a cluster, where one sweep runs at a time (docs/SERVER.md, "Cluster").
struct RecordRetention: Service {
    /// Deletes the records recorded before a cutoff: how many, or nil when another node sweeps now.
    let delete: @Sendable (Timestamp) async throws -> Int?
    let maxAge: Duration
    let clock: ServiceClock
    let logger: Logger
    var interval: Duration = .seconds(3600)

    /// Sweeps `store`'s records (``/SwitchboardService/ServiceStore/deleteRecords(recordedBefore:)``).
    init(store: any ServiceStore, maxAge: Duration, clock: ServiceClock, logger: Logger) {
        self.init(maxAge: maxAge, clock: clock, logger: logger) { cutoff in try await store.deleteRecords(recordedBefore: cutoff) }
    }

    init(maxAge: Duration, clock: ServiceClock, logger: Logger, delete: @escaping @Sendable (Timestamp) async throws -> Int?) {
        self.delete = delete
        self.maxAge = maxAge
        self.clock = clock
        self.logger = logger
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sweep()
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }

    func sweep() async {
        do {
            switch try await delete(clock.now() - maxAge) {
            case let deleted? where deleted > 0: logger.info("retention: deleted \(deleted) call records older than \(maxAge)")
            case nil: logger.debug("retention: another node is sweeping; skipped")
            default: break
            }
        } catch {
            logger.error("retention: deleting old records failed: \(error)")
        }
    }
}
