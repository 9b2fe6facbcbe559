import Crypto
import Foundation
import SwitchboardJSON
import SwitchboardService

/// ZEGO's layout (ZPNs), as ZEGO delivers it and its kits parse it (docs/PUSH-VENDORS.md, "What the ZEGO push looks
/// like and how the iOS call kit parses it"; Schemas/push/zego.apns.schema.json, zego.fcm.schema.json):
/// - APNs, VoIP and alert alike: `aps.alert` `{title, body}` (strings only: CallKitManager reads the title as
///   the caller's name), `zego` `{call_id, version: 1, zpns_request_id}`, `payload` (ZIMPushConfig.payload,
///   JSON text the kit parses: `type == 1` is video), top-level `call_id` (the invitation id), and
///   Switchboard's `switchboard` member without the payload.
/// - A cancel has the same envelope; its payload is the app's cancel payload, else
///   `{"call_id", "operation_type": "cancel_invitation"}` as ZEGO's kits send it.
/// - FCM: `title`, `body`, `payload`, `call_id`, `zego` (JSON text `{version: 1, zpns_request_id}`, as ZPNs
///   Android reads it) and `switchboard` (JSON text).
enum ZEGOPushLayout {
    static func apns(_ job: PushJob) -> JSONValue {
        var payload = JSONObject()
        payload["aps"] = PushPayload.aps(job)
        payload["zego"] = ["call_id": .string(job.callID.rawValue), "version": 1, "zpns_request_id": .string(requestID(job))]
        payload["payload"] = .string(payloadText(job))
        payload["call_id"] = .string(job.callID.rawValue)
        payload["switchboard"] = SwitchboardPushMember.object(job, includingPayload: false)
        return .object(payload)
    }

    static func fcmData(_ job: PushJob) -> [String: String] {
        [
            "title": PushPayload.title(job),
            "body": job.content.body,
            "payload": payloadText(job),
            "call_id": job.callID.rawValue,
            "zego": PushPayload.text(["version": 1, "zpns_request_id": .string(requestID(job))]),
            "switchboard": PushPayload.text(SwitchboardPushMember.object(job, includingPayload: false)),
        ]
    }

    /// ZIMPushConfig.payload as the surface set it; without one, Switchboard's choice: for a ring
    /// `{"call_id", "inviter_id", "type"}` (`type` 1 video, 0 voice, as ZEGO's UIKit numbers them), for a
    /// cancel ZEGO's own `{"call_id", "operation_type": "cancel_invitation"}`.
    static func payloadText(_ job: PushJob) -> String {
        if let payload = job.content.payload { return payload }
        switch job.kind {
        case .ring:
            return PushPayload.text(["call_id": .string(job.callID.rawValue), "inviter_id": .string(job.caller.rawValue),
                                     "type": job.mediaType == .video ? 1 : 0])
        case .cancel:
            return PushPayload.text(["call_id": .string(job.callID.rawValue), "operation_type": "cancel_invitation"])
        }
    }

    /// `zpns_request_id`: decimal digits, derived from the idempotency key so that a retry carries the same.
    static func requestID(_ job: PushJob) -> String {
        let digest = SHA256.hash(data: Data("zpns/\(job.app.rawValue)/\(job.idempotencyKey)".utf8))
        let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return String(number % 10_000_000_000_000_000_000)
    }
}
