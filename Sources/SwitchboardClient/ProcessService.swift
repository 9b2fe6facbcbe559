import Synchronization
import SwitchboardWire

extension ClientEnvironment {
    /// The process's own service, on the process's clock (``/SwitchboardClock/ServiceClock/process``): what
    /// ``current`` is until something sets it, unless `SWITCHBOARD_URL` names a server.
    ///
    /// The client links no service code
    /// (ARCHITECTURE.md, "Layers (data flows down on a request, up on an event)"), so which service that
    /// is, the module that holds one says with ``provideProcessService(_:)``: SwitchboardEmbedded's
    /// in-process service, which every vendor surface provides as it creates a kit or instance. The choice
    /// is made when a session connects, so an environment read before any surface existed still reaches
    /// it. A process that provides none (a client used only against servers) fails to connect, saying so.
    public static var processDefault: ClientEnvironment {
        ClientEnvironment(transport: ProcessServiceTransport(), clock: .process)
    }

    /// Names the transport to the process's own service (``processDefault``). The first call wins:
    /// the process has one service. `transport` is called when a session first connects, so a
    /// service that is never used is never created.
    public static func provideProcessService(_ transport: @escaping @Sendable () -> any Transport) {
        ProcessServiceTransport.provider.withLock { provider in
            if provider == nil { provider = ProcessServiceTransport.Provider(make: transport) }
        }
    }
}

/// The transport of ``ClientEnvironment/processDefault``: it connects through the transport the
/// process provided, resolved on the first connection.
struct ProcessServiceTransport: Transport {
    final class Provider: Sendable {
        private let make: @Sendable () -> any Transport
        private let made = Mutex<(any Transport)?>(nil)

        init(make: @escaping @Sendable () -> any Transport) {
            self.make = make
        }

        var transport: any Transport {
            made.withLock { made in
                if let made { return made }
                let transport = make()
                made = transport
                return transport
            }
        }
    }

    static let provider = Mutex<Provider?>(nil)

    func connect() async throws(SignalingError) -> any TransportConnection {
        guard let provider = Self.provider.withLock({ $0 }) else {
            throw SignalingError(.disconnected, """
                no service: this process has no in-process service (link SwitchboardEmbedded), and neither \
                SWITCHBOARD_URL nor ClientEnvironment.current names a server
                """)
        }
        return try await provider.transport.connect()
    }
}
