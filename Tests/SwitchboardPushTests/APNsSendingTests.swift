import Foundation
import PushProviderDouble
import SwitchboardCore
import SwitchboardPush
import SwitchboardService
import Testing

@Suite("APNs: token-based HTTP/2 requests as Apple documents them")
struct APNsSendingTests {
    @Test("a VoIP ring goes over HTTP/2 with the provider token, the VoIP topic and the headers; 200 is delivered with its apns-id")
    func voipRing() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        let job = pushJob(platform: .apnsVoIP, token: "0a1b2c3d4e5f", topic: "com.example.switchboard", layout: .zego)
        sender.dispatch([job])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()

        let request = try #require(double.apnsRequests.first)
        #expect(double.apnsRequests.count == 1)
        #expect(request.path == "/3/device/0a1b2c3d4e5f")
        #expect(request.version == "HTTP/2.0")
        #expect(request.header("apns-topic") == "com.example.switchboard.voip")
        #expect(request.header("apns-push-type") == "voip")
        #expect(request.header("apns-priority") == "10")
        #expect(request.header("apns-expiration") == String(job.expiresAt.millisecondsSince1970 / 1000))
        #expect(request.header("apns-collapse-id") == "call-1")
        #expect(request.header("authorization")?.hasPrefix("bearer ") == true)
        let apnsID = try #require(request.header("apns-id"))
        #expect(UUID(uuidString: apnsID) != nil && apnsID == apnsID.lowercased())
        #expect(answer.outcome == .delivered(id: apnsID))
        let payload = try #require(request.json)
        #expect(payload["call_id"] as? String == "call-1")
        #expect((payload["aps"] as? [String: Any])?["alert"] as? [String: String] == ["title": "Alice", "body": "Incoming call"])
    }

    @Test("an alert push uses the bundle id as topic and push type alert")
    func alert() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(platform: .apnsAlert, token: "abcdef")])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        guard case .delivered = answer.outcome else { Issue.record("\(answer.outcome)"); return }
        let request = try #require(double.apnsRequests.first)
        #expect(request.header("apns-topic") == "com.example.switchboard")
        #expect(request.header("apns-push-type") == "alert")
        let switchboard = try #require(request.json?["switchboard"] as? [String: Any])
        #expect(switchboard["caller"] as? String == "alice")
        #expect(switchboard["mediaType"] as? String == "video")
    }

    @Test("the same push's apns-id is the same on every attempt and differs between pushes")
    func stableID() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "aaaa", [.serviceUnavailable()])
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(token: "aaaa"), pushJob(call: "call-2", token: "aaaa")])
        await log.wait(for: 2)
        await sender.shutdown()
        await double.stop()
        let ids = double.apnsRequests.map { $0.header("apns-id") ?? "" }
        #expect(ids.count == 3)
        #expect(Set(ids).count == 2)
    }

    @Test("410 Unregistered and 400 BadDeviceToken say the token is gone; DeviceTokenNotForTopic fails")
    func goneTokens() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "0410", [.unregistered()])
        double.script(apnsToken: "0400", [.badDeviceToken])
        double.script(apnsToken: "0401", [.status(400, reason: "DeviceTokenNotForTopic")])
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(call: "c410", token: "0410"), pushJob(call: "c400", token: "0400"),
                         pushJob(call: "c401", token: "0401")])
        let unregistered = try #require(await log.answer(call: "c410"))
        let badToken = try #require(await log.answer(call: "c400"))
        let notForTopic = try #require(await log.answer(call: "c401"))
        await sender.shutdown()
        await double.stop()
        #expect(unregistered.outcome == .tokenInvalid(status: 410, reason: "Unregistered"))
        #expect(badToken.outcome == .tokenInvalid(status: 400, reason: "BadDeviceToken"))
        #expect(notForTopic.outcome == .failed(status: 400, reason: "DeviceTokenNotForTopic"))
        #expect(double.apnsRequests.count == 3)
    }

    @Test("403 ExpiredProviderToken: a new provider token at once, one retry, delivered")
    func expiredProviderToken() async throws {
        let double = try await PushProviderDouble.start()
        double.script(apnsToken: "beef", [.expiredProviderToken])
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        sender.dispatch([pushJob(token: "beef")])
        let answer = try #require(await log.answer(call: "call-1"))
        await sender.shutdown()
        await double.stop()
        guard case .delivered = answer.outcome else { Issue.record("\(answer.outcome)"); return }
        let tokens = double.apnsRequests.map { $0.header("authorization") ?? "" }
        #expect(tokens.count == 2)
        #expect(tokens[0] != tokens[1])
    }

    @Test("a payload over the limit fails without being sent")
    func tooLarge() async throws {
        let double = try await PushProviderDouble.start()
        let log = AnswerLog()
        let sender = try pushSender(double, apps: ["acme": pushConfiguration(double)], log: log)
        let big = String(repeating: "x", count: 4200)
        sender.dispatch([pushJob(platform: .apnsAlert, content: PushContent(title: "A", body: "B", payload: big)),
                         pushJob(call: "voip", platform: .apnsVoIP, content: PushContent(title: "A", body: "B", payload: big))])
        let alert = try #require(await log.answer(call: "call-1"))
        let voip = try #require(await log.answer(call: "voip"))
        await sender.shutdown()
        await double.stop()
        guard case .failed(nil, let reason) = alert.outcome else { Issue.record("\(alert.outcome)"); return }
        #expect(reason.hasPrefix("PayloadTooLarge"))
        guard case .delivered = voip.outcome else { Issue.record("VoIP takes 5120 bytes: \(voip.outcome)"); return }
        #expect(double.apnsRequests.count == 1)
    }
}
