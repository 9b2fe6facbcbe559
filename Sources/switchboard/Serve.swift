import ArgumentParser
import Foundation
import Logging
import SwitchboardCluster
import SwitchboardJSON
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

    @Option(help: "Run as a node of a cluster whose state is in this PostgreSQL (postgres://USER[:PASSWORD]@HOST:PORT/DB; docs/SERVER.md, \"Cluster\"). --data is then unused.")
    var cluster: String?

    @Option(help: "This node's name in the cluster: 1 to 48 letters, digits, '_', '-' or '.'; unique among the nodes.")
    var node: String?

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
        let tls = tlsCert.flatMap { cert in tlsKey.map { ServerConfiguration.TLSFiles(certificateChain: cert, privateKey: $0) } }
        var overload = file.overload ?? OverloadConfiguration()
        if !loadShedding { overload.isEnabled = false }
        let serverConfiguration = ServerConfiguration(
            host: host, port: port, handshakeTimeout: .seconds(handshakeTimeout), requestsPerSecond: requestRate,
            requestBurst: requestRate * 2, tls: tls, connectionCapacity: connectionCapacity, overload: overload)
        let server: SignalingServer
        if let clusterURL = cluster ?? file.cluster?.url {
            guard let nodeName = node ?? file.cluster?.node else {
                throw ValidationError("a cluster node needs a name: --node NAME (or \"node\" in the file's cluster object)")
            }
            try ClusterNode.validate(name: nodeName)
            let database = try PostgresDatabase(url: try PostgresURL(clusterURL), logger: logger)
            try database.open()
            logger.info("cluster node \(nodeName) on \(database.url.redacted)")
            // The composition root (docs/ARCHITECTURE.md, "One node or many"): the node, its PostgreSQL engine
            // and the server of one node over them.
            let apps = file.serviceConfiguration.isDevelopmentMode ? [AppID.development] : file.serviceConfiguration.apps.map(\.id)
            var nodeLogger = logger
            nodeLogger[metadataKey: "node"] = "\(nodeName)"
            let node = try ClusterNode(name: nodeName, database: database, apps: apps, logger: nodeLogger)
            server = try SignalingServer.serving(configuration: serverConfiguration, file: file, cluster: node, logger: logger)
        } else {
            if node != nil { throw ValidationError("--node names a cluster node: it needs --cluster") }
            server = try SignalingServer.serving(configuration: serverConfiguration, file: file,
                                             store: try SQLiteStore(path: data), logger: logger)
        }
        logger.info("descriptor limit \(descriptors); holding at most \(server.connectionCapacity) connections")
        logger.info(JanssonAllocator.isCaching
            ? "jansson allocates from a per-thread cache of its small blocks"
            : "jansson allocates with malloc (SWITCHBOARD_JANSSON_MALLOC=1, or a sanitizer build)")
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
