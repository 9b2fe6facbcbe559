import Logging
import ServiceLifecycle
import SwitchboardCore
import SwitchboardService

/// Deletes call records older than the configured age, at start and then every hour, so the store does
/// not grow without bound under a long-running load.
struct RecordRetention: Service {
    let store: SQLiteStore
    let maxAge: Duration
    let clock: ServiceClock
    let logger: Logger
    var interval: Duration = .seconds(3600)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                sweep()
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }

    func sweep() {
        do {
            let deleted = try store.deleteRecords(olderThan: clock.now() - maxAge)
            if deleted > 0 { logger.info("retention: deleted \(deleted) call records older than \(maxAge)") }
        } catch {
            logger.error("retention: deleting old records failed: \(error)")
        }
    }
}
