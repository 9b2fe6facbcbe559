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
/// (``ServiceConnection``); what the service sends it goes back to the accepting node as wire text.
final class BridgedConnection: ServiceConnection {
    let key: BridgeKey
    private let bus: PostgresBus
    private let onClose: @Sendable (BridgeKey) -> Void

    init(key: BridgeKey, bus: PostgresBus, onClose: @escaping @Sendable (BridgeKey) -> Void) {
        self.key = key
        self.bus = bus
        self.onClose = onClose
    }

    func send(_ frame: ServerFrame) {
        bus.send(.serverFrame(connection: key.connection, text: WireCodec.encodeText(frame)), to: key.node)
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
