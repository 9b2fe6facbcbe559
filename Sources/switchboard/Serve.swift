import ArgumentParser
import Foundation
import Logging
import SwitchboardServer
import SwitchboardService

/// `switchboard serve`: the network server on its defaults (docs/SERVER.md, "Running it").
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the signaling server: WebSocket at /v1/signal, GET /healthz, GET /metrics.")

    @Option(help: "The address to listen on (loopback by default).")
    var host = ServerConfiguration.defaultHost

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = ServerConfiguration.defaultPort

    @Option(help: "The SQLite file of call records and live calls (created when missing).")
    var data = "switchboard.sqlite"

    @Option(help: "The configuration file (JSON; docs/SERVER.md): apps, secrets, login policies, limits. Without it, development mode.")
    var config: String?

    @Option(help: "Requests a second one connection may send (bursts of twice as many); beyond, rate_limited.")
    var requestRate = 50

    @Option(help: "Seconds a connection has to be welcomed (a valid hello) after it is accepted; then it is closed.")
    var handshakeTimeout = 5

    @Option(help: "TCP connections held at once, in any state (default: the descriptor limit less a reserve).")
    var connectionCapacity: Int?

    @Option(help: "A PEM certificate chain: with --tls-key, the server speaks TLS (wss://, https://).")
    var tlsCert: String?

    @Option(help: "The PEM private key of --tls-cert.")
    var tlsKey: String?

    @Flag(inversion: .prefixedNo, help: "Refuse a share of new calls (overloaded) while the event loops fall behind, so calls already going complete (docs/SERVER.md, \"Overload\"; the config file's overload object tunes it).")
    var loadShedding = true

    func validate() throws {
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        if requestRate < 1 { throw ValidationError("--request-rate must be positive") }
    }

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "switchboard.server")
        logger.logLevel = .info
        // The soft descriptor limit up to the hard one; the connection capacity follows from it
        // (docs/SECURITY.md, "Connections").
        let descriptors = DescriptorLimit.raiseToHardLimit()
        guard handshakeTimeout > 0, connectionCapacity.map({ $0 > 0 }) ?? true else {
            throw ValidationError("--handshake-timeout and --connection-capacity must be positive")
        }
        let file = try config.map(ServerConfigFile.load(path:)) ?? ServerConfigFile()
        let store = try SQLiteStore(path: data)
        let tls = tlsCert.flatMap { cert in tlsKey.map { ServerConfiguration.TLSFiles(certificateChain: cert, privateKey: $0) } }
        var overload = file.overload ?? OverloadConfiguration()
        if !loadShedding { overload.isEnabled = false }
        let server = SignalingServer.durable(
            configuration: ServerConfiguration(host: host, port: port, handshakeTimeout: .seconds(handshakeTimeout),
                                               requestsPerSecond: requestRate, requestBurst: requestRate * 2, tls: tls,
                                               connectionCapacity: connectionCapacity, overload: overload),
            file: file, store: store, logger: logger)
        logger.info("descriptor limit \(descriptors); holding at most \(server.connectionCapacity) connections")
        logger.info(overload.isEnabled
            ? "load shedding: new calls refused while the event loops lag more than \(overload.highLag) (smoothed)"
            : "load shedding off")
        let scheme = tls == nil ? "ws" : "wss"
        try await server.run { port in
            // The one line scripts and tests wait for.
            let line = "switchboard: listening on \(scheme)://\(host):\(port)\(ServerConfiguration.signalPath)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}
