/// Which of a client's server URLs each connection attempt goes to (docs/ARCHITECTURE.md, "Several
/// server URLs"): the next one in order after the last attempt's, starting from the one chosen at first
/// (a random one per client, so that a fleet spreads over the nodes). A URL whose attempt failed, or
/// whose server said it is shutting down, is passed over while a URL that has not failed remains, until
/// a link to it opens again; when every URL has failed, the one that failed longest ago goes first.
///
/// After a node goes away (a lost link, or its `bye(serverShutdown)` as it drains), the next attempt
/// goes to the next node; a session that node then does not know (a refused resume) logs in afresh
/// there, not back on the node that went away.
struct ServerRotation: Sendable, Hashable {
    let urls: [String]
    /// The index the next attempt starts looking from.
    private(set) var cursor: Int
    /// Indexes of URLs that failed, each with the number of the failure (older failures, lower numbers).
    private var failures: [Int: Int] = [:]
    private var failureCount = 0

    /// - Parameter first: the index of the URL the first attempt goes to (taken modulo the count).
    init(urls: [String], first: Int) {
        precondition(!urls.isEmpty, "a rotation needs a URL")
        self.urls = urls
        cursor = ((first % urls.count) + urls.count) % urls.count
    }

    /// The index of the URL the next attempt goes to.
    mutating func next() -> Int {
        let order = (0..<urls.count).map { (cursor + $0) % urls.count }
        let chosen = order.first { failures[$0] == nil } ?? order.min { failures[$0, default: 0] < failures[$1, default: 0] }!
        cursor = (chosen + 1) % urls.count
        return chosen
    }

    /// The attempt to the URL at `index` reached no server, or its server said it is shutting down.
    mutating func failed(_ index: Int) {
        failureCount += 1
        failures[index] = failureCount
    }

    /// A link to the URL at `index` opened: it is not passed over any more.
    mutating func connected(_ index: Int) {
        failures[index] = nil
    }

    /// Whether the URL at `index` is passed over for now.
    func hasFailed(_ index: Int) -> Bool {
        failures[index] != nil
    }
}
