import Synchronization
import SwitchboardClient
import SwitchboardWire

/// The users' transport, counting the links it opens and the attempts that reached no server: how the
/// generator knows how often its users reconnected (every link after a user's first is a reconnect,
/// whether the session then resumed or logged in afresh).
final class CountedTransport: Transport {
    private let base: any Transport
    private let opened = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)

    init(_ base: any Transport) {
        self.base = base
    }

    /// Links opened so far.
    var linksOpened: Int { opened.load(ordering: .relaxed) }
    /// Connection attempts that failed so far (nothing listening, or the connection refused).
    var attemptsFailed: Int { failed.load(ordering: .relaxed) }

    func connect() async throws(SignalingError) -> any TransportConnection {
        do {
            let link = try await base.connect()
            opened.add(1, ordering: .relaxed)
            return link
        } catch {
            failed.add(1, ordering: .relaxed)
            throw error
        }
    }
}
