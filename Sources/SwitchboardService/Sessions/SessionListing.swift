import SwitchboardCore
import SwitchboardWire

/// A logged-in device as the console lists it (docs/SERVER.md, "Console").
public struct SessionSummary: Sendable {
    /// Where the session's link stands: `attached` (a live connection), `detached` (the link is gone; the
    /// client may resume within the grace period), `unreachable` (attached but silent past the
    /// unreachable threshold).
    public enum Link: String, Sendable {
        case attached, detached, unreachable
    }

    public var user: UserID
    public var device: DeviceID
    /// What the client said it is in its hello: `agora`, `artm`, `zim`, `tencent`, `cli`, ...
    public var surface: String?
    public var link: Link
    public var loggedInAt: Timestamp
    public var lastSeen: Timestamp
    /// The live calls the user is ringing in or in.
    public var activeCalls: Int
}

/// One page of sessions, by user then device, with the counts of every session that matches.
public struct SessionPage: Sendable {
    public var sessions: [SessionSummary]
    public var total: Int
    /// Matching sessions by surface (`other` for none given) and by link.
    public var bySurface: [String: Int]
    public var byLink: [String: Int]
    public var next: String?
    public var time: Timestamp
}

/// Filters and pages an app's sessions: the console's "Sessions" tab.
enum SessionListing {
    static let maximumLimit = 500

    static func page(
        of realm: Realm, user: UserID?, surface: String?, cursor: String?, limit: Int, at now: Timestamp
    ) throws(SignalingError) -> SessionPage {
        guard (1...maximumLimit).contains(limit) else {
            throw SignalingError(.invalidRequest, "limit must be 1 to \(maximumLimit), not \(limit)")
        }
        let after = try cursor.map { (text) throws(SignalingError) in try SessionCursor(encoded: text) }
        let candidates: [Session] = user.map { realm.sessions(of: $0) } ?? Array(realm.sessions.values)
        // One pass (``PageSelection``): the counts of every match, and the page.
        var total = 0
        var bySurface: [String: Int] = [:]
        var byLink: [String: Int] = [:]
        var selection = PageSelection<SessionEntry>(limit: limit)
        for session in candidates {
            if let surface, session.surface != surface { continue }
            let link: SessionSummary.Link = session.connection == nil ? .detached : session.isUnreachable ? .unreachable : .attached
            total += 1
            bySurface[session.surface ?? "other", default: 0] += 1
            byLink[link.rawValue, default: 0] += 1
            let entry = SessionEntry(session: session, link: link)
            if let after, !((after.user, after.device) < (entry.user, entry.device)) { continue }
            selection.offer(entry)
        }
        let page = selection.page.map { entry in
            let session = entry.session
            return SessionSummary(
                user: session.user, device: session.device, surface: session.surface, link: entry.link,
                loggedInAt: session.loggedInAt, lastSeen: session.lastSeen,
                activeCalls: realm.activeCallsByUser[session.user]?.count ?? 0)
        }
        let next = selection.hasMore ? page.last.map { SessionCursor(user: $0.user.rawValue, device: $0.device.rawValue).encoded } : nil
        return SessionPage(sessions: page, total: total, bySurface: bySurface, byLink: byLink, next: next, time: now)
    }
}

/// A position in a session listing: the last user and device of a page. Opaque to clients.
struct SessionCursor {
    var user: String
    var device: String

    var encoded: String { "s1." + hex(Array("\(user)\n\(device)".utf8)) }

    init(user: String, device: String) {
        self.user = user
        self.device = device
    }

    init(encoded: String) throws(SignalingError) {
        let invalid = SignalingError(.invalidCursor, "\(String(reflecting: encoded)) is not a cursor this service issued")
        guard encoded.hasPrefix("s1."), let bytes = unhex(encoded.dropFirst(3)) else { throw invalid }
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw invalid }
        user = String(parts[0])
        device = String(parts[1])
    }
}

/// A session in a page being chosen, by user then device.
private struct SessionEntry: Comparable {
    let user: String
    let device: String
    let session: Session
    let link: SessionSummary.Link

    init(session: Session, link: SessionSummary.Link) {
        user = session.user.rawValue
        device = session.device.rawValue
        self.session = session
        self.link = link
    }

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.user, lhs.device) < (rhs.user, rhs.device) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.user == rhs.user && lhs.device == rhs.device }
}
