import Synchronization
import SwitchboardClient
import SwitchboardWire

/// Breaks in-process links on purpose, for tests: drop frames, delay them, sever a link silently, close
/// it abruptly, refuse new connections. One injector serves every link of an ``InProcessTransport``;
/// a fault set now applies to the frames that pass from now on.
public final class FaultInjector: Sendable {
    /// Which way a frame travels.
    public enum Direction: Hashable, Sendable {
        case toService
        case toClient
    }

    private struct State {
        var refusesConnections = false
        var delay: Duration = .zero
        var dropToService: [DropRule<ClientFrame>] = []
        var dropToClient: [DropRule<ServerFrame>] = []
        var links: [ObjectIdentifier: InProcessLink] = [:]
    }

    private struct DropRule<Frame> {
        var remaining: Int
        var matches: @Sendable (Frame) -> Bool
    }

    private let state = Mutex(State())

    public init() {}

    /// While set, ``InProcessTransport/connect()`` fails as if the service could not be reached.
    public var refusesConnections: Bool {
        get { state.withLock { $0.refusesConnections } }
        set { state.withLock { $0.refusesConnections = newValue } }
    }

    /// Every frame, both ways, arrives this much later (in order). Zero delivers at once.
    public var delay: Duration {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }

    /// Loses the next `count` frames to the service that match `predicate`.
    public func dropFramesToService(_ count: Int = 1, where predicate: @escaping @Sendable (ClientFrame) -> Bool = { _ in true }) {
        state.withLock { $0.dropToService.append(DropRule(remaining: count, matches: predicate)) }
    }

    /// Loses the next `count` frames to the client that match `predicate`.
    public func dropFramesToClient(_ count: Int = 1, where predicate: @escaping @Sendable (ServerFrame) -> Bool = { _ in true }) {
        state.withLock { $0.dropToClient.append(DropRule(remaining: count, matches: predicate)) }
    }

    /// Every open link goes silent both ways without either side being told, like a network that
    /// stopped carrying packets. The client's heartbeat and the service's liveness check find out.
    public func severLinks() {
        for link in openLinks() { link.sever() }
    }

    /// Every open link closes at once and both sides see it, like a reset connection.
    public func closeLinks() {
        for link in openLinks() { link.closeFromNetwork() }
    }

    // MARK: - Used by the transport

    func register(_ link: InProcessLink) {
        state.withLock { $0.links[ObjectIdentifier(link)] = link }
    }

    func unregister(_ link: InProcessLink) {
        _ = state.withLock { $0.links.removeValue(forKey: ObjectIdentifier(link)) }
    }

    private func openLinks() -> [InProcessLink] {
        state.withLock { Array($0.links.values) }
    }

    func shouldDrop(_ frame: ClientFrame) -> Bool {
        state.withLock { state in Self.consume(&state.dropToService, frame) }
    }

    func shouldDrop(_ frame: ServerFrame) -> Bool {
        state.withLock { state in Self.consume(&state.dropToClient, frame) }
    }

    private static func consume<Frame>(_ rules: inout [DropRule<Frame>], _ frame: Frame) -> Bool {
        guard let index = rules.firstIndex(where: { $0.matches(frame) }) else { return false }
        rules[index].remaining -= 1
        if rules[index].remaining <= 0 { rules.remove(at: index) }
        return true
    }
}
