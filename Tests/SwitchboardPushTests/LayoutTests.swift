import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardPush
import SwitchboardService
import Testing

/// The produced bytes, read back the way each vendor's kit reads them (docs/PUSH-VENDORS.md, "What the ZEGO push
/// looks like and how the iOS call kit parses it" and "Tencent offline-push payload layout"): through Foundation's JSONSerialization into `[String: Any]`, with the kits' own casts.
@Suite("Layouts: each vendor's kit finds what it reads")
struct LayoutTests {
    /// The APNs payload as a device hands it to the app (`dictionaryPayload` / `userInfo`).
    private func userInfo(_ job: PushJob) throws -> [String: Any] {
        let text = try JSONSerializer().serialize(PushPayload.apns(job))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func object(_ text: String?) throws -> [String: Any] {
        let text = try #require(text)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("ZEGO VoIP ring: CallKitManager reads aps.alert's title, call_id and payload (type 1 is video)")
    func zegoRing() throws {
        let payload = #"{"inviter_id":"alice","inviter_name":"Alice","type":1,"data":"{\"call_id\":\"call-1\"}"}"#
        let job = pushJob(layout: .zego, content: PushContent(title: "Alice", body: "Incoming video call...", payload: payload))
        let info = try userInfo(job)
        // CallKitManager.pushRegistry(_:didReceiveIncomingPushWith:for:completion:)
        let aps = try #require(info["aps"] as? [String: Any])
        let alert = try #require(aps["alert"] as? [String: String])
        #expect(alert["title"] == "Alice")
        #expect(info["call_id"] as? String == "call-1")
        let parsed = try object(info["payload"] as? String)
        #expect(parsed["type"] as? Int == 1)
        #expect(info["payload"] as? String == payload)
        let zego = try #require(info["zego"] as? [String: Any])
        #expect(zego["version"] as? Int == 1 && zego["call_id"] as? String == "call-1")
        let requestID = try #require(zego["zpns_request_id"] as? String)
        #expect(!requestID.isEmpty && requestID.allSatisfy(\.isNumber))
        #expect(requestID == (try userInfo(job))["zego"].flatMap { ($0 as? [String: Any])?["zpns_request_id"] as? String })
        let switchboard = try #require(info["switchboard"] as? [String: Any])
        #expect(switchboard["caller"] as? String == "alice" && switchboard["mediaType"] as? String == "video")
        #expect(switchboard["payload"] == nil)
    }

    @Test("ZEGO without a payload: Switchboard's payload names the caller and the media type; a cancel says cancel_invitation")
    func zegoDefaults() throws {
        let ring = try userInfo(pushJob(layout: .zego, content: PushContent(), mediaType: .audio))
        let payload = try object(ring["payload"] as? String)
        #expect(payload["type"] as? Int == 0 && payload["inviter_id"] as? String == "alice" && payload["call_id"] as? String == "call-1")
        #expect((ring["aps"] as? [String: Any])?["alert"] as? [String: String] == ["title": "alice", "body": ""])

        let cancel = try userInfo(pushJob(kind: .cancel, layout: .zego))
        let cancelPayload = try object(cancel["payload"] as? String)
        #expect(cancelPayload["operation_type"] as? String == "cancel_invitation")
        #expect(cancelPayload["call_id"] as? String == "call-1")
        #expect(cancel["call_id"] as? String == "call-1")
        #expect((cancel["switchboard"] as? [String: Any])?["reason"] as? String == "cancelled")
    }

    @Test("ZEGO on FCM: the extras ZPNs Android reads (zego JSON with version 1 and zpns_request_id), title, body, payload")
    func zegoFCM() throws {
        let data = PushPayload.fcmData(pushJob(platform: .fcm, layout: .zego, content: PushContent(title: "T", body: "B", payload: "{}")))
        let zego = try object(data["zego"])
        #expect(zego["version"] as? Int == 1)
        #expect((zego["zpns_request_id"] as? String)?.isEmpty == false)
        #expect(data["title"] == "T" && data["body"] == "B" && data["payload"] == "{}" && data["call_id"] == "call-1")
        #expect(try object(data["switchboard"])["caller"] as? String == "alice")
    }

    @Test("Tencent: TUIOfflinePushManager finds ext → entity with action 2 from the caller; call_id in ext; a cancel says so")
    func tencent() throws {
        let info = try userInfo(pushJob(platform: .apnsAlert, layout: .tencent,
                                        content: PushContent(title: "Alice", body: "invites you to a call",
                                                             vendorInfo: #"{"iOSSound":"phone_ringing.mp3","iOSPushType":0}"#)))
        let ext = try object(info["ext"] as? String)
        let entity = try #require(ext["entity"] as? [String: Any])
        #expect(entity["action"] as? Int == 2)
        #expect(entity["chatType"] as? Int == 1)
        #expect(entity["sender"] as? String == "alice")
        #expect(entity["version"] as? Int == 1)
        #expect(entity["content"] as? String == "invites you to a call")
        // CallKitService.trackPushData (TUICallKit Android) reads call_id from the ext map.
        #expect(ext["call_id"] as? String == "call-1")
        let aps = try #require(info["aps"] as? [String: Any])
        #expect(aps["sound"] as? String == "phone_ringing.mp3")
        #expect((ext["switchboard"] as? [String: Any])?["kind"] as? String == "ring")
        #expect((ext["switchboard"] as? [String: Any])?["mediaType"] as? String == "video")

        let cancel = try object(try userInfo(pushJob(kind: .cancel, layout: .tencent))["ext"] as? String)
        let marker = try #require(cancel["switchboard"] as? [String: Any])
        #expect(marker["kind"] as? String == "cancel" && marker["reason"] as? String == "cancelled")
        #expect((cancel["entity"] as? [String: Any])?["action"] as? Int == 2)

        let data = PushPayload.fcmData(pushJob(platform: .fcm, layout: .tencent))
        #expect(try object(data["ext"])["call_id"] as? String == "call-1")
    }

    @Test("Switchboard: the member names call, caller, callee, media type, payload and expiry; aps on alert pushes only")
    func switchboard() throws {
        let job = pushJob(layout: .switchboard, content: PushContent(title: "Alice", body: "Call", payload: "custom"))
        let voip = try userInfo(job)
        #expect(voip["aps"] == nil)
        let member = try #require(voip["switchboard"] as? [String: Any])
        #expect(member["version"] as? Int == 1 && member["kind"] as? String == "ring")
        #expect(member["callID"] as? String == "call-1" && member["caller"] as? String == "alice" && member["callee"] as? String == "bob")
        #expect(member["mediaType"] as? String == "video" && member["payload"] as? String == "custom")
        #expect((member["expiresAt"] as? NSNumber)?.int64Value == job.expiresAt.millisecondsSince1970)
        #expect(member["reason"] == nil)
        let alert = try userInfo(pushJob(platform: .apnsAlert, layout: .switchboard))
        #expect((alert["aps"] as? [String: Any])?["alert"] as? [String: String] == ["title": "Alice", "body": "Incoming call"])

        let data = PushPayload.fcmData(pushJob(platform: .fcm, kind: .cancel, layout: .switchboard))
        #expect(data["kind"] == "cancel" && data["reason"] == "cancelled" && data["callID"] == "call-1" && data["version"] == "1")
        #expect(data["expiresAt"].flatMap(Int64.init) != nil)
    }
}
