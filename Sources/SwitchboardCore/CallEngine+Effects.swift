/// Collects the effects of one transition, in order, and adds the deadline effect at the end when the
/// call's earliest deadline changed.
struct Effects {
    private(set) var list: [CallEffect] = []
    private let deadlineBefore: Timestamp?
    private var hasRecords = false

    init(engine: CallEngine) {
        deadlineBefore = engine.call.nextDeadline
    }

    mutating func notify(_ recipient: Recipient, _ kind: CallNotification.Kind, _ call: Call) {
        list.append(.notify(recipient, CallNotification(kind: kind, call: call)))
    }

    mutating func record(_ record: CallRecord) {
        hasRecords = true
        list.append(.record(record))
    }

    /// The effects, with every record written in this transition showing the call as the transition
    /// left it (a record written before the call ended in the same transition gets its end).
    /// Whether this transition has written `user`'s record.
    func hasRecord(of user: UserID) -> Bool {
        hasRecords && list.contains { if case .record(let record) = $0 { record.owner == user } else { false } }
    }

    func finish(_ engine: CallEngine) -> [CallEffect] {
        var list = list
        if hasRecords {
            let members = CallRecord.members(of: engine.call)
            let end = engine.call.state.end
            for index in list.indices {
                if case .record(var record) = list[index] {
                    record.members = members
                    record.endedAt = end?.at
                    record.callEndReason = end?.reason
                    list[index] = .record(record)
                }
            }
        }
        if let deadline = engine.call.nextDeadline, deadline != deadlineBefore {
            list.append(.armDeadline(deadline))
        }
        return list
    }
}

extension CallEngine {
    /// Tells everyone ringing or in the call, and those who quit it (ZIM: a user in the Quit state still
    /// receives state changes), that these participants changed; also `alsoTo` (typically the device
    /// that just acted and left), but not `excluding` (invitees whose invitation carries the news).
    func notifyChanged(
        _ users: [UserID],
        alsoTo extra: [Recipient] = [],
        excluding excluded: [UserID] = [],
        into effects: inout Effects
    ) {
        guard !users.isEmpty else { return }
        var recipients: [Recipient] = call.participants
            .filter { ($0.state.isActive || $0.state == .quit) && !excluded.contains($0.user) }
            .map(recipient)
        for candidate in extra where !recipients.contains(candidate) {
            recipients.append(candidate)
        }
        for recipient in recipients {
            effects.notify(recipient, .participantsChanged(users), call)
        }
    }

    /// Tells the other devices of a user that `device` answered for them.
    func notifyAnsweredElsewhere(_ endpoint: Endpoint, into effects: inout Effects) {
        effects.notify(.userExcept(endpoint), .answeredElsewhere(device: endpoint.device), call)
    }
}
