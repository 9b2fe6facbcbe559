import Logging
import SwitchboardClient
import SwitchboardService

/// The process-wide in-process service: a ``/SwitchboardService/SignalingService`` in development mode on the process's
/// clock, with its timer loop, created when a session first reaches it (ARCHITECTURE.md, "The embedded
/// default").
///
/// Every vendor surface calls ``provideAsProcessService()`` as it creates a kit or instance, so vendor
/// sample code, which has no notion of a server, runs in one process with no configuration.
public final class EmbeddedService: Sendable {
    /// The service, in development mode: any app id and any token are accepted.
    public let service: SignalingService
    private let timers: Task<Void, Never>

    /// The process's embedded service.
    public static let shared = EmbeddedService()

    private init() {
        service = SignalingService(
            configuration: .development, clock: .process, store: MemoryStore(), verifier: nil,
            logger: Logger(label: "switchboard.embedded"))
        let service = service
        timers = Task { await service.run() }
    }

    /// Makes the embedded service the process's own (``/SwitchboardClient/ClientEnvironment/processDefault``); cheap,
    /// and the service itself is created only when a session first connects to it.
    public static func provideAsProcessService() {
        ClientEnvironment.provideProcessService { InProcessTransport(service: shared.service) }
    }
}

extension ClientEnvironment {
    /// The embedded default: the process's in-process service (``EmbeddedService/shared``), on the
    /// process's clock.
    public static var embedded: ClientEnvironment {
        ClientEnvironment(transport: InProcessTransport(service: EmbeddedService.shared.service), clock: .process)
    }
}
