import Foundation
import Hummingbird
import HummingbirdWebSocket
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The API for an app's own backend, under `/v1/admin/`, authenticated with the app's id and secret
/// (`Authorization: Basic base64(appID:secret)`; in development mode, with no apps, any or no
/// credentials reach the one development app):
///
/// - `POST /v1/admin/calls/{call}/end`: ends any call of the app; its participants hear "ended by server".
///   On a cluster node that does not host the app, the node that does ends it (forwarded over the bus).
/// - `GET /v1/admin/calls`: the app's live calls.
/// - `GET /v1/admin/users/{user}/records?cursor=&limit=`: a page of the user's call records, newest first.
///
/// The console's data (docs/SERVER.md, "Console") is under the same prefix and credentials
/// (``ConsoleAPI``). In development mode both answer loopback peers only.
///
/// The contract, every status and body, is docs/openapi.yaml. Answers are JSON, in the wire's shapes
/// (Schemas/common/reply.schema.json); errors are `{"error": {"code", "message"}}`: 401 `invalid_token`,
/// 404 `call_not_found`, 400 for a malformed request (`invalid_request`, `invalid_user_id`,
/// `invalid_cursor`), which changes nothing, and 500 `internal_error` when the record store fails.
struct AdminAPI: Sendable {
    let service: SignalingService
    /// On a cluster node, the live calls of apps another node hosts are read from PostgreSQL
    /// (docs/SERVER.md, "Cluster").
    var cluster: (any ClusterMembership)? = nil

    func register(on router: Router<ServerRequestContext>) {
        let admin = router.group("v1/admin")
        admin.post("calls/:call/end") { request, context in
            await respond { () throws(SignalingError) in
                (try authenticate(request, context), .endCall(CallID(try pathParameter("call", of: context))))
            }
        }
        admin.get("calls") { request, context in
            respond { () throws(SignalingError) -> JSONValue in
                let app = try authenticate(request, context)
                return WireCodec.json(.calls(try activeCalls(app: app)))
            }
        }
        admin.get("users/:user/records") { request, context in
            respond { () throws(SignalingError) -> JSONValue in
                let app = try authenticate(request, context)
                let user = try Self.user(try pathParameter("user", of: context))
                let query = try recordQuery(request.uri.queryParameters)
                let page = try service.callRecords(of: user, app: app, query: query)
                return WireCodec.json(.records(page))
            }
        }
    }

    /// The answer to an admin request from this node's service, as the app's host gives it: to its own
    /// HTTP routes and to the requests other nodes forward (``reply(to:app:)``), one code path for both.
    func perform(_ request: AdminRequest, app: AppID) throws(SignalingError) -> JSONValue {
        switch request {
        case .endCall(let id):
            try service.endCall(id, app: app)
            return .object(["ended": .string(id.rawValue)])
        case .timeline(let id):
            guard let timeline = service.timeline(of: id, app: app) else {
                throw SignalingError(.call(.callNotFound), "no live call \(id), nor one that ended within the hour")
            }
            return ConsoleAPI.json(timeline)
        case .sessions(let user, let surface, let cursor, let limit):
            return ConsoleAPI.json(try service.sessions(app: app, user: user, surface: surface, cursor: cursor, limit: limit))
        }
    }

    /// ``perform(_:app:)`` for a request another node forwarded (``/SwitchboardService/ClusterMembership/attach(_:observer:answering:)``).
    func reply(to request: AdminRequest, app: AppID) -> AdminReply {
        do {
            return .answer(try perform(request, app: app))
        } catch {
            return .refused(error)
        }
    }

    /// The route's answer to the admin request `parse` reads (its app and the request): from this node's
    /// service, or on a cluster node that does not host the app, from the node that does, over the bus
    /// (docs/SERVER.md, "Cluster"): 503 `internal_error` when that node could not be reached in time, 429
    /// `rate_limited` when too many forwarded requests wait already.
    func respond(_ parse: () throws(SignalingError) -> (AppID, AdminRequest)) async -> Response {
        let app: AppID, request: AdminRequest
        do {
            (app, request) = try parse()
        } catch {
            return HTTPErrorResponse(status: Self.status(of: error), error: error).response
        }
        guard let cluster = hostedElsewhere(app) else {
            return respond { () throws(SignalingError) in try perform(request, app: app) }
        }
        do throws(AdminForwardError) {
            return JSONResponse.make(status: .ok, try await cluster.forward(app: app, request: request))
        } catch {
            let status: HTTPResponse.Status = switch error {
            case .tooManyPending: .tooManyRequests
            case .refused(let refusal): Self.status(of: refusal)
            default: .serviceUnavailable
            }
            return HTTPErrorResponse(status: status, error: error.signalingError).response
        }
    }

    /// The app's live calls: the service's own, or on a cluster node that does not host the app, as
    /// PostgreSQL has them.
    func activeCalls(app: AppID) throws(SignalingError) -> [Call] {
        guard let cluster = hostedElsewhere(app) else { return service.activeCalls(app: app) }
        return try storedLiveCalls(app: app, in: cluster)
    }

    /// The cluster, when this node is one of its nodes and another node hosts `app` (docs/SERVER.md,
    /// "Cluster"); nil when this node answers for the app from its own service.
    func hostedElsewhere(_ app: AppID) -> (any ClusterMembership)? {
        guard let cluster, !service.hostedApps.contains(app) else { return nil }
        return cluster
    }

    /// The app's live calls as PostgreSQL has them (as of their last transition).
    func storedLiveCalls(app: AppID, in cluster: any ClusterMembership) throws(SignalingError) -> [Call] {
        do {
            return try cluster.storedLiveCalls(app: app)
        } catch {
            throw SignalingError(.internalError, "the cluster's store failed: \(error)")
        }
    }

    /// The app the request's credentials name, or 401. In development mode (no apps) every request reaches
    /// the development app, but only from a loopback peer: a server bound to a public address in
    /// development mode does not show its calls to the network.
    func authenticate(_ request: Request, _ context: ServerRequestContext) throws(SignalingError) -> AppID {
        let apps = service.configuration.apps
        if apps.isEmpty {
            guard context.isFromLoopback else {
                throw SignalingError(.invalidToken, "in development mode the admin API and the console answer loopback peers only")
            }
            return .development
        }
        guard let header = request.headers[.authorization], header.hasPrefix("Basic "),
              let decoded = Data(base64Encoded: String(header.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
              let colon = decoded.firstIndex(of: ":") else {
            throw SignalingError(.invalidToken, "the admin API needs Authorization: Basic base64(appID:secret)")
        }
        let id = String(decoded[..<colon])
        let secret = String(decoded[decoded.index(after: colon)...])
        guard let app = apps.first(where: { $0.id.rawValue == id }), Self.constantTimeEqual(app.secret, secret) else {
            throw SignalingError(.invalidToken, "unknown app or wrong secret")
        }
        return app.id
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A path parameter, percent-decoded (the router captures path segments as they were sent, so an id
    /// holding `/`, `%` or `?` arrives encoded).
    func pathParameter(_ name: String, of context: ServerRequestContext) throws(SignalingError) -> String {
        let raw = context.parameters.get(name) ?? ""
        guard let decoded = raw.removingPercentEncoding, !decoded.isEmpty else {
            throw SignalingError(.invalidRequest, "the \(name) in the path, \(String(reflecting: raw)), is not valid percent-encoding")
        }
        return decoded
    }

    /// `cursor` and `limit` (1 to 100, 20 when absent) of a records request.
    private func recordQuery(_ parameters: Parameters) throws(SignalingError) -> RecordQuery {
        RecordQuery(cursor: parameters.get("cursor").map { String($0) },
                    limit: try Self.limit(parameters, default: RecordQuery().limit, maximum: 100))
    }

    /// `limit`, an integer in 1...maximum, or `default` when absent; anything else is refused like a limit
    /// out of bounds, never read as the default.
    static func limit(_ parameters: Parameters, default value: Int, maximum: Int) throws(SignalingError) -> Int {
        guard let text = parameters.get("limit") else { return value }
        guard let limit = Int(text), (1...maximum).contains(limit) else {
            throw SignalingError(.invalidRequest, "limit must be an integer from 1 to \(maximum), not \(String(reflecting: text))")
        }
        return limit
    }

    /// A user id from a path or a query, or `invalid_user_id`.
    static func user(_ text: some StringProtocol) throws(SignalingError) -> UserID {
        let user = UserID(String(text))
        guard user.isValid else {
            throw SignalingError(.invalidUserID, "user id \(String(reflecting: user.rawValue)) must be 1 to \(UserID.maximumLength) bytes of printable ASCII")
        }
        return user
    }

    /// The route's answer: 200 and the value, or the error with its status.
    func respond(_ body: () throws(SignalingError) -> JSONValue) -> Response {
        do {
            return JSONResponse.make(status: .ok, try body())
        } catch {
            // A 401 carries no `WWW-Authenticate` challenge: URLSession on Linux never completes a request
            // answered with one when it holds no credential (docs/SERVER.md, "The HTTP contract").
            return HTTPErrorResponse(status: Self.status(of: error), error: error).response
        }
    }

    static func status(of error: SignalingError) -> HTTPResponse.Status {
        switch error.code {
        case .service(.invalidToken): .unauthorized
        case .call(.callNotFound), .call(.callEnded), .service(.unknownApp): .notFound
        case .service(.internalError): .internalServerError
        // A host still taking the app over (forwarded requests, docs/SERVER.md, "Cluster").
        case .service(.overloaded): .serviceUnavailable
        default: .badRequest
        }
    }
}
