import DequeModule
import SwitchboardCore
import SwitchboardWire

/// What happened to one call, as the service saw it (docs/SERVER.md, "Console"): every command a
/// participant (or anyone) sent about it, whether it was carried out, every event the service told,
/// and what the service did on its own (a deadline, the admin API, glare). The console's timeline.
public struct CallTimeline: Sendable {
    public let call: CallID
    /// Oldest first. A long call keeps its first 40 entries and its latest ones (200 in all);
    /// ``omitted`` says how many in between were dropped.
    public internal(set) var entries: [TimelineEntry]
    public internal(set) var omitted: Int
    /// When the call ended; nil while it is live.
    public internal(set) var endedAt: Timestamp?
}

/// One line of a ``CallTimeline``.
public struct TimelineEntry: Sendable {
    public enum What: Sendable {
        /// A request about the call: `invite`, `accept`, `reject`, `cancel`, `join`, `quit`, `end`, ...
        /// (the `CallAction` names of the wire, and `invite` for the call's creation), from `by` on its surface;
        /// `error` is the code it was refused with, nil when carried out.
        case command(String, by: Endpoint, surface: String?, error: SignalingError.Code?)
        /// An event the service told: its kind and whom, with the participants whose state it reports, as
        /// they are after the change. Kept as values, formatted only when read (the step pays no string).
        case event(Event, to: [Recipient], states: [(UserID, ParticipantState)])
        /// Something the service did on its own: ``ServiceCause``.
        case service(ServiceCause)
        /// A push to one device and the provider's answer (docs/SERVER.md, "Push").
        case push(PushTimelineEntry)
    }

    /// An event's kind, as the wire names it (Schemas/events/).
    public enum Event: String, Sendable {
        case created, invited, participantsChanged, cancelled, timedOut, acceptConfirmed, acceptFailed
        case answeredElsewhere, ended, synced
    }

    /// What moved a call when no request did.
    public enum ServiceCause: String, Sendable {
        /// A deadline of the call's policy fired (ring timeout, delivery or confirm deadline).
        case deadline
        /// Ended through the admin API (`POST /v1/admin/calls/{call}/end`).
        case endedByAdmin
        /// Nobody was in it for the empty-call retention.
        case collectedEmpty
        /// A participant's last session went (or a first one came): presence in the call changed.
        case presenceChanged
        /// A participant's device's session ended for good.
        case deviceGone
        /// It crossed a newer call from its invitee and lost (docs/CALL-MODEL.md, "Glare").
        case glare
        /// Read back from the store after a restart or a takeover.
        case restored
    }

    public let time: Timestamp
    /// The node that handled it (docs/SERVER.md, "Cluster"); nil on a single server.
    public let node: String?
    public let what: What
}

/// The timelines of one app's calls: live calls', and ended calls' for ``retention`` (at most
/// ``maxEndedCalls`` of them, the oldest dropped first), so that memory stays bounded under any load.
///
/// Mutated only under the service's lock (it belongs to the app's ``Realm``).
struct CallTimelines {
    /// How long an ended call's timeline is kept (the console shows the last hour).
    static let retention = Duration.seconds(3_600)
    /// At most this many ended calls' timelines are kept (about 2 KB each, so about 20 MB per app at most).
    static let maxEndedCalls = 10_000
    /// The most entries one call keeps: its first ``keptHead`` and its latest.
    static let maxEntries = 200
    static let keptHead = 40

    private var timelines: [CallID: CallTimeline] = [:]
    /// Ended calls, oldest end first.
    private var ended: Deque<(call: CallID, at: Timestamp)> = []

    func timeline(of call: CallID) -> CallTimeline? { timelines[call] }

    /// Appends to `call`'s timeline, starting one for a call that has none (a new call, or one read back).
    mutating func append(_ entry: TimelineEntry, to call: CallID) {
        // In place: one lookup, and the entries are not copied.
        Self.append(entry, to: &timelines[call, default: CallTimeline(call: call, entries: [], omitted: 0, endedAt: nil)])
    }

    private static func append(_ entry: TimelineEntry, to timeline: inout CallTimeline) {
        if timeline.entries.count >= maxEntries {
            timeline.entries.remove(at: keptHead)
            timeline.omitted += 1
        }
        timeline.entries.append(entry)
    }

    /// Appends only to a timeline that exists (a command about an id the app never had starts none).
    mutating func appendIfKnown(_ entry: TimelineEntry, to call: CallID) {
        guard timelines[call] != nil else { return }
        append(entry, to: call)
    }

    /// The call ended: its timeline is kept for ``retention``. Expired ones go first.
    mutating func ended(_ call: CallID, at now: Timestamp) {
        guard timelines[call] != nil, timelines[call]?.endedAt == nil else { return }
        timelines[call]!.endedAt = now
        ended.append((call, now))
        prune(at: now)
    }

    /// Drops ended timelines older than ``retention``, or beyond ``maxEndedCalls``.
    mutating func prune(at now: Timestamp) {
        while let oldest = ended.first,
              ended.count > Self.maxEndedCalls || oldest.at + Self.retention < now {
            ended.removeFirst()
            timelines[oldest.call] = nil
        }
    }

    /// Ended calls whose timeline is still kept, newest end first.
    var endedCalls: [(call: CallID, at: Timestamp)] { ended.reversed() }
}
