import Logging
import SwitchboardClock
import SwitchboardService

/// A logger that drops everything: the tests' services and servers log nothing unless a test reads it.
public let quietLogger = Logger(label: "test.server", factory: { _ in SwiftLogNoOpLogHandler() })

/// A service as a test needs it: development mode on the system clock, in-memory stores and no token
/// verifier unless given. Every test that builds a `SignalingService` builds it here (the service suites'
/// harness on a test clock, the servers of ``LoopbackServer``, a store's commit count), so that a change
/// to the service's initializer is made in one place for all of them.
public func testService(
    configuration: ServiceConfiguration = .development,
    clock: ServiceClock = .system(),
    store: any ServiceStore = MemoryStore(),
    verifier: (any TokenVerifier)? = nil,
    cluster: (any ClusterRouting)? = nil,
    pushes: (any PushDispatching)? = nil,
    logger: Logger = quietLogger
) -> SignalingService {
    SignalingService(configuration: configuration, clock: clock, store: store, verifier: verifier, pushes: pushes,
                     cluster: cluster, logger: logger)
}
