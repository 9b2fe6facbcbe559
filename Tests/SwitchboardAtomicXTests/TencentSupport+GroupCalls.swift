import Foundation
import Testing
import SwitchboardAtomicX
import SwitchboardTesting

// Helpers of the group-call, offline-push and TUICallKit suites.

/// TUICallEngine's deprecated calls (the header deprecates them), reached through a protocol so that the
/// suites that test them build without deprecation warnings.
protocol DeprecatedEngineCalls {
    func call(roomId: TUIRoomId, userId: String, callMediaType: TUICallMediaType, params: TUICallParams,
              succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
    func call(userId: String, callMediaType: TUICallMediaType, params: TUICallParams,
              succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
    func groupCall(roomId: TUIRoomId, groupId: String, userIdList: [String], callMediaType: TUICallMediaType,
                   params: TUICallParams, succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
    func groupCall(groupId: String, userIdList: [String], callMediaType: TUICallMediaType, params: TUICallParams,
                   succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
    func joinInGroupCall(roomId: TUIRoomId, groupId: String, callMediaType: TUICallMediaType,
                         succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
}

extension TUICallEngine: DeprecatedEngineCalls {}

/// TUICallKit's deprecated calls, as ``DeprecatedEngineCalls``.
protocol DeprecatedKitCalls {
    func call(userId: String, callMediaType: TUICallMediaType)
    func call(userId: String, callMediaType: TUICallMediaType, params: TUICallParams,
              succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
    func groupCall(groupId: String, userIdList: [String], callMediaType: TUICallMediaType)
    func groupCall(groupId: String, userIdList: [String], callMediaType: TUICallMediaType, params: TUICallParams,
                   succ: @escaping TUICallSucc, fail: @escaping TUICallFail)
    func joinInGroupCall(roomId: TUIRoomId, groupId: String, callMediaType: TUICallMediaType)
}

extension TUICallKit: DeprecatedKitCalls {}

/// A `TUIRoomId` in its numeric form.
func room(_ number: UInt32) -> TUIRoomId {
    let room = TUIRoomId()
    room.intRoomId = number
    return room
}

/// A `TUIRoomId` in its string form.
func room(_ name: String) -> TUIRoomId {
    let room = TUIRoomId()
    room.strRoomId = name
    return room
}

extension TencentAwaiting {
    typealias Start = (@escaping TUICallSucc, @escaping TUICallFail) -> Void

    /// Runs a TUICallEngine (or TUICallKit) call with `succ` / `fail` and waits for one of them.
    func engineCall(in world: TestWorld, _ start: @escaping Start) async throws -> EngineOutcome {
        try await world.completion { (done: @escaping @Sendable (Box<EngineOutcome>) -> Void) in
            start({ done(Box(.success(()))) }, { code, message in done(Box(.failure(EngineFailure(code: code, message: message ?? "")))) })
        }.value
    }

    var legacy: any DeprecatedEngineCalls { user.engine }
    var legacyKit: any DeprecatedKitCalls { user.instance.callKit }

    func engineCall(_ callee: String, _ mediaType: TUICallMediaType = .video, params: TUICallParams = TUICallParams(),
                    room: TUIRoomId? = nil, in world: TestWorld) async throws -> EngineOutcome {
        let legacy = self.legacy
        let box = Box((params, room))
        return try await engineCall(in: world) { succ, fail in
            if let room = box.value.1 {
                legacy.call(roomId: room, userId: callee, callMediaType: mediaType, params: box.value.0, succ: succ, fail: fail)
            } else {
                legacy.call(userId: callee, callMediaType: mediaType, params: box.value.0, succ: succ, fail: fail)
            }
        }
    }

    func engineGroupCall(_ groupId: String, _ users: [String], _ mediaType: TUICallMediaType = .video,
                         params: TUICallParams = TUICallParams(), room: TUIRoomId? = nil,
                         in world: TestWorld) async throws -> EngineOutcome {
        let legacy = self.legacy
        let box = Box((params, room))
        return try await engineCall(in: world) { succ, fail in
            if let room = box.value.1 {
                legacy.groupCall(roomId: room, groupId: groupId, userIdList: users, callMediaType: mediaType,
                                 params: box.value.0, succ: succ, fail: fail)
            } else {
                legacy.groupCall(groupId: groupId, userIdList: users, callMediaType: mediaType, params: box.value.0,
                                 succ: succ, fail: fail)
            }
        }
    }

    func engineJoinInGroupCall(_ room: TUIRoomId, groupId: String, _ mediaType: TUICallMediaType = .video,
                               in world: TestWorld) async throws -> EngineOutcome {
        let legacy = self.legacy
        let box = Box(room)
        return try await engineCall(in: world) { succ, fail in
            legacy.joinInGroupCall(roomId: box.value, groupId: groupId, callMediaType: mediaType, succ: succ, fail: fail)
        }
    }
}
