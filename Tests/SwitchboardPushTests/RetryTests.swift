import Foundation
import PushProviderDouble
import SwitchboardCore
import SwitchboardPush
import SwitchboardService
import Testing

@Suite("Retries: 429 and 5xx again after Retry-After or the backoff, in virtual time")
struct RetryTests {
    @Test("APNs 503 with Retry-After: 1 is sent again after one second (not the backoff's 100 ms), then delivered")
    func serviceUnavailableRetryAfter() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "5030", [.serviceUnavailable(retryAfter: "1")])
        let time = VirtualTime()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log, clock: time.service)
        sender.dispatch([pushJob(token: "5030")])
        #expect(await double.waitForRequests { $0.count == 1 })
        let waited = await time.advance(upTo: .seconds(5)) { double.apnsRequests.count == 2 }
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        let delay = try #require(waited)
        #expect(delay >= .seconds(1) && delay < .seconds(2), "retried after \(delay)")
        guard case .delivered = answer.outcome else { Issue.record("\(answer.outcome)"); return }
    }

    @Test("APNs 429 without Retry-After backs off exponentially (1 s, then 2 s) and 3 failures fail the push")
    func tooManyRequestsBackoff() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "4290", [.tooManyRequests(), .tooManyRequests(), .tooManyRequests()])
        let time = VirtualTime()
        let log = AnswerLog()
        let configuration = pushConfiguration(double, maxAttempts: 3, initialBackoff: .seconds(1))
        let sender = try pushSender(double, apps: ["acme": configuration], log: log, clock: time.service)
        sender.dispatch([pushJob(token: "4290")])
        #expect(await double.waitForRequests { $0.count == 1 })
        let first = try #require(await time.advance(upTo: .seconds(5)) { double.apnsRequests.count == 2 })
        let second = try #require(await time.advance(upTo: .seconds(5)) { double.apnsRequests.count == 3 })
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        #expect(first >= .seconds(1) && first < .milliseconds(1500), "first retry after \(first)")
        // As below (fcmRetries): the second retry's backoff may start while the first advance still steps.
        #expect(second >= .milliseconds(1500) && second < .milliseconds(2500), "second retry after \(second)")
        #expect(answer.outcome == .failed(status: 429, reason: "TooManyRequests (after 3 attempts)"))
    }

    @Test("a retry that would come after the push expires is not made")
    func noRetryPastExpiry() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "5031", [.serviceUnavailable(retryAfter: "30")])
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(token: "5031", ringFor: .seconds(20))])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        guard case .failed(503, let reason) = answer.outcome else { Issue.record("\(answer.outcome)"); return }
        #expect(reason.contains("expires before"))
        #expect(double.apnsRequests.count == 1)
    }

    @Test("FCM 429 with Retry-After as an HTTP date and 503 are retried, then delivered")
    func fcmRetries() async throws {
        let double = try await PushProviderDouble.start()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        // Ten seconds on: a loaded machine may take seconds before the first send.
        let date = formatter.string(from: Date().addingTimeInterval(10))
        double.script(fcmToken: "fcm-retry", [.quotaExceeded(retryAfter: date), .unavailable()])
        let time = VirtualTime()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double, initialBackoff: .seconds(1))], log: log,
                                    clock: time.service)
        sender.dispatch([pushJob(platform: .fcm, token: "fcm-retry", ringFor: .seconds(600))])
        #expect(await double.waitForRequests { requests in requests.filter { $0.path.hasSuffix(":send") }.count == 1 })
        // Steps of 100 ms (not coarser): the backoff measured below starts while this loop may still take one.
        let first = try #require(await time.advance(by: .milliseconds(100), upTo: .seconds(20)) { double.fcmRequests.count == 2 })
        let second = try #require(await time.advance(upTo: .seconds(10)) { double.fcmRequests.count == 3 })
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        #expect(first >= .seconds(3) && first <= .seconds(11), "Retry-After date: retried after \(first)")
        // The backoff's 2 s run from the 503's answer, which may cross loopback while the first advance is still
        // stepping (100 ms of virtual time per 100 ms of real time): up to a few steps of it then fall before
        // the second advance starts counting.
        #expect(second >= .milliseconds(1500) && second < .milliseconds(2500), "backoff: retried after \(second)")
        guard case .delivered = answer.outcome else { Issue.record("\(answer.outcome)"); return }
    }
}
