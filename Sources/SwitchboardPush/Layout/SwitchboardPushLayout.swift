import SwitchboardJSON
import SwitchboardService

/// Switchboard's own layout (Schemas/push/switchboard.apns.schema.json, switchboard.fcm.schema.json), for
/// calls placed through Agora, anyRTC and Switchboard's own profiles, whose vendors have no push layout:
/// - APNs: `aps.alert` (`title`, `body`) on alert pushes only (a VoIP push is handed to the app, which
///   reports the call to CallKit itself), and the `switchboard` member (``SwitchboardPushMember``).
/// - FCM: the same members flattened to strings, with `title` and `body`.
enum SwitchboardPushLayout {
    static func apns(_ job: PushJob) -> JSONValue {
        var payload = JSONObject()
        if job.registration.platform == .apnsAlert { payload["aps"] = PushPayload.aps(job) }
        payload["switchboard"] = SwitchboardPushMember.object(job)
        return .object(payload)
    }

    static func fcmData(_ job: PushJob) -> [String: String] {
        var data = ["title": PushPayload.title(job), "body": job.content.body]
        if case .object(let member) = SwitchboardPushMember.object(job) {
            for (key, value) in member {
                switch value {
                case .string(let text): data[key] = text
                case .int(let number): data[key] = String(number)
                default: break
                }
            }
        }
        return data
    }
}
