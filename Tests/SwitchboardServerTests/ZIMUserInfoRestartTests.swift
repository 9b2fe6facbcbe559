import Dispatch
import Foundation
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardZIM

/// ZIM's user information through the built server over WebSocket, kept in its SQLite file across a
/// `kill -9` (docs/ZIM.md, "User information"; docs/SERVER.md, "User profiles").
@Suite("ZIM user information across a server restart", .serialized)
struct ZIMUserInfoRestartTests {
    @Test("a name given at login, an avatar and extended data set over the WebSocket are what another user queries after kill -9 and a restart; a user who never logged in is in errorUserList")
    func survivesRestart() async throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchboard-zim-users-\(UUID().uuidString).sqlite").path
        let first = try ServerProcess.serve(data: data)
        let port = try await first.waitUntilListening()
        let url = "ws://127.0.0.1:\(port)/v1/signal"

        let alice = try OverTheWire(url: url)
        #expect(try await alice.login("alice", userName: "Alice") == .ZIMErrorCodeSuccess)
        #expect(try await alice.update { alice.zim.updateUserAvatarUrl("https://example.invalid/a.png", callback: $0) } == .ZIMErrorCodeSuccess)
        #expect(try await alice.update { alice.zim.updateUserExtendedData("{\"vip\":true}", callback: $0) } == .ZIMErrorCodeSuccess)
        let tooLong = String(repeating: "x", count: ZIMLimits.userExtendedDataBytes + 1)
        #expect(try await alice.update { alice.zim.updateUserExtendedData(tooLong, callback: $0) } == .ZIMErrorCodeCommonModuleParamsInvalid)
        alice.zim.destroy()

        await first.kill()
        let second = try ServerProcess.serve(port: port, data: data)
        defer { second.stop() }
        _ = try await second.waitUntilListening()

        let bob = try OverTheWire(url: url)
        #expect(try await bob.login("bob", userName: "") == .ZIMErrorCodeSuccess)
        let (users, errors, code) = try await bob.query(["alice", "zed"])
        #expect(code == .ZIMErrorCodeSuccess)
        #expect(users == ["alice name=Alice avatar=https://example.invalid/a.png data={\"vip\":true}"])
        #expect(errors == ["zed:6000011"])
        bob.zim.destroy()
    }
}

/// A ZIM instance talking to a server at `url`, its methods awaited.
private struct OverTheWire: @unchecked Sendable {
    // @unchecked: the instance is used by one test, its callbacks on its own queue.
    let zim: ZIM

    init(url: String) throws {
        let config = ZIMAppConfig()
        config.appID = 1_234_567
        config.appSign = "sign"
        let environment = ClientEnvironment(transport: WebSocketTransport(url: url), clock: .system(),
                                            callbackQueue: DispatchQueue(label: "zim.over.the.wire"))
        zim = try #require(ZIM.create(with: config, environment: environment))
    }

    func login(_ userID: String, userName: String) async throws -> ZIMErrorCode {
        let config = ZIMLoginConfig()
        config.token = "token"
        config.userName = userName
        return try await completed(of: "\(userID)'s login") { done in
            zim.login(withUserID: userID, config: config) { done($0.code) }
        }
    }

    func update(_ start: (@escaping @Sendable (String, ZIMError) -> Void) -> Void) async throws -> ZIMErrorCode {
        try await completed(of: "the update") { done in start { _, error in done(error.code) } }
    }

    func query(_ userIDs: [String]) async throws -> (users: [String], errors: [String], code: ZIMErrorCode) {
        let config = ZIMUsersInfoQueryConfig()
        config.isQueryFromServer = true
        return try await completed(of: "the query of \(userIDs)") { done in
            zim.queryUsersInfo(by: userIDs, config: config) { users, errors, error in
                done((users.map(\.description), errors.map { "\($0.userID):\($0.reason)" }, error.code))
            }
        }
    }
}
