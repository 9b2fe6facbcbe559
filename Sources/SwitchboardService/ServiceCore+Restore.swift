import SwitchboardCore

extension ServiceCore {
    /// Writes a call's new state to the live-call store (or removes it once ended), with the step's other
    /// writes (``writeStep()``). A failing store is logged loudly: the call goes on in memory, and the
    /// next transition writes it again.
    func keepLive(_ call: Call, in realm: Realm) {
        write(call.state.isEnded ? .callEnded(realm.app, call.id) : .liveCall(realm.app, call))
    }

    /// Reads back what the stores kept (after a restart): users' profiles, and the live calls. Each call
    /// goes back into its realm with
    /// its deadlines (one already due fires at once), and its participants get the reconnect grace
    /// period to log back in before their calls learn they are offline.
    ///
    /// `apps` limits it to those apps (a cluster node taking an app over, ``host(_:at:)``); nil is every
    /// app (a single node's start).
    /// Returns false when the stores could not be read (the service goes on with what it has).
    @discardableResult
    func restore(apps: Set<AppID>? = nil, at now: Timestamp) -> Bool {
        do {
            let profiles = if let apps { try apps.flatMap { app in try profileStore.profiles(app: app).map { (app, $0) } } }
                else { try profileStore.profiles() }
            for (app, profile) in profiles {
                realms[app]?.profiles[profile.user] = profile
            }
        } catch {
            logger.critical("cannot read the profiles: \(error)")
            return false
        }
        let kept: [(app: AppID, call: Call)]
        do {
            kept = if let apps { try apps.flatMap { app in try liveCalls.liveCalls(app: app).map { (app, $0) } } }
                else { try liveCalls.liveCalls() }
        } catch {
            logger.critical("cannot read the live calls: \(error)")
            return false
        }
        var restoredApps = Set<AppID>()
        for (app, call) in kept {
            guard let realm = realms[app] else {
                logger.error("call \(call.id) belongs to app \(app), which is no longer configured; dropped")
                write(.callEnded(app, call.id))
                continue
            }
            let engine = CallEngine(call: call)
            realm.calls[call.id] = engine
            realm.reindex(engine)
            recordService(.restored, on: call.id, in: realm, at: now)
            if let deadline = call.nextDeadline {
                arm(.call(app, call.id), at: deadline)
            }
            if !call.participants.contains(where: { $0.state.isActive }) {
                realm.emptyCalls[call.id] = now
                arm(.emptyCall(app, call.id), at: now + configuration.emptyCallRetention)
            }
            restoredApps.insert(app)
        }
        for app in restoredApps.sorted(by: { $0.rawValue < $1.rawValue }) {
            // The realm keeps its grace's end: a deadline armed for an earlier hosting of the app (a
            // cluster node that gave it up and took it back) finds another time there and does nothing.
            realms[app]?.restartGraceAt = now + configuration.offlineAfter
            arm(.restartGrace(app), at: now + configuration.offlineAfter)
        }
        if !kept.isEmpty {
            logger.notice("resumed \(kept.count) live calls")
        }
        return true
    }

    /// The grace period after a restart ended: everyone in a live call without a session now is
    /// offline for it (a ZIM caller's unanswered call is cancelled, as after a lost link).
    func restartGraceOver(in realm: Realm, at now: Timestamp) {
        for user in realm.activeCallsByUser.keys.sorted() where !realm.hasSession(user) {
            callPresenceChanged(user, isOnline: false, in: realm, at: now)
        }
    }
}
