/// How the load generator's users talk to the server (`switchboard loadtest calls --engine`;
/// docs/PERFORMANCE.md, "The load generator").
public enum LoadEngine: String, CaseIterable, Sendable {
    /// Every user a WebSocket connection on NIO directly, all on one event loop thread, frames encoded
    /// from templates and read only as far as the flow needs (``LeanLoadGenerator``). Cheap enough that
    /// the generator is not what limits a measurement. A dropped connection interrupts its pair's call
    /// and retires the pair: no reconnect.
    case lean
    /// Every user a full `ClientSession` (``LoadGenerator``): reconnects with backoff, resumes, replays,
    /// as a fleet of real clients does; what the chaos test needs (docs/SERVER.md, "Chaos test").
    case session
}
