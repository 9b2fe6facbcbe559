import SwitchboardCore
import SwitchboardWire

/// What the console shows (docs/SERVER.md, "Console"): each call's timeline and each app's activity,
/// kept as the steps happen, and the listings read from the live state.
extension ServiceCore {
    /// This node's name in a cluster; nil on a single server.
    var nodeName: String? { cluster?.nodeName }

    // MARK: - Recording

    /// A request about `call` from `session`: carried out when `error` is nil. Recorded before the
    /// transition's events, so the timeline reads in order.
    func recordCommand(_ name: String, on call: CallID, by session: Session, error: SignalingError?, in realm: Realm, at now: Timestamp) {
        let entry = TimelineEntry(time: now, node: nodeName,
                                  what: .command(name, by: session.endpoint, surface: session.surface, error: error?.code))
        if error == nil {
            realm.timelines.append(entry, to: call)
        } else {
            // A refused command about a call the app never had (or forgot) starts no timeline.
            realm.timelines.appendIfKnown(entry, to: call)
        }
    }

    /// The service moved `call` on its own.
    func recordService(_ cause: TimelineEntry.ServiceCause, on call: CallID, in realm: Realm, at now: Timestamp) {
        realm.timelines.append(TimelineEntry(time: now, node: nodeName, what: .service(cause)), to: call)
    }

    /// A transition's notifications (``commit(_:of:in:at:followUps:)``): one entry per distinct
    /// notification, with every recipient it went to.
    func recordEvents(_ notifications: [(Recipient, CallNotification)], of call: Call, in realm: Realm, at now: Timestamp) {
        realm.activity.callsVersion &+= 1
        var index = 0
        while index < notifications.count {
            let note = notifications[index].1
            var recipients: [Recipient] = []
            while index < notifications.count, notifications[index].1.kind == note.kind {
                recipients.append(notifications[index].0)
                index += 1
            }
            var states: [(UserID, ParticipantState)] = []
            if case .participantsChanged(let users) = note.kind {
                states = users.compactMap { user in call.participant(user).map { (user, $0.state) } }
            }
            realm.timelines.append(
                TimelineEntry(time: now, node: nodeName, what: .event(note.kind.timelineEvent, to: recipients, states: states)),
                to: call.id)
        }
        if call.state.isEnded {
            realm.activity.callsEnded += 1
            realm.timelines.ended(call.id, at: now)
        }
    }

    // MARK: - Reading

    /// The app's live calls, filtered and paged.
    func liveCallPage(
        in realm: Realm, filter: LiveCallFilter, cursor: String?, limit: Int, at now: Timestamp
    ) throws(SignalingError) -> LiveCallPage {
        // A call whose deadline is due but whose timer has not fired yet shows as it stands: the timer
        // loop carries it out within milliseconds, and a read never runs every call's deadlines.
        return try LiveCallListing.page(
            of: realm.calls.values.lazy.map(\.call), filter: filter, cursor: cursor, limit: limit, node: nodeName, at: now
        ) { participant in
            let sessions = realm.sessions(of: participant.user)
            if let device = participant.device, let answered = sessions.first(where: { $0.device == device }) {
                return answered.surface
            }
            return sessions.last?.surface
        }
    }

    func activity(of realm: Realm, at now: Timestamp) -> AppActivity {
        var ringing = 0, connected = 0
        for engine in realm.calls.values {
            switch engine.call.state {
            case .ringing: ringing += 1
            case .connected: connected += 1
            case .ended: break
            }
        }
        var bySurface: [String: Int] = [:]
        var detached = 0
        for session in realm.sessions.values {
            bySurface[session.surface ?? "other", default: 0] += 1
            if session.connection == nil { detached += 1 }
        }
        realm.timelines.prune(at: now)
        let latencies = realm.activity.recentLatencies(at: now)
        return AppActivity(
            time: now, callsStarted: realm.activity.callsStarted, callsEnded: realm.activity.callsEnded,
            errors: realm.activity.errors, ringing: ringing, connected: connected, sessionsBySurface: bySurface,
            detachedSessions: detached,
            ringLatency: (latencies.quantile(0.5), latencies.quantile(0.9), latencies.quantile(0.99), latencies.count),
            callsVersion: realm.activity.callsVersion)
    }
}

extension Recipient {
    /// How a timeline names the recipient: the user, or `user/device` for one device.
    public var timelineName: String {
        switch self {
        case .user(let user): user.rawValue
        case .device(let endpoint): "\(endpoint.user.rawValue)/\(endpoint.device.rawValue)"
        case .userExcept(let endpoint): "\(endpoint.user.rawValue) except /\(endpoint.device.rawValue)"
        }
    }
}

extension CallNotification.Kind {
    var timelineEvent: TimelineEntry.Event {
        switch self {
        case .created: .created
        case .invited: .invited
        case .participantsChanged: .participantsChanged
        case .cancelled: .cancelled
        case .timedOut: .timedOut
        case .acceptConfirmed: .acceptConfirmed
        case .acceptFailed: .acceptFailed
        case .answeredElsewhere: .answeredElsewhere
        case .ended: .ended
        case .synced: .synced
        }
    }
}
