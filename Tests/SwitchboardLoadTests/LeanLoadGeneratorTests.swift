import Foundation
import ServerTestSupport
import Synchronization
import Testing
import TestSupport
import SwitchboardCore
import SwitchboardLoad
import SwitchboardServer
import SwitchboardService
import SwitchboardWire

/// The lean engine (docs/PERFORMANCE.md, "The load generator") against a real server on an ephemeral
/// loopback port: small, bounded runs that must come out whole, and agree with what the server recorded.
@Suite("Lean load generator against a server on loopback", .serialized)
struct LeanLoadGeneratorTests {
    /// Runs `body` with a server (in-memory records, development mode, no shedding: these tests count
    /// calls exactly) and its service.
    func withServer(_ body: (String, SignalingService) async throws -> Void) async throws {
        try await LoopbackServer.with(.unthrottled) { server in try await body(server.url, server.service) }
    }

    /// Every call the generator saw complete has the record its kind says in its caller's history.
    func expectRecorded(_ calls: [CompletedCall], in service: SignalingService) throws {
        let expected: [FlowKind: CallEndReason] = [.accept: .hungUp, .reject: .declined, .cancel: .cancelled, .timeout: .noAnswer]
        for call in calls {
            let records = try service.callRecords(of: call.caller, query: RecordQuery(limit: 100)).records
            let record = records.first { $0.callID == call.callID }
            #expect(record?.endReason == expected[call.kind], "\(call.callID) (\(call.kind)): \(String(describing: record))")
        }
    }

    @Test("answered calls in a closed loop: every call completes, and the server recorded each one")
    func acceptClosedLoop() async throws {
        try await withServer { url, service in
            let seen = Mutex<[CompletedCall]>([])
            let plan = LoadPlan(url: url, pace: .inFlight(10), duration: .milliseconds(700), pairs: 10)
            let report = try await LeanLoadGenerator(plan: plan, completedCalls: { call in seen.withLock { $0.append(call) } }).run()
            let calls = seen.withLock { $0 }
            let measured = calls.filter { !$0.isWarmUp }
            #expect(report.startedCount >= 10)  // each pair placed one at least (more on a machine not busy)
            #expect(report.failures.isEmpty, "\(report.text)")
            #expect(report.warmUpFailures == 0)
            #expect(report.completed[.accept] == report.startedCount)
            #expect(report.established == report.startedCount)
            #expect(report.inviteToRing.count == UInt64(report.startedCount))
            #expect(report.connectionsLost == 0 && report.unreadableFrames == 0)
            #expect(measured.count == report.startedCount)
            #expect(calls.count - measured.count == 10)  // one warm-up call per pair
            #expect(Set(calls.map(\.callID)).count == calls.count)
            #expect(service.activeCalls().isEmpty)
            try expectRecorded(calls, in: service)
        }
    }

    @Test("an offered rate with every kind of flow: each completes as its kind says, as the server recorded it")
    func mixedRate() async throws {
        try await withServer { url, service in
            let seen = Mutex<[CompletedCall]>([])
            let plan = LoadPlan(url: url, pace: .rate(100), duration: .seconds(1), maxCalls: 60,
                                mix: try FlowMix(parsing: "accept=7,reject=1,cancel=1,timeout=1"), pairs: 60,
                                ringTimeout: .seconds(3), stallAfter: .seconds(10))
            let report = try await LeanLoadGenerator(plan: plan, completedCalls: { call in seen.withLock { $0.append(call) } }).run()
            #expect(report.startedCount == 60)
            #expect(report.failures.isEmpty, "\(report.text)")
            #expect(report.completed[.accept] == 42)
            #expect(report.completed[.reject] == 6)
            #expect(report.completed[.cancel] == 6)
            #expect(report.completed[.timeout] == 6)
            #expect(report.established == 42)
            #expect(report.inviteToRing.count == 60)
            #expect(report.acceptToConnected.count == 42)
            #expect(report.setup.p50 > 0 && report.setup.p50 <= report.setup.max)
            let measured = seen.withLock { $0.filter { !$0.isWarmUp } }
            #expect(Dictionary(grouping: measured, by: \.kind).mapValues(\.count) == [.accept: 42, .reject: 6, .cancel: 6, .timeout: 6])
            #expect(service.activeCalls().isEmpty)
            try expectRecorded(seen.withLock { $0 }, in: service)
        }
    }

    @Test("a server that goes away mid-run: the calls in flight count as interrupted, the lost connections are reported")
    func serverGoesAway() async throws {
        let server = try await LoopbackServer.start(.unthrottled)
        // Timeout calls ring for a second: some are in flight whenever the server stops.
        var plan = LoadPlan(url: server.url, pace: .inFlight(4),
                            duration: .seconds(3), mix: try FlowMix(parsing: "timeout=1"), pairs: 4,
                            ringTimeout: .seconds(1), stallAfter: .seconds(2))
        plan.warmsUp = false
        let generator = try LeanLoadGenerator(plan: plan)
        let run = Task { try await generator.run() }
        try await eventually("four calls ring") { server.service.activeCalls().count >= 4 }
        await server.stop()
        let report = try await run.value
        #expect(report.interruptedCount == 4, "\(report.text)")
        #expect(report.connectionsLost == 8)
        #expect(report.failures.isEmpty, "\(report.text)")
        #expect(report.text.contains("8 connections lost (the lean engine does not reconnect"))
        #expect(report.json.contains("\"connectionsLost\":8"))
    }

    @Test("no server at the URL: the run stops before any call, saying it cannot connect")
    func unreachable() async throws {
        let plan = LoadPlan(url: "ws://127.0.0.1:9/v1/signal", pace: .rate(10), duration: .seconds(1), pairs: 1)
        let error = await #expect(throws: LoadError.self) { _ = try await LeanLoadGenerator(plan: plan).run() }
        #expect(error?.description.contains("cannot connect to ws://127.0.0.1:9/v1/signal") == true, "\(String(describing: error))")
    }

    @Test("a URL that is not the signaling path: the run stops, saying the upgrade was not accepted")
    func wrongPath() async throws {
        try await withServer { url, _ in
            let plan = LoadPlan(url: url.replacingOccurrences(of: ServerConfiguration.signalPath, with: "/v1/nothing"),
                                pace: .rate(10), duration: .seconds(1), pairs: 1)
            let error = await #expect(throws: LoadError.self) { _ = try await LeanLoadGenerator(plan: plan).run() }
            #expect(error?.description.contains("does not accept a WebSocket upgrade") == true, "\(String(describing: error))")
        }
    }

    @Test("a login the server refuses stops the run with the server's reason")
    func refusedLogin() async throws {
        try await withServer { url, _ in
            // Users must be printable ASCII: the server refuses the hello with invalid_user_id.
            let plan = LoadPlan(url: url, pace: .rate(10), duration: .seconds(1), pairs: 1, userPrefix: "caf\u{E9}")
            let error = await #expect(throws: LoadError.self) { _ = try await LeanLoadGenerator(plan: plan).run() }
            #expect(error?.description.contains("could not log in") == true, "\(String(describing: error))")
            #expect(error?.description.contains("printable ASCII") == true, "\(String(describing: error))")
        }
    }

    @Test("the lean engine speaks ws:// only; a wss:// URL is refused before connecting")
    func secureSchemeRefused() throws {
        let plan = LoadPlan(url: "wss://127.0.0.1:7480/v1/signal", pace: .rate(10), duration: .seconds(1), pairs: 1)
        #expect(throws: LoadError.self) { _ = try LeanLoadGenerator(plan: plan) }
    }
}
