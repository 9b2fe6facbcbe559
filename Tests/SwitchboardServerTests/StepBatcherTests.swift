import NIOCore
import NIOEmbedded
import ServerTestSupport
import Synchronization
import Testing
import SwitchboardCore
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// A connection that keeps what the service sends it.
private final class Inbox: ServiceConnection, Sendable {
    private let frames = Mutex<[ServerFrame]>([])
    func send(_ frame: ServerFrame) { frames.withLock { $0.append(frame) } }
    func close() {}

    var all: [ServerFrame] { frames.withLock { $0 } }
    var responses: [Response] {
        frames.withLock { $0.compactMap { if case .response(let response) = $0 { response } else { nil } } }
    }
    var pongs: Int {
        frames.withLock { $0.count { if case .pong = $0 { true } else { false } } }
    }
}

/// Logs `user` in on a new connection of `service`.
private func login(_ user: UserID, to service: SignalingService) -> (ConnectionID, Inbox) {
    let inbox = Inbox()
    let id = service.open(inbox)
    service.receive(.hello(Hello(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"), token: "t", loginPolicy: .multiDevice)), from: id)
    return (id, inbox)
}

private func invite(_ id: Int64, to invitee: UserID) -> Request {
    Request(id: RequestID(rawValue: id), operation: .invite(InviteRequest(invitees: [invitee])))
}

/// A turn's step, and the door (docs/SERVER.md, "Overload"): on an embedded event loop, whose turns the test
/// runs.
@Suite("Steps and the door")
struct StepBatcherTests {
    @Test("a turn's frames are one step at the end of the turn, in order; until then the connection has frames pending; flush hands them over at once")
    func oneStepPerTurn() throws {
        let loop = EmbeddedEventLoop()
        let service = testService()
        let batcher = StepBatcher(service: service, metrics: ServerMetrics(), eventLoop: loop)
        let (alice, inbox) = login("alice", to: service)
        let (bob, bobInbox) = login("bob", to: service)
        let before = inbox.all.count

        for _ in 0..<100 { batcher.add(.ping, from: alice) }
        batcher.add(.request(invite(1, to: "bob")), from: alice, isAdmitted: true)
        #expect(batcher.hasPending(from: alice))
        #expect(!batcher.hasPending(from: bob))
        #expect(inbox.pongs == 0, "nothing reaches the service before the end of the turn")
        loop.run()
        #expect(inbox.pongs == 100)
        #expect(!batcher.hasPending(from: alice))
        // The pongs, then the invite's response (and its event): in the order the frames came.
        let after = Array(inbox.all.dropFirst(before))
        let answered = try #require(after.firstIndex { if case .response = $0 { true } else { false } })
        #expect(answered == 100)
        #expect(after.prefix(100).allSatisfy { if case .pong = $0 { true } else { false } })

        batcher.add(.ping, from: bob)
        batcher.flush()
        #expect(!batcher.hasPending(from: bob))
        #expect(bobInbox.pongs == 1, "flushed now, not at the end of the turn")
        loop.run()
        #expect(bobInbox.pongs == 1, "and not handed over again")
        try loop.syncShutdownGracefully()
    }

    @Test("the door decides only new calls of sessions hosted here while shedding, counts its refusals, and an admitted call is carried out")
    func door() throws {
        let service = testService()
        let (alice, aliceInbox) = login("alice", to: service)
        let (_, _) = login("bob", to: service)

        #expect(service.door(invite(1, to: "bob"), from: alice) == .admitted, "nothing is shed: let in as it arrives")
        #expect(service.door(Request(id: RequestID(rawValue: 2), operation: .logout), from: alice) == .undecided)
        service.loadShedding.shed(1)
        #expect(service.door(Request(id: RequestID(rawValue: 2), operation: .logout), from: alice) == .undecided,
                "only a new call is the door's")
        let stranger = service.open(Inbox())
        #expect(service.door(invite(3, to: "bob"), from: stranger) == .undecided, "no session: the service answers")
        #expect(service.door(invite(4, to: "bob"), from: alice) == .refused)
        #expect(service.loadShedding.refusals == 1)
        #expect(service.activeCalls().isEmpty)

        service.loadShedding.shed(0.5)
        #expect(service.door(invite(5, to: "bob"), from: alice) == .admitted)
        // Admitted at the door: carried out even though shedding everything now.
        service.loadShedding.shed(1)
        service.receive([InboundFrame(.request(invite(5, to: "bob")), from: alice, isAdmitted: true)])
        let response = try #require(aliceInbox.responses.last)
        guard case .success(.call(let call, _)) = response.result else {
            Issue.record("the admitted invite failed: \(response.result)")
            return
        }
        #expect(service.activeCalls().map(\.id) == [call.id])
        // A re-sent request is answered from memory by the service, not decided again.
        #expect(service.door(invite(5, to: "bob"), from: alice) == .undecided)
        #expect(service.loadShedding.refusals == 1)
    }
}
