import Foundation
import MetricsTestKit
import PushProviderDouble
import SwitchboardCore
import SwitchboardPush
import SwitchboardService
import Testing

@Suite("The sender: per-app queues and workers, dedupe, expiry, isolation, metrics")
struct SenderQueueTests {
    @Test("a hanging provider fails its push after the timeout, while another app's pushes go through at once")
    func hangingProviderIsolated() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "dead", [.hang, .hang])
        let log = AnswerLog()
        let slow = pushConfiguration(double, concurrency: 2, requestTimeout: .seconds(3))
        let fast = pushConfiguration(double, concurrency: 2, requestTimeout: .seconds(3))
        let sender = try pushSender(double, apps: ["slow": slow, "fast": fast], log: log)
        let started = ContinuousClock.now
        sender.dispatch((1...2).map { pushJob(app: "slow", call: CallID("hung-\($0)"), token: "dead") })
        #expect(await double.waitForRequests { $0.filter { $0.path == "/3/device/dead" }.count == 2 })
        sender.dispatch((1...5).map { pushJob(app: "fast", call: CallID("fast-\($0)"), token: "beef") }
                        + [pushJob(app: "fast", call: "fast-fcm", platform: .fcm, token: "fcm-fast")])
        for index in 1...5 { _ = await log.answer(call: CallID("fast-\(index)")) }
        _ = await log.answer(call: "fast-fcm")
        let fastDone = ContinuousClock.now - started
        let slowAnsweredBeforeFast = log.all.contains { $0.job.app == "slow" }
        let hung = try #require(await log.answer(call: "hung-1"))
        await log.wait(for: 8)
        let allDone = ContinuousClock.now - started
        await sender.shutdown()
        await double.stop()

        #expect(!slowAnsweredBeforeFast && fastDone < .seconds(3), "the other app waited \(fastDone)")
        #expect(log.all.filter { $0.job.app == "fast" }.count == 6)
        #expect(log.all.filter { $0.job.app == "fast" }.allSatisfy { if case .delivered = $0.outcome { true } else { false } })
        guard case .failed(nil, let reason) = hung.outcome else { Issue.record("\(hung.outcome)"); return }
        #expect(reason.hasPrefix("timed out"))
        // One 3 s timeout each, no retry of a timeout.
        #expect(allDone >= .seconds(3) && allDone < .seconds(6), "\(allDone)")
        #expect(double.apnsRequests.filter { $0.path == "/3/device/dead" }.count == 2)
    }

    @Test("past the queue's capacity a push is answered dropped and not sent; shutdown ends the rest")
    func fullQueueDrops() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "dead", [.hang])
        let log = AnswerLog()
        let metrics = TestMetrics()
        let configuration = pushConfiguration(double, queueCapacity: 2, concurrency: 1, requestTimeout: .seconds(30))
        let sender = try pushSender(double, apps: ["acme": configuration], log: log, metrics: metrics)
        sender.dispatch([pushJob(call: "first", token: "dead")])
        #expect(await double.waitForRequests { $0.count == 1 })
        sender.dispatch((1...5).map { pushJob(call: CallID("queued-\($0)"), token: "dead") })
        await log.wait(for: 3)
        let dropped = log.all.filter { $0.outcome == .dropped }.map(\.job.callID)
        #expect(dropped == ["queued-3", "queued-4", "queued-5"])
        let stopping = ContinuousClock.now
        await sender.shutdown()
        #expect(ContinuousClock.now - stopping < .seconds(5))
        await double.stop()
        #expect(log.all.count == 6)
        #expect(log.all.filter { $0.outcome == .failed(status: nil, reason: "the sender shut down") }.count == 2)
        #expect(double.apnsRequests.count == 1)
        let counter = try metrics.expectCounter("switchboard_push_total",
                                                [("provider", "apns"), ("kind", "ring"), ("outcome", "dropped")])
        #expect(counter.totalValue == 3)
    }

    @Test("the same push handed over twice, at once or later, is sent and answered once")
    func dedupe() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        // One worker: the app's queue is sent in order, so once a push handed over last is answered, every
        // push taken before it has been too.
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double, concurrency: 1)], log: log)
        let job = pushJob(token: "cafe")
        sender.dispatch([job, job])
        await log.wait(for: 1)
        sender.dispatch([job])
        sender.dispatch([pushJob(token: "cafe", kind: .cancel)])
        sender.dispatch([pushJob(call: "call-last", token: "beef")])
        _ = await log.answer(call: "call-last")
        await sender.shutdown()
        await double.stop()
        let cafe = log.all.filter { $0.job.registration.token == "cafe" }
        #expect(cafe.count == 2)
        #expect(double.apnsRequests.filter { $0.deviceToken == "cafe" }.count == 2)
    }

    @Test("a push that expired before it was sent is answered expired, not sent")
    func expired() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let metrics = TestMetrics()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log, metrics: metrics)
        sender.dispatch([pushJob(token: "cafe", ringFor: .milliseconds(-1))])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        #expect(answer.outcome == .expired)
        #expect(double.requests.isEmpty)
        let counter = try metrics.expectCounter("switchboard_push_total",
                                                [("provider", "apns"), ("kind", "ring"), ("outcome", "expired")])
        #expect(counter.totalValue == 1)
    }

    @Test("metrics: outcomes and retries by provider and kind, latency from the decision to the answer")
    func metrics() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "0410", [.unregistered()])
        double.script(fcmToken: "busy", [.unavailable(retryAfter: "0")])
        let log = AnswerLog()
        let metrics = TestMetrics()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log, metrics: metrics)
        sender.dispatch([pushJob(call: "c1", token: "aa"), pushJob(call: "c2", token: "0410", kind: .cancel),
                         pushJob(call: "c3", platform: .fcm, token: "busy")])
        await log.wait(for: 3)
        await sender.shutdown()
        await double.stop()
        func total(_ provider: String, _ kind: String, _ outcome: String) throws -> Int64 {
            try metrics.expectCounter("switchboard_push_total", [("provider", provider), ("kind", kind), ("outcome", outcome)]).totalValue
        }
        #expect(try total("apns", "ring", "delivered") == 1)
        #expect(try total("apns", "cancel", "token_invalid") == 1)
        #expect(try total("fcm", "ring", "retried") == 1)
        #expect(try total("fcm", "ring", "delivered") == 1)
        let latency = try metrics.expectTimer("switchboard_push_latency_seconds", [("provider", "apns")])
        #expect(latency.values.count == 2)
        #expect(latency.values.allSatisfy { $0 >= 0 && $0 < 10_000_000_000 })
    }

    @Test("a push for an app the sender has no configuration for fails at once")
    func unknownApp() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(app: "other")])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        #expect(answer.outcome == .failed(status: nil, reason: "push is not configured for the app"))
    }
}
