import SwitchboardCore

extension ServiceCore {
    /// Adds a timer.
    func arm(_ target: Deadline.Target, at time: Timestamp) {
        deadlineCounter += 1
        deadlines.insert(Deadline(time: time, order: deadlineCounter, target: target))
        wakeTimer(for: time)
    }

    /// The earliest timer, if any.
    var nextDeadline: Timestamp? { deadlines.min?.time }

    /// Fires every timer due at `now`, earliest first, each at its own time.
    func fireDeadlines(until now: Timestamp) {
        while let next = deadlines.min, next.time <= now {
            _ = deadlines.popMin()
            fire(next)
        }
    }

    private func fire(_ deadline: Deadline) {
        switch deadline.target {
        case .call(let app, let id):
            guard let realm = realms[app] else { return }
            expireCall(id, in: realm, at: deadline.time)
        case .liveness(let app, let id):
            guard let realm = realms[app] else { return }
            checkLiveness(id, in: realm, at: deadline.time)
        case .tokenWarning(let app, _), .tokenExpiry(let app, _):
            guard let realm = realms[app] else { return }
            tokenTimerFired(deadline.target, at: deadline.time, in: realm)
        case .tombstone(let app, let id):
            realms[app]?.tombstones[id] = nil
        case .offlineSweep(let app):
            guard let realm = realms[app], realm.offlineSweepAt == deadline.time else { return }
            sweepOfflineMessages(in: realm, at: deadline.time)
        case .emptyCall(let app, let id):
            guard let realm = realms[app] else { return }
            collectEmptyCall(id, in: realm, at: deadline.time)
        case .restartGrace(let app):
            guard let realm = realms[app], realm.restartGraceAt == deadline.time else { return }
            restartGraceOver(in: realm, at: deadline.time)
        case .channelAttributes(let app, let channel):
            guard let realm = realms[app] else { return }
            expireChannelAttributes(channel, in: realm, at: deadline.time)
        }
    }
}
