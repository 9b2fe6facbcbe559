import Hummingbird
import SwitchboardWire

/// What the server answers to a request no route takes (docs/openapi.yaml): a path it has under other
/// methods gets 405 with `Allow` listing them (RFC 9110, section 15.5.6), any other path 404; both with
/// the typed error body. Added to the router after every route, so it wraps only the router's "not found".
struct RouteFallback<Context: RequestContext>: RouterMiddleware {
    private let routes: [(path: RouterPath, methods: [HTTPRequest.Method])]

    init(routes: [Router<Context>.RouteDescription]) {
        var byPath: [(path: RouterPath, methods: [HTTPRequest.Method])] = []
        for route in routes {
            if let index = byPath.firstIndex(where: { $0.path == route.path }) {
                byPath[index].methods.append(route.method)
            } else {
                byPath.append((route.path, [route.method]))
            }
        }
        self.routes = byPath
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
            let allowed = routes.filter { Self.matches($0.path, segments) }.flatMap(\.methods)
            let target = "\(request.method) \(request.uri.path)"
            if allowed.isEmpty {
                throw HTTPErrorResponse(status: .notFound, error: SignalingError(.invalidRequest, "no route for \(target)"))
            }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            throw HTTPErrorResponse(status: .methodNotAllowed,
                                    error: SignalingError(.invalidRequest, "\(target): this path takes \(allow)"),
                                    headers: [.allow: allow])
        }
    }

    /// Whether `path` matches the request path's segments, as the router's trie matches them.
    private static func matches(_ path: RouterPath, _ segments: [Substring]) -> Bool {
        path.components.count == segments.count && zip(path.components, segments).allSatisfy { $0 ~= $1 }
    }
}
