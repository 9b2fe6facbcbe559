import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// The engine's side of a channel (`AgoraRtmChannel`): membership and the member list it keeps from
/// the service's join answer and member events.
public final class RTMChannel: Sendable {
    public let id: String
    private let clientReference: WeakReference<RTMClient>
    var client: RTMClient? { clientReference.value }

    struct State {
        var isJoined = false
        var isJoining = false
        var members: Set<UserID> = []
        var lastCountReport: Timestamp?
        var countReportPending = false
        nonisolated(unsafe) var surfaceObject: AnyObject?
    }

    let box = Mutex(State())

    init(id: String, client: RTMClient) {
        self.id = id
        self.clientReference = WeakReference(client)
    }

    public var isJoined: Bool { box.withLock { $0.isJoined } }

    /// Joined, or a join on its way.
    var isJoinedOrJoining: Bool { box.withLock { $0.isJoined || $0.isJoining } }

    /// The surface's object (`AgoraRtmChannel`), kept until the channel is destroyed.
    public var surfaceObject: AnyObject? {
        get { box.withLock { $0.surfaceObject } }
        set { box.withLock { $0.surfaceObject = newValue } }
    }

    // MARK: - Service events (on the session's executor)

    func memberJoined(_ user: UserID) {
        guard box.withLock({ $0.isJoined && $0.members.insert(user).inserted }) else { return }
        client?.emit(.memberJoined(self, user: user.rawValue))
        reportCount()
    }

    func memberLeft(_ user: UserID) {
        guard box.withLock({ $0.isJoined && $0.members.remove(user) != nil }) else { return }
        client?.emit(.memberLeft(self, user: user.rawValue))
        reportCount()
    }

    func messageReceived(_ message: ChannelMessage) {
        guard isJoined else { return }
        client?.emit(.channelMessageReceived(
            self, RTMMessage(message.content, sentAt: message.sentAt, isOffline: false), from: message.from.rawValue))
    }

    /// Someone changed the channel's attributes and asked for its members to be told.
    func attributesChanged(_ attributes: [ChannelAttribute]) {
        guard isJoined else { return }
        client?.emit(.channelAttributeUpdate(self, attributes))
    }

    /// The service's answer to a join (the first, or the rejoin after a long outage).
    func joined(_ reply: Reply) {
        if case .members(let members) = reply {
            joined(members: members)
        } else {
            joined(members: [])
        }
    }

    func joined(members: [UserID]) {
        box.withLock { state in
            state.isJoined = true
            state.isJoining = false
            state.members = Set(members)
        }
        reportCount()
    }

    /// The session ended (logout, aborted): the channel is left without callbacks. Returns whether it
    /// was joined or joining.
    @discardableResult
    func sessionEnded() -> Bool {
        box.withLock { state in
            defer {
                state.isJoined = false
                state.isJoining = false
                state.members = []
            }
            return state.isJoined || state.isJoining
        }
    }

    /// `channel(_:memberCount:)`: at once, or (if one went out less than a second ago) once a second
    /// has passed, with the count as it is then.
    private func reportCount() {
        guard let client else { return }
        let now = client.now
        let delay: Duration? = box.withLock { state in
            if state.countReportPending { return nil }
            if let last = state.lastCountReport, now < last + RTMLimits.memberCountInterval {
                state.countReportPending = true
                return now.duration(to: last + RTMLimits.memberCountInterval)
            }
            state.lastCountReport = now
            return .zero
        }
        guard let delay else { return }
        if delay == .zero {
            client.emit(.memberCount(self, Int32(box.withLock { $0.members.count })))
            return
        }
        let clock = client.environment.clock
        let due = now + delay
        Task(executorPreference: client.environment.executor) { [weak self] in
            try? await clock.sleep(until: due)
            guard let self, let client = self.client else { return }
            let count: Int32? = self.box.withLock { state in
                state.countReportPending = false
                state.lastCountReport = client.now
                return state.isJoined ? Int32(state.members.count) : nil
            }
            if let count { client.emit(.memberCount(self, count)) }
        }
    }
}
