import Synchronization
import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// A cluster node's side of the service (docs/ARCHITECTURE.md, "One node or many"): the apps it hosts,
/// the connections it bridges to the nodes hosting the others, and what a fenced write does. In memory,
/// on a test clock: the cluster's real store and bus are tested against PostgreSQL in
/// SwitchboardClusterTests and SwitchboardCrossSurfaceTests.
@Suite("Cluster: hosting, routing and fencing in the service")
struct ClusterHostingTests {
    private static let apps = ServiceConfiguration(apps: [
        AppConfiguration(id: "one", vendorIDs: ["v1"], secret: "s"),
        AppConfiguration(id: "two", vendorIDs: ["v2"], secret: "s"),
        AppConfiguration(id: "three", vendorIDs: ["v3"], secret: "s"),
    ])

    private static let bye = ServerFrame.bye(Bye(reason: .serverShutdown, message: ""))

    private func node(_ router: TestRouter, store: RecordingStore) -> ServiceHarness {
        ServiceHarness(configuration: Self.apps, verifier: ScriptedVerifier(), store: store, cluster: router)
    }

    private func hello(_ user: UserID, app: String) -> Hello {
        Hello(app: app, user: user, device: DeviceID("\(user.rawValue)-1"), token: "ok", loginPolicy: .multiDevice)
    }

    /// A connection that sent its hello (routed or refused: nothing is answered for it here).
    private func connect(_ harness: ServiceHarness, _ user: UserID, app: String) -> RawConnection {
        let connection = harness.connect()
        connection.send(.hello(hello(user, app: app)))
        return connection
    }

    @Test("a service with a router hosts nothing: a hello and every later frame go to the route, unanswered")
    func routesWhatItDoesNotHost() throws {
        let router = TestRouter(["one": "n2"])
        let harness = node(router, store: RecordingStore())
        let client = connect(harness, "alice", app: "v1")

        let route = try #require(router.routes.first)
        #expect(router.routes.count == 1)
        #expect(route.node == "n2")
        #expect(router.asked.map(\.app) == ["one"])
        #expect(router.asked.map(\.connection) == [client.id])
        let request = Request(id: 1, operation: .queryPresence(["bob"]))
        client.send(.ping)
        client.send(.request(request))
        client.send(.ack(3))
        client.send(.hello(hello("alice", app: "v1")))
        #expect(route.forwarded == [.hello(hello("alice", app: "v1")), .ping, .request(request), .ack(3),
                                    .hello(hello("alice", app: "v1"))])
        #expect(client.frames.isEmpty, "the hosting node answers, through deliverRouted")
        #expect(!client.isClosed)
        #expect(harness.service.hostedApps.isEmpty)
        #expect(harness.service.sessionCount(app: "one") == 0)
        #expect(route.closes == 0)
    }

    @Test("with no node hosting the app (a takeover under way) the hello is refused overloaded and the connection closed")
    func noRouteIsOverloaded() throws {
        let router = TestRouter(["one": "n2"])
        let harness = node(router, store: RecordingStore())
        let client = connect(harness, "alice", app: "v2")

        #expect(router.asked.map(\.app) == ["two"])
        #expect(router.routes.isEmpty)
        #expect(client.frames.count == 1)
        guard case .refused(let error) = client.frames.first else {
            Issue.record("expected a refusal, got \(client.frames)")
            return
        }
        #expect(error.code == .service(.overloaded))
        #expect(client.isClosed)
        client.send(.ping)
        #expect(client.frames.count == 1, "a closed connection gets nothing more")
    }

    @Test("host(app) reads the app's live calls and profiles back: a ringing call keeps its deadline, a connected one stays connected; other apps stay out")
    func hostReadsTheAppBack() async throws {
        let store = RecordingStore()
        // The first host of "one" and "two": a ringing call, a connected one and a profile in "one", a
        // ringing call in "two".
        let first = node(TestRouter(), store: store)
        first.service.host("one")
        first.service.host("two")
        let alice = try first.login("alice", app: "v1", token: "ok")
        _ = try first.login("bob", app: "v1", token: "ok")
        let carol = try first.login("carol", app: "v1", token: "ok")
        let dave = try first.login("dave", app: "v1", token: "ok")
        let erin = try first.login("erin", app: "v2", token: "ok")
        _ = try first.login("frank", app: "v2", token: "ok")
        let ringing = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        let connected = try carol.call(.invite(InviteRequest(invitees: ["dave"], profile: .nativeAdvanced)))
        _ = try dave.call(.call(connected.id, .accept(data: nil)))
        _ = try alice.request(.setProfile(nickname: "Alice", avatarURL: nil)).get()
        let other = try erin.call(.invite(InviteRequest(invitees: ["frank"])))
        #expect(store.liveCalls(app: "one").count == 2)

        // The next host of "one", 10 s into the ring timeout (30 s).
        let second = node(TestRouter(), store: store)
        store.clearReads()
        await second.advance(by: .seconds(10))
        second.service.host("one")
        #expect(second.service.hostedApps == ["one"])
        #expect(store.reads == ["restore one"], "only the hosted app is read back")
        let calls = second.service.activeCalls(app: "one")
        #expect(calls.map(\.id) == [ringing.id, connected.id])
        #expect(calls.map(\.state) == [.ringing, .connected])
        #expect(second.service.activeCalls(app: "two").isEmpty)
        #expect(!second.service.activeCalls(app: "two").contains { $0.id == other.id })

        let bob = try second.login("bob", app: "v1", token: "ok")
        guard case .profiles(let profiles, _) = try bob.request(.queryProfiles(["alice"])).get() else {
            Issue.record("expected profiles")
            return
        }
        #expect(profiles.map(\.nickname) == ["Alice"])

        // The deadline is the one set at the invitation (30 s), not 30 s from the takeover.
        await second.advance(by: .seconds(19))
        #expect(second.service.activeCalls(app: "one").map(\.state) == [.ringing, .connected])
        await second.advance(by: .seconds(2))
        #expect(second.service.activeCalls(app: "one").map(\.id) == [connected.id])
        #expect(second.service.activeCalls(app: "one").map(\.state) == [.connected])
        #expect(bob.callNotes.last { $0.call.id == ringing.id }?.kind == .timedOut(.noAnswer))
        #expect(store.liveCalls(app: "one").map(\.id) == [connected.id])
        #expect(store.liveCalls(app: "two").map(\.id) == [other.id], "the app not hosted is not written")
    }

    @Test("unhost(app, flush: true): pending records are written, then every attached session gets bye and its connection closes; the live calls stay for a second host()")
    func unhostFlushes() throws {
        let store = RecordingStore()
        let router = TestRouter()
        let harness = node(router, store: store)
        harness.service.host("one")
        harness.service.host("two")
        let alice = try harness.login("alice", app: "v1", token: "ok")
        let bob = try harness.login("bob", app: "v1", token: "ok")
        let carol = try harness.login("carol", app: "v1", token: "ok")
        _ = try harness.login("dave", app: "v1", token: "ok")
        let erin = try harness.login("erin", app: "v2", token: "ok")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .accept(data: nil)))

        // A call whose records the store refuses (with the rest of their steps): they wait for the next write.
        store.fail { if case .record = $0 { true } else { false } }
        let refused = try carol.call(.invite(InviteRequest(invitees: ["dave"])))
        _ = try carol.call(.call(refused.id, .cancel(invitees: nil, data: nil)))
        store.fail(false)
        #expect(store.savedRecords.isEmpty)

        store.watched = alice
        harness.service.unhost("one", flush: true)

        let saved = store.savedRecords
        try #require(saved.count == 2)
        #expect(Set(saved.map(\.record.owner)) == ["carol", "dave"])
        #expect(saved.allSatisfy { $0.record.callID == refused.id })
        #expect(saved.allSatisfy { $0.framesBefore == saved[0].framesBefore })
        #expect(saved[0].framesBefore == alice.frames.count - 1, "the records are written before the bye goes out")
        for (name, connection) in [("alice", alice), ("bob", bob), ("carol", carol)] {
            #expect(connection.frames.last.map(Self.isBye) == true, "\(name) is told to reconnect")
            #expect(connection.isClosed, "\(name)'s connection closes")
        }
        #expect(router.stopped == ["one"])
        #expect(harness.service.hostedApps == ["two"])
        #expect(harness.service.sessionCount(app: "one") == 0)
        #expect(harness.service.activeCalls(app: "one").isEmpty)
        #expect(!erin.isClosed && !erin.frames.contains { Self.isBye($0) }, "the other app is not touched")
        #expect(store.liveCalls(app: "one").map(\.id) == [call.id], "the live call stays in the store")

        harness.service.host("one")
        let back = harness.service.activeCalls(app: "one")
        #expect(back.map(\.id) == [call.id])
        #expect(back.map(\.state) == [.connected])
    }

    @Test("fenced: the store refuses app one's writes of a step that also writes app two; one's frames are dropped and one is given up, two's go out and two goes on")
    func fencedStepDropsTheApp() throws {
        let store = RecordingStore()
        let router = TestRouter()
        let harness = node(router, store: store)
        harness.service.host("one")
        harness.service.host("two")
        let alice = try harness.login("alice", app: "v1", token: "ok")
        let bob = try harness.login("bob", app: "v1", token: "ok")
        let carol = try harness.login("carol", app: "v2", token: "ok")
        let dave = try harness.login("dave", app: "v2", token: "ok")
        let before = (alice: alice.frames.count, bob: bob.frames.count, carol: carol.frames.count, dave: dave.frames.count)

        store.fence("one")
        harness.service.receive([
            (.request(Request(id: 100, operation: .invite(InviteRequest(invitees: ["bob"])))), alice.id),
            (.request(Request(id: 100, operation: .invite(InviteRequest(invitees: ["dave"], profile: .nativeAdvanced)))), carol.id),
        ])

        // One's frames of the step are not sent; its sessions are told to reconnect, and closed.
        #expect(alice.frames[before.alice...].count == 1 && alice.frames.last.map(Self.isBye) == true)
        #expect(bob.frames[before.bob...].count == 1 && bob.frames.last.map(Self.isBye) == true)
        #expect(alice.isClosed && bob.isClosed)
        #expect(router.stopped == ["one"])
        #expect(harness.service.hostedApps == ["two"])
        #expect(store.liveCalls(app: "one").isEmpty, "nothing of the fenced app was written")

        // Two's are.
        let answer = carol.frames[before.carol...].compactMap { frame -> Call? in
            guard case .response(let response) = frame, response.id == 100, case .success(.call(let call, _)) = response.result
            else { return nil }
            return call
        }
        let call = try #require(answer.first)
        #expect(dave.frames.count > before.dave)
        #expect(dave.callNotes.last?.kind == .invited(by: "carol"))
        #expect(store.liveCalls(app: "two").map(\.id) == [call.id])
        #expect(!carol.isClosed && !dave.isClosed)

        // And two goes on.
        let accepted = try dave.call(.call(call.id, .accept(data: nil)))
        #expect(accepted.state == .connected)
        #expect(store.liveCalls(app: "two").map(\.state) == [.connected])
        #expect(carol.callNotes.last?.call.state == .connected)
    }

    @Test("deliverRouted and routeClosed act on routed connections only; dropRoutes(to:) says bye to that node's; a closed client tells its route")
    func bridgedConnections() throws {
        let router = TestRouter(["one": "n2", "two": "n3"])
        let harness = node(router, store: RecordingStore())
        harness.service.host("three")
        let a = connect(harness, "alice", app: "v1")
        let b = connect(harness, "bob", app: "v1")
        let c = connect(harness, "carol", app: "v2")
        let local = try harness.login("dave", app: "v3", token: "ok")
        let fresh = harness.connect()
        #expect(router.routes.map(\.node) == ["n2", "n2", "n3"])
        let routeOf = { (connection: RawConnection) in router.routes[router.asked.firstIndex { $0.connection == connection.id }!] }
        let localFrames = local.frames.count

        let pong = ServerFrame.pong(ServiceHarness.epoch)
        harness.service.deliverRouted([pong, .bye(Bye(reason: .loggedOut, message: "x"))], to: a.id)
        harness.service.deliverRouted([pong], to: local.id)
        harness.service.deliverRouted([pong], to: fresh.id)
        #expect(a.frames == [pong, .bye(Bye(reason: .loggedOut, message: "x"))])
        #expect(b.frames.isEmpty && c.frames.isEmpty)
        #expect(local.frames.count == localFrames, "a session of a hosted app is not a routed connection")
        #expect(fresh.frames.isEmpty)

        harness.service.routeClosed(b.id)
        harness.service.routeClosed(local.id)
        harness.service.routeClosed(fresh.id)
        #expect(b.isClosed)
        #expect(routeOf(b).closes == 0, "the hosting node closed it: nothing to tell it")
        #expect(!local.isClosed && !fresh.isClosed)
        b.send(.ping)
        #expect(routeOf(b).forwarded == [.hello(hello("bob", app: "v1"))], "a closed route forwards nothing more")

        harness.service.dropRoutes(to: "n2")
        #expect(a.isClosed)
        #expect(a.frames.last.map(Self.isBye) == true)
        #expect(!c.isClosed && c.frames.isEmpty, "n3's connections stay")
        #expect(!local.isClosed && local.frames.count == localFrames)

        c.drop()
        #expect(routeOf(c).closes == 1)
        #expect(routeOf(a).closes == 0)
        c.drop()
        #expect(routeOf(c).closes == 1, "once")
    }

    @Test("frames the host encoded go to a routed connection as they are, in order with decoded ones; none to another connection")
    func encodedFramesInOrder() throws {
        let router = TestRouter(["one": "n2"])
        let harness = node(router, store: RecordingStore())
        let a = connect(harness, "alice", app: "v1")
        let fresh = harness.connect()
        let first = ServerFrame.pong(ServiceHarness.epoch)
        let second = ServerFrame.pong(ServiceHarness.epoch + .seconds(1))
        let bye = ServerFrame.bye(Bye(reason: .loggedOut, message: "x"))
        harness.service.deliverRouted([.frame(first), .encoded(WireCodec.encode(second)), .frame(bye)], to: a.id)
        harness.service.deliverRouted([.encoded(WireCodec.encode(first))], to: fresh.id)
        #expect(a.frames == [first, second, bye], "RawConnection takes the bytes through send(encoded:)'s decoding")
        #expect(fresh.frames.isEmpty, "not a routed connection")
    }

    @Test("callRecords (admin) answers for a configured app another node hosts, from the store; unknownApp for an app not configured")
    func recordsOfAnAppHostedElsewhere() throws {
        let store = RecordingStore()
        let host = node(TestRouter(), store: store)
        host.service.host("one")
        let alice = try host.login("alice", app: "v1", token: "ok")
        _ = try host.login("bob", app: "v1", token: "ok")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        _ = try alice.call(.call(call.id, .cancel(invitees: nil, data: nil)))

        let other = node(TestRouter(["one": "n1"]), store: store)
        #expect(other.service.hostedApps.isEmpty)
        let page = try other.service.callRecords(of: "alice", app: "one")
        #expect(page.records.map(\.callID) == [call.id])
        #expect(page.records.first?.endReason == .cancelled)
        #expect(try other.service.callRecords(of: "alice", app: "two").records.isEmpty)
        let error = #expect(throws: SignalingError.self) { try other.service.callRecords(of: "alice", app: "nope") }
        #expect(error?.code == .service(.unknownApp))
    }

    private static func isBye(_ frame: ServerFrame) -> Bool {
        if case .bye(let bye) = frame { return bye.reason == .serverShutdown }
        return false
    }
}

// MARK: - Test doubles

/// The routes a node knows, in memory: which node hosts each app (nil: none at the moment). Records what
/// it was asked and which apps the service stopped hosting.
final class TestRouter: ClusterRouting {
    private struct State {
        var hosts: [AppID: String]
        var asked: [(app: AppID, connection: ConnectionID)] = []
        var routes: [TestRoute] = []
        var stopped: [AppID] = []
    }

    private let state: Mutex<State>

    init(_ hosts: [AppID: String] = [:]) {
        state = Mutex(State(hosts: hosts))
    }

    var asked: [(app: AppID, connection: ConnectionID)] { state.withLock { $0.asked } }
    var routes: [TestRoute] { state.withLock { $0.routes } }
    var stopped: [AppID] { state.withLock { $0.stopped } }

    func route(app: AppID, for connection: ConnectionID) -> (any ClusterRoute)? {
        state.withLock { state in
            state.asked.append((app, connection))
            guard let node = state.hosts[app] else { return nil }
            let route = TestRoute(node: node)
            state.routes.append(route)
            return route
        }
    }

    func stoppedHosting(_ app: AppID) {
        state.withLock { $0.stopped.append(app) }
    }
}

/// One bridged connection, in memory: the frames it forwarded and how often it was told the client closed.
final class TestRoute: ClusterRoute {
    let node: String
    private let state = Mutex<(forwarded: [ClientFrame], closes: Int)>(([], 0))

    init(node: String) {
        self.node = node
    }

    var forwarded: [ClientFrame] { state.withLock { $0.forwarded } }
    var closes: Int { state.withLock { $0.closes } }

    func forward(_ frame: ClientFrame) {
        state.withLock { $0.forwarded.append(frame) }
    }

    func closed() {
        state.withLock { $0.closes += 1 }
    }
}
