import Logging
import NIOSSL
import Synchronization
import WSClient
import SwitchboardWire

/// Connects to a Switchboard server over WebSocket (`ws://host:port/v1/signal`, or `wss://` with TLS):
/// one text message per frame, encoded by the wire codec. The client's own heartbeat (`ping` / `pong`
/// frames) finds dead links, so WebSocket pings are off.
///
/// With several URLs (the nodes of a cluster, any of which serves any client), each connection attempt
/// goes to the next URL in order, starting from a random one; a URL whose attempt failed, or whose
/// server said it is shutting down, is tried again only once the others have failed too, or after a
/// link to it opened (docs/ARCHITECTURE.md, "Several server URLs"). Copies of a transport share its
/// rotation.
public struct WebSocketTransport: Transport {
    /// The server URLs, in the order attempts go round them.
    public let urls: [String]
    /// The first of ``urls``: the server, for a transport to one.
    public var url: String { urls[0] }
    /// The largest message accepted from the server, in bytes (8 MiB, as `WireCodec.serverFrameLimits`).
    public let maxFrameBytes: Int
    /// For `wss://`: the TLS settings (the system's trust roots by default; tests trust their own
    /// certificate).
    public let tlsConfiguration: TLSConfiguration?
    let logger: Logger
    private let rotation: Rotation

    /// A transport to the one server at `url` (not checked here: a URL that is not a server's fails each
    /// connection attempt).
    public init(url: String, maxFrameBytes: Int = 8 * 1024 * 1024, tlsConfiguration: TLSConfiguration? = nil,
                logger: Logger = Logger(label: "switchboard.websocket")) {
        self.init(checked: [url], first: 0, maxFrameBytes: maxFrameBytes, tlsConfiguration: tlsConfiguration, logger: logger)
    }

    /// A transport to the servers at `urls`, tried in turn.
    ///
    /// - Parameters:
    ///   - urls: one `ws://` or `wss://` URL per server (a cluster's nodes).
    ///   - first: the index in `urls` of the URL the first attempt goes to; nil for a random one, so
    ///     that clients spread over the nodes.
    ///   - maxFrameBytes: the largest message accepted from the server, in bytes (``maxFrameBytes``).
    ///   - tlsConfiguration: for `wss://`: the trust roots when they are not the system's.
    ///   - logger: the transport's logger.
    /// - Throws: ``/SwitchboardWire/ServiceErrorCode/invalidServerURL`` when `urls` is empty or one of
    ///   them is not a `ws://` or `wss://` URL with a host (``ServerURLList/validated(_:)``).
    public init(urls: [String], first: Int? = nil, maxFrameBytes: Int = 8 * 1024 * 1024,
                tlsConfiguration: TLSConfiguration? = nil,
                logger: Logger = Logger(label: "switchboard.websocket")) throws(SignalingError) {
        let urls = try ServerURLList.validated(urls)
        self.init(checked: urls, first: first ?? Int.random(in: 0..<urls.count), maxFrameBytes: maxFrameBytes,
                  tlsConfiguration: tlsConfiguration, logger: logger)
    }

    private init(checked urls: [String], first: Int, maxFrameBytes: Int, tlsConfiguration: TLSConfiguration?, logger: Logger) {
        self.urls = urls
        self.maxFrameBytes = maxFrameBytes
        self.tlsConfiguration = tlsConfiguration
        self.logger = logger
        rotation = Rotation(ServerRotation(urls: urls, first: first))
    }

    /// The URL of the last link that opened (nil before the first): the server a client of this
    /// transport is on, or was on last.
    public var connectedURL: String? {
        rotation.state.withLock { $0.connected.map { urls[$0] } }
    }

    /// The index in ``urls`` the next attempt starts looking from.
    var nextIndex: Int {
        rotation.state.withLock { $0.rotation.cursor }
    }

    public func connect() async throws(SignalingError) -> any TransportConnection {
        let rotation = rotation
        let index = rotation.state.withLock { $0.rotation.next() }
        let link = WebSocketLink(maxFrameBytes: maxFrameBytes, logger: logger) {
            // A draining node: the next attempt, this session's or another's, goes elsewhere first.
            rotation.state.withLock { $0.rotation.failed(index) }
        }
        do {
            try await link.open(urls[index], tls: tlsConfiguration)
        } catch {
            rotation.state.withLock { $0.rotation.failed(index) }
            throw error
        }
        rotation.state.withLock { state in
            state.rotation.connected(index)
            state.connected = index
        }
        return link
    }

    /// The rotation, shared by the copies of a transport and its connections.
    private final class Rotation: Sendable {
        struct State {
            var rotation: ServerRotation
            var connected: Int?
        }

        let state: Mutex<State>

        init(_ rotation: ServerRotation) {
            state = Mutex(State(rotation: rotation))
        }
    }
}

/// One WebSocket connection as a ``TransportConnection``: frames to send queue in an `AsyncStream` that
/// the connection's writer drains in order; frames received are decoded and yielded in order.
final class WebSocketLink: TransportConnection, Sendable {
    private enum Outgoing: Sendable {
        case frame(ClientFrame)
        case close
    }

    let frames: AsyncStream<ServerFrame>
    private let received: AsyncStream<ServerFrame>.Continuation
    private let outgoing: AsyncStream<Outgoing>
    private let toSend: AsyncStream<Outgoing>.Continuation
    private let maxFrameBytes: Int
    private let logger: Logger
    /// Called when the server says it is shutting down (`bye(serverShutdown)`).
    private let serverShuttingDown: @Sendable () -> Void
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// Rebuilds whole calls from compact call events (docs/DECISIONS.md, "Compact call events").
    private let decoder = Mutex(CompactEventDecoder())

    init(maxFrameBytes: Int, logger: Logger, serverShuttingDown: @escaping @Sendable () -> Void = {}) {
        (frames, received) = AsyncStream.makeStream(of: ServerFrame.self)
        (outgoing, toSend) = AsyncStream.makeStream(of: Outgoing.self)
        self.maxFrameBytes = maxFrameBytes
        self.logger = logger
        self.serverShuttingDown = serverShuttingDown
    }

    func send(_ frame: ClientFrame) {
        toSend.yield(.frame(frame))
    }

    func close() {
        toSend.yield(.close)
        toSend.finish()
    }

    /// Connects; returns once the WebSocket is open, or throws why it could not be opened.
    func open(_ url: String, tls: TLSConfiguration?) async throws(SignalingError) {
        let opened = OneShot()
        let result = await withCheckedContinuation { (waiter: CheckedContinuation<Result<Void, SignalingError>, Never>) in
            opened.set(waiter)
            let task = Task { [self] in
                do {
                    let configuration = WebSocketClientConfiguration(maxFrameSize: maxFrameBytes, autoPing: .disabled)
                    let outgoing = self.outgoing
                    try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls,
                                                      logger: logger) {
                        inbound, outbound, _ in
                        opened.resume(.success(()))
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for await item in outgoing {
                                    switch item {
                                    case .frame(let frame):
                                        try await outbound.write(.text(WireCodec.encodeText(frame)))
                                    case .close:
                                        try await outbound.close(.normalClosure, reason: nil)
                                        return
                                    }
                                }
                            }
                            for try await message in inbound.messages(maxSize: self.maxFrameBytes) {
                                self.receive(message)
                            }
                            group.cancelAll()
                        }
                    }
                    opened.resume(.failure(SignalingError(.disconnected, "the server closed the WebSocket at once")))
                } catch {
                    opened.resume(.failure(SignalingError(.disconnected, "cannot reach \(url): \(error)")))
                }
                received.finish()
            }
            self.task.withLock { $0 = task }
        }
        try result.get()
    }

    private func receive(_ message: WebSocketMessage) {
        // Out of step: the connection is closing, and what follows would not fit either.
        guard !decoder.withLock({ $0.isOutOfStep }) else { return }
        let decoded: ServerFrame
        do {
            decoded = try decoder.withLock { (decoder) throws(SignalingError) -> ServerFrame in
                switch message {
                case .text(let text): try decoder.decode(text)
                case .binary(let buffer): try decoder.decode(Array(buffer.readableBytesView))
                }
            }
        } catch where decoder.withLock({ $0.isOutOfStep }) {
            // The client lacks what a compact event builds on: nothing after it can be trusted on this
            // connection. Dropping it makes the session resume on a new one, which replays the events
            // from here with each call's facts again.
            logger.warning("a compact call event did not fit the calls this connection carried; reconnecting: \(error)")
            close()
            return
        } catch {
            // A frame that does not decode is the server's bug; the heartbeat and the request timeouts
            // deal with whatever it meant.
            logger.error("dropped an undecodable frame from the server: \(error)")
            return
        }
        if case .bye(let bye) = decoded, bye.reason == .serverShutdown {
            serverShuttingDown()
        }
        received.yield(decoded)
    }

    deinit {
        toSend.finish()
        task.withLock { $0?.cancel() }
    }
}

/// Resumes a continuation once, from whichever side gets there first.
private final class OneShot: Sendable {
    private let waiter = Mutex<CheckedContinuation<Result<Void, SignalingError>, Never>?>(nil)

    func set(_ continuation: CheckedContinuation<Result<Void, SignalingError>, Never>) {
        waiter.withLock { $0 = continuation }
    }

    func resume(_ result: Result<Void, SignalingError>) {
        waiter.withLock { waiter in
            waiter?.resume(returning: result)
            waiter = nil
        }
    }
}
