import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// One simulated user's WebSocket connection in the lean engine: the last handler of its channel's
/// pipeline, on the driver's one event loop. It hands every text message to the ``LeanDriver`` as it
/// is read, answers WebSocket pings, and writes what the driver gives it without flushing: the driver
/// flushes every connection it wrote to once per turn of the loop.
final class LeanConnection: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let driver: LeanDriver
    let user: Int
    private var context: ChannelHandlerContext?

    init(driver: LeanDriver, user: Int) {
        self.driver = driver
        self.user = user
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        driver.attached(self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            driver.received(frame.unmaskedData, on: user)
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, maskKey: driver.maskingKey(), data: frame.unmaskedData)
            context.write(wrapOutboundOut(pong), promise: nil)
            driver.needsFlush(user)
        case .connectionClose:
            context.close(promise: nil)
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        driver.closed(user)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    /// Queues one text message (masked, as a client's must be), copied from `text`; the driver flushes.
    func write(_ text: [UInt8]) {
        guard let context else { return }
        var message = context.channel.allocator.buffer(capacity: text.count)
        message.writeBytes(text)
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, maskKey: driver.maskingKey(), data: message)), promise: nil)
    }

    func flush() {
        context?.flush()
    }

    func close() {
        context?.close(promise: nil)
    }

    var closeFuture: EventLoopFuture<Void>? { context?.channel.closeFuture }
}

/// Where the lean engine connects: the plan's `ws://` URL taken apart.
struct LeanEndpoint: Sendable {
    var host: String
    var port: Int
    /// The path and query of the upgrade request.
    var target: String

    init(url: String) throws(LoadError) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw .invalidPlan("cannot read the server URL \(url)")
        }
        guard scheme == "ws" else {
            throw .invalidPlan("the lean engine speaks plain ws:// to loopback servers, not \(scheme):// (use --engine session)")
        }
        self.host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        port = parsed.port ?? 80
        let path = parsed.path.isEmpty ? "/" : parsed.path
        target = parsed.query.map { "\(path)?\($0)" } ?? path
    }

    /// Opens a connection on `loop` and upgrades it to WebSocket, with a ``LeanConnection`` for `user`
    /// at the end of its pipeline. Throws what stopped it, in words.
    func connect(user: Int, driver: LeanDriver, on loop: EventLoop) async throws(LoadError) -> Channel {
        let host = host, port = port, target = target
        let channel: Channel
        let upgraded: EventLoopFuture<Bool>
        do {
            (channel, upgraded) = try await ClientBootstrap(group: loop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connectTimeout(.seconds(10))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let upgrader = NIOTypedWebSocketClientUpgrader<Bool>(
                            maxFrameSize: 8 << 20,
                            upgradePipelineHandler: { channel, _ in
                                channel.eventLoop.makeCompletedFuture {
                                    let operations = channel.pipeline.syncOperations
                                    try operations.addHandler(NIOWebSocketFrameAggregator(
                                        minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1_024, maxAccumulatedFrameSize: 8 << 20))
                                    try operations.addHandler(LeanConnection(driver: driver, user: user))
                                    return true
                                }
                            })
                        var headers = HTTPHeaders()
                        headers.add(name: "Host", value: "\(host):\(port)")
                        headers.add(name: "Content-Length", value: "0")
                        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
                        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Bool>(
                            upgradeRequestHead: head, upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(false) })
                        let result = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                            configuration: .init(upgradeConfiguration: configuration))
                        return (channel, result)
                    }
                }
        } catch {
            throw .loginFailed(user: driver.userID(user).rawValue, reason: "cannot connect to ws://\(host):\(port)\(target): \(error)")
        }
        let accepted: Bool
        do {
            accepted = try await upgraded.get()
        } catch {
            channel.close(promise: nil)
            throw .loginFailed(user: driver.userID(user).rawValue, reason: "the WebSocket upgrade at ws://\(host):\(port)\(target) failed: \(error)")
        }
        guard accepted else {
            channel.close(promise: nil)
            throw .loginFailed(user: driver.userID(user).rawValue,
                               reason: "ws://\(host):\(port)\(target) does not accept a WebSocket upgrade (is it the server's signaling path?)")
        }
        return channel
    }
}
