import SwitchboardJSON
import SwitchboardService

/// Tencent's layout (TIMPush / TUIOfflinePush), as Tencent's kits parse it (docs/PUSH-VENDORS.md, "Tencent
/// offline-push payload layout"; Schemas/push/tencent.apns.schema.json,
/// tencent.ext.schema.json, tencent.fcm.schema.json):
/// - APNs, VoIP and alert alike: `aps.alert` `{title, body}` (and `aps.sound`, TUIOfflinePushInfo's
///   `iOSSound`, when the surface set one), and `ext`: JSON text that TUIOfflinePushManager parses and
///   TIMPushDelegate hands to the app: `entity` `{version: 1, chatType: 1, action: 2 (a call), sender: the
///   caller, content: the body}`, `call_id` (where TUICallKit Android reads it), and Switchboard's
///   `switchboard` member, whose `kind` says whether it is a ring or a cancel (Switchboard's choice: Tencent's
///   own cancel layout is closed).
/// - FCM: `title`, `body` and `ext` (the same text).
enum TencentPushLayout {
    static func apns(_ job: PushJob) -> JSONValue {
        var payload = JSONObject()
        payload["aps"] = PushPayload.aps(job, sound: sound(job))
        payload["ext"] = .string(PushPayload.text(ext(job)))
        return .object(payload)
    }

    static func fcmData(_ job: PushJob) -> [String: String] {
        ["title": PushPayload.title(job), "body": job.content.body, "ext": PushPayload.text(ext(job))]
    }

    static func ext(_ job: PushJob) -> JSONValue {
        var entity = JSONObject()
        entity["version"] = 1
        entity["chatType"] = 1
        entity["action"] = 2
        entity["sender"] = .string(job.caller.rawValue)
        entity["content"] = .string(job.content.body)
        return ["entity": .object(entity), "call_id": .string(job.callID.rawValue),
                "switchboard": SwitchboardPushMember.object(job)]
    }

    /// TUIOfflinePushInfo's `iOSSound` in the surface's push settings (``/SwitchboardService/PushContent/vendorInfo``), if any.
    static func sound(_ job: PushJob) -> String? {
        guard let info = job.content.vendorInfo, let settings = try? JSONParser().parse(info) else { return nil }
        return settings["iOSSound"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
}
