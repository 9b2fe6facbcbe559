/// Why a request to a server's admin API failed (`switchboard calls`).
public enum AdminClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server's address is not an `http`, `https`, `ws` or `wss` URL with a host.
    case invalidServer(String)
    /// No answer: nothing listens there, the name does not resolve, the connection broke or timed out.
    case unreachable(server: String, reason: String)
    /// The server refused the request with its typed error, `{"error": {"code", "message"}}`.
    case refused(status: Int, code: String, message: String)
    /// An answer that is not what the admin API documents (docs/openapi.yaml): not the admin API there,
    /// or a server of another version.
    case unreadable(server: String, reason: String)

    public var description: String {
        switch self {
        case .invalidServer(let text):
            "\(String(reflecting: text)) is not a server address (http://HOST:PORT, https://, or a ws:// or wss:// signaling URL)"
        case .unreachable(let server, let reason):
            "cannot reach the server at \(server) (\(reason)); is `switchboard serve` running there?"
        case .refused(_, let code, let message):
            "\(code): \(message)"
        case .unreadable(let server, let reason):
            "the answer of \(server) is not the admin API's: \(reason)"
        }
    }
}
