/// What a Tencent device tells the app when a call changes: the events of `CallStore.callEventPublisher`
/// and the `TUICallObserver` callbacks, in the order they are delivered. Derived by
/// ``TencentCallView/changes(from:to:)``; carried out by the client on the callback queue, after the
/// state the change led to is published.
enum TencentCallEvent: Equatable {
    /// An invitation rings here (`onCallReceived` on both APIs).
    case received(TencentCallView)
    /// The local user is connected (`TUICallObserver.onCallBegin`).
    case began(TencentCallView)
    /// Another member's part changed.
    case userInviting(String)
    case userJoined(String)
    case userLeft(String)
    case userRejected(String)
    case userNoResponse(String)
    case userLineBusy(String)
    case audioAvailable(String, Bool)
    case videoAvailable(String, Bool)
    /// The local user's part is over (`CallEvent.onCallEnded`; `onCallEnd` after a connection,
    /// `onCallNotConnected` otherwise).
    case ended(TencentCallView, wasConnected: Bool)
}

extension TencentCallView {
    /// The events between what the device last showed (`old`, nil for a call not shown yet) and `new`.
    /// A call that was never shown and is already over for the local user says nothing (another device's
    /// call, or an invitation that ended before it reached this device).
    static func changes(from old: TencentCallView?, to new: TencentCallView) -> [TencentCallEvent] {
        guard let old else {
            guard new.ending == nil else { return [] }
            var events: [TencentCallEvent] = []
            if !new.isCaller { events.append(.received(new)) }
            if new.connectedSince != nil { events.append(.began(new)) }
            return events
        }
        guard old.ending == nil else { return [] }
        var events: [TencentCallEvent] = []
        if old.connectedSince == nil, new.connectedSince != nil, new.ending == nil {
            events.append(.began(new))
        }
        let before = Dictionary(old.members.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for member in new.members where member.id != new.localUser {
            let previous = before[member.id]
            if previous?.state != member.state {
                switch member.state {
                case .waiting: events.append(.userInviting(member.id))
                case .accepted: events.append(.userJoined(member.id))
                case .left where previous?.state == .accepted: events.append(.userLeft(member.id))
                case .rejected: events.append(.userRejected(member.id))
                case .lineBusy: events.append(.userLineBusy(member.id))
                case .noResponse, .offline: events.append(.userNoResponse(member.id))
                case .left, .cancelled: break
                }
            }
            guard member.isListed else { continue }
            if (previous?.microphone ?? false) != member.microphone {
                events.append(.audioAvailable(member.id, member.microphone))
            }
            if (previous?.camera ?? false) != member.camera {
                events.append(.videoAvailable(member.id, member.camera))
            }
        }
        if new.ending != nil {
            events.append(.ended(new, wasConnected: new.connectedSince != nil))
        }
        return events
    }
}
