import ArgumentParser
import Foundation
import Logging
import SwitchboardServer
import SwitchboardService

/// `switchboard serve`: the network server on its defaults (DECISIONS.md, "Server defaults").
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

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "switchboard.server")
        logger.logLevel = .info
        let file = try config.map(ServerConfigFile.load(path:)) ?? ServerConfigFile()
        let store = try SQLiteStore(path: data)
        let server = SignalingServer.durable(
            configuration: ServerConfiguration(host: host, port: port), file: file, store: store, logger: logger)
        try await server.run { port in
            // The one line scripts and tests wait for.
            let line = "switchboard: listening on ws://\(host):\(port)\(ServerConfiguration.signalPath)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}
