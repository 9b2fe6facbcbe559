import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SwitchboardJSON

/// A server's admin API from a terminal (`switchboard calls`): GETs under `/v1/admin/`, authenticated as an
/// app with `Authorization: Basic base64(appID:secret)`, or with nothing in development mode
/// (docs/SERVER.md, "The app's backend").
public struct AdminClient: Sendable {
    /// The server's root, `http://HOST:PORT` or `https://HOST:PORT`.
    public let server: URL
    /// `Basic base64(appID:secret)`, or nil for a server in development mode.
    let authorization: String?
    /// How long a request may take before the server counts as unreachable.
    public var timeout: Duration = .seconds(10)

    /// Answers hold pages of up to 500 live calls, group calls among them: more than a frame's 1 MiB, as
    /// deep as a frame.
    static let answerLimits = JSONLimits(maxBytes: 32 << 20, maxDepth: 64)

    /// - Parameters:
    ///   - server: `http://HOST:PORT` or `https://`; a signaling URL (`ws://HOST:PORT/v1/signal`, `wss://`)
    ///     names the same server, so it is taken as its `http` / `https` root.
    ///   - credentials: the app's id and secret; nil in development mode.
    public init(server: String, credentials: (app: String, secret: String)?) throws(AdminClientError) {
        self.server = try Self.root(of: server)
        authorization = credentials.map { "Basic " + Data("\($0.app):\($0.secret)".utf8).base64EncodedString() }
    }

    /// The `http(s)://HOST:PORT` root of a server address: `ws` is read as `http` and `wss` as `https`,
    /// and any path, query or fragment is dropped.
    static func root(of text: String) throws(AdminClientError) -> URL {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty else {
            throw .invalidServer(text)
        }
        switch scheme {
        case "http", "ws": components.scheme = "http"
        case "https", "wss": components.scheme = "https"
        default: throw .invalidServer(text)
        }
        components.path = ""
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        guard let url = components.url else { throw .invalidServer(text) }
        return url
    }

    /// `GET path?query`: the answer's JSON on 200; the server's typed error otherwise.
    public func get(_ path: String, query: [URLQueryItem] = []) async throws(AdminClientError) -> JSONValue {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        components.path = path
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else { throw .invalidServer(server.absoluteString + path) }
        var request = URLRequest(url: url, timeoutInterval: timeout.seconds)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw .unreachable(server: server.absoluteString, reason: Self.reason(error))
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let body: JSONValue
        do {
            body = try JSONParser(limits: Self.answerLimits).parse(bytes: Array(data))
        } catch {
            throw .unreadable(server: server.absoluteString, reason: "HTTP \(status), a body that is not JSON (\(error))")
        }
        guard status == 200 else {
            guard let code = body["error"]?["code"]?.stringValue else {
                throw .unreadable(server: server.absoluteString, reason: "HTTP \(status) without the error body {\"error\": {\"code\", \"message\"}}")
            }
            throw .refused(status: status, code: code, message: body["error"]?["message"]?.stringValue ?? "")
        }
        return body
    }

    /// What went wrong on the way, in a few words (URLSession's own description of a failed connection is
    /// long and says little more).
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "\(error)" }
        switch error.code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return "no answer in time"
        case .cannotFindHost, .dnsLookupFailed: return "unknown host"
        case .networkConnectionLost: return "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return "TLS failed: \(error.localizedDescription)"
        default: return error.localizedDescription
        }
    }
}
