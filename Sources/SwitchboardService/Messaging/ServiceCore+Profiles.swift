import SwitchboardCore
import SwitchboardWire

extension ServiceCore {
    /// `profile.set`: merges the given fields into the user's profile and tells whoever shows the user:
    /// the user's other sessions and everyone they share an active call with.
    func setProfile(
        nickname: String?, avatarURL: String?, extendedData: String?, for session: Session, in realm: Realm,
        at now: Timestamp, followUps: inout FollowUps
    ) -> Result<Reply, SignalingError> {
        let fields = [("nickname", nickname, Profile.maxFieldBytes), ("avatarURL", avatarURL, Profile.maxFieldBytes),
                      ("extendedData", extendedData, Profile.maxExtendedDataBytes)]
        for (name, value, limit) in fields {
            if let value, value.utf8.count > limit {
                return .failure(SignalingError(.invalidRequest, "\(name) is \(value.utf8.count) bytes; at most \(limit) allowed"))
            }
        }
        var profile = realm.profiles[session.user] ?? Profile(user: session.user)
        if let nickname { profile.nickname = nickname }
        if let avatarURL { profile.avatarURL = avatarURL }
        if let extendedData { profile.extendedData = extendedData }
        guard realm.profiles[session.user] != profile else { return .success(.profiles([profile])) }
        // Written at once, with what the step wrote before: the answer says whether it was kept.
        let write = StoreWrite.profile(realm.app, profile)
        self.write(write)
        guard !writeStep().contains(where: { $0.write == write }) else {
            return .failure(SignalingError(.internalError, "the profile store failed"))
        }
        realm.profiles[session.user] = profile

        var watchers = realm.sessions(of: session.user).filter { $0 !== session }
        var peers = Set<UserID>()
        for id in realm.activeCallsByUser[session.user] ?? [] {
            peers.formUnion(realm.activeUsersByCall[id] ?? [])
        }
        peers.remove(session.user)
        for peer in peers.sorted() {
            watchers += realm.sessions(of: peer)
        }
        followUps.then { [self] in
            for watcher in watchers { emit(.profileChanged(profile), to: watcher, at: now) }
        }
        return .success(.profiles([profile]))
    }

    /// `profile.query`: the profiles of these users, in the order asked (no fields for users who never
    /// set one), and which of them do not exist in the app (docs/SERVER.md, "User profiles").
    func queryProfiles(_ users: [UserID], in realm: Realm) -> Result<Reply, SignalingError> {
        guard users.count <= configuration.maxPresenceQuery else {
            return .failure(SignalingError(.invalidRequest, "\(users.count) users; at most \(configuration.maxPresenceQuery) per query"))
        }
        var unknown: [UserID] = []
        for user in users where realm.profiles[user] == nil && !unknown.contains(user) {
            unknown.append(user)
        }
        return .success(.profiles(users.map { realm.profiles[$0] ?? Profile(user: $0) }, unknown: unknown))
    }

    /// A user exists in an app from their first login on: the first one stores an empty profile, so that
    /// `profile.query` knows the user after a restart too (docs/SERVER.md, "User profiles"). A store that
    /// refuses is logged; the user is known until the service restarts.
    func registerOnFirstLogin(_ user: UserID, in realm: Realm) {
        guard realm.profiles[user] == nil else { return }
        let profile = Profile(user: user)
        realm.profiles[user] = profile
        write(.profile(realm.app, profile))
    }
}
