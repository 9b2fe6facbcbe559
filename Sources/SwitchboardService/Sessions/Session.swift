import DequeModule
import SwitchboardCore
import SwitchboardWire

/// One logged-in device of a user, from login to logout or expiry. It outlives its connections: a
/// dropped link leaves it detached, and a resume within the grace period reattaches it.
///
/// Mutated only under the service's lock.
final class Session {
    let id: SessionID
    let app: AppID
    let endpoint: Endpoint
    /// The vendor app id the client logged in with (token renewals are checked against it).
    let vendorApp: String
    let loginPolicy: LoginPolicy
    let surface: String?
    let loggedInAt: Timestamp

    /// The attached connection; nil while detached.
    var connection: ConnectionID?
    /// When the session last sent anything.
    var lastSeen: Timestamp
    /// Silent past the unreachable threshold.
    var isUnreachable = false
    /// The liveness deadline currently in the service's heap, if any.
    var livenessDeadline: Timestamp?
    var tokenExpiresAt: Timestamp?
    /// How long before ``tokenExpiresAt`` the session is warned: the lead its surface named at login
    /// (``Hello/tokenWarningLead``); nil for none.
    var tokenWarningLead: Duration?
    /// When the pending token warning and expiry timers fire; a fired timer that does not match is
    /// stale (the token was renewed), and an unchanged time is not armed twice.
    var tokenWarningAt: Timestamp?
    var tokenExpiryAt: Timestamp?

    /// The next event's sequence number.
    var nextSequence: EventSequence = 1
    /// Events not yet acknowledged, oldest first, for replay on resume.
    var replay: Deque<EventEnvelope> = []
    /// Every event up to this sequence is gone from the replay buffer (acknowledged, or dropped past
    /// the replay limit, after which the session cannot be resumed from before them).
    var replayFloor: EventSequence = 0

    /// Responses to recent requests, for re-sent ones.
    var responses: [RequestID: Response] = [:]
    var responseOrder: Deque<RequestID> = []

    /// Users whose presence this session watches.
    var subscriptions: Set<UserID> = []
    /// Channels this session is a member of.
    var channels: Set<String> = []
    /// Under ``LoginPolicy/latestDevice``: rings for new invitations even when it is not the user's
    /// latest login (`session.multiDevice`).
    var ringsOnEveryDevice = false
    /// The connection's hello asked for echoes in the reply (docs/DECISIONS.md, "Echoes in the reply").
    var echoesInReply = false

    init(
        id: SessionID, app: AppID, endpoint: Endpoint, vendorApp: String, loginPolicy: LoginPolicy, surface: String?,
        at now: Timestamp
    ) {
        self.id = id
        self.app = app
        self.endpoint = endpoint
        self.vendorApp = vendorApp
        self.loginPolicy = loginPolicy
        self.surface = surface
        self.loggedInAt = now
        self.lastSeen = now
    }

    var user: UserID { endpoint.user }
    var device: DeviceID { endpoint.device }

    /// Appends an event to the stream; returns its envelope.
    func append(_ event: ServerEvent, at now: Timestamp, replayLimit: Int) -> EventEnvelope {
        append(EventEnvelope(sequence: nextSequence, time: now, event: event), replayLimit: replayLimit)
    }

    /// Appends an event whose body other sessions share (docs/ARCHITECTURE.md, "Event frames").
    func append(_ shared: SharedEventBody, at now: Timestamp, replayLimit: Int) -> EventEnvelope {
        append(EventEnvelope(sequence: nextSequence, time: now, shared: shared), replayLimit: replayLimit)
    }

    private func append(_ envelope: EventEnvelope, replayLimit: Int) -> EventEnvelope {
        nextSequence += 1
        // The replay buffer keeps the event alone: a shared body's trees live only while its frames wait
        // to be written, not for as long as an event waits for its ack (docs/ARCHITECTURE.md, "Event frames").
        var kept = envelope
        kept.shared = nil
        replay.append(kept)
        if replay.count > replayLimit, let dropped = replay.popFirst() {
            replayFloor = dropped.sequence
        }
        return envelope
    }

    /// The client handled every event up to `sequence`.
    func acknowledge(_ sequence: EventSequence) {
        while let first = replay.first, first.sequence <= sequence {
            replay.removeFirst()
        }
        replayFloor = max(replayFloor, min(sequence, nextSequence - 1))
    }

    /// The events after `sequence`, or nil when some of them are gone.
    func events(after sequence: EventSequence) -> [EventEnvelope]? {
        guard sequence >= replayFloor, sequence < nextSequence else { return nil }
        return replay.filter { $0.sequence > sequence }
    }

    func remember(_ response: Response, limit: Int) {
        if responses.updateValue(response, forKey: response.id) == nil {
            responseOrder.append(response.id)
        }
        while responseOrder.count > limit, let oldest = responseOrder.popFirst() {
            responses[oldest] = nil
        }
    }
}
