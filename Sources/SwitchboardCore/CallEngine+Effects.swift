/// Collects the effects of one transition, in order, and adds the deadline effect at the end when the
/// call's earliest deadline changed.
struct Effects {
    private(set) var list: [CallEffect] = []
    private let deadlineBefore: Timestamp?
    /// The records of this transition, each with its place in ``list`` (which holds a placeholder there
    /// until ``finish(_:)``): they are completed with the call as the transition leaves it, and looked
    /// up by owner, without copying effects in and out of the list.
    private var records: [PendingRecord] = []

    private struct PendingRecord {
        let position: Int
        var record: CallRecord
    }
    /// Room for the effects of a typical transition, reserved at the first effect: a few per participant
    /// (a change event, an answer, the end, a record) without growing the list step by step.
    private let expectedCount: Int
    /// The users of the call for the records of this transition (``CallRecord/participants``), made once.
    private var recordedUsers: [UserID] = []

    init(engine: borrowing CallEngine) {
        deadlineBefore = engine.call.nextDeadline
        expectedCount = 3 * engine.call.participants.count + 2
    }

    private mutating func append(_ effect: CallEffect) {
        if list.capacity == 0 {
            list.reserveCapacity(expectedCount)
        }
        list.append(effect)
    }

    mutating func notify(_ recipient: Recipient, _ kind: CallNotification.Kind, _ call: Call) {
        append(.notify(recipient, CallNotification(kind: kind, call: call)))
    }

    mutating func record(_ record: consuming CallRecord) {
        if records.capacity == 0 {
            records.reserveCapacity(expectedCount / 3)
        }
        records.append(PendingRecord(position: list.count, record: record))
        append(.armDeadline(.zero))
    }

    /// The users of a call's `participants` in call order, as a record lists them. Participants are only
    /// ever appended (someone invited again or rejoining keeps their place), so the list made for an
    /// earlier record of this transition is still right while the count is the same.
    mutating func users(of participants: [Participant]) -> [UserID] {
        if recordedUsers.count != participants.count {
            recordedUsers = participants.map(\.user)
        }
        return recordedUsers
    }

    /// Whether this transition has written `user`'s record.
    func hasRecord(of user: UserID) -> Bool {
        records.contains { $0.record.owner == user }
    }

    /// The effects, with every record written in this transition showing the call as the transition
    /// left it (a record written before the call ended in the same transition gets its end). Works on
    /// the list in place: the collector is done after this.
    mutating func finish(_ engine: borrowing CallEngine) -> [CallEffect] {
        if !records.isEmpty {
            let members = CallRecord.members(of: engine.call)
            let end = engine.call.state.end
            for index in records.indices {
                records[index].record.members = members
                records[index].record.endedAt = end?.at
                records[index].record.callEndReason = end?.reason
            }
            while let pending = records.popLast() {
                list[pending.position] = .record(pending.record)
            }
        }
        if let deadline = engine.call.nextDeadline, deadline != deadlineBefore {
            append(.armDeadline(deadline))
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
        let kind = CallNotification.Kind.participantsChanged(users)
        func watches(_ participant: Participant) -> Bool {
            (participant.state.isActive || participant.state == .quit) && !excluded.contains(participant.user)
        }
        for index in call.participants.indices where watches(call.participants[index]) {
            effects.notify(recipient(call.participants[index]), kind, call)
        }
        // Each extra recipient once, unless a participant above already got the news there.
        for (position, candidate) in extra.enumerated()
        where !extra[..<position].contains(candidate)
            && !call.participants.contains(where: { watches($0) && recipient($0) == candidate }) {
            effects.notify(candidate, kind, call)
        }
    }

    /// Tells the other devices of a user that `device` answered for them.
    func notifyAnsweredElsewhere(_ endpoint: Endpoint, into effects: inout Effects) {
        effects.notify(.userExcept(endpoint), .answeredElsewhere(device: endpoint.device), call)
    }
}

