import Testing
@testable import SwitchboardClient
import SwitchboardCore
import SwitchboardWire

private let one = "ws://127.0.0.1:7481/v1/signal"
private let two = "ws://127.0.0.1:7482/v1/signal"
private let three = "wss://signal.example.com/v1/signal"

/// `SWITCHBOARD_URL` and the other places a server URL is configured (docs/ARCHITECTURE.md, "Several
/// server URLs").
@Suite("Server URL lists")
struct ServerURLListTests {
    @Test("one URL, or several separated by commas, whitespace around each ignored")
    func parsesLists() throws {
        #expect(try ServerURLList.parse(one) == [one])
        #expect(try ServerURLList.parse("\(one),\(two)") == [one, two])
        #expect(try ServerURLList.parse("  \(one) ,\n\t\(two),   \(three)  ") == [one, two, three])
        #expect(try ServerURLList.parse("WS://127.0.0.1:7481/v1/signal") == ["WS://127.0.0.1:7481/v1/signal"])
    }

    @Test("an empty entry, or one that is not a ws:// or wss:// URL with a host, is invalid_server_url naming it",
          arguments: [
              ("", "the server URL is empty"),
              ("  ", "the server URL is empty"),
              ("\(one),,\(two)", "server URL 2 of 3 is empty"),
              ("\(one),", "server URL 2 of 2 is empty"),
              (",\(one)", "server URL 1 of 2 is empty"),
              ("\(one),http://127.0.0.1:7482/v1/signal", "server URL 2 of 2, \"http://127.0.0.1:7482/v1/signal\", is not"),
              ("127.0.0.1:7481", "the server URL, \"127.0.0.1:7481\", is not"),
              ("ws:///v1/signal", "the server URL, \"ws:///v1/signal\", is not"),
          ])
    func refusesBadEntries(list: String, message: String) {
        #expect {
            try ServerURLList.parse(list)
        } throws: { error in
            guard let error = error as? SignalingError else { return false }
            return error.code == .service(.invalidServerURL) && error.message.hasPrefix(message)
        }
    }

    @Test("no URLs at all is invalid_server_url; a transport or an environment with a bad one is not made")
    func emptyAndConstructors() throws {
        #expect(throws: SignalingError(.invalidServerURL, "no server URL given")) { try ServerURLList.validated([]) }
        #expect(throws: SignalingError.self) { try WebSocketTransport(urls: []) }
        #expect(throws: SignalingError.self) { try WebSocketTransport(urls: [one, ""]) }
        #expect(throws: SignalingError.self) { try ClientEnvironment.network(urls: ["http://127.0.0.1/v1/signal"]) }
        let transport = try WebSocketTransport(urls: [one, two], first: 1)
        #expect(transport.urls == [one, two])
        #expect(transport.url == one)
        #expect(transport.connectedURL == nil)
        let environment = try ClientEnvironment.network(urls: [one, two])
        #expect((environment.transport as? WebSocketTransport)?.urls == [one, two])
        // The one-URL initializer is as before: the URL is not checked until it is connected to.
        #expect(WebSocketTransport(url: "not a url").urls == ["not a url"])
    }

    @Test("SWITCHBOARD_URL's value: a list makes the network environment; a bad one fails every login at once with invalid_server_url")
    func environmentVariable() async throws {
        let good = ClientEnvironment.configured(by: " \(one) , \(two) ")
        #expect((good.transport as? WebSocketTransport)?.urls == [one, two])

        let bad = ClientEnvironment.configured(by: "\(one),,\(two)")
        let session = ClientSession(
            configuration: ClientConfiguration(app: "test-app", user: "alice", device: "alice-1", token: "t"),
            transport: bad.transport, clock: bad.clock)
        await #expect(throws: SignalingError(.invalidServerURL, "SWITCHBOARD_URL: server URL 2 of 3 is empty")) {
            try await session.login()
        }
        #expect(await session.state == .disconnected)
        await session.shutdown()
    }

    @Test("a login whose transport has no valid URL fails at once (loginFailure), other connection failures retry")
    func machineEndsLoginOnBadURL() throws {
        var machine = ConnectionStateMachine(timing: ClientTiming())
        _ = try machine.loginRequested(at: Timestamp(millisecondsSince1970: 0))
        let error = SignalingError(.invalidServerURL, "bad")
        #expect(machine.linkFailed(error) == [.report(.disconnected, .loginFailure), .finishLogin(error), .closeLink])
        #expect(machine.state == .disconnected)

        var retrying = ConnectionStateMachine(timing: ClientTiming())
        _ = try retrying.loginRequested(at: Timestamp(millisecondsSince1970: 0))
        #expect(retrying.linkFailed(SignalingError(.disconnected, "cannot reach")) == [.scheduleReconnect(.milliseconds(500))])
        #expect(retrying.state == .connecting)
    }
}

/// The order of a transport's connection attempts over its URLs.
@Suite("Server rotation")
struct ServerRotationTests {
    @Test("attempts go round the URLs in order from the first one chosen")
    func roundTheList() {
        var rotation = ServerRotation(urls: ["a", "b", "c"], first: 1)
        #expect((0..<7).map { _ in rotation.next() } == [1, 2, 0, 1, 2, 0, 1])
        var single = ServerRotation(urls: ["a"], first: 5)
        #expect((0..<3).map { _ in single.next() } == [0, 0, 0])
        #expect(ServerRotation(urls: ["a", "b", "c"], first: 4).cursor == 1)
        #expect(ServerRotation(urls: ["a", "b", "c"], first: -1).cursor == 2)
    }

    @Test("a failed URL is passed over while another has not failed; a link that opens to it brings it back")
    func failedPassedOver() {
        var rotation = ServerRotation(urls: ["a", "b", "c"], first: 0)
        #expect(rotation.next() == 0)
        rotation.failed(0)
        #expect(rotation.next() == 1)
        rotation.connected(1)
        // b's session is refused and logs in afresh: b again, then c, never a while they are there.
        #expect(rotation.next() == 2)
        #expect(rotation.next() == 1)
        #expect(rotation.next() == 2)
        #expect(rotation.hasFailed(0))
        rotation.connected(0)
        #expect(!rotation.hasFailed(0))
        #expect(rotation.next() == 0)
    }

    @Test("when every URL has failed, the one that failed longest ago is tried first")
    func allFailed() {
        var rotation = ServerRotation(urls: ["a", "b", "c"], first: 0)
        for _ in 0..<3 { rotation.failed(rotation.next()) }  // a, b, c fail in turn
        #expect(rotation.next() == 0)
        rotation.failed(0)  // a again: now b failed longest ago
        #expect(rotation.next() == 1)
        rotation.failed(1)
        #expect(rotation.next() == 2)
        rotation.connected(2)
        #expect(rotation.next() == 2)  // the only one that has not failed since
    }

    @Test("a random first URL spreads clients over every URL")
    func randomStart() throws {
        let firsts = try Set((0..<200).map { _ in try WebSocketTransport(urls: ["ws://a/v1/signal", "ws://b/v1/signal", "ws://c/v1/signal"]) }
            .map(\.nextIndex))
        #expect(firsts == [0, 1, 2])
    }
}
