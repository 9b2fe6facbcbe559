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
NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
await runAsync(Switchboard.self)

/// `AsyncParsableCommand`'s entry point: plain `Switchboard.main()` in top-level code picks
/// `ParsableCommand`'s synchronous one, which never calls an async `run()`.
func runAsync<Command: AsyncParsableCommand>(_ command: Command.Type) async {
    await command.main(nil) as Void
}
