import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of every HTTP request and WebSocket upgrade the server answers: Hummingbird's WebSocket
/// context, plus the peer's address, which the admin API and the console check in development mode
/// (docs/SERVER.md, "Console": open on loopback only when no app is configured).
struct ServerRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
    }

    /// Whether the request came over loopback.
    var isFromLoopback: Bool { Self.isLoopback(remoteAddress) }

    /// 127.0.0.0/8, ::1, 127.0.0.0/8 mapped into IPv6, or a Unix socket; an unknown peer is not.
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return false }
        switch address {
        case .unixDomainSocket: return true
        case .v4(let v4): return UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24 == 127
        case .v6:
            guard let ip = address.ipAddress else { return false }
            return ip == "::1" || ip.hasPrefix("::ffff:127.")
        }
    }
}
