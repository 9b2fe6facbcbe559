import SwitchboardCore
import SwitchboardWire

/// Everything that belongs to one app: its sessions, calls, channels and presence watchers. Apps
/// never see each other's users.
///
/// Mutated only under the service's lock.
final class Realm {
    let app: AppID
    let configuration: AppConfiguration?

    var sessions: [SessionID: Session] = [:]
    /// Each user's sessions, oldest login first.
    var sessionsByUser: [UserID: [SessionID]] = [:]

    /// Calls that are ringing or connected.
    var calls: [CallID: CallEngine] = [:]
    /// For each user, the calls they are ringing in or in (busy rule, multi-device catch-up).
    var activeCallsByUser: [UserID: Set<CallID>] = [:]
    /// The users each call last counted as active, to keep the index above in step.
    var activeUsersByCall: [CallID: Set<UserID>] = [:]
    /// Live calls with nobody ringing or in them (kept by their policy), and since when.
    var emptyCalls: [CallID: Timestamp] = [:]
    /// The live calls of each group (`call.joinRoom` finds a group's call by its room among them).
    var liveCallsByGroup: [String: Set<CallID>] = [:]

    /// Channel members: the user, and which of their sessions joined.
    var channels: [String: [UserID: Set<SessionID>]] = [:]
    /// Who watches each user's presence.
    var presenceWatchers: [UserID: Set<SessionID>] = [:]
    /// Sessions ended while their client was away, and why, so that a late resume is told (kept for
    /// the grace period).
    var tombstones: [SessionID: (endpoint: Endpoint, reason: Bye.Reason)] = [:]
    /// Peer messages kept for offline users (with what each sender and recipient holds), and when the
    /// sweep that drops expired ones next runs.
    var offlineMessages = OfflineMessageStore()
    var offlineSweepAt: Timestamp?
    /// The profile each user last set (`profile.set`); empty for a user who logged in and set none. The
    /// users with one are the app's users (docs/SERVER.md, "User profiles").
    var profiles: [UserID: Profile] = [:]
    /// Each user's attributes by key, while the user has a session.
    var userAttributes: [UserID: [String: String]] = [:]
    /// Each channel's attributes by key, while the channel is in use.
    var channelAttributes: [String: [String: ChannelAttribute]] = [:]
    /// What each user's writes hold of the channel attributes, for the quotas.
    var channelAttributeUsage = ChannelAttributeUsage()
    /// When the attributes of a channel nobody is in are dropped (the deadline armed for it).
    var channelAttributesExpiry: [String: Timestamp] = [:]

    /// The devices' push tokens (docs/SERVER.md, "Push").
    var pushRegistrations = PushRegistry()

    /// Each call's timeline and the app's counters, for the console (docs/SERVER.md, "Console").
    var timelines = CallTimelines()
    var activity = AppActivityCounters()

    /// When the reconnect grace after the live calls were read back ends (``ServiceCore/restore(apps:at:)``).
    var restartGraceAt: Timestamp?

    init(app: AppID, configuration: AppConfiguration?, defaultCallRules: AppCallRules) {
        self.app = app
        self.configuration = configuration
        self.callRules = configuration?.callRules ?? defaultCallRules
    }

    /// The app's call rules (its own, or the service's defaults).
    let callRules: AppCallRules

    /// Whether `user` may act on or read `call`: its participants may (whoever was invited, whatever
    /// came of it), and anyone the app's join rule allows may join an advanced call by its id
    /// (DECISIONS.md, "Who may do what"). To anyone else the call does not exist.
    func mayAct(on call: Call, as user: UserID, joining: Bool) -> Bool {
        if call.participant(user) != nil { return true }
        return joining && call.mode == .advanced && callRules.join == .app
    }

    func sessions(of user: UserID) -> [Session] {
        (sessionsByUser[user] ?? []).compactMap { sessions[$0] }
    }

    /// A user's presence: online with a reachable session, unreachable when every session is silent,
    /// offline with none.
    func presence(of user: UserID) -> PresenceState {
        let mine = sessions(of: user)
        if mine.isEmpty { return .offline }
        return mine.contains { !$0.isUnreachable } ? .online : .unreachable
    }

    /// Whether the user has any session (reachable or within the grace period): "online" for calls.
    func hasSession(_ user: UserID) -> Bool {
        !(sessionsByUser[user] ?? []).isEmpty
    }

    /// Whether `session` rings for a new invitation of its user: always, unless its login policy is
    /// ``LoginPolicy/latestDevice``; then only as the user's latest login or with multi-device on.
    func ringsForNewInvitations(_ session: Session) -> Bool {
        guard session.loginPolicy == .latestDevice, !session.ringsOnEveryDevice else { return true }
        return sessionsByUser[session.user]?.last == session.id
    }

    /// How many of the user's active calls are the user's own (placed and not over, or in) and how many
    /// are invitations still ringing at them (docs/SECURITY.md, "Quotas").
    func callLoad(of user: UserID) -> (own: Int, ringing: Int) {
        var load = (own: 0, ringing: 0)
        for id in activeCallsByUser[user] ?? [] {
            guard let participant = calls[id]?.call.participant(user) else { continue }
            if participant.role != .caller && participant.state.isRinging {
                load.ringing += 1
            } else {
                load.own += 1
            }
        }
        return load
    }

    func isBusy(_ user: UserID, besides call: CallID? = nil) -> Bool {
        guard let calls = activeCallsByUser[user] else { return false }
        if let call { return calls.contains { $0 != call } }
        return !calls.isEmpty
    }

    /// Brings the user -> active calls and group -> live calls indexes in step with `engine`'s call.
    func reindex(_ engine: CallEngine) {
        let id = engine.call.id
        if let group = engine.call.groupID {
            if engine.call.state.isEnded {
                liveCallsByGroup[group]?.remove(id)
                if liveCallsByGroup[group]?.isEmpty == true { liveCallsByGroup[group] = nil }
            } else {
                liveCallsByGroup[group, default: []].insert(id)
            }
        }
        let now: Set<UserID> = engine.call.state.isEnded ? [] : Set(engine.call.activeUsers)
        let before = activeUsersByCall[id] ?? []
        for user in before.subtracting(now) {
            activeCallsByUser[user]?.remove(id)
            if activeCallsByUser[user]?.isEmpty == true { activeCallsByUser[user] = nil }
        }
        for user in now.subtracting(before) {
            activeCallsByUser[user, default: []].insert(id)
        }
        activeUsersByCall[id] = now.isEmpty ? nil : now
    }
}
