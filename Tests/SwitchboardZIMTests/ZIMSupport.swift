import Dispatch
import Foundation
import Synchronization
import Testing
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardTesting
import SwitchboardZIM

/// The app id every test instance uses (any non-zero value in development mode).
let testAppID: UInt32 = 1_234_567

/// One device on the ZIM surface: an isolated `ZIM` instance bound to a `TestWorld`, its user, and a
/// log of every event in order, one line per event:
///
/// - `connection <state> <event>`
/// - `tokenWillExpire <seconds>`
/// - `created <callID> mode=<mode> caller=<caller> data=<extendedData> timeout=<s> users=<list>`
/// - `received <callID> mode=<mode> caller=<caller> inviter=<inviter> data=<extendedData> timeout=<s> users=<list>`
/// - `cancelled <callID> inviter=<inviter> mode=<mode> data=<extendedData>`
/// - `timeout <callID> mode=<mode>`, then the legacy `legacyTimeout <callID>`
/// - `ended <callID> caller=<caller> by=<operatedUserID> mode=<mode> data=<extendedData>`
/// - `state <callID> <list>`
/// - legacy: `legacyAccepted <callID> <invitee> <data>`, `legacyRejected <callID> <invitee> <data>`,
///   `legacyAnsweredTimeout <callID> <invitees comma-separated>`
///
/// `<list>` is `user:state[:data]` separated by commas, in call order, with the state's Swift name
/// (`bob:received`, `bob:accepted:hi`).
final class ZIMUser: ZIMEventHandler, @unchecked Sendable {
    // @unchecked: `log` is behind a Mutex; the rest is set once in init. Events arrive on one queue.
    let name: String
    let zim: ZIM
    let queue: DispatchQueue
    private let log = Mutex<[String]>([])
    /// Every event's time on the world's clock is the same as the test's, so lines carry no times.
    let timeline: ZIMTimeline?

    init(_ name: String, in world: TestWorld, queue: DispatchQueue? = nil, faults: FaultInjector? = nil,
         timeline: ZIMTimeline? = nil) {
        self.name = name
        self.queue = queue ?? DispatchQueue(label: "zim.test.\(name)")
        self.timeline = timeline
        let config = ZIMAppConfig()
        config.appID = testAppID
        config.appSign = "sign"
        zim = ZIM.create(with: config, environment: world.environment(callbackQueue: self.queue, faults: faults))!
        zim.setEventHandler(self)
    }

    var events: [String] { log.withLock { $0 } }
    func clear() { log.withLock { $0.removeAll() } }
    func events(_ prefix: String) -> [String] { events.filter { $0.hasPrefix(prefix) } }

    func record(_ line: String) {
        log.withLock { $0.append(line) }
        timeline?.append("\(name): \(line)")
    }

    // MARK: Waiting

    func waitFor(_ line: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(line): \(events)") { self.events.contains(line) }
    }

    func waitFor(prefix: String, in world: TestWorld) async throws {
        try await world.requireWhenIdle("\(name) logs \(prefix)…: \(events)") { self.events.contains { $0.hasPrefix(prefix) } }
    }

    // MARK: Login

    @discardableResult
    func login(token: String = "token", in world: TestWorld) async throws -> ZIMError {
        let config = ZIMLoginConfig()
        config.token = token
        let error: ZIMError = try await world.completion { done in
            self.zim.login(withUserID: self.name, config: config) { done(ZIMErrorBox($0)) }
        }.error
        if error.code == .ZIMErrorCodeSuccess {
            try await waitFor("connection connected success", in: world)
        }
        return error
    }

    func logout(in world: TestWorld) async throws {
        zim.logout()
        try await waitFor("connection disconnected success", in: world)
    }

    // MARK: Calls (each returns the callback's values)

    struct Invited: Sendable {
        let callID: String
        let timeout: UInt32
        let errorUsers: [String]
        let code: ZIMErrorCode
    }

    func invite(
        _ invitees: [String], mode: ZIMCallInvitationMode = .general, timeout: UInt32 = 0, data: String = "",
        notReceivedCheck: Bool = false, in world: TestWorld
    ) async throws -> Invited {
        let config = ZIMCallInviteConfig()
        config.mode = mode
        config.timeout = timeout
        config.extendedData = data
        config.enableNotReceivedCheck = notReceivedCheck
        return try await world.completion { done in
            self.zim.callInvite(with: invitees, config: config) { callID, info, error in
                done(Invited(callID: callID, timeout: info.timeout,
                             errorUsers: info.errorUserList.map { "\($0.userID):\($0.reason)" }, code: error.code))
            }
        }
    }

    func cancel(_ invitees: [String], _ callID: String, data: String = "", in world: TestWorld) async throws -> (errorInvitees: [String], code: ZIMErrorCode) {
        let config = ZIMCallCancelConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callCancel(with: invitees, callID: callID, config: config) { _, errorInvitees, error in
                done((errorInvitees, error.code))
            }
        }
    }

    func accept(_ callID: String, data: String = "", in world: TestWorld) async throws -> ZIMErrorCode {
        let config = ZIMCallAcceptConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callAccept(with: callID, config: config) { _, error in done(error.code) }
        }
    }

    func reject(_ callID: String, data: String = "", in world: TestWorld) async throws -> ZIMErrorCode {
        let config = ZIMCallRejectConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callReject(with: callID, config: config) { _, error in done(error.code) }
        }
    }

    func callingInvite(_ invitees: [String], _ callID: String, in world: TestWorld) async throws -> (errorUsers: [String], code: ZIMErrorCode) {
        try await world.completion { done in
            self.zim.callingInvite(with: invitees, callID: callID, config: ZIMCallingInviteConfig()) { _, info, error in
                done((info.errorUserList.map { "\($0.userID):\($0.reason)" }, error.code))
            }
        }
    }

    func join(_ callID: String, data: String = "", in world: TestWorld) async throws -> (users: [String], code: ZIMErrorCode) {
        let config = ZIMCallJoinConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callJoin(by: callID, config: config) { _, info, error in
                done((info.callUserList.map(describe), error.code))
            }
        }
    }

    func quit(_ callID: String, data: String = "", in world: TestWorld) async throws -> ZIMErrorCode {
        let config = ZIMCallQuitConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callQuit(by: callID, config: config) { _, _, error in done(error.code) }
        }
    }

    func end(_ callID: String, data: String = "", in world: TestWorld) async throws -> ZIMErrorCode {
        let config = ZIMCallEndConfig()
        config.extendedData = data
        return try await world.completion { done in
            self.zim.callEnd(by: callID, config: config) { _, _, error in done(error.code) }
        }
    }

    struct Page: Sendable {
        let calls: [String]
        let nextFlag: Int64
        let code: ZIMErrorCode
    }

    /// One page of `queryCallInvitationList`; each call as `<callID> <state> mode=<mode> caller=<c> inviter=<i> data=<d> users=<list>`.
    func query(count: UInt32, nextFlag: Int64 = 0, in world: TestWorld) async throws -> Page {
        let config = ZIMCallInvitationQueryConfig()
        config.count = count
        config.nextFlag = nextFlag
        return try await world.completion { done in
            self.zim.queryCallInvitationList(with: config) { list, next, error in
                let calls = list.map { info in
                    "\(info.callID) \(info.state) mode=\(info.mode) caller=\(info.caller) inviter=\(info.inviter) data=\(info.extendedData) users=\(describe(info.callUserList))"
                }
                done(Page(calls: calls, nextFlag: next, code: error.code))
            }
        }
    }

    // MARK: ZIMEventHandler

    func zim(_ zim: ZIM, connectionStateChanged state: ZIMConnectionState, event: ZIMConnectionEvent, extendedData: [AnyHashable: Any]) {
        record("connection \(state) \(event)")
    }

    func zim(_ zim: ZIM, tokenWillExpire second: UInt32) {
        record("tokenWillExpire \(second)")
    }

    func zim(_ zim: ZIM, callInvitationCreated info: ZIMCallInvitationCreatedInfo, callID: String) {
        record("created \(callID) mode=\(info.mode) caller=\(info.caller) data=\(info.extendedData) timeout=\(info.timeout) users=\(describe(info.callUserList))")
    }

    func zim(_ zim: ZIM, callInvitationReceived info: ZIMCallInvitationReceivedInfo, callID: String) {
        record("received \(callID) mode=\(info.mode) caller=\(info.caller) inviter=\(info.inviter) data=\(info.extendedData) timeout=\(info.timeout) users=\(describe(info.callUserList))")
    }

    func zim(_ zim: ZIM, callInvitationCancelled info: ZIMCallInvitationCancelledInfo, callID: String) {
        record("cancelled \(callID) inviter=\(info.inviter) mode=\(info.mode) data=\(info.extendedData)")
    }

    func zim(_ zim: ZIM, callInvitationTimeout info: ZIMCallInvitationTimeoutInfo, callID: String) {
        record("timeout \(callID) mode=\(info.mode)")
    }

    func zim(_ zim: ZIM, callInvitationEnded info: ZIMCallInvitationEndedInfo, callID: String) {
        record("ended \(callID) caller=\(info.caller) by=\(info.operatedUserID) mode=\(info.mode) data=\(info.extendedData)")
    }

    func zim(_ zim: ZIM, callUserStateChanged info: ZIMCallUserStateChangeInfo, callID: String) {
        record("state \(callID) \(describe(info.callUserList))")
    }

    func zim(_ zim: ZIM, callInvitationTimeout callID: String) {
        record("legacyTimeout \(callID)")
    }

    func zim(_ zim: ZIM, callInvitationAccepted info: ZIMCallInvitationAcceptedInfo, callID: String) {
        record("legacyAccepted \(callID) \(info.invitee) \(info.extendedData)")
    }

    func zim(_ zim: ZIM, callInvitationRejected info: ZIMCallInvitationRejectedInfo, callID: String) {
        record("legacyRejected \(callID) \(info.invitee) \(info.extendedData)")
    }

    func zim(_ zim: ZIM, callInviteesAnsweredTimeout invitees: [String], callID: String) {
        record("legacyAnsweredTimeout \(callID) \(invitees.joined(separator: ","))")
    }
}

/// `user:state[:data]`, comma-separated.
func describe(_ users: [ZIMCallUserInfo]) -> String {
    users.map(describe).joined(separator: ",")
}

func describe(_ user: ZIMCallUserInfo) -> String {
    user.extendedData.isEmpty ? "\(user.userID):\(user.state)" : "\(user.userID):\(user.state):\(user.extendedData)"
}

/// A `ZIMError` carried out of a callback.
struct ZIMErrorBox: @unchecked Sendable {
    // @unchecked: read once by the test after the callback handed it over.
    let error: ZIMError
    init(_ error: ZIMError) { self.error = error }
}

/// Every user's events in one order, for tests that look across devices.
final class ZIMTimeline: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A world and helpers to build the usual scenes in it.
struct ZIMScene {
    let world: TestWorld

    init(configuration: ServiceConfiguration = .development) {
        world = TestWorld(configuration: configuration)
    }

    func user(_ name: String, faults: FaultInjector? = nil) -> ZIMUser {
        ZIMUser(name, in: world, faults: faults)
    }

    /// Users created and logged in, in order.
    func loggedIn(_ names: String...) async throws -> [ZIMUser] {
        var users: [ZIMUser] = []
        for name in names {
            let user = ZIMUser(name, in: world)
            let error = try await user.login(in: world)
            #expect(error.code == .ZIMErrorCodeSuccess, "\(name) login: \(error)")
            users.append(user)
        }
        return users
    }
}
