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

/// `switchboard loadtest calls` with several `--url`s (docs/PERFORMANCE.md, "The load generator"), and the
/// JSON report's list of calls. The servers are separate single nodes on ephemeral loopback ports: these
/// tests check where the users go and what the report says, not calls from one node to another.
@Suite("Load generator across several server URLs, and the JSON report", .serialized)
struct LoadAcrossURLsTests {
    /// A plan over `urls` whose calls end quickly: callers and callees are on different servers that do
    /// not share their users, so every call fails one way or another (the callee is offline where the
    /// call is) and the test only looks at where the users were.
    func acrossPlan(_ urls: [String]) -> LoadPlan {
        var plan = LoadPlan(pace: .inFlight(4), duration: .milliseconds(300), pairs: 4, ringTimeout: .seconds(1),
                            stallAfter: .seconds(1), warmsUp: false)
        plan.urls = urls
        plan.listsCalls = true
        return plan
    }

    /// Each pair's caller on URL i mod n and callee on URL (i + 1) mod n: in the report's calls, and in the
    /// servers' sessions.
    func expectPlaced(_ report: LoadReport, plan: LoadPlan, nodes: [LoopbackServer]) throws {
        let calls = try #require(report.calls)
        #expect(report.urls == plan.urls)
        #expect(calls.count == report.startedCount, "\(report.text)")
        #expect(calls.count >= plan.pairs)
        for pair in 0..<plan.pairs {
            let caller = UserID("\(plan.userPrefix)-c\(pair)")
            let callee = UserID("\(plan.userPrefix)-e\(pair)")
            let callerNode = pair % nodes.count
            let calleeNode = (pair + 1) % nodes.count
            #expect(callerNode != calleeNode)
            #expect(plan.url(of: .caller, pair: pair) == nodes[callerNode].url)
            #expect(plan.url(of: .callee, pair: pair) == nodes[calleeNode].url)
            for (user, node) in [(caller, callerNode), (callee, calleeNode)] {
                for (index, other) in nodes.enumerated() {
                    #expect(other.service.sessionCount(user: user) == (index == node ? 1 : 0), "\(user) on node \(index)")
                }
            }
            let ofPair = calls.filter { $0.caller == caller }
            #expect(!ofPair.isEmpty)
            for call in ofPair {
                #expect(call.callee == callee)
                #expect(call.app == plan.app)
                #expect(call.callerURL == nodes[callerNode].url)
                #expect(call.calleeURL == nodes[calleeNode].url)
                #expect(!call.isWarmUp)
            }
        }
    }

    @Test("the lean engine puts each pair's caller and callee on different URLs, and its report says which")
    func leanAcrossTwo() async throws {
        let nodes = [try await LoopbackServer.start(.unthrottled), try await LoopbackServer.start(.unthrottled)]
        let plan = acrossPlan(nodes.map(\.url))
        let report = try await LeanLoadGenerator(plan: plan).run()
        try expectPlaced(report, plan: plan, nodes: nodes)
        for node in nodes { await node.stop() }
    }

    @Test("the session engine puts each pair's caller and callee on different URLs, and its report says where each was connected")
    func sessionAcrossTwo() async throws {
        let nodes = [try await LoopbackServer.start(.unthrottled), try await LoopbackServer.start(.unthrottled)]
        let plan = acrossPlan(nodes.map(\.url))
        let report = try await LoadGenerator(plan: plan).run()
        try expectPlaced(report, plan: plan, nodes: nodes)
        for node in nodes { await node.stop() }
    }

    @Test("three URLs: pair i on URLs i mod 3 and (i + 1) mod 3")
    func threeURLs() {
        var plan = LoadPlan(pairs: 6)
        plan.urls = ["ws://127.0.0.1:1/v1/signal", "ws://127.0.0.1:2/v1/signal", "ws://127.0.0.1:3/v1/signal"]
        #expect((0..<6).map { plan.url(of: .caller, pair: $0) } == [0, 1, 2, 0, 1, 2].map { plan.urls[$0] })
        #expect((0..<6).map { plan.url(of: .callee, pair: $0) } == [1, 2, 0, 1, 2, 0].map { plan.urls[$0] })
        var one = LoadPlan(pairs: 2)
        one.url = "ws://127.0.0.1:7/v1/signal"
        #expect(one.urls == ["ws://127.0.0.1:7/v1/signal"])
        #expect(one.url(of: .caller, pair: 1) == one.url(of: .callee, pair: 1))
    }

    @Test("URL lists the generator refuses: none, a remote one among loopback ones, the same one twice")
    func refusedLists() {
        var plan = LoadPlan(pairs: 2)
        for urls in [[], ["ws://127.0.0.1:1/v1/signal", "ws://10.0.0.1:2/v1/signal"], ["ws://127.0.0.1:1/v1/signal", "ws://127.0.0.1:1/v1/signal"]] {
            plan.urls = urls
            #expect(throws: LoadError.self) { try plan.validate() }
        }
    }

    @Test("the JSON report on one server lists every call it saw complete (id, kind, caller, callee, app, URLs, outcome), valid against its schema",
          arguments: [LoadEngine.lean, .session])
    func reportListsCalls(engine: LoadEngine) async throws {
        let node = try await LoopbackServer.start(.unthrottled)
        let completed = Mutex<[CompletedCall]>([])
        // A closed loop: a busy machine places fewer calls, but none waits for a free pair.
        var plan = LoadPlan(url: node.url, pace: .inFlight(10), duration: .milliseconds(500), maxCalls: 40,
                            mix: try FlowMix(parsing: "accept=2,reject=1,cancel=1"), pairs: 10)
        plan.listsCalls = true
        let sink: @Sendable (CompletedCall) -> Void = { call in completed.withLock { $0.append(call) } }
        let report = switch engine {
        case .lean: try await LeanLoadGenerator(plan: plan, completedCalls: sink).run()
        case .session: try await LoadGenerator(plan: plan, completedCalls: sink).run()
        }
        let calls = try #require(report.calls)
        #expect(report.failures.isEmpty, "\(report.text)")
        #expect(report.startedCount >= 10)
        #expect(calls.filter { !$0.isWarmUp }.count == report.startedCount)
        #expect(calls.filter(\.isWarmUp).count == plan.pairs)
        #expect(calls.allSatisfy { $0.outcome == .completed && $0.app == plan.app })
        #expect(calls.allSatisfy { $0.callerURL == node.url && $0.calleeURL == node.url })
        // The same calls as the completed-calls stream, id for id (each told as it finishes, the two
        // lists in the same order only per pair).
        let seen = Dictionary(uniqueKeysWithValues: completed.withLock { $0 }.map { ($0.callID, $0) })
        #expect(seen.count == calls.count)
        for call in calls {
            let id = try #require(call.callID)
            let twin = try #require(seen[id])
            #expect(twin.kind == call.kind && twin.caller == call.caller && twin.callee == call.callee && twin.isWarmUp == call.isWarmUp)
        }
        for call in calls {
            let records = try node.service.callRecords(of: call.caller, query: RecordQuery(limit: 100)).records
            #expect(records.contains { $0.callID == call.callID }, "\(String(describing: call.callID))")
        }

        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["app"] as? String == plan.app)
        #expect(object["urls"] as? [String] == [node.url])
        let listed = try #require(object["calls"] as? [[String: Any]])
        #expect(listed.count == calls.count)
        #expect(listed.first?["call"] as? String == calls.first?.callID?.rawValue)
        #expect(listed.allSatisfy { $0["outcome"] as? String == "completed" && $0["callerURL"] as? String == node.url })
        try await expectValidReport(report.json)
        await node.stop()
    }

    @Test("a report without the list, and failed calls in it, are valid against the schema too; the schema names every kind and outcome")
    func schemaCoversTheCode() async throws {
        // Callers and callees on separate nodes that do not share users: no call completes.
        let nodes = [try await LoopbackServer.start(.unthrottled), try await LoopbackServer.start(.unthrottled)]
        let report = try await LeanLoadGenerator(plan: acrossPlan(nodes.map(\.url))).run()
        for node in nodes { await node.stop() }
        let calls = try #require(report.calls)
        #expect(!calls.isEmpty && !calls.contains { $0.outcome == .completed }, "\(calls)")
        #expect(calls.contains { if case .failed = $0.outcome { true } else { false } }, "\(calls)")
        try await expectValidReport(report.json)
        var unlisted = report
        unlisted.calls = nil
        #expect(!unlisted.json.contains("\"calls\""))
        try await expectValidReport(unlisted.json)

        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reportSchema)) as? [String: Any])
        let call = try #require((schema["$defs"] as? [String: Any])?["call"] as? [String: Any])
        let properties = try #require(call["properties"] as? [String: Any])
        #expect((properties["kind"] as? [String: Any])?["enum"] as? [String] == FlowKind.allCases.map(\.rawValue))
        let outcomes: [CallFlow.Outcome] = [.completed, .failed(.noFreePair), .interrupted, .overloaded]
        #expect((properties["outcome"] as? [String: Any])?["enum"] as? [String] == outcomes.map(\.name))
    }
}

/// Schemas/loadtest/report.schema.json, found from this file's path.
private let reportSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Schemas/loadtest/report.schema.json")

/// Checks `json` against the report's schema with Python's jsonschema, the independent validator
/// scripts/validate-frames uses.
func expectValidReport(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        errors = [e.message for e in Draft202012Validator(schema).iter_errors(json.load(sys.stdin))]
        print("\\n".join(errors[:5]) if errors else "valid")
        """
    let verdict = try await runToExit(["/usr/bin/env", "python3", "-c", script, reportSchema.path], input: json).output
    #expect(verdict == "valid\n", "\(verdict)", sourceLocation: sourceLocation)
}
