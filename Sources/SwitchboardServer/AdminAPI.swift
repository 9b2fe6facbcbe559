import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The API for an app's own backend, under `/v1/admin/`, authenticated with the app's id and secret
/// (`Authorization: Basic base64(appID:secret)`; in development mode, with no apps, any or no
/// credentials reach the one development app):
///
/// - `POST /v1/admin/calls/{call}/end`: ends any call of the app; its participants hear "ended by server".
/// - `GET /v1/admin/calls`: the app's live calls.
/// - `GET /v1/admin/users/{user}/records?cursor=&limit=`: a page of the user's call records, newest first.
///
/// Answers are JSON, in the wire's shapes (Schemas/common/reply.schema.json); errors are
/// `{"error": {"code", "message"}}` with 401, 404 or 400.
struct AdminAPI: Sendable {
    let service: SignalingService
    private static let serializer = JSONSerializer(sortedKeys: false)

    func register(on router: Router<BasicWebSocketRequestContext>) {
        let admin = router.group("v1/admin")
        admin.post("calls/:call/end") { request, context in
            try respond { () throws(SignalingError) -> JSONValue in
                let app = try authenticate(request)
                let id = CallID(context.parameters.get("call") ?? "")
                try service.endCall(id, app: app)
                return .object(["ended": .string(id.rawValue)])
            }
        }
        admin.get("calls") { request, _ in
            try respond { () throws(SignalingError) -> JSONValue in
                let app = try authenticate(request)
                return WireCodec.json(.calls(service.activeCalls(app: app)))
            }
        }
        admin.get("users/:user/records") { request, context in
            try respond { () throws(SignalingError) -> JSONValue in
                let app = try authenticate(request)
                let user = UserID(context.parameters.get("user") ?? "")
                let limit = request.uri.queryParameters.get("limit").flatMap(Int.init) ?? 20
                let cursor = request.uri.queryParameters.get("cursor").map { String($0) }
                let page = try service.callRecords(of: user, app: app, query: RecordQuery(cursor: cursor, limit: limit))
                return WireCodec.json(.records(page))
            }
        }
    }

    /// The app the request's credentials name, or 401.
    private func authenticate(_ request: Request) throws(SignalingError) -> AppID {
        let apps = service.configuration.apps
        if apps.isEmpty { return .development }
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

    private func respond(_ body: () throws(SignalingError) -> JSONValue) throws -> Response {
        let status: HTTPResponse.Status
        let value: JSONValue
        do {
            value = try body()
            status = .ok
        } catch {
            value = .object(["error": WireCodec.json(error)])
            status = switch error.code {
            case .service(.invalidToken): .unauthorized
            case .call(.callNotFound), .call(.callEnded), .service(.unknownApp): .notFound
            default: .badRequest
            }
        }
        let text = (try? Self.serializer.serialize(value)) ?? "{}"
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
