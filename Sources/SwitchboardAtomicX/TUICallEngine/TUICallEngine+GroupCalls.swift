import Foundation

// The calls TUICallEngine.h keeps as deprecated (`call`, `groupCall` since 2023-09 and 2025-01: "use
// calls"; `joinInGroupCall`: "use join"), which TUICallKit 3.5 still places its calls with. They are the
// same calls as `calls` and `join` make (docs/TENCENT.md, "Group calls"): the same guards and codes, the
// same state in the stores. Deprecated as the header declares them, without a message.

extension TUICallEngine {
    /// `- call:userId:callMediaType:params:succ:fail:` (Swift `call(roomId:userId:callMediaType:params:succ:fail:)`):
    /// a one-to-one call in the room `roomId` (which replaces `params.roomId`).
    @available(*, deprecated)
    public func call(roomId: TUIRoomId, userId: String, callMediaType: TUICallMediaType, params: TUICallParams,
                     succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        callOne(userId, callMediaType, params, room: roomId, completion: callbacks(succ, fail))
    }

    /// `- call:callMediaType:params:succ:fail:` (Swift `call(userId:callMediaType:params:succ:fail:)`): a
    /// one-to-one call, as `calls` with one user. An empty `userId` fails with -1202.
    @available(*, deprecated)
    public func call(userId: String, callMediaType: TUICallMediaType, params: TUICallParams,
                     succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        callOne(userId, callMediaType, params, room: nil, completion: callbacks(succ, fail))
    }

    /// `- groupCall:roomId:groupId:userIdList:callMediaType:params:succ:fail:` (Swift
    /// `groupCall(roomId:groupId:userIdList:callMediaType:params:succ:fail:)`): a group call in the room
    /// `roomId` (which replaces `params.roomId`).
    @available(*, deprecated)
    public func groupCall(roomId: TUIRoomId, groupId: String, userIdList: [String], callMediaType: TUICallMediaType,
                          params: TUICallParams, succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        callGroup(groupId, userIdList, callMediaType, params, room: roomId, completion: callbacks(succ, fail))
    }

    /// `- groupCall:userIdList:callMediaType:params:succ:fail:` (Swift
    /// `groupCall(groupId:userIdList:callMediaType:params:succ:fail:)`): calls the users as members of the
    /// IM group `groupId`, which the call carries (`chatGroupId`, replacing `params.chatGroupId`); its
    /// members can then join it by room (`joinInGroupCall`). An empty `groupId` fails with -1202.
    @available(*, deprecated)
    public func groupCall(groupId: String, userIdList: [String], callMediaType: TUICallMediaType, params: TUICallParams,
                          succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        callGroup(groupId, userIdList, callMediaType, params, room: nil, completion: callbacks(succ, fail))
    }

    /// `- joinInGroupCall:groupId:callMediaType:succ:fail:` (Swift
    /// `joinInGroupCall(roomId:groupId:callMediaType:succ:fail:)`): joins the call going on in the group
    /// `groupId` whose room is `roomId`, as `join(callId:)` joins one by id: -1203 while not idle, and
    /// when no such call is there for this user (the app's join rule decides who may join a call they
    /// were not invited to: docs/SECURITY.md, "Calls"). -1202 for an unknown media type, an empty group or
    /// room, or a numeric room past 2^31-1. The call keeps its own media type.
    @available(*, deprecated)
    public func joinInGroupCall(roomId: TUIRoomId, groupId: String, callMediaType: TUICallMediaType,
                                succ: @escaping TUICallSucc, fail: @escaping TUICallFail) {
        let completion = callbacks(succ, fail)
        let room = Self.roomString(roomId)
        let failure: ErrorInfo? =
            if callMediaType == .unknown { TencentErrorMapping.info(ERROR_PARAM_INVALID, "callMediaType is unknown") }
            else if groupId.isEmpty { TencentErrorMapping.info(ERROR_PARAM_INVALID, "groupId is empty") }
            else if let invalidRoom = Self.check(roomId) { invalidRoom }
            else if room.isEmpty { TencentErrorMapping.info(ERROR_PARAM_INVALID, "roomId is empty: set intRoomId or strRoomId") }
            else { Self.checkLengths(room: room, groupID: groupId) }
        if let failure {
            return client.complete(completion, .failure(failure))
        }
        client.joinGroupCall(roomID: room, groupID: groupId, completion: completion)
    }

    private func callOne(_ userId: String, _ mediaType: TUICallMediaType, _ params: TUICallParams, room: TUIRoomId?,
                         completion: TencentClient.Done?) {
        guard !userId.isEmpty else {
            return client.complete(completion, .failure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "userId is empty")))
        }
        place([userId], mediaType, params, room: room, completion: completion)
    }

    private func callGroup(_ groupId: String, _ users: [String], _ mediaType: TUICallMediaType, _ params: TUICallParams,
                           room: TUIRoomId?, completion: TencentClient.Done?) {
        guard !groupId.isEmpty else {
            return client.complete(completion, .failure(TencentErrorMapping.info(ERROR_PARAM_INVALID, "groupId is empty")))
        }
        place(users, mediaType, params, room: room, groupID: groupId, completion: completion)
    }

    /// -1202 for a room or group id longer than `TencentLimits.roomIDBytes`.
    private static func checkLengths(room: String, groupID: String) -> ErrorInfo? {
        for (name, value) in [("roomId", room), ("groupId", groupID)] where value.utf8.count > TencentLimits.roomIDBytes {
            return TencentErrorMapping.info(ERROR_PARAM_INVALID, "\(name) is \(value.utf8.count) bytes; at most \(TencentLimits.roomIDBytes)")
        }
        return nil
    }
}
