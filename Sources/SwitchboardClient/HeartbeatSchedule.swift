import SwitchboardCore

/// When a session pings: only on silence (docs/DECISIONS.md, "Timers (owner, value)"). Any frame counts as
/// liveness in both directions, so a busy link carries no pings and no pongs.
///
/// - The client pings once it has heard nothing from the service for an ``interval``: the pong (or anything
///   else) shows the link is up, and the client's 4 s "reconnecting" threshold keeps its meaning.
/// - It also pings once it has itself sent nothing for ``outboundLimit``, three intervals: a device that
///   only listens (events arrive, it has nothing to ask) must still be heard by the service, which calls a
///   session unreachable after 6 s of silence.
///
/// A pure value: the session tells it what it heard and sent, and asks it when to look again.
struct HeartbeatSchedule: Sendable, Hashable {
    enum Decision: Sendable, Hashable {
        /// Ping now.
        case ping
        /// Nothing to do before this instant; look again then.
        case wait(until: Timestamp)
    }

    /// The welcome's heartbeat interval.
    var interval: Duration
    private(set) var lastInbound: Timestamp
    private(set) var lastOutbound: Timestamp
    /// The last ping: the next one waits an interval after it, whatever was heard since.
    private(set) var lastPing: Timestamp?

    /// A link that has just been welcomed at `now`: heard, and spoken to (the hello).
    init(interval: Duration, at now: Timestamp) {
        self.interval = interval
        lastInbound = now
        lastOutbound = now
    }

    /// The longest the client itself stays silent.
    var outboundLimit: Duration { interval * 3 }

    mutating func heard(at now: Timestamp) {
        if now > lastInbound { lastInbound = now }
    }

    mutating func sent(at now: Timestamp) {
        if now > lastOutbound { lastOutbound = now }
    }

    /// A ping went out at `now` (it is sent, too).
    mutating func pinged(at now: Timestamp) {
        sent(at: now)
        lastPing = now
    }

    /// Whether a ping is due at `now`, or when to look again.
    func decide(at now: Timestamp) -> Decision {
        let inboundDue = max(lastInbound, lastPing ?? lastInbound) + interval
        let outboundDue = lastOutbound + outboundLimit
        if now >= inboundDue || now >= outboundDue { return .ping }
        return .wait(until: min(inboundDue, outboundDue))
    }
}
