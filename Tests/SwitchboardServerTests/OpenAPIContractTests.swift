import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardJSON
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// The server's HTTP contract, docs/openapi.yaml (docs/SERVER.md, "The HTTP contract"): the document and
/// the router name the same routes, and what schemathesis found against the live server (`scripts/contract`)
/// stays fixed.
@Suite("The HTTP contract: docs/openapi.yaml and the server's router", .serialized)
struct OpenAPIContractTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")

    @Test("every route the router registers is in docs/openapi.yaml, and every operation there is a route")
    func routesMatchTheDocument() throws {
        let server = SignalingServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), service: testService(),
                                     logger: quietLogger)
        let routed = Set(server.makeRouter().routes.map { "\($0.method.rawValue) \($0.path.description)" })
        let documented = Set(try OpenAPIPaths.operations(in: String(contentsOf: Self.document, encoding: .utf8)))
        #expect(routed.contains("GET /v1/admin/users/{user}/records"), "the router's paths read as OpenAPI templates")
        #expect(routed.subtracting(documented).isEmpty, "routes docs/openapi.yaml lacks: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "documented operations no route takes: \(documented.subtracting(routed).sorted())")
    }

    @Test("the reader finds a document's operations and only those")
    func reader() {
        let yaml = """
        openapi: 3.1.0
        paths:
          /a:
            get:
              responses:
                "200":
                  description: x
            post:
              parameters: []
          "/b/{id}":
            delete:
              summary: get
        components:
          schemas:
            get:
              type: object
        """
        #expect(OpenAPIPaths.operations(in: yaml) == ["GET /a", "POST /a", "DELETE /b/{id}"])
    }

    @Test("a records limit that is not an integer from 1 to 100 is refused with invalid_request, not read as 20")
    func recordsLimitIsValidated() async throws {
        let server = try await LoopbackServer.start()
        for limit in ["abc", "", "1.5", "0", "101", "-3", "99999999999999999999"] {
            let answer = try await server.request("GET", "/v1/admin/users/alice/records?limit=\(limit)")
            #expect(answer.status == 400, "limit=\(limit)")
            #expect(answer.errorCode == "invalid_request", "limit=\(limit): \(answer.body)")
        }
        #expect(try await server.request("GET", "/v1/admin/users/alice/records?limit=100").status == 200)
        let bad = try await server.request("GET", "/v1/admin/users/alice/records?cursor=r1.zz")
        #expect(bad.status == 400 && bad.errorCode == "invalid_cursor")
        await server.stop()
    }

    @Test("path parameters are percent-decoded: a user id with a slash is reachable; a malformed one is refused and ends nothing")
    func pathParametersArePercentDecoded() async throws {
        let server = try await LoopbackServer.start()
        let ann = server.session("ann/1")
        try await ann.login()
        let call = try await ann.invite(InviteRequest(invitees: ["bob"]))
        let malformed = try await server.request("POST", "/v1/admin/calls/\(call.id.rawValue)%zz/end")
        #expect(malformed.status == 400 && malformed.errorCode == "invalid_request", "\(malformed.body)")
        #expect(server.service.activeCalls().map(\.id) == [call.id], "the refused request changed nothing")
        #expect(try await server.request("POST", "/v1/admin/calls/\(call.id.rawValue)/end").status == 200)
        try await eventually("the record is kept") {
            (try? await server.request("GET", "/v1/admin/users/ann%2F1/records"))?.body.contains(call.id.rawValue) == true
        }
        let spaced = try await server.request("GET", "/v1/admin/users/ann%201/records")
        #expect(spaced.status == 400 && spaced.errorCode == "invalid_user_id", "a space is not printable ASCII: \(spaced.body)")
        let long = try await server.request("GET", "/v1/admin/users/\(String(repeating: "u", count: 65))/records")
        #expect(long.status == 400 && long.errorCode == "invalid_user_id")
        try? await ann.logout()
        await ann.shutdown()
        await server.stop()
    }

    @Test("401 is the typed invalid_token, without a challenge that URLSession on Linux would wait on forever")
    func unauthorizedIsTyped() async throws {
        let secret = "a-backend-secret-of-at-least-32-bytes"
        let app = AppConfiguration(id: "acme", vendorIDs: ["acme-app"], secret: secret)
        let server = try await LoopbackServer.startDurable(apps: [app])
        for authorization in [nil, "Bearer x", "Basic !!!", "Basic " + Data("acme".utf8).base64EncodedString(),
                              "Basic " + Data("acme:wrong".utf8).base64EncodedString(),
                              "Basic " + Data("other:\(secret)".utf8).base64EncodedString()] {
            let answer = try await server.request("GET", "/v1/admin/calls", authorization: authorization)
            #expect(answer.status == 401 && answer.errorCode == "invalid_token", "\(authorization ?? "none")")
            #expect(answer.header("WWW-Authenticate") == nil)
        }
        // What a backend in Swift on Linux sends: URLSession, no credential stored, a wrong secret.
        var request = URLRequest(url: URL(string: server.http + "/v1/admin/calls")!)
        request.setValue("Basic " + Data("acme:wrong".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let status = StatusBox()
        let task = URLSession.shared.dataTask(with: request) { _, response, _ in
            status.set((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        task.resume()
        try await eventually("URLSession completes the request answered 401", timeout: .seconds(20)) { status.value != nil }
        #expect(status.value == 401)
        let good = "Basic " + Data("acme:\(secret)".utf8).base64EncodedString()
        #expect(try await server.request("GET", "/v1/admin/calls", authorization: good).status == 200)
        await server.stop()
    }

    @Test("a method a route does not take is 405 with Allow; an unknown path is a typed 404")
    func methodNotAllowed() async throws {
        let server = try await LoopbackServer.start()
        for (method, path, allow) in [("PUT", "/v1/admin/calls", "GET"), ("DELETE", "/healthz", "GET"), ("POST", "/metrics", "GET"),
                                      ("GET", "/v1/admin/calls/c1/end", "POST"), ("PATCH", "/v1/admin/users/bob/records", "GET"),
                                      ("POST", "/v1/signal", "GET")] {
            let answer = try await server.request(method, path)
            #expect(answer.status == 405, "\(method) \(path)")
            #expect(answer.header("Allow") == allow, "\(method) \(path)")
            #expect(answer.errorCode == "invalid_request", "\(method) \(path): \(answer.body)")
        }
        let unknown = try await server.request("GET", "/v1/admin/nothing")
        #expect(unknown.status == 404 && unknown.errorCode == "invalid_request")
        await server.stop()
    }

    @Test("a plain GET of the WebSocket endpoint is 426 with Upgrade: websocket, not an empty 200")
    func plainGetOfTheSignalEndpoint() async throws {
        let server = try await LoopbackServer.start()
        let answer = try await server.request("GET", ServerConfiguration.signalPath)
        #expect(answer.status == 426)
        #expect(answer.header("Upgrade") == "websocket")
        #expect(answer.errorCode == "invalid_request")
        // The endpoint still upgrades.
        let alice = server.session("alice")
        try await alice.login()
        try await alice.logout()
        await alice.shutdown()
        await server.stop()
    }

    @Test("a failing record store is 500 internal_error, not a client's 400")
    func storeFailureIsAServerError() async throws {
        let server = try await LoopbackServer.start(service: testService(store: FailingStore()))
        let answer = try await server.request("GET", "/v1/admin/users/alice/records")
        #expect(answer.status == 500 && answer.errorCode == "internal_error", "\(answer.body)")
        #expect(answer.header("Content-Type") == "application/json")
        await server.stop()
    }
}

/// The operations (`METHOD /path`) of an OpenAPI document's `paths`, read from its YAML by layout: path keys
/// two spaces in, method keys four. docs/openapi.yaml is written that way; the test of the reader holds it.
enum OpenAPIPaths {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    static func operations(in yaml: String) -> [String] {
        var operations: [String] = []
        var inPaths = false
        var path: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.prefix { $0 == " " }.count
            guard trimmed.hasSuffix(":") else { continue }
            let key = String(trimmed.dropLast()).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            switch indent {
            case 0:
                inPaths = key == "paths"
                path = nil
            case 2 where inPaths:
                path = key.hasPrefix("/") ? key : nil
            case 4 where inPaths && path != nil && methods.contains(key):
                operations.append("\(key.uppercased()) \(path!)")
            default:
                continue
            }
        }
        return operations
    }
}

/// A store engine whose every read and write fails, as a full disk or a corrupt file would.
final class FailingStore: ServiceStore {
    struct Failure: Error {}
    func commit(_ writes: [StoreWrite]) throws(StoreCommitError) { throw .failed(Failure()) }
    func restore(_ apps: Set<AppID>?) throws -> [AppID: StoredApp] { throw Failure() }
    func records(app: AppID, owner: UserID, after cursor: RecordCursor?, limit: Int) throws -> (records: [CallRecord], next: RecordCursor?) {
        throw Failure()
    }
    func deleteRecords(app: AppID, owner: UserID, calls: [CallID]) throws -> [CallID] { throw Failure() }
    func deleteRecords(recordedBefore cutoff: Timestamp) throws -> Int? { throw Failure() }
}

/// A status an HTTP client's callback sets.
final class StatusBox: Sendable {
    private let status = Mutex<Int?>(nil)
    var value: Int? { status.withLock { $0 } }
    func set(_ value: Int) { status.withLock { $0 = value } }
}

/// One HTTP answer.
struct HTTPAnswer {
    var status: Int
    /// By lowercased name.
    var headers: [String: String]
    var body: String

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The stable code of a typed error body, `{"error": {"code", "message"}}`.
    var errorCode: String? {
        guard let value = try? JSONParser().parse(body) else { return nil }
        return value.objectValue?["error"]?.objectValue?["code"]?.stringValue
    }
}

extension LoopbackServer {
    /// One HTTP/1.1 request to the server over a plain loopback socket, the target sent byte for byte (a
    /// client library would repair a malformed percent-encoding), read to the end (`Connection: close`).
    /// No credentials unless given: the development-mode server takes any.
    func request(_ method: String, _ target: String, authorization: String? = nil) async throws -> HTTPAnswer {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let authorization { head += "Authorization: \(authorization)\r\n" }
        let request = Array((head + "\r\n").utf8)
        let port = port
        // The socket blocks: off the concurrency pool, whose few threads the server's own tasks need.
        let response: [UInt8] = try await withinDeadline("the answer to \(method) \(target)", timeout: .seconds(30)) { done in
            DispatchQueue.global().async {
                done(Result { try RawHTTPConnection(port: port).exchange(request) })
            }
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw RawSocketError.failed("no response head: \(text)") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPAnswer(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}
