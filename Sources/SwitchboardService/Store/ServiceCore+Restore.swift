import SwitchboardCore

extension ServiceCore {
    /// Writes a call's new state to the store (or removes it once ended), with the step's other writes
    /// (``writeStep()``). A failing store is logged loudly: the call goes on in memory, and the
    /// next transition writes it again.
    func keepLive(_ call: Call, in realm: Realm) {
        write(call.state.isEnded ? .callEnded(realm.app, call.id) : .liveCall(realm.app, call))
    }

    /// Reads back what the store engine kept (after a restart): users' profiles, the live calls, and what
    /// is kept for users (``restoreUserData(_:of:in:at:)``). Each call goes back into its realm with its
    /// deadlines (one already due fires at once), and its participants get the reconnect grace period to
    /// log back in before their calls learn they are offline.
    ///
    /// `apps` limits it to those apps (a cluster node taking an app over, ``host(_:at:)``); nil is every
    /// app (a single node's start).
    /// Returns false when the store could not be read (the service goes on with what it has).
    @discardableResult
    func restore(apps: Set<AppID>? = nil, at now: Timestamp) -> Bool {
        let stored: [AppID: StoredApp]
        do {
            stored = try store.restore(apps)
        } catch {
            logger.critical("cannot read the store back: \(error)")
            return false
        }
        let sorted = stored.sorted { $0.key.rawValue < $1.key.rawValue }
        for (app, kept) in sorted {
            for profile in kept.profiles {
                realms[app]?.profiles[profile.user] = profile
            }
            for registration in kept.pushRegistrations {
                _ = realms[app]?.pushRegistrations.register(registration)
            }
        }
        var restoredApps = Set<AppID>()
        for (app, kept) in sorted where restoreUserData(kept.userData, of: app, in: realms[app], at: now) {
            restoredApps.insert(app)
        }
        var resumed = 0
        for (app, kept) in sorted {
            for call in kept.liveCalls {
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
                resumed += 1
            }
        }
        for app in restoredApps.sorted(by: { $0.rawValue < $1.rawValue }) {
            // The realm keeps its grace's end: a deadline armed for an earlier hosting of the app (a
            // cluster node that gave it up and took it back) finds another time there and does nothing.
            realms[app]?.restartGraceAt = now + configuration.offlineAfter
            arm(.restartGrace(app), at: now + configuration.offlineAfter)
        }
        if resumed > 0 {
            logger.notice("resumed \(resumed) live calls")
        }
        return true
    }

    /// Takes back the peer messages kept for `app`'s offline users and its users' and channels' attributes
    /// (docs/SERVER.md, "What survives a restart"). Messages go back with their quotas' usage and their
    /// sweep (one past its retention goes at once). Users' attributes wait out the reconnect grace for
    /// their users to log back in, as their calls do; channels' attributes last as after their last
    /// member left, unless someone joins. Returns whether the app needs the grace.
    private func restoreUserData(_ data: StoredUserData, of app: AppID, in realm: Realm?, at now: Timestamp) -> Bool {
        guard !data.isEmpty else { return false }
        guard let realm else {
            logger.error("offline messages and attributes of app \(app), which is no longer configured, are ignored")
            return false
        }
        for kept in data.offlineMessages.sorted(by: { $0.sequence < $1.sequence }) {
            realm.offlineMessages.restore(kept)
        }
        if let oldest = data.offlineMessages.map(\.message.sentAt).min() {
            let sweep = max(now, oldest + configuration.offlineMessageRetention)
            realm.offlineSweepAt = sweep
            arm(.offlineSweep(app), at: sweep)
        }
        var needsGrace = false
        for (user, attributes) in data.userAttributes where !attributes.isEmpty {
            realm.userAttributes[user] = Dictionary(attributes.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            needsGrace = true
        }
        for (channel, attributes) in data.channelAttributes where !attributes.isEmpty {
            let byKey = Dictionary(attributes.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
            realm.channelAttributes[channel] = byKey
            realm.channelAttributeUsage.update(channel: channel, from: [], to: byKey.values)
            channelEmptied(channel, in: realm, at: now)
        }
        logger.notice("""
            app \(app): resumed \(data.offlineMessages.count) offline messages, the attributes of \
            \(data.userAttributes.count) users and \(data.channelAttributes.count) channels
            """)
        return needsGrace
    }

    /// The grace period after a restart ended: everyone in a live call without a session now is
    /// offline for it (a ZIM caller's unanswered call is cancelled, as after a lost link), and the
    /// attributes of users who did not come back go.
    func restartGraceOver(in realm: Realm, at now: Timestamp) {
        for user in realm.activeCallsByUser.keys.sorted() where !realm.hasSession(user) {
            callPresenceChanged(user, isOnline: false, in: realm, at: now)
        }
        for user in realm.userAttributes.keys.sorted() where !realm.hasSession(user) {
            dropUserAttributes(of: user, in: realm)
        }
    }
}
