import ArgumentParser
import Foundation
import Logging
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// What `listen` and `call` share: a session on a server, typed commands from stdin, and a readable
/// line for every call event.
struct ManualClientOptions: ParsableArguments {
    @Option(help: "The server's WebSocket URL, or the URLs of a cluster's nodes separated by commas (tried in turn).")
    var url = ProcessInfo.processInfo.environment["SWITCHBOARD_URL"] ?? "ws://127.0.0.1:7480/v1/signal"

    @Option(help: "Your user id.")
    var user: String

    @Option(help: "The vendor app id to log in with.")
    var app = "cli"

    @Option(help: "The login token (any in development mode; `switchboard token` mints one).")
    var token = "cli"

    func validate() throws {
        do {
            _ = try ServerURLList.parse(url)
        } catch {
            throw ValidationError("--url: \(error.message)")
        }
    }

    func session() throws -> ClientSession {
        ClientSession(
            configuration: ClientConfiguration(app: app, user: UserID(user), device: DeviceID("\(user)-cli"), token: token,
                                               surface: "cli"),
            transport: try WebSocketTransport(urls: ServerURLList.parse(url),
                                              logger: Logger(label: "cli", factory: { _ in SwiftLogNoOpLogHandler() })),
            clock: .system())
    }
}

/// Reads commands from stdin until `quit` / `exit` or the end of input, then logs out. Every other
/// non-empty line goes to `handle`, which returns false for a command it does not know (then `help` is
/// printed); errors are printed and the loop goes on.
func runCommands(on session: ClientSession, help: String, _ handle: (String) async throws -> Bool) async {
    for await line in standardInputLines() {
        let command = line.trimmingCharacters(in: .whitespaces)
        if command.isEmpty { continue }
        if command == "quit" || command == "exit" { break }
        do {
            if try await !handle(command) { print("commands: \(help)") }
        } catch {
            print("error: \(error)")
        }
    }
    try? await session.logout()
}

/// The lines typed on stdin, read on a thread of their own (`readLine` blocks); ends at end of input.
func standardInputLines() -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    Thread.detachNewThread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
    }
    return lines
}

/// Prints call events as they come; remembers the calls that ring for the user.
actor CallConsole {
    private(set) var ringing: [CallID] = []
    private(set) var current: CallID?

    func show(_ event: ClientEvent) {
        switch event {
        case .connection(let state, let reason):
            print("[connection] \(state.rawValue) (\(reason.rawValue))")
        case .server(.call(let note)):
            let call = note.call
            let people = call.participants.map { "\($0.user):\($0.state)" }.joined(separator: " ")
            switch note.kind {
            case .invited(let by):
                ringing.append(call.id)
                print("[ring] \(by) calls you: \(call.id) \(call.payload.map { "\"\($0)\"" } ?? "") — type: accept | reject")
            case .ended:
                ringing.removeAll { $0 == call.id }
                if current == call.id { current = nil }
                print("[ended] \(call.id): \(call.state) — \(people)")
            default:
                print("[\(note.kind)] \(call.id): \(people)")
            }
        case .server(let other):
            print("[\(other.name)]")
        case .sessionReplaced:
            print("[session] logged in again")
        case .reconnectRefused(let error):
            print("[reconnect refused] \(error)")
        }
    }

    func takeRinging() -> CallID? {
        guard !ringing.isEmpty else { return nil }
        return ringing.removeFirst()
    }

    func setCurrent(_ id: CallID?) { current = id }
}

/// `switchboard listen`: logs in and shows incoming invitations; `accept`, `reject`, `hangup`, `quit`.
struct Listen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log in to a server as a user and answer incoming calls from the terminal.")

    @OptionGroup var options: ManualClientOptions

    func run() async throws {
        let session = try options.session()
        let console = CallConsole()
        let printer = Task { for await event in session.events { await console.show(event) } }
        defer { printer.cancel() }
        try await session.login()
        print("logged in as \(options.user) at \(options.url); waiting for calls (accept | reject | hangup | quit)")
        await runCommands(on: session, help: "accept | reject | hangup | quit") { command in
            switch command {
            case "accept", "reject":
                guard let id = await console.takeRinging() else {
                    print("nothing rings")
                    return true
                }
                let action: CallAction = command == "accept" ? .accept(data: nil) : .reject(data: nil, reason: .declined)
                let result = try await session.act(action, on: id)
                if command == "accept" { await console.setCurrent(id) }
                print("\(command)ed \(id): \(result.call.state)")
            case "hangup":
                guard let id = await console.current else {
                    print("not in a call")
                    return true
                }
                _ = try await session.act(.quit(data: nil), on: id)
                await console.setCurrent(nil)
            default:
                return false
            }
            return true
        }
    }
}

/// `switchboard call`: logs in and calls a user; `cancel`, `hangup`, `quit`.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call", abstract: "Log in to a server as a user and call another user from the terminal.")

    @OptionGroup var options: ManualClientOptions

    @Option(help: "Who to call.")
    var to: String

    @Option(help: "The invitation's payload.")
    var payload: String?

    @Option(help: "Seconds it may ring.")
    var timeout = 30

    func run() async throws {
        let session = try options.session()
        let console = CallConsole()
        let printer = Task { for await event in session.events { await console.show(event) } }
        defer { printer.cancel() }
        try await session.login()
        let call = try await session.invite(InviteRequest(
            invitees: [UserID(to)], profile: .nativeAdvanced,
            parameters: CallParameters(ringTimeout: .seconds(timeout)), payload: payload))
        await console.setCurrent(call.id)
        print("calling \(to): \(call.id) (cancel | hangup | quit)")
        await runCommands(on: session, help: "cancel | hangup | quit") { command in
            switch command {
            case "cancel": _ = try await session.act(.cancel(invitees: nil, data: nil), on: call.id)
            case "hangup": _ = try await session.act(.end(data: nil), on: call.id)
            default: return false
            }
            return true
        }
    }
}
