import Foundation
import ServerTestSupport
import Synchronization
import Testing
import SwitchboardLoad
import SwitchboardServer
import SwitchboardService

extension ServerConfiguration {
    /// A server on an ephemeral loopback port whose request rate (10,000 a second per connection, bursts of
    /// twice that) no generator here reaches.
    static let unthrottled = ServerConfiguration(host: "127.0.0.1", port: 0, requestsPerSecond: 10_000, requestBurst: 20_000)
}

/// The generator against a real server on an ephemeral loopback port: small, bounded runs (a few hundred
/// calls) that must come out whole.
@Suite("Load generator against a server on loopback", .serialized)
struct LoadGeneratorTests {
    /// Runs `body` with a server (in-memory records, development mode, no request rate limit to speak of)
    /// that sheds `shedding` of the new calls (docs/SERVER.md, "Overload"), whatever its load.
    func withServer(shedding: Double = 0, _ body: (String) async throws -> Void) async throws {
        let service = testService()
        service.loadShedding.shed(shedding)
        try await LoopbackServer.with(.unthrottled, service: service) { server in try await body(server.url) }
    }

    @Test("an offered rate with the full mix: every call placed completes as its kind says, with latencies")
    func mixedRate() async throws {
        try await withServer { url in
            let plan = LoadPlan(url: url, pace: .rate(200), duration: .seconds(1), maxCalls: 150,
                                mix: try FlowMix(parsing: "accept=7,reject=1,cancel=1,timeout=1"), pairs: 150,
                                ringTimeout: .seconds(3), stallAfter: .seconds(5))
            let report = try await LoadGenerator(plan: plan).run()
            #expect(report.startedCount == 150)
            #expect(report.failures.isEmpty, "\(report.text)")
            #expect(report.completed[.accept] == 105)
            #expect(report.completed[.reject] == 15)
            #expect(report.completed[.cancel] == 15)
            #expect(report.completed[.timeout] == 15)
            #expect(report.established == 105)
            #expect(report.inviteToRing.count == 150)
            #expect(report.acceptToConnected.count == 105)
            #expect(report.setup.p50 > 0 && report.setup.p50 <= report.setup.max)
            #expect(report.csvRow().split(separator: ",").count == LoadReport.csvHeader.split(separator: ",").count)
        }
    }

    @Test("calls the server refuses as overloaded are counted apart from failures, in the text, the JSON and the CSV row")
    func overloadedCallsAreNotFailures() async throws {
        try await withServer(shedding: 0.5) { url in
            var plan = LoadPlan(url: url, pace: .rate(200), duration: .seconds(1), maxCalls: 40, pairs: 40)
            plan.warmsUp = false
            let report = try await LoadGenerator(plan: plan).run()
            #expect(report.startedCount == 40)
            #expect(report.refusedCount == 20)
            #expect(report.completed[.accept] == 20)
            #expect(report.failures.isEmpty, "\(report.text)")
            #expect(report.failedPercent == 0)
            #expect(report.inviteToRefusal.count == 20)
            #expect(report.text.contains("refused at once as overloaded (not failures): 20"))
            #expect(report.json.contains("\"refused\":20"))
            let refusedPerSecond = Double(report.csvRow().split(separator: ",").last.map(String.init) ?? "")
            #expect((refusedPerSecond ?? 0) > 0)
        }
    }

    @Test("a fixed number in flight keeps every pair busy until the time is up")
    func fixedInFlight() async throws {
        try await withServer { url in
            let notes = Mutex<[String]>([])
            let plan = LoadPlan(url: url, pace: .inFlight(8), duration: .milliseconds(700), pairs: 8)
            let generator = try LoadGenerator(plan: plan, notes: { line in notes.withLock { $0.append(line) } })
            let report = try await generator.run()
            #expect(report.startedCount > 8)
            #expect(report.failures.isEmpty, "\(report.text)")
            #expect(report.completed[.accept] == report.startedCount)
            #expect(notes.withLock { $0 } == ["16 sessions logged in", "warmed up: one call per pair, 0 failed"])
            // The progress line's counts are the report's.
            let progress = generator.progress()
            #expect(progress.phase == .finished)
            #expect(progress.usersLoggedIn == 16)
            #expect(progress.placed == report.startedCount)
            #expect(progress.established == report.established)
            #expect(progress.inFlight == 0)
            #expect(progress.planned == nil)
        }
    }

    @Test("a server that is not there stops the run before any call, with the reason")
    func unreachable() async throws {
        // Nothing listens on port 9 (discard) of loopback here; the users try again until their login
        // times out.
        var plan = LoadPlan(url: "ws://127.0.0.1:9/v1/signal", pace: .rate(10), duration: .seconds(1), pairs: 1)
        plan.loginTimeout = .seconds(2)
        await #expect(throws: LoadError.self) { _ = try await LoadGenerator(plan: plan).run() }
    }
}
