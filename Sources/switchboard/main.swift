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
// the other holds (docs/PERFORMANCE.md, "Latest results (2026-11-29, pinned)"). NIO_SINGLETON_GROUP_LOOP_COUNT,
// when set, still decides.
if getenv("NIO_SINGLETON_GROUP_LOOP_COUNT") == nil, let cores = ProcessorAffinity.count(), cores < System.coreCount {
    NIOSingletons.groupLoopCountSuggestion = cores
}
NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
await runAsync(Switchboard.self)

/// `AsyncParsableCommand`'s entry point: plain `Switchboard.main()` in top-level code picks
/// `ParsableCommand`'s synchronous one, which never calls an async `run()`.
func runAsync<Command: AsyncParsableCommand>(_ command: Command.Type) async {
    await command.main(nil) as Void
}
