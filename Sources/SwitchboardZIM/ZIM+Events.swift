extension ZIM {
    /// Calls the event handler for `event`. Runs on the callback queue; the info objects are built here.
    func deliver(_ event: ZIMEvent) {
        switch event {
        case .zpnsRegistered(let pushID):
            return zpns.report(.success(pushID))
        case .zpnsRegisterFailed(let failure):
            return zpns.report(.failure(failure))
        default:
            break
        }
        guard let handler = eventHandler else { return }
        switch event {
        case .connectionStateChanged(let state, let reason):
            handler.zim(self, connectionStateChanged: state, event: reason, extendedData: [:])
        case .tokenWillExpire(let seconds):
            handler.zim(self, tokenWillExpire: seconds)
        case .userInfoUpdated(let user):
            handler.zim(self, userInfoUpdated: ZIMUserFullInfo(user))
        case .callInvitationCreated(let view):
            let info = ZIMCallInvitationCreatedInfo()
            info.mode = view.mode
            info.caller = view.caller
            info.extendedData = view.extendedData
            info.timeout = view.timeout
            info.createTime = view.createTime
            info.callUserList = view.users.map(ZIMCallUserInfo.init)
            handler.zim(self, callInvitationCreated: info, callID: view.id)
        case .callInvitationReceived(let view, let inviter):
            let info = ZIMCallInvitationReceivedInfo()
            info.mode = view.mode
            info.timeout = view.timeout
            info.caller = view.caller
            info.inviter = inviter
            info.createTime = view.createTime
            info.callUserList = view.users.map(ZIMCallUserInfo.init)
            info.extendedData = view.extendedData
            handler.zim(self, callInvitationReceived: info, callID: view.id)
        case .callInvitationCancelled(let callID, let inviter, let mode, let extendedData):
            let info = ZIMCallInvitationCancelledInfo()
            info.inviter = inviter
            info.mode = mode
            info.extendedData = extendedData
            handler.zim(self, callInvitationCancelled: info, callID: callID)
        case .callInvitationTimeout(let callID, let mode):
            let info = ZIMCallInvitationTimeoutInfo()
            info.mode = mode
            handler.zim(self, callInvitationTimeout: info, callID: callID)
            (LegacyEvents() as any LegacyEventDispatch).timeout(handler, self, callID)
        case .callInvitationEnded(let view, let operatedUserID, let extendedData):
            let info = ZIMCallInvitationEndedInfo()
            info.caller = view.caller
            info.operatedUserID = operatedUserID
            info.extendedData = extendedData
            info.mode = view.mode
            info.endTime = view.endTime
            handler.zim(self, callInvitationEnded: info, callID: view.id)
        case .callUserStateChanged(let callID, let users):
            let info = ZIMCallUserStateChangeInfo()
            info.callUserList = users.map(ZIMCallUserInfo.init)
            handler.zim(self, callUserStateChanged: info, callID: callID)
        case .callInvitationAccepted(let callID, let invitee, let extendedData):
            let info = ZIMCallInvitationAcceptedInfo()
            info.invitee = invitee
            info.extendedData = extendedData
            (LegacyEvents() as any LegacyEventDispatch).accepted(handler, self, info, callID)
        case .callInvitationRejected(let callID, let invitee, let extendedData):
            let info = ZIMCallInvitationRejectedInfo()
            info.invitee = invitee
            info.extendedData = extendedData
            (LegacyEvents() as any LegacyEventDispatch).rejected(handler, self, info, callID)
        case .callInviteesAnsweredTimeout(let callID, let invitees):
            (LegacyEvents() as any LegacyEventDispatch).answeredTimeout(handler, self, invitees, callID)
        case .zpnsRegistered, .zpnsRegisterFailed:
            break
        }
    }
}

extension ZIMCallUserInfo {
    convenience init(_ user: ZIMCallUser) {
        self.init()
        userID = user.userID
        state = user.state
        extendedData = user.extendedData
    }
}

/// Dispatches the events ZIM 2.9 deprecated, which a 2.18 build still sends (docs/ZIM.md, "Legacy events").
/// Calling a deprecated requirement warns; calling it from a deprecated witness reached through this
/// undeprecated protocol does not, which keeps the module's build free of warnings.
private protocol LegacyEventDispatch {
    func timeout(_ handler: ZIMEventHandler, _ zim: ZIM, _ callID: String)
    func accepted(_ handler: ZIMEventHandler, _ zim: ZIM, _ info: ZIMCallInvitationAcceptedInfo, _ callID: String)
    func rejected(_ handler: ZIMEventHandler, _ zim: ZIM, _ info: ZIMCallInvitationRejectedInfo, _ callID: String)
    func answeredTimeout(_ handler: ZIMEventHandler, _ zim: ZIM, _ invitees: [String], _ callID: String)
}

private struct LegacyEvents: LegacyEventDispatch {
    @available(*, deprecated)
    func timeout(_ handler: ZIMEventHandler, _ zim: ZIM, _ callID: String) {
        handler.zim(zim, callInvitationTimeout: callID)
    }

    @available(*, deprecated)
    func accepted(_ handler: ZIMEventHandler, _ zim: ZIM, _ info: ZIMCallInvitationAcceptedInfo, _ callID: String) {
        handler.zim(zim, callInvitationAccepted: info, callID: callID)
    }

    @available(*, deprecated)
    func rejected(_ handler: ZIMEventHandler, _ zim: ZIM, _ info: ZIMCallInvitationRejectedInfo, _ callID: String) {
        handler.zim(zim, callInvitationRejected: info, callID: callID)
    }

    @available(*, deprecated)
    func answeredTimeout(_ handler: ZIMEventHandler, _ zim: ZIM, _ invitees: [String], _ callID: String) {
        handler.zim(zim, callInviteesAnsweredTimeout: invitees, callID: callID)
    }
}
