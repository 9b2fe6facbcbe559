import Clocks
import NIOCore
import NIOEmbedded
import NIOWebSocket
import ServerTestSupport
import Testing
import SwitchboardCore
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// The door as the network server works it (docs/SERVER.md, "Overload"): a client's frames go through the
/// server's receive path (``FrameReceiver``) on an embedded channel whose turns the test runs, and what the
/// service answers leaves through the connection's ``WebSocketServiceConnection``.
@Suite("The door on the wire")
struct DoorWireTests {
    private static let epoch = Timestamp(millisecondsSince1970: 1_700_000_000_000)

    /// One client of a server over `service`, on an embedded channel.
    private struct Client {
        let channel: EmbeddedChannel
        let connection: WebSocketServiceConnection
        let receiver: FrameReceiver

        init(of server: SignalingServer) {
            channel = EmbeddedChannel()
            connection = WebSocketServiceConnection(channel: channel, metrics: ServerMetrics(), guarded: nil)
            receiver = FrameReceiver(server: server, id: server.service.open(connection), connection: connection)
        }

        /// The client sends `frame`.
        func send(_ frame: ClientFrame) {
            receiver.receive(Array(WireCodec.encodeText(frame).utf8))
        }

        /// Runs the loop's turn to its end: the step, then the connections' drains.
        func endTurn() {
            channel.embeddedEventLoop.run()
        }

        /// The frames written to the socket so far, in order.
        func written() throws -> [ServerFrame] {
            var frames: [ServerFrame] = []
            while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
                frames.append(try WireCodec.decodeServerFrame(Array(frame.unmaskedData.readableBytesView)))
            }
            return frames
        }

        /// Logs `user` in and reads the welcome.
        func login(_ user: UserID) throws {
            send(.hello(Hello(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"), token: "t",
                              loginPolicy: .multiDevice)))
            endTurn()
            #expect(try written().contains { if case .welcome = $0 { true } else { false } })
        }
    }

    private static func invite(_ id: Int64, to invitee: UserID) -> ClientFrame {
        .request(Request(id: RequestID(rawValue: id), operation: .invite(InviteRequest(invitees: [invitee]))))
    }

    private static func isOverloaded(_ frame: ServerFrame, answering id: Int64) -> Bool {
        guard case .response(let response) = frame, response.id == RequestID(rawValue: id),
              case .failure(let error) = response.result else { return false }
        return error.code == LoadShedding.refusal.code
    }

    private static func server(_ service: SignalingService) -> SignalingServer {
        SignalingServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), service: service, logger: quietLogger)
    }

    @Test("while shedding, an invite is refused as it is read, before the turn ends; one behind frames still waiting for the turn's step is refused by the service after them")
    func refusedAtOnceOrInOrder() throws {
        let service = testService()
        let server = Self.server(service)
        let alice = Client(of: server)
        let bob = Client(of: server)
        try alice.login("alice")
        try bob.login("bob")
        service.loadShedding.shed(1)

        alice.send(Self.invite(1, to: "bob"))
        let atOnce = try alice.written()
        #expect(atOnce.count == 1 && Self.isOverloaded(atOnce[0], answering: 1), "written as it was read: \(atOnce)")
        #expect(service.loadShedding.refusals == 1)

        alice.send(.ping)
        alice.send(Self.invite(2, to: "bob"))
        #expect(try alice.written().isEmpty, "the ping waits for the turn's step, and the invite behind it")
        alice.endTurn()
        let inOrder = try alice.written()
        #expect(inOrder.count == 2)
        #expect(inOrder.first.map { if case .pong = $0 { true } else { false } } == true, "the pong first: \(inOrder)")
        #expect(inOrder.last.map { Self.isOverloaded($0, answering: 2) } == true)
        #expect(service.loadShedding.refusals == 2)
        #expect(service.activeCalls().isEmpty)
    }

    @Test("a refusal written at once still leaves behind frames queued on the connection before it")
    func sendNowKeepsOrder() throws {
        let channel = EmbeddedChannel()
        let connection = WebSocketServiceConnection(channel: channel, metrics: ServerMetrics(), guarded: nil)
        connection.sendNow(.pong(Self.epoch))
        #expect(try channel.readOutbound(as: WebSocketFrame.self) != nil, "nothing queued: written at once")

        let refusal = ServerFrame.response(Response(id: RequestID(rawValue: 7), result: .failure(LoadShedding.refusal)))
        connection.send(.pong(Self.epoch))
        connection.sendNow(refusal)
        #expect(try channel.readOutbound(as: WebSocketFrame.self) == nil, "behind the queued pong: not before the drain")
        channel.embeddedEventLoop.run()
        let first = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        let second = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        let pong = try WireCodec.decodeServerFrame(Array(first.unmaskedData.readableBytesView))
        #expect({ if case .pong = pong { true } else { false } }(), "the pong first: \(pong)")
        #expect(Self.isOverloaded(try WireCodec.decodeServerFrame(Array(second.unmaskedData.readableBytesView)), answering: 7))
    }

    @Test("a refusal at the door is a frame heard from the client: the session is seen then, and back from unreachable")
    func refusalIsHeard() async throws {
        let clock = TestClock<Duration>()
        let service = testService(clock: ServiceClock(clock, epoch: Self.epoch))
        let server = Self.server(service)
        let alice = Client(of: server)
        let bob = Client(of: server)
        try alice.login("alice")
        try bob.login("bob")
        await clock.advance(by: .seconds(7))
        service.fireDueTimers()
        let silent = try #require(try service.sessions(user: "alice").sessions.first)
        #expect(silent.link == .unreachable, "7 s without a frame")

        service.loadShedding.shed(1)
        alice.send(Self.invite(1, to: "bob"))
        #expect(try alice.written().contains { Self.isOverloaded($0, answering: 1) })
        let heard = try #require(try service.sessions(user: "alice").sessions.first)
        #expect(heard.lastSeen == Self.epoch + .seconds(7))
        #expect(heard.link == .attached)
    }
}
