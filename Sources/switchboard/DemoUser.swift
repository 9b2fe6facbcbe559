import Synchronization
import SwitchboardClient
import SwitchboardCore
import SwitchboardEmbedded

/// One simulated user of `switchboard demo`: a client session of the simulation and what it has received,
/// for the trace to print.
final class DemoUser: Sendable {
    let session: ClientSession
    private let received = ReceivedEvents()
    private let reader: Task<Void, any Error>

    /// Logs `user` in to `simulation` (its first device, multi-device policy, compact events as clients ask).
    init(_ user: UserID, in simulation: SimulatedService, faults: FaultInjector?) async throws {
        session = simulation.session(
            ClientConfiguration(app: "demo-app", user: user, device: DeviceID("\(user.rawValue)-1"), token: "demo-token",
                                loginPolicy: .multiDevice, surface: "demo"),
            faults: faults)
        let received = received
        let session = session
        // A task of the simulation, so that it is idle only once every event is recorded.
        reader = simulation.task {
            for await event in session.events {
                received.events.withLock { $0.append(event) }
            }
        }
        try await session.login()
    }

    deinit {
        reader.cancel()
    }

    var user: UserID { session.configuration.user }

    /// Every event received so far.
    var events: [ClientEvent] { received.events.withLock { $0 } }
}

/// What a ``DemoUser`` received; a class of its own so the reader task can share it.
private final class ReceivedEvents: Sendable {
    let events = Mutex<[ClientEvent]>([])
}
