import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardClient
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardTesting
import SwitchboardUserSig
import SwitchboardWire

// Helpers of the login, profile, device, record and TUICallEngine suites. They hang off
// `TencentUser.awaiting` (so they cannot clash with the call-flow helpers on `TencentUser` itself).

/// The SecretKey of the configured Tencent app (the published TLSSigAPIv2 test key).
let tencentSecretKey = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"

/// Refuses every token: logins that are not the Tencent surface's have no way in.
struct RefuseEveryTokenVerifier: TokenVerifier {
    func verify(
        token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?, at now: Timestamp
    ) throws(SignalingError) -> TokenGrant {
        throw SignalingError(.invalidToken, "only UserSigs of the tencent surface are accepted here")
    }
}

/// A world whose app `tencent-app` (sdkAppID 1400000001) verifies UserSigs against ``tencentSecretKey``.
/// Its clock starts at the real time in whole seconds, so the vendor helper's UserSigs (issued "now")
/// are valid in it; ``epochSeconds`` is that start.
struct VerifiedWorld {
    let world: TestWorld
    /// The world's start, in Unix seconds.
    let epochSeconds: Int64

    init(loginPolicyCap: LoginPolicy = .multiDevice) {
        let seconds = Int64(Date().timeIntervalSince1970)
        epochSeconds = seconds
        let app = AppConfiguration(id: "tencent-app", vendorIDs: ["1400000001"], secret: tencentSecretKey,
                                   loginPolicyCap: loginPolicyCap)
        world = TestWorld(
            configuration: ServiceConfiguration(apps: [app]),
            verifier: UserSigTokenVerifier(fallback: RefuseEveryTokenVerifier()),
            epoch: Timestamp(millisecondsSince1970: seconds * 1000))
    }

    /// A UserSig issued `issuedAgo` seconds before the world's start, valid for `expire` seconds.
    func userSig(_ userID: String, expire: Int64 = 604_800, issuedAgo: Int64 = 0,
                 sdkAppID: Int64 = 1_400_000_001, secretKey: String = tencentSecretKey) -> String {
        UserSig.generate(userID: userID, sdkAppID: sdkAppID, secretKey: secretKey, expire: expire,
                         now: epochSeconds - issuedAgo)
    }
}

/// A TUICallEngine failure: `fail(code, message)`.
struct EngineFailure: Error, Equatable {
    let code: Int32
    let message: String
}

extension TencentUser {
    /// The awaited forms of the APIs the call-flow helpers do not cover.
    var awaiting: TencentAwaiting { TencentAwaiting(user: self) }
}

struct TencentAwaiting {
    let user: TencentUser
    typealias Outcome = Result<Void, ErrorInfo>

    // MARK: LoginStore

    func login(userID: String? = nil, sdkAppID: Int32 = testSDKAppID, sig: String = "sig", in world: TestWorld) async throws -> Outcome {
        let userID = userID ?? user.name
        return try await world.completion { done in
            user.loginStore.login(sdkAppID: sdkAppID, userID: userID, userSig: sig) { done(Box($0)) }
        }.value
    }

    func login(intSDKAppID: Int, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            user.loginStore.login(sdkAppID: intSDKAppID, userID: user.name, userSig: "sig") { done(Box($0)) }
        }.value
    }

    func logout(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in user.loginStore.logout { done(Box($0)) } }.value
    }

    func setSelfInfo(nickname: String?, avatarURL: String?, userID: String = "", in world: TestWorld) async throws -> Outcome {
        var profile = UserProfile()
        profile.userID = userID
        profile.nickname = nickname
        profile.avatarURL = avatarURL
        return try await world.completion { done in
            user.loginStore.setSelfInfo(userProfile: profile) { done(Box($0)) }
        }.value
    }

    // MARK: CallStore records

    func queryRecentCalls(cursor: String, count: UInt, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            user.callStore.queryRecentCalls(cursor: cursor, count: count) { done(Box($0)) }
        }.value
    }

    func deleteRecentCalls(_ ids: [String], in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            user.callStore.deleteRecentCalls(callIdList: ids) { done(Box($0)) }
        }.value
    }

    // MARK: DeviceStore

    func openMicrophone(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in user.deviceStore.openLocalMicrophone { done(Box($0)) } }.value
    }

    func openCamera(isFront: Bool = true, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            user.deviceStore.openLocalCamera(isFront: isFront) { done(Box($0)) }
        }.value
    }

    /// Waits until the device state satisfies `condition` (changes without a completion are published
    /// asynchronously on the callback queue).
    func devices(_ what: String, in world: TestWorld, _ condition: @escaping @Sendable (DeviceState) -> Bool) async throws {
        let store = user.deviceStore
        try await world.requireWhenIdle("\(user.name) devices: \(what)") { condition(store.state.value) }
    }

    func login(_ what: String, in world: TestWorld, _ condition: @escaping @Sendable (LoginState) -> Bool) async throws {
        let store = user.loginStore
        try await world.requireWhenIdle("\(user.name) login state: \(what)") { condition(store.state.value) }
    }

    // MARK: TUICallEngine

    typealias EngineOutcome = Result<Void, EngineFailure>

    private func engine(_ world: TestWorld, _ start: @escaping (@escaping TUICallSucc, @escaping TUICallFail) -> Void) async throws -> EngineOutcome {
        try await world.completion { (done: @escaping @Sendable (Box<EngineOutcome>) -> Void) in
            start({ done(Box(.success(()))) }, { code, message in done(Box(.failure(EngineFailure(code: code, message: message ?? "")))) })
        }.value
    }

    func engineInit(sdkAppID: Int32 = testSDKAppID, sig: String = "sig", in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        let name = user.name
        return try await self.engine(world) { succ, fail in
            engine.`init`(sdkAppID, userId: name, userSig: sig, succ: succ, fail: fail)
        }
    }

    func engineCalls(_ users: [String], _ mediaType: TUICallMediaType, params: TUICallParams?, in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        let box = Box(params)
        return try await self.engine(world) { succ, fail in
            engine.calls(userIdList: users, callMediaType: mediaType, params: box.value, succ: succ, fail: fail)
        }
    }

    func engineAccept(in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        return try await self.engine(world) { engine.accept(succ: $0, fail: $1) }
    }

    func engineHangup(in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        return try await self.engine(world) { engine.hangup(succ: $0, fail: $1) }
    }

    func engineSetSelfInfo(nickname: String?, avatar: String?, in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        return try await self.engine(world) { engine.setSelfInfo(nickname: nickname, avatar: avatar, succ: $0, fail: $1) }
    }

    func engineOpenMicrophone(in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        return try await self.engine(world) { engine.openMicrophone(succ: $0, fail: $1) }
    }

    func engineOpenCamera(_ camera: TUICamera, in world: TestWorld) async throws -> EngineOutcome {
        let engine = user.engine
        return try await self.engine(world) { engine.openCamera(camera, videoView: TUIVideoView(), succ: $0, fail: $1) }
    }

    func engineInviteUser(_ users: [String], in world: TestWorld) async throws -> Result<[String], EngineFailure> {
        let engine = user.engine
        return try await world.completion { (done: @escaping @Sendable (Box<Result<[String], EngineFailure>>) -> Void) in
            engine.inviteUser(userIdList: users, params: TUICallParams(), succ: { done(Box(.success($0))) },
                              fail: { code, message in done(Box(.failure(EngineFailure(code: code, message: message ?? "")))) })
        }.value
    }

    /// `queryRecentCalls(filter:succ:fail:)`: the records, or nil when `fail` ran.
    func engineQueryRecentCalls(_ result: TUICallResultType, in world: TestWorld) async throws -> [TUICallRecords]? {
        let engine = user.engine
        let filter = TUICallRecentCallsFilter()
        filter.result = result
        let box = Box(filter)
        return try await world.completion { (done: @escaping @Sendable (Box<[TUICallRecords]?>) -> Void) in
            engine.queryRecentCalls(filter: box.value, succ: { done(Box($0)) }, fail: { done(Box(nil)) })
        }.value
    }

    /// `deleteRecordCalls(_:succ:fail:)`: the ids deleted, or nil when `fail` ran.
    func engineDeleteRecordCalls(_ ids: [String], in world: TestWorld) async throws -> [String]? {
        let engine = user.engine
        return try await world.completion { (done: @escaping @Sendable (Box<[String]?>) -> Void) in
            engine.deleteRecordCalls(ids, succ: { done(Box($0)) }, fail: { done(Box(nil)) })
        }.value
    }

    // MARK: Calls

    /// `user` calls `callee` (audio unless said otherwise), the callee accepts, both see the call begin.
    /// Returns the call id.
    @discardableResult
    func connect(to callee: TencentUser, _ mediaType: CallMediaType = .audio, in world: TestWorld) async throws -> String {
        let outcome = try await user.calls([callee.name], mediaType, in: world)
        #expect(outcome.isSuccess, "\(user.name) calls \(callee.name): \(outcome)")
        let callID = user.callID
        try await callee.waitFor(prefix: "received \(callID)", in: world)
        let accepted = try await callee.accept(in: world)
        #expect(accepted.isSuccess, "\(callee.name) accepts: \(accepted)")
        try await user.waitFor("tui.begin \(callID)", in: world)
        try await callee.waitFor("tui.begin \(callID)", in: world)
        return callID
    }
}

extension Result where Failure == ErrorInfo {
    /// The failure's `ErrorInfo.code`, nil on success.
    var infoCode: Int? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}

/// Values collected from a sink (any thread).
final class Collected<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

extension Result where Failure == EngineFailure {
    /// The `fail` code, nil when `succ` ran.
    var engineCode: Int32? {
        if case .failure(let failure) = self { return failure.code }
        return nil
    }
}
