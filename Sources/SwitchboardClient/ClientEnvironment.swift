import Dispatch
import Foundation
import Synchronization
import SwitchboardWire

/// Where surface adapters connect and on which clock they time things: the one process-wide setting that
/// vendor-style code (which has no notion of a server) picks up when it creates a kit or instance.
///
/// Without configuration it is ``processDefault``: the process's own service, which is the embedded
/// in-process service of SwitchboardEmbedded in any process that uses a vendor surface, so two
/// `AgoraRtmKit` instances in one process can call each other. With the environment variable
/// `SWITCHBOARD_URL` set (`ws://127.0.0.1:7480/v1/signal`, or several nodes' URLs separated by commas),
/// it is ``network(urls:)``: a Switchboard server, or the nodes of a cluster, over WebSocket. Tests point
/// it at a `TestWorld`.
public struct ClientEnvironment: Sendable {
    /// How sessions reach the service.
    public var transport: any Transport
    /// The clock every session and adapter timer uses.
    public var clock: ServiceClock
    /// The queue vendor callbacks are delivered on, for every surface. Nil: each surface's vendor default
    /// (the main queue for Agora, anyRTC and Tencent; ZIM's private serial queue per instance).
    public var callbackQueue: DispatchQueue?
    /// Where sessions and adapters run their asynchronous work. Nil (the default): Swift's default
    /// executors. A `TestWorld` sets its own, to run the world until it is idle.
    public var executor: (any ClientExecutor)?

    public init(
        transport: any Transport, clock: ServiceClock, callbackQueue: DispatchQueue? = nil,
        executor: (any ClientExecutor)? = nil
    ) {
        self.transport = transport
        self.clock = clock
        self.callbackQueue = callbackQueue
        self.executor = executor
    }

    /// `callback`, counted by ``executor`` until it has run: what adapters post to their callback queue.
    public func tracking(_ callback: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        executor?.tracking(callback) ?? callback
    }

    /// The environment new kits and instances use. Setting it affects only objects created afterwards.
    public static var current: ClientEnvironment {
        get {
            state.withLock { state in
                if let state { return state }
                let chosen = ProcessInfo.processInfo.environment["SWITCHBOARD_URL"].map(configured(by:)) ?? processDefault
                state = chosen
                return chosen
            }
        }
        set { state.withLock { $0 = newValue } }
    }

    /// A Switchboard server at `url` (`ws://` or `wss://`, path `/v1/signal`), on the system clock.
    public static func network(url: String) -> ClientEnvironment {
        ClientEnvironment(transport: WebSocketTransport(url: url), clock: .system())
    }

    /// The nodes of a Switchboard cluster at `urls` (or one server), on the system clock: each
    /// connection attempt goes to the next URL, starting from a random one
    /// (``WebSocketTransport/init(urls:first:maxFrameBytes:tlsConfiguration:logger:)``). Throws
    /// ``/SwitchboardWire/ServiceErrorCode/invalidServerURL`` when `urls` is empty or one is not a server URL.
    public static func network(urls: [String]) throws(SignalingError) -> ClientEnvironment {
        ClientEnvironment(transport: try WebSocketTransport(urls: urls), clock: .system())
    }

    /// The environment `SWITCHBOARD_URL`'s value names: ``network(urls:)`` of its URLs
    /// (``ServerURLList/parse(_:)``). A value that is not a list of server URLs makes an environment
    /// whose every login fails at once with ``/SwitchboardWire/ServiceErrorCode/invalidServerURL``, saying which entry
    /// is wrong: the variable is read where no error can be thrown, and a client must not fall back to
    /// the embedded service when it was pointed at a server.
    public static func configured(by value: String) -> ClientEnvironment {
        do {
            return try network(urls: ServerURLList.parse(value))
        } catch {
            let error = SignalingError(.invalidServerURL, "SWITCHBOARD_URL: \(error.message)")
            return ClientEnvironment(transport: MisconfiguredTransport(error: error), clock: .system())
        }
    }

    // The process's one piece of mutable configuration state (pointing clients at a server:
    // docs/ARCHITECTURE.md, "The embedded default").
    private static let state = Mutex<ClientEnvironment?>(nil)
}
