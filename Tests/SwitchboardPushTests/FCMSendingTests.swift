import Foundation
import PushProviderDouble
import SwitchboardCore
import SwitchboardPush
import SwitchboardService
import Testing

@Suite("FCM HTTP v1: the service-account OAuth flow and high-priority data messages")
struct FCMSendingTests {
    @Test("a data message with the layout's strings, priority HIGH, ttl to the ring's end and the call as collapse key")
    func dataMessage() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(platform: .fcm, token: "fcm-token-1", layout: .zego, ringFor: .seconds(45))])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()

        let request = try #require(double.fcmRequests.first)
        let files = double.credentials
        #expect(request.path == "/v1/projects/\(files.fcmProjectID)/messages:send")
        #expect(answer.outcome == .delivered(id: "projects/\(files.fcmProjectID)/messages/2"))
        let message = try #require(request.json?["message"] as? [String: Any])
        #expect(message["token"] as? String == "fcm-token-1")
        let android = try #require(message["android"] as? [String: String])
        #expect(android["priority"] == "HIGH")
        #expect(android["collapse_key"] == "call-1")
        let ttl = try #require(android["ttl"].flatMap { Int($0.dropLast()) })
        #expect(ttl > 40 && ttl <= 45 && android["ttl"]?.hasSuffix("s") == true)
        let data = try #require(message["data"] as? [String: String])
        #expect(data["call_id"] == "call-1")
        #expect(data["title"] == "Alice")
        #expect(double.tokenRequests.count == 1)
        #expect(request.header("authorization")?.hasPrefix("Bearer ya29.double-") == true)
    }

    @Test("one access token serves every send, concurrent ones included")
    func tokenReused() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double, concurrency: 4)], log: log)
        sender.dispatch((1...6).map { pushJob(call: CallID("c\($0)"), platform: .fcm, token: "fcm-\($0)") })
        await log.wait(for: 6)
        sender.dispatch([pushJob(call: "later", platform: .fcm, token: "fcm-later")])
        await log.wait(for: 7)
        await sender.shutdown()
        await double.stop()
        #expect(log.all.allSatisfy { if case .delivered = $0.outcome { true } else { false } }, "\(log.all.map(\.outcome))")
        #expect(double.accessTokensIssued == 1)
        #expect(Set(double.fcmRequests.map { $0.header("authorization") ?? "" }).count == 1)
    }

    @Test("the access token is fetched again a minute before it expires (virtual time)")
    func tokenRefreshedOnExpiry() async throws {
        let double = try await PushProviderDouble.start(accessTokenLifetime: 600)
        let time = VirtualTime()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log, clock: time.service)
        sender.dispatch([pushJob(call: "c1", platform: .fcm, token: "fcm-1", ringFor: .seconds(3600))])
        _ = await log.answer(call: "c1")
        await time.clock.advance(by: .seconds(530))
        sender.dispatch([pushJob(call: "c2", platform: .fcm, token: "fcm-2", ringFor: .seconds(3600))])
        _ = await log.answer(call: "c2")
        #expect(double.accessTokensIssued == 1)
        await time.clock.advance(by: .seconds(11))
        sender.dispatch([pushJob(call: "c3", platform: .fcm, token: "fcm-3", ringFor: .seconds(3600))])
        _ = await log.answer(call: "c3")
        await sender.shutdown()
        await double.stop()
        #expect(double.accessTokensIssued == 2)
        #expect(log.all.count == 3 && log.all.allSatisfy { if case .delivered = $0.outcome { true } else { false } })
    }

    @Test("401: the access token is dropped, a new one fetched, the send made once more")
    func unauthenticated() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(call: "c1", platform: .fcm, token: "fcm-1")])
        _ = await log.answer(call: "c1")
        double.revokeAccessTokens()
        sender.dispatch([pushJob(call: "c2", platform: .fcm, token: "fcm-2")])
        let answer = try #require(await log.answer(call: "c2"))
        await sender.shutdown()
        await double.stop()
        guard case .delivered = answer.outcome else { Issue.record("\(answer.outcome)"); return }
        #expect(double.accessTokensIssued == 2)
        #expect(double.fcmRequests.count == 3)
    }

    @Test("404 UNREGISTERED says the token is gone; another 4xx fails")
    func unregistered() async throws {
        let double = try await PushProviderDouble.start()
        double.script(fcmToken: "gone", [.unregistered])
        double.script(fcmToken: "bad", [.status(400, errorCode: "INVALID_ARGUMENT")])
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(call: "c1", platform: .fcm, token: "gone"), pushJob(call: "c2", platform: .fcm, token: "bad")])
        let gone = try #require(await log.answer(call: "c1"))
        let bad = try #require(await log.answer(call: "c2"))
        await sender.shutdown()
        await double.stop()
        #expect(gone.outcome == .tokenInvalid(status: 404, reason: "UNREGISTERED"))
        #expect(bad.outcome == .failed(status: 400, reason: "INVALID_ARGUMENT"))
    }
}
