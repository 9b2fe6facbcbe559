import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// The nine call-invitation methods. Each checks its arguments where the SDK does (so a bad call
/// reaches nobody), sends one request, and answers its callback on the callback queue before any event
/// the request caused. The error codes are ZIM's (``ZIMErrorMapping``, docs/ZIM.md).
extension ZIM {
    /// `- callInviteWithInvitees:config:callback:` (Swift `callInvite(with:config:callback:)`): creates a
    /// call; the service issues the callID. At most 9 invitees (6000272); `timeout` 0 means 90 s, at
    /// most 600.
    public func callInvite(with invitees: [String], config: ZIMCallInviteConfig, callback: @escaping ZIMCallInvitationSentCallback) {
        let callback = QueueBound(callback)
        let fail: @Sendable (ZIMFailure) -> Void = { failure in
            callback.value("", ZIMCallInvitationSentInfo(), ZIMError(failure))
        }
        let profile: CallProfile
        switch config.mode {
        case .general: profile = .zimGeneral
        case .advanced: profile = .zimAdvanced
        default: return post { fail(.invalid("mode must be general or advanced")) }
        }
        if let failure = Self.check(invitees: invitees) ?? Self.check(extendedData: config.extendedData) {
            return post { fail(failure) }
        }
        guard config.timeout <= ZIMLimits.callTimeoutRange.upperBound else {
            return post { fail(.invalid("timeout must be 1 to 600 seconds (0: 90)")) }
        }
        let request = InviteRequest(
            invitees: invitees.map { UserID($0) }, profile: profile,
            parameters: CallParameters(ringTimeout: config.timeout == 0 ? nil : .seconds(Int(config.timeout)),
                                       notReceivedCheck: config.enableNotReceivedCheck),
            payload: config.extendedData.isEmpty ? nil : config.extendedData,
            attachments: Self.attachments(config.pushConfig))
        client.invite(request) { [client] result in
            client.post {
                switch result {
                case .success(let outcome):
                    let info = ZIMCallInvitationSentInfo()
                    info.timeout = ZIMCallView(outcome.call).timeout
                    info.errorUserList = Self.errorUsers(outcome.skipped, in: .callInvite)
                    callback.value(outcome.call.id.rawValue, info, ZIMError())
                case .failure(let failure):
                    fail(failure)
                }
            }
        }
    }

    /// `- callCancelWithInvitees:callID:config:callback:`: cancels the named invitees this user invited
    /// (all of them when the list is empty). Only the inviter may (6000273); an accepted invitee cannot
    /// be cancelled (6000271). In general mode the call ends once nobody is left ringing; in advanced
    /// mode the cancelled users become `beCancelled` and the call goes on.
    public func callCancel(with invitees: [String], callID: String, config: ZIMCallCancelConfig, callback: @escaping ZIMCallCancelSentCallback) {
        let callback = QueueBound(callback)
        if let failure = Self.check(callID: callID) ?? Self.check(extendedData: config.extendedData)
            ?? (invitees.isEmpty ? nil : Self.check(invitees: invitees)) {
            return post { callback.value(callID, [], ZIMError(failure)) }
        }
        let action = CallAction.cancel(invitees: invitees.isEmpty ? nil : invitees.map { UserID($0) },
                                       data: Self.data(config.extendedData))
        client.act(action, on: callID, api: .callCancel) { [client] result in
            client.post {
                switch result {
                case .success(let outcome):
                    callback.value(callID, outcome.skipped.map(\.user.rawValue), ZIMError())
                case .failure(let failure):
                    callback.value(callID, invitees, ZIMError(failure))
                }
            }
        }
    }

    /// `- callAcceptWithCallID:config:callback:`: only an invitee still ringing (6000276 for an unknown or
    /// expired call, and for a user the call never invited: to them it does not exist).
    public func callAccept(with callID: String, config: ZIMCallAcceptConfig, callback: @escaping ZIMCallAcceptanceSentCallback) {
        answer(callID, action: .accept(data: Self.data(config.extendedData)), extendedData: config.extendedData,
               api: .callAccept, callback: callback)
    }

    /// `- callRejectWithCallID:config:callback:`.
    public func callReject(with callID: String, config: ZIMCallRejectConfig, callback: @escaping ZIMCallRejectionSentCallback) {
        answer(callID, action: .reject(data: Self.data(config.extendedData), reason: .declined),
               extendedData: config.extendedData, api: .callReject, callback: callback)
    }

    private func answer(
        _ callID: String, action: CallAction, extendedData: String, api: ZIMCallAPI,
        callback: @escaping (String, ZIMError) -> Void
    ) {
        let callback = QueueBound(callback)
        if let failure = Self.check(callID: callID) ?? Self.check(extendedData: extendedData) {
            return post { callback.value(callID, ZIMError(failure)) }
        }
        client.act(action, on: callID, api: api) { [client] result in
            client.post {
                switch result {
                case .success: callback.value(callID, ZIMError())
                case .failure(let failure): callback.value(callID, ZIMError(failure))
                }
            }
        }
    }

    /// `- callingInviteWithInvitees:callID:config:callback:` (2.9, advanced mode): an accepted member
    /// invites more users, up to 10 in the call. Users already in the call are listed in
    /// `errorUserList` (reason 6000283); if none is new, the call fails with 6000283.
    public func callingInvite(with invitees: [String], callID: String, config: ZIMCallingInviteConfig, callback: @escaping ZIMCallingInvitationSentCallback) {
        perform(.inviteMore(invitees.map { UserID($0) }), on: callID, api: .callingInvite,
                refusal: Self.check(invitees: invitees), empty: ZIMCallingInvitationSentInfo.init,
                callback: callback) { outcome, _ in
            let info = ZIMCallingInvitationSentInfo()
            info.errorUserList = Self.errorUsers(outcome.skipped, in: .callingInvite)
            return info
        }
    }

    /// `- callJoin:config:callback:` (2.12, Swift `callJoin(by:config:callback:)`): joins an advanced
    /// call from outside, or makes this device the primary device of a user already in it (6000283
    /// from the device that already is).
    public func callJoin(by callID: String, config: ZIMCallJoinConfig, callback: @escaping ZIMCallJoinSentCallback) {
        perform(.join(data: Self.data(config.extendedData)), on: callID, api: .callJoin,
                refusal: Self.check(extendedData: config.extendedData), empty: ZIMCallJoinSentInfo.init,
                callback: callback) { outcome, me in
            let call = outcome.call
            let info = ZIMCallJoinSentInfo()
            info.extendedData = call.payload ?? ""
            info.createTime = call.createdAt.millisecondsSince1970
            info.joinTime = me?.answeredAt?.millisecondsSince1970 ?? 0
            info.callUserList = ZIMCallView(call).users.map(ZIMCallUserInfo.init)
            return info
        }
    }

    /// `- callQuit:config:callback:` (2.9, Swift `callQuit(by:config:callback:)`): an accepted member
    /// leaves an advanced call; everyone, the user included, sees `callUserStateChanged(.quit)`.
    public func callQuit(by callID: String, config: ZIMCallQuitConfig, callback: @escaping ZIMCallQuitSentCallback) {
        perform(.quit(data: Self.data(config.extendedData)), on: callID, api: .callQuit,
                refusal: Self.check(extendedData: config.extendedData), empty: ZIMCallQuitSentInfo.init,
                callback: callback) { outcome, me in
            let info = ZIMCallQuitSentInfo()
            info.createTime = outcome.call.createdAt.millisecondsSince1970
            info.acceptTime = me?.answeredAt?.millisecondsSince1970 ?? 0
            info.quitTime = me?.leftAt?.millisecondsSince1970 ?? 0
            return info
        }
    }

    /// `- callEnd:config:callback:` (2.9, Swift `callEnd(by:config:callback:)`): an accepted member ends
    /// an advanced call; members keep their states, the call becomes ended, and those inviting, received
    /// or accepted get `callInvitationEnded`.
    public func callEnd(by callID: String, config: ZIMCallEndConfig, callback: @escaping ZIMCallEndSentCallback) {
        perform(.end(data: Self.data(config.extendedData)), on: callID, api: .callEnd,
                refusal: Self.check(extendedData: config.extendedData), empty: ZIMCallEndedSentInfo.init,
                callback: callback) { outcome, me in
            let info = ZIMCallEndedSentInfo()
            info.createTime = outcome.call.createdAt.millisecondsSince1970
            info.acceptTime = me?.answeredAt?.millisecondsSince1970 ?? 0
            info.endTime = outcome.call.state.end?.at.millisecondsSince1970 ?? 0
            return info
        }
    }

    /// The shape of the advanced-mode methods: check the callID and `refusal`, send `action`, and answer
    /// `callback` on the callback queue with the info `makeInfo` builds there from the call and this
    /// user's entry in it, or with `empty()` and the error.
    private func perform<Info>(
        _ action: CallAction, on callID: String, api: ZIMCallAPI, refusal: ZIMFailure?,
        empty: @escaping @Sendable () -> Info,
        callback: @escaping (String, Info, ZIMError) -> Void,
        makeInfo: @escaping @Sendable (ZIMCallOutcome, Participant?) -> Info
    ) {
        let callback = QueueBound(callback)
        if let failure = Self.check(callID: callID) ?? refusal {
            return post { callback.value(callID, empty(), ZIMError(failure)) }
        }
        let me = currentUser
        client.act(action, on: callID, api: api) { [client] result in
            client.post {
                switch result {
                case .success(let outcome):
                    let participant = me.flatMap { outcome.call.participant($0) }
                    callback.value(callID, makeInfo(outcome, participant), ZIMError())
                case .failure(let failure):
                    callback.value(callID, empty(), ZIMError(failure))
                }
            }
        }
    }

    /// `- queryCallInvitationListWithConfig:callback:` (Swift `queryCallInvitationList(with:callback:)`):
    /// the user's invitations, newest first (ongoing ones lead), at most 100 per page; pass the
    /// callback's `nextFlag` to continue, 0 to start; 0 in the callback means there is no more.
    public func queryCallInvitationList(with config: ZIMCallInvitationQueryConfig, callback: @escaping ZIMCallInvitationListQueriedCallback) {
        let callback = QueueBound(callback)
        let me = currentUser
        client.queryInvitations(count: config.count, nextFlag: config.nextFlag) { result in
            switch result {
            case .success(let page):
                let list = page.calls.map { Self.callInfo($0, for: me) }
                callback.value(list, page.nextFlag, ZIMError())
            case .failure(let failure):
                callback.value([], 0, ZIMError(failure))
            }
        }
    }

    // MARK: - Argument checks

    private static func check(invitees: [String]) -> ZIMFailure? {
        if invitees.isEmpty {
            return .invalid("the invitee list is empty")
        }
        if invitees.count > ZIMLimits.maxInvitees {
            return ZIMFailure(.ZIMErrorCodeMessageModuleCallServerError,
                              "at most \(ZIMLimits.maxInvitees) invitees, not \(invitees.count)")
        }
        if let bad = invitees.first(where: { !ZIMLimits.isValidUserID($0) }) {
            return .invalid("\(String(reflecting: bad)) is not a valid userID")
        }
        return nil
    }

    private static func check(callID: String) -> ZIMFailure? {
        callID.isEmpty ? .invalid("the callID is empty") : nil
    }

    private static func check(extendedData: String) -> ZIMFailure? {
        extendedData.utf8.count > ZIMLimits.extendedDataBytes
            ? .invalid("extendedData is over \(ZIMLimits.extendedDataBytes) bytes") : nil
    }

    private static func data(_ extendedData: String) -> String? {
        extendedData.isEmpty ? nil : extendedData
    }

    /// The offline-push fields kept with the call for the server's push hook (`zim.push.*`).
    private static func attachments(_ push: ZIMPushConfig?) -> [String: String] {
        guard let push else { return [:] }
        let fields = [("title", push.title), ("content", push.content), ("payload", push.payload),
                      ("resourcesID", push.resourcesID)]
        var attachments: [String: String] = [:]
        for (key, value) in fields where !value.isEmpty {
            attachments["zim.push.\(key)"] = value
        }
        return attachments
    }

    private static func errorUsers(_ skipped: [SkippedUser], in api: ZIMCallAPI) -> [ZIMErrorUserInfo] {
        skipped.map { user in
            let info = ZIMErrorUserInfo()
            info.userID = user.user.rawValue
            info.reason = UInt32(clamping: ZIMErrorMapping.code(for: user.error, in: api).rawValue)
            return info
        }
    }

    private static func callInfo(_ listed: ZIMListedCall, for me: UserID?) -> ZIMCallInfo {
        let info = ZIMCallInfo()
        switch listed {
        case .ongoing(let call):
            let view = ZIMCallView(call)
            info.callID = view.id
            info.caller = view.caller
            info.inviter = me.flatMap { call.participant($0)?.invitedBy?.rawValue } ?? view.caller
            info.createTime = view.createTime
            info.endTime = view.endTime
            info.state = view.isEnded ? .ended : .started
            info.mode = view.mode
            info.extendedData = view.extendedData
            info.callUserList = view.users.map(ZIMCallUserInfo.init)
        case .finished(let record):
            info.callID = record.callID.rawValue
            info.caller = record.caller.rawValue
            info.inviter = record.inviter?.rawValue ?? record.caller.rawValue
            info.createTime = record.startedAt.millisecondsSince1970
            info.endTime = record.endedAt?.millisecondsSince1970 ?? 0
            info.state = record.endedAt == nil ? .started : .ended
            info.mode = ZIMCallView.mode(record.mode)
            info.extendedData = record.payload ?? ""
            info.callUserList = ZIMCallView.users(of: record).map(ZIMCallUserInfo.init)
        }
        return info
    }
}
