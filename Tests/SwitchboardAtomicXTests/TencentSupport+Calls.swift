import Foundation
import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardCore
import SwitchboardServer
import SwitchboardService
import SwitchboardTesting
import SwitchboardWire

// Helpers of the Tencent call conformance suites (TencentCallFlowTests, TencentEndReasonTests,
// TencentMultiDeviceTests, TencentGuardTests).

/// Devices logged in to `world`, one per name, in order (each login must succeed).
func tencentUsers(_ names: String..., in world: TestWorld) async throws -> [TencentUser] {
    var users: [TencentUser] = []
    for name in names {
        let user = TencentUser(name, in: world)
        let outcome = try await user.login(in: world)
        #expect(outcome.isSuccess, "\(name) logs in: \(outcome)")
        users.append(user)
    }
    return users
}

/// `user`'s whole log must be `expected`, line for line.
func expectLog(_ user: TencentUser, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(user.events == expected, "log of \(user.name)", sourceLocation: sourceLocation)
}

/// `user`'s log without the `status` lines.
func expectCallLog(_ user: TencentUser, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(user.events.filter { !$0.hasPrefix("status ") } == expected, "log of \(user.name)", sourceLocation: sourceLocation)
}

/// The code of a failed completion (nil on success).
func code(_ outcome: TencentUser.Outcome) -> Int? {
    if case .failure(let error) = outcome { return error.code }
    return nil
}

/// The message of a failed completion ("" on success).
func message(_ outcome: TencentUser.Outcome) -> String {
    if case .failure(let error) = outcome { return error.message }
    return ""
}

extension TencentUser {
    /// Calls `callees`, expects success and waits until each logs `received`: returns the call id.
    @discardableResult
    func ring(_ callees: [TencentUser], _ mediaType: CallMediaType = .video, params: CallParams? = nil,
              in world: TestWorld, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let outcome = try await calls(callees.map(\.name), mediaType, params: params, in: world)
        #expect(outcome.isSuccess, "\(name) calls \(callees.map(\.name)): \(outcome)", sourceLocation: sourceLocation)
        let id = callID
        #expect(!id.isEmpty, sourceLocation: sourceLocation)
        try await waitFor("started \(id) \(mediaType)", in: world)
        for callee in callees {
            try await callee.waitFor(prefix: "received \(id)", in: world)
        }
        return id
    }

    /// Accepts the ringing call (expecting success) and waits until the device shows itself connected.
    func answer(in world: TestWorld, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let outcome = try await accept(in: world)
        #expect(outcome.isSuccess, "\(name) accepts: \(outcome)", sourceLocation: sourceLocation)
        try await waitFor(prefix: "tui.begin", in: world)
    }

    /// The participants the device shows, as `id:status`.
    var participants: [String] {
        state.allParticipants.map { "\($0.id):\($0.status)" }
    }

    /// `TUICallEngine.ignore`, awaited.
    @discardableResult
    func ignore(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.engine.ignore(succ: { done(Box(.success(()))) },
                               fail: { code, message in done(Box(.failure(ErrorInfo(code: Int(code), message: message ?? "")))) })
        }.value
    }

    /// `TUICallEngine.enableMultiDeviceAbility`, awaited.
    @discardableResult
    func enableMultiDevice(_ enable: Bool = true, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.engine.enableMultiDeviceAbility(
                enable: enable, succ: { done(Box(.success(()))) },
                fail: { code, message in done(Box(.failure(ErrorInfo(code: Int(code), message: message ?? "")))) })
        }.value
    }

    /// `LoginStore.logout`, awaited.
    @discardableResult
    func logout(in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in self.loginStore.logout { done(Box($0)) } }.value
    }

    /// `CallStore.invite` with explicit params, awaited.
    @discardableResult
    func invite(_ users: [String], params: CallParams?, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.callStore.invite(participantIds: users, params: params) { done(Box($0)) }
        }.value
    }

    /// `CallStore.queryRecentCalls`, awaited.
    @discardableResult
    func queryRecentCalls(cursor: String = "", count: UInt = 10, in world: TestWorld) async throws -> Outcome {
        try await world.completion { done in
            self.callStore.queryRecentCalls(cursor: cursor, count: count) { done(Box($0)) }
        }.value
    }
}

/// The SecretKey of the configured app in the tests that check UserSigs.
let tencentTestSecret = "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e"

/// Refuses every login that is not a Tencent UserSig login of a configured app.
struct RefuseOtherLogins: TokenVerifier {
    func verify(token: String?, user: UserID, app: AppConfiguration?, vendorApp: String, surface: String?,
                at now: Timestamp) throws(SignalingError) -> TokenGrant {
        throw SignalingError(.invalidToken, "only UserSig logins here")
    }
}

/// A world with one configured app (`testSDKAppID`, ``tencentTestSecret``) whose logins need real
/// UserSigs; its clock starts at the real time, which `GenerateTestUserSig` issues sigs at.
func configuredWorld(pushesOfflineInvitations: Bool) -> TestWorld {
    let app = AppConfiguration(id: "tencent-app", vendorIDs: [String(testSDKAppID)], secret: tencentTestSecret,
                               pushesOfflineInvitations: pushesOfflineInvitations)
    let now = Int64(Date().timeIntervalSince1970.rounded(.down))
    return TestWorld(configuration: ServiceConfiguration(apps: [app]),
                     verifier: UserSigTokenVerifier(fallback: RefuseOtherLogins()),
                     epoch: Timestamp(millisecondsSince1970: now * 1000))
}

/// A genuine UserSig for `user` of the configured app.
func testUserSig(_ user: String) -> String {
    GenerateTestUserSig.genTestUserSig(userID: user, sdkAppID: testSDKAppID, secretKey: tencentTestSecret)
}

/// Collects values from a subscriber closure (test side, any thread).
final class CallValues<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
