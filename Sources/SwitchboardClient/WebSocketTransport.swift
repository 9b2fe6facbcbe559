import Logging
import NIOSSL
import Synchronization
import WSClient
import SwitchboardWire

/// Connects to a Switchboard server over WebSocket (`ws://host:port/v1/signal`, or `wss://` with TLS):
/// one text message per frame, encoded by the wire codec. The client's own heartbeat (`ping` / `pong`
/// frames) finds dead links, so WebSocket pings are off.
public struct WebSocketTransport: Transport {
    public let url: String
    /// The largest message accepted from the server, in bytes (8 MiB, as `WireCodec.serverFrameLimits`).
    public let maxFrameBytes: Int
    /// For `wss://`: the TLS settings (the system's trust roots by default; tests trust their own
    /// certificate).
    public let tlsConfiguration: TLSConfiguration?
    let logger: Logger

    public init(url: String, maxFrameBytes: Int = 8 * 1024 * 1024, tlsConfiguration: TLSConfiguration? = nil,
                logger: Logger = Logger(label: "switchboard.websocket")) {
        self.url = url
        self.maxFrameBytes = maxFrameBytes
        self.tlsConfiguration = tlsConfiguration
        self.logger = logger
    }

    public func connect() async throws(SignalingError) -> any TransportConnection {
        let link = WebSocketLink(maxFrameBytes: maxFrameBytes, logger: logger)
        try await link.open(url, tls: tlsConfiguration)
        return link
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
    private let task = Mutex<Task<Void, Never>?>(nil)
    /// Rebuilds whole calls from compact call events (docs/DECISIONS.md, "Compact call events").
    private let decoder = Mutex(CompactEventDecoder())

    init(maxFrameBytes: Int, logger: Logger) {
        (frames, received) = AsyncStream.makeStream(of: ServerFrame.self)
        (outgoing, toSend) = AsyncStream.makeStream(of: Outgoing.self)
        self.maxFrameBytes = maxFrameBytes
        self.logger = logger
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
