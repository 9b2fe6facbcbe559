import NIOCore

/// The limits the connection guard enforces on the bytes of one connection (docs/SECURITY.md,
/// "Connections").
struct ConnectionGuardLimits: Sendable {
    /// The most bytes a connection may send before its first response (the request head, and frames
    /// sent before the upgrade is known): NGINX's large header buffers are 4 × 8 KiB.
    var bytesBeforeResponse = 64 * 1024
    /// The largest frame before the welcome: a hello with a long token fits in a few KiB. The
    /// configured frame limit (1 MiB) applies once a session is welcomed.
    var frameBytesBeforeWelcome = 8 * 1024
    /// Pings a second, and the burst allowed beyond.
    var pingsPerSecond = 2
    var pingBurst = 10
}

/// The first handler of every connection's pipeline (after TLS, so it reads plaintext): it counts and
/// scans the bytes the client sends, before any decoder buffers them, and ends the connection on what
/// no well-behaved client sends (docs/SECURITY.md, "Connections"). It never changes a byte.
final class ConnectionGuardHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: GuardedConnection
    private let limits: ConnectionGuardLimits
    private let table: ConnectionTable
    private var scanner = WebSocketFrameScanner()
    private var bytesBeforeResponse = 0
    private var pings: TokenBucket

    init(connection: GuardedConnection, limits: ConnectionGuardLimits, table: ConnectionTable) {
        self.connection = connection
        self.limits = limits
        self.table = table
        pings = TokenBucket(rate: limits.pingsPerSecond, burst: limits.pingBurst)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !connection.isClosing else { return }
        let buffer = unwrapInboundIn(data)
        let phase = connection.phase
        if phase == .http {
            // Plain HTTP is Hummingbird's: its parser limits the head, its idle timeout the silence.
            context.fireChannelRead(data)
            return
        }
        if phase == .opening {
            bytesBeforeResponse += buffer.readableBytes
            if bytesBeforeResponse > limits.bytesBeforeResponse {
                table.refused("request_too_large")
                connection.closeNow()
                return
            }
        }
        var refusal: GuardRefusal?
        let frameLimit = limits.frameBytesBeforeWelcome
        scanner.scan(buffer.readableBytesView) { header in
            if !header.isMasked {
                refusal = .unmasked
            } else if header.length > UInt64(frameLimit), connection.phase < .welcomed {
                refusal = .tooLargeBeforeWelcome(limit: frameLimit)
            } else if header.isPing, !pings.take() {
                refusal = .pingFlood
            }
            return refusal == nil
        }
        if let refusal {
            table.refused(refusal.metricLabel)
            connection.refuse(refusal)
            // A WebSocket's refused bytes go no further; before the upgrade is known they must, as
            // they may be plain HTTP (bounded by the bytes allowed before a response).
            if connection.phase != .opening { return }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        table.remove(connection)
        context.fireChannelInactive()
    }
}
