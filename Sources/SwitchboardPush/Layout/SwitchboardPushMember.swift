import SwitchboardJSON
import SwitchboardService

/// Switchboard's own description of a push (Schemas/push/switchboard-member.schema.json): the `switchboard`
/// member of the Switchboard layout, also carried by the ZEGO layout (top level) and the Tencent layout
/// (inside `ext`), so that every push names the call, the caller, the callee and the media type whatever the
/// vendor's own keys hold. The vendors' kits read only their own keys and ignore it.
enum SwitchboardPushMember {
    static let version: Int64 = 1

    /// - Parameter includingPayload: false where the vendor's layout already carries the payload.
    static func object(_ job: PushJob, includingPayload: Bool = true) -> JSONValue {
        var member = JSONObject()
        member["version"] = .int(version)
        member["kind"] = .string(job.kind.rawValue)
        member["callID"] = .string(job.callID.rawValue)
        member["caller"] = .string(job.caller.rawValue)
        member["callee"] = .string(job.callee.rawValue)
        if let mediaType = job.mediaType { member["mediaType"] = .string(mediaType.rawValue) }
        if includingPayload, let payload = job.content.payload { member["payload"] = .string(payload) }
        if job.kind == .cancel, let reason = job.cancelReason { member["reason"] = .string(reason.rawValue) }
        member["expiresAt"] = .int(job.expiresAt.millisecondsSince1970)
        return .object(member)
    }
}
