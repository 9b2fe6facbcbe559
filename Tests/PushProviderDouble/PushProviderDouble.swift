import Foundation
import Hummingbird
import HummingbirdHTTP2
import Logging
import NIOCore
import NIOSSL
import Synchronization
import TestSupport

/// A local APNs and FCM for tests (docs/PUSH-VENDORS.md, "APNs and FCM HTTP v1 contracts (for a test double)"):
/// HTTP/2 over TLS on 127.0.0.1 (a free port), with a certificate minted in-process.
///
/// - APNs: `POST /3/device/<token>`, checking the provider token (ES256, verified with the double's `.p8`
///   key; `kid` and `iss` checked; older than an hour is `ExpiredProviderToken`) and the headers
///   `apns-topic`, `apns-push-type`, `apns-priority`, `apns-expiration`, `apns-collapse-id`, `apns-id`, and
///   the payload size, as Apple documents them.
/// - FCM: `POST /token` exchanges a service-account assertion (RS256, verified with the account's public
///   key; `iss`, `aud`, `scope`, `iat` and `exp` checked) for an access token; `POST
///   /v1/projects/<id>/messages:send` requires one of those as `Bearer`, and a well-formed data message.
/// - Answers are scripted per token (``script(apnsToken:_:)``, ``script(fcmToken:_:)``); every request
///   is recorded (``requests``).
///
/// In-process tests point a configuration at ``baseURL``, ``credentials`` and
/// ``ProviderCredentialFiles/caCertificatePath``; a test that runs the `switchboard` binary passes the same paths and
/// URL to it.
public final class PushProviderDouble: Sendable {
    public let port: Int
    public let credentials: ProviderCredentialFiles
    /// `https://127.0.0.1:<port>`: APNs's base URL (both environments) and FCM's.
    public var baseURL: String { "https://127.0.0.1:\(port)" }
    /// The token endpoint (also the service-account file's `token_uri`).
    public var tokenURL: String { "\(baseURL)/token" }

    let state: Mutex<DoubleState>
    private let task: Task<Void, any Error>

    /// Starts a double with fresh credentials.
    /// - Parameter accessTokenLifetime: the `expires_in` of the access tokens it issues, in seconds.
    public static func start(accessTokenLifetime: Int = 3600) async throws -> PushProviderDouble {
        let certificate = try ProviderCertificate.mint()
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(certificate.certificatePEM.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(certificate.privateKeyPEM.utf8), format: .pem)))
        tls.minimumTLSVersion = .tlsv12
        let box = DoubleBox()
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            guard let double = box.double else { return Response(status: .serviceUnavailable) }
            return await double.respond(to: request)
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            responder: responder,
            server: try .http2Upgrade(tlsConfiguration: tls),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "push-provider-double"),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) },
            logger: Logger(label: "push-provider-double", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port != 0 else {
            task.cancel()
            throw DoubleError.notListening
        }
        let credentials = try ProviderCredentialFiles.write(certificate: certificate, tokenURL: "https://127.0.0.1:\(port)/token")
        let double = try PushProviderDouble(port: port, credentials: credentials, task: task, accessTokenLifetime: accessTokenLifetime)
        box.double = double
        return double
    }

    private init(port: Int, credentials: ProviderCredentialFiles, task: Task<Void, any Error>, accessTokenLifetime: Int) throws {
        self.port = port
        self.credentials = credentials
        self.task = task
        self.state = Mutex(DoubleState(accessTokenLifetime: accessTokenLifetime))
    }

    /// Stops serving (a hanging request ends) and removes the credential files.
    public func stop() async {
        let hanging = state.withLock { state in
            state.stopped = true
            defer { state.hanging = [] }
            return state.hanging
        }
        for request in hanging { request.resume() }
        task.cancel()
        _ = await task.result
        try? FileManager.default.removeItem(atPath: credentials.directory)
    }

    // MARK: Scripting

    /// The answers to the next requests for an APNs device token, in order (then 200).
    public func script(apnsToken: String, _ answers: [APNsScriptedAnswer]) {
        state.withLock { $0.apnsScripts[apnsToken, default: []].append(contentsOf: answers) }
    }

    /// The answers to the next sends to an FCM registration token, in order (then 200).
    public func script(fcmToken: String, _ answers: [FCMScriptedAnswer]) {
        state.withLock { $0.fcmScripts[fcmToken, default: []].append(contentsOf: answers) }
    }

    /// Forgets every access token issued so far: the next send with one is answered 401.
    public func revokeAccessTokens() {
        state.withLock { $0.accessTokens.removeAll() }
    }

    /// The `expires_in` of the access tokens issued from now on.
    public func setAccessTokenLifetime(_ seconds: Int) {
        state.withLock { $0.accessTokenLifetime = seconds }
    }

    // MARK: Reading

    /// Every request received, in arrival order.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// The APNs pushes received (`/3/device/...`).
    public var apnsRequests: [RecordedRequest] { requests.filter { $0.path.hasPrefix("/3/device/") } }

    /// The FCM sends received.
    public var fcmRequests: [RecordedRequest] { requests.filter { $0.path.hasSuffix("/messages:send") } }

    /// The token exchanges received.
    public var tokenRequests: [RecordedRequest] { requests.filter { $0.path == "/token" } }

    /// How many access tokens the token endpoint issued.
    public var accessTokensIssued: Int { state.withLock { $0.accessTokensIssued } }

    /// Waits (real time) until `condition` holds of the requests, or `timeout` passes; returns whether it held.
    @discardableResult
    public func waitForRequests(timeout: Duration = .seconds(10),
                                _ condition: @Sendable ([RecordedRequest]) -> Bool) async -> Bool {
        (try? await eventually("the provider's requests", timeout: timeout) { condition(requests) }) != nil
    }

    // MARK: Serving

    func respond(to request: Request) async -> Response {
        var body: [UInt8] = []
        if let buffer = try? await request.body.collect(upTo: 1 << 20) { body = Array(buffer.readableBytesView) }
        let recorded = RecordedRequest(
            method: request.method.rawValue, path: request.uri.path,
            headers: request.headers.map { ($0.name.canonicalName, $0.value) }, body: body, arrivedAt: Date(),
            version: request.head.pseudoHeaderFields.scheme == nil ? "HTTP/1.1" : "HTTP/2.0")
        state.withLock { $0.requests.append(recorded) }
        let path = recorded.path
        if request.method == .post, path.hasPrefix("/3/device/") {
            return await APNsEndpoint(double: self).respond(to: recorded)
        }
        if request.method == .post, path == "/token" {
            return await FCMTokenEndpoint(double: self).respond(to: recorded)
        }
        if request.method == .post, path.hasPrefix("/v1/projects/"), path.hasSuffix("/messages:send") {
            return await FCMEndpoint(double: self).respond(to: recorded)
        }
        return Response(status: .notFound)
    }

    /// Holds a request until the double stops, as a provider that never answers.
    func hang() async {
        await withCheckedContinuation { (request: CheckedContinuation<Void, Never>) in
            let stopped = state.withLock { state in
                if !state.stopped { state.hanging.append(request) }
                return state.stopped
            }
            if stopped { request.resume() }
        }
    }
}

enum DoubleError: Error {
    case notListening
}

/// Hands the responder the double, which exists only once the server listens (its port is in the files).
final class DoubleBox: Sendable {
    private let value = Mutex<PushProviderDouble?>(nil)
    var double: PushProviderDouble? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

struct DoubleState {
    var requests: [RecordedRequest] = []
    var apnsScripts: [String: [APNsScriptedAnswer]] = [:]
    var fcmScripts: [String: [FCMScriptedAnswer]] = [:]
    var accessTokens: Set<String> = []
    var accessTokensIssued = 0
    var accessTokenLifetime: Int
    var stopped = false
    /// Requests held by ``PushProviderDouble/hang()``, let go when the double stops.
    var hanging: [CheckedContinuation<Void, Never>] = []

    init(accessTokenLifetime: Int) {
        self.accessTokenLifetime = accessTokenLifetime
    }

    mutating func nextAPNsAnswer(for token: String) -> APNsScriptedAnswer {
        guard var answers = apnsScripts[token], !answers.isEmpty else { return .ok }
        let answer = answers.removeFirst()
        apnsScripts[token] = answers
        return answer
    }

    mutating func nextFCMAnswer(for token: String) -> FCMScriptedAnswer {
        guard var answers = fcmScripts[token], !answers.isEmpty else { return .ok }
        let answer = answers.removeFirst()
        fcmScripts[token] = answers
        return answer
    }
}

extension Response {
    /// A JSON body with `status` and optional extra headers.
    static func json(_ status: Int, _ object: [String: Any], headers: [(String, String)] = []) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        for (name, value) in headers {
            if let name = HTTPFields.Element.Name(name) { fields[name] = value }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
