import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Synchronization
import SwitchboardClient
import SwitchboardCommandLine
import SwitchboardCore
import SwitchboardLoad
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// `switchboard loadtest`: measurements against a running server (loopback only, bounded in count and
/// time): calls at an offered rate or a fixed number in flight (`calls`, the load generator), idle
/// memory per session (`idle`), and sequential invite-to-ring latency (`latency`). docs/PERFORMANCE.md.
struct LoadTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loadtest",
        abstract: "Load a running server on loopback: calls per second, idle memory per session, latency.",
        subcommands: [Calls.self, Idle.self, Latency.self],
        defaultSubcommand: Calls.self)

    struct Calls: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Simulated users calling each other: offered rate or calls in flight, full flows, latencies.",
            discussion: "With several --url (the nodes of a cluster), each pair's caller and callee are on different nodes: pair i's caller on URL i mod n, its callee on URL (i + 1) mod n.")

        @OptionGroup var target: Target

        @Option(help: "Offered calls per second (open loop, as SIPp -r). Default 100 unless --in-flight is given.")
        var rate: Double?

        @Option(help: "Instead of a rate: keep this many calls in flight (closed loop).")
        var inFlight: Int?

        @Option(help: "Seconds of placing calls (the calls in flight then finish).")
        var duration: Double = 10

        @Option(help: "Place at most this many calls.")
        var calls = 1_000_000

        @Option(help: "Kinds of calls and their weights: accept (invite, ring, accept, confirm, hang up), reject, cancel, timeout.")
        var mix = "accept=100"

        @Option(help: "Caller/callee pairs (two sessions each; one call at a time per pair).")
        var pairs = 1_000

        @Option(help: "The ring timeout of every call in seconds (timeout calls wait it out).")
        var ringTimeout = 2

        @Option(help: "The app to log in to, and the token (any token in development mode).")
        var app = "loadtest"

        @Option(help: "The login token.")
        var token = "loadtest"

        @Option(help: "The server's configuration file: each user logs in with a token minted for it with the secret of the app whose id or vendor id is --app (instead of --token).")
        var config: String?

        @Option(help: "Append the result as a CSV row to this file (header written when the file is new).")
        var csv: String?

        @Option(help: "Write every call seen complete on both sides to this file, one JSON line each (call, kind, caller, callee, participants, warmUp), as it completes.")
        var completedCalls: String?

        @Option(name: [.customLong("json"), .customLong("report-json")],
                help: "Write the report to this file as one JSON object: the counts (placed, completed, interrupted, reconnects, failures by cause...), the app, the URLs, and every call placed that finished (call id, kind, caller, callee, the URL each was on, outcome). Schemas/loadtest/report.schema.json.")
        var reportJSON: String?

        @Option(help: "Users are <prefix>-c<n> (callers) and <prefix>-e<n> (callees); a fresh random prefix by default.")
        var userPrefix: String?

        @Option(help: "The longest wait in seconds between a user's reconnect attempts (exponential backoff from 0.25 s, jittered).")
        var reconnectMaxDelay: Double = 2

        @Option(help: "How the users talk to the server: lean (NIO, one event loop thread, no reconnect: for measuring) or session (a full ClientSession per user that reconnects and resumes: for the chaos test).")
        var engine: LoadEngine = .lean

        @Flag(help: "No progress line (on standard error: one line rewritten in place on a terminal, a plain line every 5 s otherwise).")
        var quiet = false

        @Flag(help: "Measure from the first call of each new connection (no uncounted warm-up call per pair).")
        var noWarmUp = false

        @Flag(help: "Ask for call events in the full form, each with the whole call, instead of the compact form.")
        var fullEvents = false

        @Flag(help: "Ask for the events of each user's own requests as frames of their own, not folded into the responses.")
        var echoEvents = false

        func run() async throws {
            if rate != nil && inFlight != nil { throw ValidationError("--rate and --in-flight exclude each other") }
            var plan = LoadPlan(
                url: target.url, pace: inFlight.map { .inFlight($0) } ?? .rate(rate ?? 100),
                duration: .milliseconds(Int64(duration * 1_000)), maxCalls: calls, mix: try FlowMix(parsing: mix),
                pairs: pairs, ringTimeout: .seconds(ringTimeout), app: app, token: token, warmsUp: !noWarmUp)
            plan.reconnectMaxDelay = .milliseconds(Int64(reconnectMaxDelay * 1_000))
            plan.compactEvents = !fullEvents
            plan.echoesInReply = !echoEvents
            plan.urls = target.urls
            plan.listsCalls = reportJSON != nil
            if let userPrefix { plan.userPrefix = userPrefix }
            if let config { plan.tokens = try await LoadTest.mintTokens(config: config, app: app, users: plan.users) }
            var writer: LineWriter?
            var sink: (@Sendable (CompletedCall) -> Void)?
            if let completedCalls {
                let file = try LineWriter(path: completedCalls)
                writer = file
                sink = { call in file.write(call.jsonLine) }
            }
            // The generator reports its steps to the progress line, which samples the generator: the line
            // learns which generator once there is one.
            let source = Mutex<(@Sendable () -> LoadProgress)?>(nil)
            let reporter = quiet ? nil : ProgressReporter { (source.withLock { $0 })?().status ?? LoadProgress().status }
            let notes = reporter.map { reporter in { @Sendable (text: String) in reporter.note(text) } }
            let report: LoadReport
            do {
                switch engine {
                case .lean:
                    let generator = try LeanLoadGenerator(plan: plan, notes: notes, completedCalls: sink)
                    source.withLock { $0 = generator.progress }
                    reporter?.start()
                    report = try await generator.run()
                case .session:
                    let generator = try LoadGenerator(plan: plan, notes: notes, completedCalls: sink)
                    source.withLock { $0 = generator.progress }
                    reporter?.start()
                    report = try await generator.run()
                }
            } catch {
                reporter?.finish()
                throw error
            }
            reporter?.finish()
            writer?.close()
            print(report.text)
            if let reportJSON {
                guard FileManager.default.createFile(atPath: reportJSON, contents: Data((report.json + "\n").utf8)) else {
                    throw ValidationError("cannot write \(reportJSON)")
                }
            }
            if let csv {
                let exists = FileManager.default.fileExists(atPath: csv)
                let text = (exists ? "" : LoadReport.csvHeader + "\n") + report.csvRow() + "\n"
                if !exists { _ = FileManager.default.createFile(atPath: csv, contents: nil) }
                guard let handle = FileHandle(forWritingAtPath: csv) else { throw ValidationError("cannot write \(csv)") }
                handle.seekToEndOfFile()
                handle.write(Data(text.utf8))
                handle.closeFile()
            }
        }
    }

    /// A token for every user, signed with the secret of the configured app that `--app` names (its id
    /// or one of its vendor ids), valid for a day.
    static func mintTokens(config: String, app name: String, users: [UserID]) async throws -> [UserID: String] {
        let file = try ServerConfigFile.load(path: config)
        guard let app = file.apps.first(where: { $0.id.rawValue == name || $0.vendorIDs.contains(name) }) else {
            throw ValidationError("no app with the id or vendor id \(String(reflecting: name)) in \(config)")
        }
        var tokens: [UserID: String] = [:]
        for user in users {
            tokens[user] = try await SwitchboardToken.mint(app: app, user: user, expiresAt: Date().addingTimeInterval(86_400))
        }
        return tokens
    }

    struct Target: ParsableArguments {
        @Option(name: .customLong("url"),
                help: "The server's WebSocket URL (loopback only; ws://127.0.0.1:7480/v1/signal by default). `calls` takes it again for each node of a cluster.")
        var given: [String] = []

        /// The URLs given, or the local server's.
        var urls: [String] { given.isEmpty ? ["ws://127.0.0.1:7480/v1/signal"] : given }
        /// The first URL: the server, for the measurements of one.
        var url: String { urls[0] }

        func validate() throws {
            for url in urls {
                guard let host = URL(string: url)?.host, LoadPlan.isLoopback(host) else {
                    throw ValidationError("loadtest only talks to loopback servers, not \(url)")
                }
            }
        }

        /// For the measurements of one server (`idle`, `latency`).
        func validateOneServer() throws {
            guard urls.count == 1 else { throw ValidationError("this measurement takes one --url") }
        }

        /// `GET /metrics` of the same server: its resident memory and session count.
        func serverMemory() async throws -> (bytes: Double, sessions: Double, cpuSeconds: Double) {
            var components = URLComponents(string: url)!
            components.scheme = components.scheme == "wss" ? "https" : "http"
            components.path = "/metrics"
            let (data, _) = try await URLSession.shared.data(from: components.url!)
            let text = String(decoding: data, as: UTF8.self)
            func value(_ name: String) -> Double {
                text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
                    .flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
            }
            return (value("process_resident_memory_bytes"), value("switchboard_sessions"), value("process_cpu_seconds_total"))
        }

        /// A session to the server, logging nothing (thousands of them share the terminal).
        func session(_ user: String) -> ClientSession {
            ClientSession(
                configuration: ClientConfiguration(app: "loadtest", user: UserID(user), device: DeviceID("\(user)-1"),
                                                   token: "loadtest", surface: "loadtest"),
                transport: WebSocketTransport(url: url, logger: Logger(label: "loadtest", factory: { _ in SwiftLogNoOpLogHandler() })),
                clock: .system())
        }
    }

    struct Idle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log N idle sessions in and report the server's resident memory per session and its CPU while they only heartbeat.")

        @OptionGroup var target: Target

        @Option(help: "How many sessions (at most 18000).")
        var sessions = 1000

        @Option(help: "Logins in flight at once (the session engine; the lean one logs in 200 at a time).")
        var concurrency = 200

        @Option(help: "How the sessions are held: lean (every user a WebSocket on one event loop, as the lean load engine) or session (a ClientSession each).")
        var engine: LoadEngine = .lean

        @Flag(help: "No progress line (on standard error: one line rewritten in place on a terminal, a plain line every 5 s otherwise).")
        var quiet = false

        /// How long the server settles once every session is logged in (the first heartbeats' allocations,
        /// buffers) before its memory is read.
        static let settling: Duration = .seconds(5)

        func run() async throws {
            try target.validateOneServer()
            guard (2...18_000).contains(sessions), sessions % 2 == 0 else {
                throw ValidationError("--sessions must be an even number from 2 to 18000")
            }
            let before = try await target.serverMemory()
            let started = ContinuousClock.now
            // The sessions logged in so far (the lean engine's own count once it runs), and when settling ends.
            let loggedIn = Atomic<Int>(0)
            let lean = Mutex<LeanLoadGenerator?>(nil)
            let settled = Mutex<ContinuousClock.Instant?>(nil)
            let total = sessions
            let reporter = quiet ? nil : ProgressReporter {
                let done = (lean.withLock { $0 })?.progress().usersLoggedIn ?? loggedIn.load(ordering: .relaxed)
                guard let settled = settled.withLock({ $0 }) else {
                    return ProgressStatus(label: "logging in", done: done, total: total)
                }
                return ProgressStatus(label: "sessions", done: done, total: total, showsRate: false,
                                      details: ["logged in", "server settling"], remaining: max(.zero, ContinuousClock.now.duration(to: settled)))
            }
            reporter?.start()
            defer { reporter?.finish() }
            let measure: @Sendable () async throws -> Void = { [target] in
                let loggedIn = ContinuousClock.now - started
                settled.withLock { $0 = .now + Self.settling }
                // The server's CPU while every session is logged in and only heartbeats: its idle cost.
                let idleFrom = try await target.serverMemory()
                let idleStarted = ContinuousClock.now
                try await Task.sleep(for: Self.settling)
                let after = try await target.serverMemory()
                let idleSeconds = idleStarted.duration(to: .now) / .seconds(1)
                reporter?.finish()
                let perSession = (after.bytes - before.bytes) / Double(sessions)
                print("sessions: \(Int(after.sessions)) (was \(Int(before.sessions))), login time \(loggedIn)")
                print(String(format: "server RSS: %.1f MiB -> %.1f MiB; %.1f KiB per idle session",
                             before.bytes / 1_048_576, after.bytes / 1_048_576, perSession / 1024))
                if idleFrom.cpuSeconds > 0 {
                    let share = (after.cpuSeconds - idleFrom.cpuSeconds) / idleSeconds
                    print(String(format: "server CPU while idle: %.1f %% of a core over %.1f s; %.2f µs per idle session per second",
                                 share * 100, idleSeconds, share * 1_000_000 / Double(sessions)))
                }
            }
            switch engine {
            case .lean:
                // The users of pairs that place no call: every session logged in and heartbeating.
                let plan = LoadPlan(url: target.url, pace: .rate(1), duration: .seconds(1), maxCalls: 1,
                                    pairs: sessions / 2, userPrefix: "idle-\(UInt32.random(in: 0...UInt32.max))")
                let generator = try LeanLoadGenerator(plan: plan)
                lean.withLock { $0 = generator }
                try await generator.holdLoggedIn(while: measure)
            case .session:
                var connected: [ClientSession] = []
                connected.reserveCapacity(sessions)
                var next = 0
                while next < sessions {
                    let batch = (next..<min(sessions, next + concurrency)).map { target.session("idle-\($0)") }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for session in batch { group.addTask { try await session.login() } }
                        try await group.waitForAll()
                    }
                    connected += batch
                    next += batch.count
                    loggedIn.store(next, ordering: .relaxed)
                }
                try await measure()
                for session in connected { await session.shutdown() }
            }
        }
    }

    struct Latency: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time from sending an invite to the callee's invitation event, over the WebSocket.")

        @OptionGroup var target: Target

        @Option(help: "How many calls, one after another.")
        var calls = 1000

        @Flag(help: "No progress line (on standard error: one line rewritten in place on a terminal, a plain line every 5 s otherwise).")
        var quiet = false

        func run() async throws {
            try target.validateOneServer()
            guard (1...100_000).contains(calls) else { throw ValidationError("--calls must be 1 to 100000") }
            let caller = target.session("latency-caller-\(UUID().uuidString.prefix(8))")
            let calleeID = "latency-callee-\(UUID().uuidString.prefix(8))"
            let callee = target.session(calleeID)
            try await caller.login()
            try await callee.login()
            var events = callee.events.makeAsyncIterator()
            var samples: [Duration] = []
            samples.reserveCapacity(calls)
            // The progress line's median: the samples are the loop's alone, sorted only at the end.
            let recorder = LatencyRecorder()
            let done = Atomic<Int>(0)
            let total = calls
            let reporter = quiet ? nil : ProgressReporter {
                let median = recorder.summary
                return ProgressStatus(label: "calls", done: done.load(ordering: .relaxed), total: total,
                                      details: median.count == 0 ? [] : ["p50 " + ProgressStatus.milliseconds(median.p50)])
            }
            reporter?.start()
            defer { reporter?.finish() }
            for _ in 0..<calls {
                let sent = ContinuousClock.now
                let call = try await caller.invite(InviteRequest(invitees: [UserID(calleeID)]))
                while let event = await events.next() {
                    if case .server(.call(let note)) = event, case .invited = note.kind, note.call.id == call.id { break }
                }
                let latency = ContinuousClock.now - sent
                samples.append(latency)
                recorder.record(latency)
                done.add(1, ordering: .relaxed)
                _ = try await callee.act(.reject(data: nil, reason: .declined), on: call.id)
            }
            reporter?.finish()
            samples.sort()
            func percentile(_ p: Double) -> Duration { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
            func ms(_ d: Duration) -> String {
                String(format: "%.3f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
            }
            print("invite to callee's invitation over WebSocket, \(calls) calls: median \(ms(percentile(0.5))), p90 \(ms(percentile(0.9))), p99 \(ms(percentile(0.99))), max \(ms(samples.last!))")
            try await caller.logout()
            try await callee.logout()
        }
    }
}

/// Appends lines to a file as they come, from any thread (the completed calls, as they complete).
final class LineWriter: Sendable {
    private let handle: Mutex<FileHandle?>

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("cannot write \(path)")
        }
        self.handle = Mutex(handle)
    }

    func write(_ line: String) {
        handle.withLock { $0?.write(Data((line + "\n").utf8)) }
    }

    func close() {
        handle.withLock { handle in
            handle?.closeFile()
            handle = nil
        }
    }
}

extension LoadEngine: ExpressibleByArgument {}
