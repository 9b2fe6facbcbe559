import ArgumentParser
import SwitchboardEmbedded

/// `switchboard demo`: the embedded service and simulated users through every call flow.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the embedded service with simulated users through the call flows and print the event trace.",
        discussion: """
            Time is virtual: the 30 s and 90 s timeouts of the scenario pass at once, and every line is \
            stamped with the scenario's clock. Frames pass through the JSON wire codec as they would over \
            a network.
            """
    )

    @Flag(help: "Print every participant's state with each call event.")
    var verbose = false

    func run() async throws {
        let trace = Trace(verbose: verbose)
        // The embedded service on virtual time (docs/ARCHITECTURE.md, "The embedded default"): the shipped
        // binary links no testing product.
        let scenario = DemoScenario(world: SimulatedService(), trace: trace)
        try await scenario.run()
    }
}
