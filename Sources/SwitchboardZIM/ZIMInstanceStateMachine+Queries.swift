import SwitchboardCore
import SwitchboardWire

/// What the instance keeps for the app's queries: the `nextFlag`s of `queryCallInvitationList`, and the
/// users `queryUsersInfo` found with the server's rate window (docs/ZIM.md, "User information").
extension ZIMInstanceStateMachine {
    /// A `nextFlag` handed out by `queryCallInvitationList`, and where it stands.
    struct QueryMark: Hashable, Sendable {
        var flag: Int64
        var position: QueryPosition
    }

    /// A `queryUsersInfo` that asked the server, and for how many users.
    struct ServerQuery: Hashable, Sendable {
        var at: Timestamp
        var count: Int
    }

    /// How a `queryUsersInfo` is answered: from what the instance knows, and by asking the server for
    /// the rest (none: all known).
    struct UsersQuery: Hashable, Sendable {
        var known: [String: ZIMKnownUser]
        var asked: [String]
    }

    // MARK: - queryCallInvitationList

    /// Where a page starts: the first for `nextFlag` 0, else the position the flag stands for (nil: the
    /// flag was not given by this instance, or is too old).
    func queryStart(nextFlag: Int64) -> QueryPosition? {
        nextFlag == 0 ? .ongoing(offset: 0) : queryMarks.first { $0.flag == nextFlag }?.position
    }

    /// A page ended at `position`: the `nextFlag` that stands for it (the last
    /// ``ZIMLimits/rememberedQueryPositions`` are kept).
    mutating func remember(_ position: QueryPosition) -> Int64 {
        lastQueryFlag += 1
        queryMarks.append(QueryMark(flag: lastQueryFlag, position: position))
        if queryMarks.count > ZIMLimits.rememberedQueryPositions {
            queryMarks.removeFirst()
        }
        return lastQueryFlag
    }

    // MARK: - queryUsersInfo

    /// `queryUsersInfo` of `ids` (each once) at `now`: users the instance knows are answered from what it
    /// knows unless `fromServer`; the others are asked of the server, at most
    /// ``ZIMLimits/maxUsersInfoQuery`` in any ``ZIMLimits/usersInfoQueryWindow`` (6000012 beyond).
    mutating func planUsersQuery(_ ids: [String], fromServer: Bool, at now: Timestamp) -> Result<UsersQuery, ZIMFailure> {
        guard isLoggedIn else { return .failure(.notLoggedIn) }
        let wanted = Set(ids)
        let known = fromServer ? [:] : knownUsers.filter { wanted.contains($0.key) }
        let asked = ids.filter { known[$0] == nil }
        guard !asked.isEmpty else { return .success(UsersQuery(known: known, asked: asked)) }
        serverUserQueries.removeAll { $0.at.duration(to: now) >= ZIMLimits.usersInfoQueryWindow }
        let recent = serverUserQueries.reduce(0) { $0 + $1.count }
        guard recent + asked.count <= ZIMLimits.maxUsersInfoQuery else {
            return .failure(ZIMFailure(.ZIMErrorCodeCommonModuleUserInfoQueriedLimit,
                                       "\(recent) userIDs asked of the server in the last 10 s; at most \(ZIMLimits.maxUsersInfoQuery)"))
        }
        serverUserQueries.append(ServerQuery(at: now, count: asked.count))
        return .success(UsersQuery(known: known, asked: asked))
    }

    /// The server answered the users `asked`: those `found` are known from now on, the others not.
    mutating func usersRead(asked: [String], found: [String: ZIMKnownUser]) {
        for id in asked { knownUsers[id] = found[id] }
    }

    /// The user's own profile as the service now has it (after an update, or a login that named the user).
    mutating func remember(_ profile: Profile) {
        knownUsers[profile.user.rawValue] = ZIMKnownUser(profile)
    }

    /// `profile.changed` of `generation`: ZIM tells a user's other devices of their own changes
    /// (`userInfoUpdated`); what others change is seen only by asking the server again
    /// (`isQueryFromServer`), as in ZIM.
    mutating func profileChanged(_ profile: Profile, generation: Int) -> [Action] {
        guard self.generation == generation, user == profile.user else { return [] }
        let known = ZIMKnownUser(profile)
        knownUsers[known.userID] = known
        return [.emit(.userInfoUpdated(known))]
    }
}
