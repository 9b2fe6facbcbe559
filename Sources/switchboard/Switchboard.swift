import ArgumentParser

/// The `switchboard` command line (started by main.swift).
struct Switchboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchboard",
        abstract: "Call signaling with the vendor call-invitation APIs you know.",
        subcommands: [Demo.self, Serve.self, Token.self, Listen.self, CallCommand.self, LiveCallsCommand.self, LoadTest.self],
        defaultSubcommand: Demo.self
    )
}
