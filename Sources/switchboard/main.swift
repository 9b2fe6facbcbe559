import ArgumentParser
import NIOCore
import NIOPosix
import SwitchboardJSON

// jansson's allocator for this process, a per-thread cache of its small blocks: first, before anything has
// made a jansson value (docs/PERFORMANCE.md, "jansson's allocations").
JanssonAllocator.installAtProcessStart()

// Swift concurrency's tasks run on NIO's event loop threads: a WebSocket message then reaches the service,
// and a frame the service sends reaches the socket, without hopping between NIO's threads and the
// cooperative pool (the server and the load generator handle every frame that way). Must happen on the
// main thread before any task starts, hence top-level code instead of `@main`.
// As many event loops as the process may run on (``ProcessorAffinity``), not the machine's cores: a server
// pinned to one core with two loops spends its time switching between them, one waiting for the service's lock
// the other holds (docs/PERFORMANCE.md, "Results of 2026-11-29, pinned (first run)"). NIO_SINGLETON_GROUP_LOOP_COUNT,
// when set, still decides.
if getenv("NIO_SINGLETON_GROUP_LOOP_COUNT") == nil, let cores = ProcessorAffinity.count(), cores < System.coreCount {
    NIOSingletons.groupLoopCountSuggestion = cores
}
// Not on a single loop, though: swift-async-algorithms' `merge` (under swift-service-lifecycle's
// `cancelOnGracefulShutdown`, which Hummingbird's date cache uses) holds its lock across a continuation the
// runtime may re-enqueue, and with one thread for every task the task that then wants the lock waits forever
// for the one that holds it (apple/swift-async-algorithms#430). A server pinned to one core hung so at
// shutdown (docs/PERFORMANCE.md, "Results of 2026-11-29, the door"). Its tasks run on Swift's own pool
// then; its frames, which never were tasks (`InboundFrameHandler`, `StepBatcher`), still stay on the loop.
if NIOSingletons.groupLoopCountSuggestion > 1 {
    NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
}
await runAsync(Switchboard.self)

/// `AsyncParsableCommand`'s entry point: plain `Switchboard.main()` in top-level code picks
/// `ParsableCommand`'s synchronous one, which never calls an async `run()`.
func runAsync<Command: AsyncParsableCommand>(_ command: Command.Type) async {
    await command.main(nil) as Void
}
