import SwitchboardJSON
import SwitchboardService

/// What a push carries, in the layout of the call's surface (``/SwitchboardService/PushLayout``; docs/PUSH-VENDORS.md, "What the ZEGO
/// push looks like and how the iOS call kit parses it" and "Tencent offline-push payload layout"): the APNs JSON payload and the FCM data map of a job. Pure functions of the job; Schemas/push/
/// describes each.
public enum PushPayload {
    /// The APNs payload (the request body) of `job`.
    public static func apns(_ job: PushJob) -> JSONValue {
        switch job.layout {
        case .zego: ZEGOPushLayout.apns(job)
        case .tencent: TencentPushLayout.apns(job)
        case .switchboard: SwitchboardPushLayout.apns(job)
        }
    }

    /// The FCM `message.data` of `job`: every value a string, as FCM requires.
    public static func fcmData(_ job: PushJob) -> [String: String] {
        switch job.layout {
        case .zego: ZEGOPushLayout.fcmData(job)
        case .tencent: TencentPushLayout.fcmData(job)
        case .switchboard: SwitchboardPushLayout.fcmData(job)
        }
    }

    /// `value` as compact JSON text (member order kept).
    static func text(_ value: JSONValue) -> String {
        // Serializing a value built here cannot fail: no depth or size near the limits, no invalid numbers.
        (try? JSONSerializer().serialize(value)) ?? "{}"
    }

    /// The notification's title: the surface's, else the caller's id (CallKit shows it as the caller's name).
    static func title(_ job: PushJob) -> String {
        job.content.title.isEmpty ? job.caller.rawValue : job.content.title
    }

    /// `aps` with an alert of strings only (ZEGO's CallKitManager reads `aps.alert` as `[String: String]`).
    static func aps(_ job: PushJob, sound: String? = nil) -> JSONValue {
        var aps = JSONObject()
        aps["alert"] = ["title": .string(title(job)), "body": .string(job.content.body)]
        if let sound { aps["sound"] = .string(sound) }
        return .object(aps)
    }
}
