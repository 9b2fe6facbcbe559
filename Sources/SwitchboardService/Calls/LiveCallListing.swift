import SwitchboardCore
import SwitchboardWire

/// Which live calls a listing shows (the console's filters, `switchboard calls`' options).
public struct LiveCallFilter: Sendable, Equatable {
    /// `ringing` (nobody in yet) or `connected`; nil for both.
    public var state: CallState?
    /// Calls this user takes part in (whatever came of their invitation).
    public var user: UserID?
    /// Calls with a participant on this surface (`agora`, `artm`, `zim`, `atomicx`).
    public var surface: String?

    public init(state: CallState? = nil, user: UserID? = nil, surface: String? = nil) {
        self.state = state
        self.user = user
        self.surface = surface
    }
}

/// A live call as the console lists it: who is in it, each one's state and surface.
public struct LiveCallSummary: Sendable {
    public struct Member: Sendable {
        public var user: UserID
        public var role: Participant.Role
        public var state: ParticipantState
        /// The surface of the session the participant answered on, or else of their latest session; nil
        /// when they have none (offline) or the node does not know (another node hosts the app).
        public var surface: String?
        public var device: DeviceID?
        public var changedAt: Timestamp
    }

    public var call: Call
    public var members: [Member]
    /// The node hosting the call's app, in a cluster.
    public var node: String?
}

/// One page of a live-call listing, oldest call first.
public struct LiveCallPage: Sendable {
    public var calls: [LiveCallSummary]
    /// How many live calls match the filter, on every page.
    public var total: Int
    /// The cursor of the next page; nil on the last.
    public var next: String?
    public var time: Timestamp
}

/// Filters and pages live calls (docs/SERVER.md, "Console"): the one listing of the console, the admin
/// API and `switchboard calls`, whether the calls come from the service or, on a cluster node that does
/// not host the app, from PostgreSQL.
public enum LiveCallListing {
    public static let maximumLimit = 500

    /// A page of `calls` (the ended ones are skipped).
    ///
    /// - Parameters:
    ///   - calls: the app's live calls, in any order.
    ///   - filter: which calls to count and list.
    ///   - cursor: the `next` of the previous page; nil for the first.
    ///   - limit: the most calls in the page, 1 to ``maximumLimit``.
    ///   - node: the node hosting the app, named in each summary (nil on a single server).
    ///   - now: the time the page is as of.
    ///   - surface: the surface of a participant, when known.
    public static func page(
        of calls: some Sequence<Call>, filter: LiveCallFilter, cursor: String?, limit: Int, node: String?, at now: Timestamp,
        surface: (Participant) -> String?
    ) throws(SignalingError) -> LiveCallPage {
        guard (1...maximumLimit).contains(limit) else {
            throw SignalingError(.invalidRequest, "limit must be 1 to \(maximumLimit), not \(limit)")
        }
        let after = try cursor.map { (text) throws(SignalingError) in try ActiveCallCursor(encoded: text) }
        // One pass over the calls (``PageSelection``). The members, with a session lookup each for their
        // surface, are made for the page's calls only, unless the surface filter needs them for every call.
        var total = 0
        var selection = PageSelection<PageEntry>(limit: limit)
        for call in calls where !call.state.isEnded {
            if let state = filter.state, state != call.state { continue }
            if let user = filter.user, call.participant(user) == nil { continue }
            if let wanted = filter.surface, !call.participants.contains(where: { surface($0) == wanted }) { continue }
            total += 1
            if let after, !after.precedes(call) { continue }
            selection.offer(PageEntry(call: call))
        }
        let calls = selection.page.map(\.call)
        let page = calls.map { call in
            LiveCallSummary(call: call, members: call.participants.map {
                LiveCallSummary.Member(user: $0.user, role: $0.role, state: $0.state, surface: surface($0), device: $0.device,
                                       changedAt: $0.changedAt)
            }, node: node)
        }
        let next = selection.hasMore ? calls.last.map { ActiveCallCursor(after: $0).encoded } : nil
        return LiveCallPage(calls: page, total: total, next: next, time: now)
    }
}

/// A call in a page being chosen, in the order of pages (``ActiveCallCursor``): creation time, then id.
private struct PageEntry: Comparable {
    let createdAt: Timestamp
    let id: CallID
    let call: Call

    init(call: Call) {
        createdAt = call.createdAt
        id = call.id
        self.call = call
    }

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.createdAt, lhs.id.rawValue) < (rhs.createdAt, rhs.id.rawValue) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.createdAt == rhs.createdAt && lhs.id == rhs.id }
}
