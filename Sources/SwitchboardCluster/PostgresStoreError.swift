import SwitchboardService

/// Why a call to the PostgreSQL store failed (other than ``StoreFenced``).
public enum PostgresStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// PostgreSQL cannot be reached, the connection was lost, or it did not answer in time; the call may be
    /// made again, and the store reconnects on its own.
    case unavailable(String)
    /// The server refused a statement (`sqlState` is PostgreSQL's five-character error code).
    case failed(sqlState: String, message: String)
    /// A write or a read for another app than the store's own; nothing was done.
    case wrongApp(store: AppID, asked: AppID)
    /// A stored row does not decode.
    case corrupt(String)
    /// The database was closed.
    case closed

    public var description: String {
        switch self {
        case .unavailable(let why): "PostgreSQL is unavailable: \(why)"
        case .failed(let state, let message): "PostgreSQL refused a statement (\(state)): \(message)"
        case .wrongApp(let store, let asked): "the store of app \(store) was asked about app \(asked)"
        case .corrupt(let what): "a stored row does not decode: \(what)"
        case .closed: "the PostgreSQL store is closed"
        }
    }
}
