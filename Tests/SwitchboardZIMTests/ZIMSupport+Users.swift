import Testing
import SwitchboardTesting
import SwitchboardZIM

/// The user-information methods, awaited, and the `userInfoUpdated` event, logged as
/// `userInfoUpdated <userID> name=<userName> avatar=<userAvatarUrl> data=<extendedData>`.
extension ZIMUser {
    struct Updated: Sendable {
        /// The value the callback reported.
        let value: String
        let code: ZIMErrorCode
    }

    struct Queried: Sendable {
        /// `<userID> name=… avatar=… data=…`, in the order of `userList`.
        let users: [String]
        /// `<userID>:<reason>`, in the order of `errorUserList`.
        let errors: [String]
        let code: ZIMErrorCode
        /// Whether every user's deprecated top-level `userAvatarUrl` equals `baseInfo.userAvatarUrl`.
        let avatarsAgree: Bool
    }

    func updateName(_ name: String, in world: TestWorld) async throws -> Updated {
        try await world.completion { done in
            self.zim.updateUserName(name) { value, error in done(Updated(value: value, code: error.code)) }
        }
    }

    func updateAvatar(_ url: String, in world: TestWorld) async throws -> Updated {
        try await world.completion { done in
            self.zim.updateUserAvatarUrl(url) { value, error in done(Updated(value: value, code: error.code)) }
        }
    }

    func updateExtendedData(_ data: String, in world: TestWorld) async throws -> Updated {
        try await world.completion { done in
            self.zim.updateUserExtendedData(data) { value, error in done(Updated(value: value, code: error.code)) }
        }
    }

    func queryUsers(_ userIDs: [String], fromServer: Bool = true, in world: TestWorld) async throws -> Queried {
        let config = ZIMUsersInfoQueryConfig()
        config.isQueryFromServer = fromServer
        let queried: Queried = try await world.completion { done in
            self.zim.queryUsersInfo(by: userIDs, config: config) { users, errors, error in
                done(Queried(users: users.map(\.description), errors: errors.map { "\($0.userID):\($0.reason)" },
                             code: error.code,
                             avatarsAgree: users.allSatisfy { $0.userAvatarUrl == $0.baseInfo.userAvatarUrl }))
            }
        }
        #expect(queried.avatarsAgree, "userAvatarUrl and baseInfo.userAvatarUrl differ: \(queried.users)")
        return queried
    }

    /// `login(withUserID:config:callback:)` with a `userName`.
    func login(userName: String, in world: TestWorld) async throws -> ZIMErrorCode {
        let config = ZIMLoginConfig()
        config.token = "token"
        config.userName = userName
        let code: ZIMErrorCode = try await world.completion { done in
            self.zim.login(withUserID: self.name, config: config) { done($0.code) }
        }
        if code == .ZIMErrorCodeSuccess {
            try await waitFor("connection connected success", in: world)
        }
        return code
    }

    func zim(_ zim: ZIM, userInfoUpdated info: ZIMUserFullInfo) {
        record("userInfoUpdated \(info)")
    }
}
