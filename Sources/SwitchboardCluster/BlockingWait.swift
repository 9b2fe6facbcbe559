import Foundation
import NIOCore

extension EventLoopFuture {
    /// Blocks the calling thread until the future completes. The service calls its stores under its
    /// lock on whatever thread it runs (often one of the server's event loops, where NIO's own `wait()`
    /// refuses to run for fear of waiting on the loop it would block). The database's futures complete
    /// on its private event loop, never the caller's (docs/DECISIONS.md, "PostgreSQL access"), so the
    /// wait cannot deadlock; it stalls the caller for the round trip, as SQLite's commit does.
    func blockingWait() throws -> Value {
        precondition(!eventLoop.inEventLoop, "blockingWait() on the database's own event loop would deadlock")
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Value, any Error>?
        whenComplete { result in
            outcome = result
            done.signal()
        }
        done.wait()
        return try outcome!.get()
    }
}
