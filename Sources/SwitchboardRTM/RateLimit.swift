import SwitchboardCore

/// "At most `count` calls per `per`", as the vendors document their per-instance limits.
public struct RateLimit: Hashable, Sendable {
    public var count: Int
    public var per: Duration

    public init(count: Int, per: Duration) {
        self.count = count
        self.per = per
    }
}

/// A sliding-window counter for one ``RateLimit``. Written by hand: no package on the list offers a
/// synchronous limiter keyed to an injected clock, and this is a dozen lines.
struct RateLimiter {
    let limit: RateLimit
    private var recent: [Timestamp] = []

    init(_ limit: RateLimit) {
        self.limit = limit
    }

    /// Counts a call at `now` and says whether it is within the limit; a refused call is not counted.
    /// Check it after every other reason to refuse, so that refused calls use up no allowance.
    mutating func admit(at now: Timestamp) -> Bool {
        guard wouldAdmit(at: now) else { return false }
        recent.append(now)
        return true
    }

    /// Whether a call at `now` would be within the limit, without counting it.
    mutating func wouldAdmit(at now: Timestamp) -> Bool {
        let windowStart = now - limit.per
        recent.removeAll { $0 <= windowStart }
        return recent.count < limit.count
    }
}
