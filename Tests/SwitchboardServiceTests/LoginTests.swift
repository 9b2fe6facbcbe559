import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

@Suite("Login and sessions")
struct LoginTests {
    @Test("a hello is welcomed with a session, the heartbeat interval and no token expiry in development mode")
    func welcome() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        guard case .welcome(let welcome) = alice.frames.first else { Issue.record("no welcome"); return }
        #expect(!welcome.resumed)
        #expect(welcome.heartbeatInterval == .seconds(1))
        #expect(welcome.tokenExpiresAt == nil)
        #expect(welcome.serverTime == harness.now)
        #expect(harness.service.sessionCount(user: "alice") == 1)
        #expect(harness.service.presence(of: "alice") == .online)
    }

    @Test("bad hellos are refused with a typed error and the connection is closed", arguments: [
        (Hello(version: 99, app: "a", user: "alice", device: "d", token: "ok", loginPolicy: .multiDevice), "unsupported_version"),
        (Hello(app: "a", user: "al ice", device: "d", token: "ok", loginPolicy: .multiDevice), "invalid_user_id"),
        (Hello(app: "a", user: UserID(String(repeating: "x", count: 65)), device: "d", token: "ok", loginPolicy: .multiDevice), "invalid_user_id"),
        (Hello(app: "a", user: "", device: "d", token: "ok", loginPolicy: .multiDevice), "invalid_user_id"),
        (Hello(app: "a", user: "alice", device: "", token: "ok", loginPolicy: .multiDevice), "invalid_device_id"),
        (Hello(app: "a", user: "alice", device: "d", token: "forged", loginPolicy: .multiDevice), "invalid_token"),
        (Hello(app: "a", user: "alice", device: "d", token: nil, loginPolicy: .multiDevice), "invalid_token"),
        (Hello(app: "a", user: "alice", device: "d", token: "ok:1000", loginPolicy: .multiDevice), "token_expired"),
    ])
    func refused(hello: Hello, code: String) throws {
        let harness = ServiceHarness(verifier: ScriptedVerifier())
        let connection = harness.connect()
        connection.send(.hello(hello))
        guard case .refused(let error) = connection.frames.last else {
            Issue.record("expected a refusal, got \(connection.frames)")
            return
        }
        #expect(error.code.rawValue == code)
        #expect(!error.message.isEmpty)
        #expect(connection.isClosed)
        #expect(harness.service.sessionCount() == 0)
    }

    @Test("an app id that no configured app lists is refused as unknown_app")
    func unknownApp() throws {
        let app = AppConfiguration(id: "one", vendorIDs: ["agora-1"], secret: "s")
        let harness = ServiceHarness(configuration: ServiceConfiguration(apps: [app]), verifier: ScriptedVerifier())
        let connection = harness.connect()
        connection.send(.hello(Hello(app: "agora-2", user: "alice", device: "d", token: "ok", loginPolicy: .multiDevice)))
        guard case .refused(let error) = connection.frames.last else { Issue.record("not refused"); return }
        #expect(error.code == .service(.unknownApp))
        _ = try harness.login("alice", app: "agora-1", token: "ok")
        #expect(harness.service.sessionCount(app: "one") == 1)
    }

    @Test("a request or a second hello before login gets not_logged_in; a ping is answered")
    func beforeLogin() throws {
        let harness = ServiceHarness()
        let connection = harness.connect()
        let result = try connection.request(.activeCalls(ActiveCallQuery()))
        #expect(result == .failure(SignalingError(.notLoggedIn, "log in with a hello frame first")))
        connection.send(.ping)
        #expect(connection.frames.last == .pong(harness.now))
        #expect(!connection.isClosed)
    }

    @Test("a hello on a logged-in connection is a protocol error that ends the session")
    func helloTwice() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        alice.send(.hello(Hello(app: "app", user: "alice", device: "alice-1", token: "t", loginPolicy: .multiDevice)))
        guard case .bye(let bye) = alice.frames.last else { Issue.record("no bye"); return }
        #expect(bye.reason == .protocolError)
        #expect(alice.isClosed)
        #expect(harness.service.sessionCount() == 0)
    }

    @Test("a single-device login ends the user's other sessions with remoteLogin; a late resume of one is told so")
    func singleDeviceKicks() throws {
        let harness = ServiceHarness()
        let phone = try harness.login("alice", device: "phone", policy: .multiDevice)
        let tablet = try harness.login("alice", device: "tablet", policy: .singleDevice)
        guard case .bye(let bye) = phone.frames.last else { Issue.record("no bye: \(phone.frames)"); return }
        #expect(bye.reason == .remoteLogin)
        #expect(phone.isClosed)
        #expect(!tablet.isClosed)
        #expect(harness.service.sessionCount(user: "alice") == 1)
        #expect(harness.service.presence(of: "alice") == .online)

        let late = harness.connect()
        late.send(.hello(Hello(app: "app", user: "alice", device: "phone", token: "t", loginPolicy: .multiDevice,
                               resume: Hello.Resume(session: phone.session!, lastSequence: 0))))
        #expect(late.frames.last == .bye(Bye(reason: .remoteLogin, message: "the session ended while the client was away")))
        #expect(late.isClosed)
    }

    @Test("a newer login replaces a single-device session even when the newer one allows several devices")
    func exclusiveSessionsGiveWay() throws {
        let harness = ServiceHarness()
        let agora = try harness.login("alice", device: "agora-kit", policy: .singleDevice)
        _ = try harness.login("alice", device: "zim", policy: .multiDevice)
        #expect(agora.isClosed)
        #expect(harness.service.sessionCount(user: "alice") == 1)
    }

    @Test("multi-device logins keep each other; the same device logging in again replaces its old session")
    func multiDevice() throws {
        let harness = ServiceHarness()
        let phone = try harness.login("alice", device: "phone")
        let tablet = try harness.login("alice", device: "tablet")
        #expect(harness.service.sessionCount(user: "alice") == 2)
        #expect(!phone.isClosed && !tablet.isClosed)
        let phoneAgain = try harness.login("alice", device: "phone")
        #expect(phone.isClosed)
        #expect(!phoneAgain.isClosed)
        #expect(harness.service.sessionCount(user: "alice") == 2)
    }

    @Test("an app capped to single-device logins forces the policy")
    func loginPolicyCap() throws {
        let app = AppConfiguration(id: "one", vendorIDs: ["v"], secret: "s", loginPolicyCap: .singleDevice)
        let harness = ServiceHarness(configuration: ServiceConfiguration(apps: [app]), verifier: ScriptedVerifier())
        let phone = try harness.login("alice", device: "phone", app: "v", token: "ok")
        _ = try harness.login("alice", device: "tablet", app: "v", token: "ok")
        #expect(phone.isClosed)
    }

    @Test("too many sessions for one user are refused")
    func sessionLimit() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(maxSessionsPerUser: 2))
        _ = try harness.login("alice", device: "d1")
        _ = try harness.login("alice", device: "d2")
        let third = harness.connect()
        third.send(.hello(Hello(app: "app", user: "alice", device: "d3", token: "t", loginPolicy: .multiDevice)))
        guard case .refused(let error) = third.frames.last else { Issue.record("not refused"); return }
        #expect(error.code == .service(.tooManySessions))
        #expect(harness.service.sessionCount(user: "alice") == 2)
    }

    @Test("logout answers, says bye(loggedOut), closes and takes the user offline")
    func logout() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let result = try alice.request(.logout)
        #expect(result == .success(.empty))
        #expect(alice.frames.last == .bye(Bye(reason: .loggedOut, message: "logged out")))
        #expect(alice.isClosed)
        #expect(harness.service.presence(of: "alice") == .offline)
        #expect(harness.service.sessionCount() == 0)
    }

    @Test("apps are separate worlds: the same user id in two apps never meets")
    func appIsolation() throws {
        let one = AppConfiguration(id: "one", vendorIDs: ["v1"], secret: "s")
        let two = AppConfiguration(id: "two", vendorIDs: ["v2"], secret: "s")
        let harness = ServiceHarness(configuration: ServiceConfiguration(apps: [one, two]), verifier: ScriptedVerifier())
        let alice = try harness.login("alice", app: "v1", token: "ok")
        let bobOne = try harness.login("bob", app: "v1", token: "ok")
        let bobTwo = try harness.login("bob", app: "v2", token: "ok")
        _ = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        #expect(bobOne.callNotes.map(\.kind).contains(.invited(by: "alice")))
        #expect(bobTwo.callNotes.isEmpty)
        #expect(harness.service.activeCalls(app: "one").count == 1)
        #expect(harness.service.activeCalls(app: "two").isEmpty)
    }
}
