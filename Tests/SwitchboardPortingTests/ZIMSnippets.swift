// The ZIM "after" snippets of docs/PORTING.md, verbatim (see AgoraSnippets.swift).

import Foundation
import SwitchboardZIM

// MARK: - Observer lists without NSHashTable (docs/PORTING.md, "Weak observer lists")

struct WeakZIMEventHandler {
    weak var value: ZIMEventHandler?
}

final class ZIMService: NSObject, ZIMEventHandler {
    private var zimEventHandlers: [WeakZIMEventHandler] = []

    func addZIMEventHandler(_ handler: ZIMEventHandler) {
        zimEventHandlers.removeAll { $0.value == nil || $0.value === handler }
        zimEventHandlers.append(WeakZIMEventHandler(value: handler))
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        for handler in zimEventHandlers.compactMap({ $0.value }) {
            handler.zim(zim, callInvitationReceived: info, callID: callID)
        }
    }
}

// MARK: - User information (docs/PORTING.md, "ZEGO ZIM")

final class CallerDirectory {
    private(set) var myName = ""
    private(set) var names: [String: String] = [:]
    private(set) var unknownUserIDs: [String] = []

    func rename(to userName: String, zim: ZIM) {
        zim.updateUserName(userName) { [weak self] userName, errorInfo in
            guard errorInfo.code == .ZIMErrorCodeSuccess else { return }
            self?.myName = userName
        }
    }

    func lookUp(_ userIDs: [String], zim: ZIM) {
        let config = ZIMUsersInfoQueryConfig()
        config.isQueryFromServer = true
        zim.queryUsersInfo(by: userIDs, config: config) { [weak self] userList, errorUserList, errorInfo in
            guard errorInfo.code == .ZIMErrorCodeSuccess else { return }
            for user in userList {
                self?.names[user.baseInfo.userID] = user.baseInfo.userName
            }
            self?.unknownUserIDs = errorUserList.map { $0.userID }
        }
    }
}
