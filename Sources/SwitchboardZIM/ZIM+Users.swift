import SwitchboardCore

/// The user-information methods (docs/ZIM.md, "User information"). Each checks its arguments where the
/// SDK does, sends at most one request, and answers its callback on the callback queue; the codes are
/// ZIM's (6000001 for an argument ZIM refuses, 6000012 for the query limit, 6000121 when logged out).
extension ZIM {
    /// `- updateUserName:callback:` (2.2): the user's own name, at most 256 bytes. The user's other
    /// devices get `zim(_:userInfoUpdated:)`; a Tencent user sharing a call with them sees the new
    /// nickname too (one profile per user).
    public func updateUserName(_ userName: String, callback: @escaping ZIMUserNameUpdatedCallback) {
        update(.userName, to: userName, callback: callback)
    }

    /// `- updateUserAvatarUrl:callback:` (2.3): the user's own avatar URL, at most 500 bytes.
    public func updateUserAvatarUrl(_ userAvatarUrl: String, callback: @escaping ZIMUserAvatarUrlUpdatedCallback) {
        update(.userAvatarUrl, to: userAvatarUrl, callback: callback)
    }

    /// `- updateUserExtendedData:callback:` (2.2): the user's own extended data, at most 2 KB
    /// (docs/ZIM.md, "User extended data limit").
    public func updateUserExtendedData(_ extendedData: String, callback: @escaping ZIMUserExtendedDataUpdatedCallback) {
        update(.extendedData, to: extendedData, callback: callback)
    }

    /// `- queryUsersInfo:config:callback:` (Swift `queryUsersInfo(by:config:callback:)`): the full
    /// information of up to 10 users, in the order asked. Users that do not exist (never logged in, no
    /// profile) are in `errorUserList` with reason 6000011. Users this instance already knows are
    /// answered locally unless `config.isQueryFromServer`; at most 10 userIDs may be asked of the server
    /// in 10 s (6000012 beyond, as for more than 10 in one call).
    public func queryUsersInfo(by userIDs: [String], config: ZIMUsersInfoQueryConfig, callback: @escaping ZIMUsersInfoQueriedCallback) {
        let callback = QueueBound(callback)
        client.queryUsers(userIDs, fromServer: config.isQueryFromServer) { result in
            switch result {
            case .success(let answer):
                let missing = answer.unknown.map { userID in
                    let info = ZIMErrorUserInfo()
                    info.userID = userID
                    info.reason = UInt32(ZIMErrorCode.ZIMErrorCodeCommonModuleUserIsNotExist.rawValue)
                    return info
                }
                callback.value(answer.users.map(ZIMUserFullInfo.init), missing, ZIMError())
            case .failure(let failure):
                callback.value([], [], ZIMError(failure))
            }
        }
    }

    private func update(_ field: ZIMUserField, to value: String, callback: @escaping (String, ZIMError) -> Void) {
        let callback = QueueBound(callback)
        client.updateSelf(field, to: value) { failure in
            callback.value(value, ZIMError(failure))
        }
    }
}

extension ZIMUserFullInfo {
    convenience init(_ user: ZIMKnownUser) {
        self.init()
        baseInfo.userID = user.userID
        baseInfo.userName = user.userName
        baseInfo.userAvatarUrl = user.userAvatarUrl
        userAvatarUrl = user.userAvatarUrl
        extendedData = user.extendedData
    }
}
