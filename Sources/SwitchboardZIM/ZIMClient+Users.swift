import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

/// A user as this instance knows them: what `queryUsersInfo` answers and `userInfoUpdated` reports, as a
/// value that crosses to the callback queue. The service's profile, with ZIM's empty strings for the
/// fields never set.
struct ZIMKnownUser: Hashable, Sendable {
    var userID: String
    var userName: String
    var userAvatarUrl: String
    var extendedData: String

    init(_ profile: Profile) {
        userID = profile.user.rawValue
        userName = profile.nickname ?? ""
        userAvatarUrl = profile.avatarURL ?? ""
        extendedData = profile.extendedData ?? ""
    }
}

/// One of the user's own fields that ZIM updates on its own (`updateUserName`, `updateUserAvatarUrl`,
/// `updateUserExtendedData`).
enum ZIMUserField: Sendable {
    case userName, userAvatarUrl, extendedData

    /// The most UTF-8 bytes ZIM takes (6000001 above it).
    var limit: Int {
        switch self {
        case .userName: ZIMLimits.userNameBytes
        case .userAvatarUrl: ZIMLimits.userAvatarUrlBytes
        case .extendedData: ZIMLimits.userExtendedDataBytes
        }
    }

    var api: ZIMCallAPI {
        switch self {
        case .userName: .updateUserName
        case .userAvatarUrl: .updateUserAvatarUrl
        case .extendedData: .updateUserExtendedData
        }
    }

    /// The `profile.set` that changes this field only.
    func operation(setting value: String) -> ServiceOperation {
        switch self {
        case .userName: .setProfile(nickname: value, avatarURL: nil, extendedData: nil)
        case .userAvatarUrl: .setProfile(nickname: nil, avatarURL: value, extendedData: nil)
        case .extendedData: .setProfile(nickname: nil, avatarURL: nil, extendedData: value)
        }
    }
}

extension ZIMClient {
    /// `updateUserName` / `updateUserAvatarUrl` / `updateUserExtendedData`: stores one field of the
    /// user's profile, in order with the instance's other requests. `completion` runs on the callback
    /// queue.
    func updateSelf(_ field: ZIMUserField, to value: String, completion: @escaping @Sendable (ZIMFailure?) -> Void) {
        guard value.utf8.count <= field.limit else {
            return post { completion(.invalid("\(field) is \(value.utf8.count) bytes; at most \(field.limit)")) }
        }
        submit(field.operation(setting: value), api: field.api) { [weak self] result in
            let failure: ZIMFailure?
            switch result {
            case .success(.profiles(let profiles, _)):
                if let mine = profiles.first { self?.remember(mine) }
                failure = nil
            case .success:
                failure = .unexpectedReply
            case .failure(let error):
                failure = error
            }
            self?.post { completion(failure) }
        }
    }

    /// `queryUsersInfo(by:config:callback:)`: the users asked for, in the order asked (each once), and
    /// those that do not exist. Users this instance knows are answered from what it knows unless
    /// `fromServer`; the others are asked of the service, at most ``ZIMLimits/maxUsersInfoQuery`` in any
    /// ``ZIMLimits/usersInfoQueryWindow`` (docs/ZIM.md, "User information"). `completion` runs on the
    /// callback queue.
    func queryUsers(
        _ userIDs: [String], fromServer: Bool,
        completion: @escaping @Sendable (Result<(users: [ZIMKnownUser], unknown: [String]), ZIMFailure>) -> Void
    ) {
        var seen = Set<String>()
        let ids = userIDs.filter { seen.insert($0).inserted }
        if let failure = Self.check(usersInfoQuery: ids) {
            return post { completion(.failure(failure)) }
        }
        let time = now
        let plan = decide { $0.planUsersQuery(ids, fromServer: fromServer, at: time) }
        let known: [String: ZIMKnownUser], asked: [String]
        switch plan {
        case .failure(let failure): return post { completion(.failure(failure)) }
        case .success(let query): (known, asked) = (query.known, query.asked)
        }
        guard !asked.isEmpty else {
            return post { completion(.success((ids.compactMap { known[$0] }, []))) }
        }
        submit(.queryProfiles(asked.map { UserID($0) }), api: .queryUsersInfo) { [weak self] result in
            let answer: Result<(users: [ZIMKnownUser], unknown: [String]), ZIMFailure>
            switch result {
            case .success(.profiles(let profiles, let unknown)):
                let missing = Set(unknown.map(\.rawValue))
                var found = known
                for profile in profiles where !missing.contains(profile.user.rawValue) {
                    found[profile.user.rawValue] = ZIMKnownUser(profile)
                }
                self?.decide { $0.usersRead(asked: asked, found: found) }
                answer = .success((ids.compactMap { found[$0] }, ids.filter(missing.contains)))
            case .success:
                answer = .failure(.unexpectedReply)
            case .failure(let failure):
                answer = .failure(failure)
            }
            self?.post { completion(answer) }
        }
    }

    /// What `queryUsersInfo` refuses before asking anyone: an empty list (6000001), a userID ZIM would
    /// not take (6000001), more than 10 userIDs (6000012).
    static func check(usersInfoQuery ids: [String]) -> ZIMFailure? {
        if ids.isEmpty { return .invalid("userIDs is empty") }
        if let bad = ids.first(where: { !ZIMLimits.isValidUserID($0) }) {
            return .invalid("userID \"\(bad)\" is not 1 to 32 bytes of letters, digits and !#$%&()+-:;<=.>?@[]^_{}|~")
        }
        if ids.count > ZIMLimits.maxUsersInfoQuery {
            return ZIMFailure(.ZIMErrorCodeCommonModuleUserInfoQueriedLimit,
                              "\(ids.count) userIDs; at most \(ZIMLimits.maxUsersInfoQuery) per query")
        }
        return nil
    }

    /// Keeps the user's own profile as the service now has it (after an update or a login that named
    /// the user).
    func remember(_ profile: Profile) {
        decide { $0.remember(profile) }
    }
}
