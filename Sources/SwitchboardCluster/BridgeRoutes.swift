import Synchronization
import SwitchboardService
import SwitchboardWire

/// The accepting node's end of a bridged connection (``ClusterRoute``): its client's frames go to the
/// hosting node as wire text.
final class BusRoute: ClusterRoute {
    let node: String
    let connection: UInt64
    private let bus: PostgresBus
    private let onClosed: @Sendable (UInt64) -> Void

    init(node: String, connection: UInt64, bus: PostgresBus, onClosed: @escaping @Sendable (UInt64) -> Void) {
        self.node = node
        self.connection = connection
        self.bus = bus
        self.onClosed = onClosed
        bus.send(.open(connection: connection), to: node)
    }

    func forward(_ frame: ClientFrame) {
        bus.send(.clientFrame(connection: connection, text: WireCodec.encodeText(frame)), to: node)
    }

    func closed() {
        bus.send(.gone(connection: connection), to: node)
        onClosed(connection)
    }
}

/// The hosting node's end of a bridged connection: to the service it is a connection like any other
/// (``ServiceConnection``); what the service sends it goes back to the accepting node encoded as the
/// client's socket takes it, compact call events included (the form is the connection's, and this end
/// keeps it), so the accepting node writes it as it is. Welcomes, refusals and byes go as frames the
/// accepting node reads.
final class BridgedConnection: ServiceConnection {
    let key: BridgeKey
    private let bus: PostgresBus
    private let onClose: @Sendable (BridgeKey) -> Void
    /// The service calls ``send(_:)`` under its lock, one frame at a time; the mutex only makes that
    /// visible to the compiler.
    private let encoder = Mutex(CompactEventEncoder())

    init(key: BridgeKey, bus: PostgresBus, onClose: @escaping @Sendable (BridgeKey) -> Void) {
        self.key = key
        self.bus = bus
        self.onClose = onClose
    }

    func send(_ frame: ServerFrame) {
        let text = String(decoding: encoder.withLock { $0.encode(frame) }, as: UTF8.self)
        switch frame {
        case .welcome, .refused, .bye:
            bus.send(.serverFrame(connection: key.connection, text: text), to: key.node)
        case .response, .event, .pong:
            bus.send(.encodedFrame(connection: key.connection, text: text), to: key.node)
        }
    }

    func close() {
        bus.send(.end(connection: key.connection), to: key.node)
        onClose(key)
    }
}

/// A bridged connection as the hosting node names it: the accepting node, that node's epoch (a restarted
/// node numbers its connections afresh), and its connection number.
struct BridgeKey: Hashable, Sendable {
    var node: String
    var epoch: Int64
    var connection: UInt64
}
