/// A page request of the user's live calls (`call.active`): in a stable order (oldest first, by creation
/// time, then call id), each page after the one its cursor ends, so that the answer to a user with many
/// calls never outgrows a frame (docs/CALL-MODEL.md, "Live calls").
public struct ActiveCallQuery: Hashable, Sendable {
    /// Nil for the first page; afterwards the cursor the previous page returned.
    public var cursor: String?
    /// The most calls in the page; the service may answer fewer (a page also stops before it would pass
    /// the service's byte budget) and says so with a next cursor.
    public var limit: Int

    public init(cursor: String? = nil, limit: Int = ActiveCallQuery.defaultLimit) {
        self.cursor = cursor
        self.limit = limit
    }

    /// The page size of a request that names none (a client that predates paging sends `{}`).
    public static let defaultLimit = 50
    /// The page sizes a `call.active` request may ask for.
    public static let limitRange: ClosedRange<Int> = 1...200
}
