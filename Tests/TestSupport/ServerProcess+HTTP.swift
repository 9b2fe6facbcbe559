import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server's HTTP port: health, metrics, the admin API (development mode: no credentials). Each
/// exchange is bounded: URLSession's own timeout, backed by a deadline of ours a little later.
extension ServerProcess {
    /// `GET /healthz`: the status (0 when nothing answered) and the body.
    public func health() async -> (status: Int, body: String) {
        await request("GET", "/healthz", timeout: 2)
    }

    /// `method path` with an `Authorization` header if given: the status (0 when nothing answered) and
    /// the body.
    public func request(_ method: String, _ path: String, authorization: String? = nil,
                        timeout: TimeInterval = 10) async -> (status: Int, body: String) {
        let answer = await exchange(method, path, authorization: authorization, timeout: timeout)
        return (answer.status, answer.body.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    /// A JSON document from the admin API.
    public func admin(_ path: String) async throws -> Data {
        let answer = await exchange("GET", "/v1/admin/\(path)", timeout: 5)
        guard let body = answer.body else { throw answer.error ?? TestFailure("no answer from \(name)") }
        return body
    }

    /// `GET /metrics`: Prometheus text.
    public func metrics() async throws -> String {
        let answer = await exchange("GET", "/metrics", timeout: 10)
        guard let body = answer.body else { throw answer.error ?? TestFailure("no answer from \(name)") }
        return String(decoding: body, as: UTF8.self)
    }

    /// `method path`: the status (0 when nothing answered), the body, or why nothing answered.
    private func exchange(_ method: String, _ path: String, authorization: String? = nil,
                          timeout: TimeInterval) async -> (status: Int, body: Data?, error: (any Error)?) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = timeout
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        do {
            return try await withinDeadline("\(method) \(path) on \(name)", timeout: .seconds(timeout + 5)) { done in
                URLSession.shared.dataTask(with: request) { data, response, error in
                    done(.success(((response as? HTTPURLResponse)?.statusCode ?? 0, data, error)))
                }.resume()
            }
        } catch {
            return (0, nil, error)
        }
    }
}

extension ServerProcess {
    /// Waits (real time, bounded) until the server (or, on a cluster node, the app's host, which the admin API
    /// forwards to) lists `user`'s session on `device` as `detached`: its client went away and the service
    /// knows it (a push test's "the phone is away" before it invites).
    public func waitUntilDetached(user: String, device: String, app: String, secret: String,
                                  timeout: Duration = .seconds(15)) async throws {
        let credentials = "Basic " + Data("\(app):\(secret)".utf8).base64EncodedString()
        try await eventually("\(user)/\(device) is detached on \(name)", timeout: timeout) {
            let answer = await self.request("GET", "/v1/admin/sessions?user=\(user)", authorization: credentials)
            guard answer.status == 200,
                  let json = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
                  let sessions = json["sessions"] as? [[String: Any]] else { return false }
            return sessions.contains { $0["device"] as? String == device && $0["link"] as? String == "detached" }
        }
    }
}
