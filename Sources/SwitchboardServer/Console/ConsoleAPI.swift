import Foundation
import Hummingbird
import NIOCore
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The web console (docs/SERVER.md, "Console"): the page at `GET /console`, served from the binary
/// (three static files, no build step, nothing fetched from elsewhere), and the data it reads, under the
/// admin API's prefix and credentials:
///
/// - `GET /v1/admin/calls/live?state=&user=&surface=&cursor=&limit=`: a page of live calls, each
///   participant with their state and surface (also `switchboard calls`).
/// - `GET /v1/admin/calls/{call}/timeline`: every command and event of a live call, or of one that
///   ended within the hour.
/// - `GET /v1/admin/sessions?user=&surface=&cursor=&limit=`: a page of sessions, with counts.
/// - `GET /v1/admin/feed`: server-sent events, one activity sample a second (``ConsoleFeed``).
///
/// The page itself holds no data: without credentials it shows its login form and nothing else. It
/// sends the app's id and secret as `Authorization: Basic` on every request (the feed too: the page
/// reads it with `fetch`, not `EventSource`, which cannot send the header), so no cookie exists for a
/// forged request to ride on.
struct ConsoleAPI: Sendable {
    let admin: AdminAPI
    let feed: ConsoleFeed

    func register(on router: Router<ServerRequestContext>) {
        for asset in ConsoleAsset.all {
            router.get(RouterPath(stringLiteral: asset.path)) { request, context in
                // Development mode keeps even the page to loopback peers.
                if admin.service.configuration.apps.isEmpty, !context.isFromLoopback {
                    return HTTPErrorResponse(
                        status: .forbidden,
                        error: SignalingError(.invalidToken, "in development mode the console answers loopback peers only")).response
                }
                return asset.response
            }
        }
        let group = router.group("v1/admin")
        group.get("calls/live") { request, context in
            admin.respond { () throws(SignalingError) -> JSONValue in
                let app = try admin.authenticate(request, context)
                let parameters = request.uri.queryParameters
                let filter = try Self.filter(parameters)
                let limit = try AdminAPI.limit(parameters, default: 100, maximum: LiveCallListing.maximumLimit)
                let cursor = parameters.get("cursor").map { String($0) }
                return Self.json(try liveCalls(app: app, filter: filter, cursor: cursor, limit: limit))
            }
        }
        // Timelines and sessions live in the hosting node's memory: another node asks it (AdminAPI.respond).
        group.get("calls/:call/timeline") { request, context in
            await admin.respond { () throws(SignalingError) in
                (try admin.authenticate(request, context), .timeline(CallID(try admin.pathParameter("call", of: context))))
            }
        }
        group.get("sessions") { request, context in
            await admin.respond { () throws(SignalingError) in
                let app = try admin.authenticate(request, context)
                let parameters = request.uri.queryParameters
                let user = try parameters.get("user").map { (text) throws(SignalingError) in try AdminAPI.user(text) }
                let surface = try parameters.get("surface").map { (text) throws(SignalingError) in try Self.surface(text) }
                let limit = try AdminAPI.limit(parameters, default: 100, maximum: 500)
                return (app, .sessions(user: user, surface: surface, cursor: parameters.get("cursor").map { String($0) }, limit: limit))
            }
        }
        group.get("feed") { request, context -> Response in
            let stream: AsyncStream<ByteBuffer>
            do throws(SignalingError) {
                stream = try feed.subscribe(app: try admin.authenticate(request, context))
            } catch {
                return HTTPErrorResponse(status: error.code == .service(.rateLimited) ? .tooManyRequests : AdminAPI.status(of: error),
                                         error: error).response
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody(asyncSequence: stream))
        }
    }

    /// The app's live calls: from the service when this node hosts the app, else (another cluster node
    /// hosts it) as PostgreSQL has them, without surfaces.
    private func liveCalls(app: AppID, filter: LiveCallFilter, cursor: String?, limit: Int) throws(SignalingError) -> LiveCallPage {
        if let cluster = admin.hostedElsewhere(app) {
            return try LiveCallListing.page(of: try admin.storedLiveCalls(app: app, in: cluster), filter: filter, cursor: cursor, limit: limit, node: cluster.host(of: app),
                                            at: admin.service.clock.now()) { _ in nil }
        }
        return try admin.service.liveCalls(app: app, filter: filter, cursor: cursor, limit: limit)
    }

    // MARK: - Parameters

    private static func filter(_ parameters: Parameters) throws(SignalingError) -> LiveCallFilter {
        var filter = LiveCallFilter()
        if let state = parameters.get("state") {
            switch state {
            case "ringing": filter.state = .ringing
            case "connected": filter.state = .connected
            default: throw SignalingError(.invalidRequest, "state must be ringing or connected, not \(String(reflecting: state))")
            }
        }
        filter.user = try parameters.get("user").map { (text) throws(SignalingError) in try AdminAPI.user(text) }
        filter.surface = try parameters.get("surface").map { (text) throws(SignalingError) in try surface(text) }
        return filter
    }

    /// A surface name: what clients say in their hello, 1 to 32 letters, digits, `-` or `_`.
    private static func surface(_ text: some StringProtocol) throws(SignalingError) -> String {
        guard (1...32).contains(text.utf8.count),
              text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F })
        else {
            throw SignalingError(.invalidRequest, "surface must be 1 to 32 letters, digits, - or _, not \(String(reflecting: String(text)))")
        }
        return String(text)
    }

    // MARK: - JSON (docs/openapi.yaml: LiveCallPage, CallTimeline, SessionPage)

    static func json(_ page: LiveCallPage) -> JSONValue {
        .object([
            "now": .int(page.time.millisecondsSince1970),
            "total": .int(Int64(page.total)),
            "next": page.next.map(JSONValue.string) ?? .null,
            "calls": .array(page.calls.map(json)),
        ])
    }

    static func json(_ summary: LiveCallSummary) -> JSONValue {
        let call = summary.call
        return .object([
            "call": .string(call.id.rawValue),
            "state": .string(call.state.isEnded ? "ended" : "\(call.state)"),
            "mode": .string(call.mode.rawValue),
            "caller": .string(call.caller.rawValue),
            "createdAt": .int(call.createdAt.millisecondsSince1970),
            "connectedAt": call.connectedAt.map { .int($0.millisecondsSince1970) } ?? .null,
            "node": summary.node.map(JSONValue.string) ?? .null,
            "participants": .array(summary.members.map { member in
                .object([
                    "user": .string(member.user.rawValue),
                    "role": .string(member.role.rawValue),
                    "state": .string(member.state.description),
                    "surface": member.surface.map(JSONValue.string) ?? .null,
                    "device": member.device.map { .string($0.rawValue) } ?? .null,
                    "changedAt": .int(member.changedAt.millisecondsSince1970),
                ])
            }),
        ])
    }

    static func json(_ timeline: CallTimeline) -> JSONValue {
        .object([
            "call": .string(timeline.call.rawValue),
            "live": .bool(timeline.endedAt == nil),
            "endedAt": timeline.endedAt.map { .int($0.millisecondsSince1970) } ?? .null,
            "omitted": .int(Int64(timeline.omitted)),
            "entries": .array(timeline.entries.map(json)),
        ])
    }

    static func json(_ entry: TimelineEntry) -> JSONValue {
        var object: JSONObject = [
            "time": .int(entry.time.millisecondsSince1970),
            "node": entry.node.map(JSONValue.string) ?? .null,
        ]
        switch entry.what {
        case .command(let name, let by, let surface, let error):
            object["kind"] = .string("command")
            object["name"] = .string(name)
            object["by"] = .string("\(by.user.rawValue)/\(by.device.rawValue)")
            object["surface"] = surface.map(JSONValue.string) ?? .null
            object["error"] = error.map { .string($0.rawValue) } ?? .null
        case .event(let event, let recipients, let states):
            object["kind"] = .string("event")
            object["name"] = .string(event.rawValue)
            object["to"] = .array(recipients.map { .string($0.timelineName) })
            object["states"] = .object(JSONObject(states.map { ($0.0.rawValue, JSONValue.string($0.1.description)) }))
        case .service(let cause):
            object["kind"] = .string("service")
            object["name"] = .string(cause.rawValue)
        case .push(let push):
            object["kind"] = .string("push")
            object["name"] = .string("\(push.platform.rawValue) \(push.kind.rawValue)")
            object["to"] = .array([.string("\(push.user.rawValue)/\(push.device.rawValue)")])
            object["answer"] = .string(push.answer)
        }
        return .object(object)
    }

    static func json(_ page: SessionPage) -> JSONValue {
        .object([
            "now": .int(page.time.millisecondsSince1970),
            "total": .int(Int64(page.total)),
            "next": page.next.map(JSONValue.string) ?? .null,
            "bySurface": counts(page.bySurface),
            "byLink": counts(page.byLink),
            "sessions": .array(page.sessions.map { session in
                .object([
                    "user": .string(session.user.rawValue),
                    "device": .string(session.device.rawValue),
                    "surface": session.surface.map(JSONValue.string) ?? .null,
                    "link": .string(session.link.rawValue),
                    "loggedInAt": .int(session.loggedInAt.millisecondsSince1970),
                    "lastSeen": .int(session.lastSeen.millisecondsSince1970),
                    "activeCalls": .int(Int64(session.activeCalls)),
                ])
            }),
        ])
    }
}
