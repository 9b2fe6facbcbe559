import Synchronization
import SwitchboardClient
import SwitchboardWire

/// A user's transport, counting the links it opens and the attempts that reached no server into counts
/// the users share: how the generator knows how often its users reconnected (every link after a user's
/// first is a reconnect, whether the session then resumed or logged in afresh).
struct CountedTransport: Transport {
    /// The counts of every user's transport.
    final class Counts: Sendable {
        private let opened = Atomic<Int>(0)
        private let failed = Atomic<Int>(0)

        /// Links opened so far.
        var linksOpened: Int { opened.load(ordering: .relaxed) }
        /// Connection attempts that failed so far (nothing listening, or the connection refused).
        var attemptsFailed: Int { failed.load(ordering: .relaxed) }

        fileprivate func didOpen() { opened.add(1, ordering: .relaxed) }
        fileprivate func didFail() { failed.add(1, ordering: .relaxed) }
    }

    let base: any Transport
    let counts: Counts

    func connect() async throws(SignalingError) -> any TransportConnection {
        do {
            let link = try await base.connect()
            counts.didOpen()
            return link
        } catch {
            counts.didFail()
            throw error
        }
    }
}
