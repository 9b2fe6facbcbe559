import Hummingbird

/// Tells the connection guard that a connection carries plain HTTP (health, metrics, the admin API):
/// from its first routed request on, Hummingbird's idle timeout governs it instead of the handshake
/// deadline and the byte limit before the first response, which are the WebSocket's
/// (docs/SECURITY.md, "Connections"). Added before every route, so it runs for each of them; the
/// WebSocket upgrade check runs outside the connection's task and is not marked.
struct PlainHTTPMarker<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.headers[.upgrade] == nil {
            GuardedConnection.current?.advance(to: .http)
        }
        return try await next(request, context)
    }
}
