import SwitchboardJSON

/// An answer of `GET /v1/admin/calls/live`, or the pages of one listing put together
/// (``AdminClient/liveCalls(_:following:)``).
public struct LiveCallsPage: Sendable, Hashable {
    /// The server's time when it answered, Unix milliseconds: the table's durations count to it.
    public var now: Int64
    /// How many live calls match the filters, on every page.
    public var total: Int
    /// The cursor of the next page; nil on the last.
    public var next: String?
    public var calls: [LiveCall]

    public init(now: Int64, total: Int, next: String? = nil, calls: [LiveCall]) {
        self.now = now
        self.total = total
        self.next = next
        self.calls = calls
    }

    /// Reads an answer. Throws the first member that is missing or of another type.
    public init(json: JSONValue) throws(AnswerFieldError) {
        let fields = AnswerFields(json, path: "answer")
        now = try fields.int("now")
        total = Int(clamping: try fields.int("total"))
        next = try fields.optionalString("next")
        calls = []
        for (index, element) in try fields.array("calls").enumerated() {
            calls.append(try LiveCall(json: element, path: "calls[\(index)]"))
        }
    }

    /// The calls as the server sent them, one JSON array (`switchboard calls --json`).
    public var json: String {
        (try? JSONSerializer().serialize(.array(calls.map(\.json)))) ?? "[]"
    }
}

extension AdminClient {
    /// The live calls of the credentials' app that match `query`: one page, or with `following`, every page
    /// from the query's cursor on (the cursor followed until the server says there is no next page).
    public func liveCalls(_ query: LiveCallsQuery, following: Bool = false) async throws(AdminClientError) -> LiveCallsPage {
        var query = query
        var listing: LiveCallsPage?
        var cursorsSeen: Set<String> = []
        while true {
            let answer = try await get("/v1/admin/calls/live", query: query.queryItems)
            let page: LiveCallsPage
            do {
                page = try LiveCallsPage(json: answer)
            } catch {
                throw .unreadable(server: server.absoluteString, reason: error.description)
            }
            if var merged = listing {
                // Calls move while the pages are read: one that moved onto a later page is listed once.
                let listed = Set(merged.calls.map(\.call))
                merged.calls += page.calls.filter { !listed.contains($0.call) }
                merged.now = page.now
                merged.total = page.total
                merged.next = page.next
                listing = merged
            } else {
                listing = page
            }
            guard following, let next = page.next else { break }
            // A server that hands out a cursor twice would page for ever.
            guard cursorsSeen.insert(next).inserted else {
                throw .unreadable(server: server.absoluteString, reason: "the cursor \(String(reflecting: next)) came twice")
            }
            query.cursor = next
        }
        return listing!
    }
}
