import SwitchboardCore
import SwitchboardJSON

/// JSON forms of the call model's values, shared by the wire frames and the service's persistent store.
///
/// Shapes are documented in `Schemas/common/` (call, participant, policy, record). Times are integer
/// milliseconds since 1970, durations integer milliseconds under keys ending in `Ms`; optional values
/// are left out when nil, never written as `null`.
///
/// A call's *internals* (each participant's deadlines, `isOnline` and `isRecorded`) are the service's
/// own bookkeeping: they are written only with `includeInternals: true` (storage) and read only then.
/// Without them, participants decode with no deadlines, `isRecorded == false` and `isOnline == true`
/// (``/SwitchboardCore/Participant``'s defaults). Decoding with `includeInternals: true` tolerates their absence too.
///
/// Decoders throw ``SignalingError`` with `errorCode` (by default ``ServiceErrorCode/invalidFrame``) and a
/// message that starts with the JSON-Pointer path of the offending value, relative to the value given.
public enum ModelCoding {
    // MARK: Call

    public static func json(_ call: Call, includeInternals: Bool = false) -> JSONValue {
        encodedValue { write(call, includeInternals: includeInternals, to: &$0) }
    }

    /// The call as compact JSON text, straight through jansson's tree: the same text as serializing
    /// ``json(_:includeInternals:)-(Call,_)``, without building the ``/SwitchboardJSON/JSONValue`` (the server stores
    /// every live call after each transition).
    public static func text(_ call: Call, includeInternals: Bool = false) -> String {
        String(decoding: encodedText { write(call, includeInternals: includeInternals, to: &$0) }, as: UTF8.self)
    }

    static func write<W: JSONStreamWriter>(_ call: Call, includeInternals: Bool, to object: inout W) {
        object.beginObject()
        object.add("id", call.id)
        object.add("caller", call.caller)
        object.add("mode", call.mode)
        object.key("policy")
        write(call.policy, to: &object)
        object.add("mediaType", call.mediaType)
        object.add("roomID", call.roomID)
        object.add("groupID", call.groupID)
        object.add("payload", call.payload)
        if !call.attachments.isEmpty {
            object.key("attachments")
            writeStringMap(call.attachments, to: &object)
        }
        if includeInternals {
            object.add("placedThrough", call.placedThrough)
        }
        writeState(call.state, to: &object)
        object.add("createdAt", call.createdAt)
        object.add("connectedAt", call.connectedAt)
        object.array("participants", call.participants) { writer, participant in
            write(participant, includeInternals: includeInternals, to: &writer)
        }
        object.endObject()
    }

    /// A call's `state` and, when ended, its `end`.
    static func writeState<W: JSONStreamWriter>(_ state: CallState, to object: inout W) {
        switch state {
        case .ringing:
            object.add("state", "ringing")
        case .connected:
            object.add("state", "connected")
        case .ended(let end):
            object.add("state", "ended")
            object.object("end") { endObject in
                endObject.add("reason", end.reason)
                endObject.add("by", end.by)
                endObject.add("at", end.at)
                endObject.add("data", end.data)
            }
        }
    }

    public static func call(
        _ json: JSONValue, includeInternals: Bool = false, errorCode: ServiceErrorCode = .invalidFrame
    ) throws(SignalingError) -> Call {
        try call(try JSONReader(json, path: "", code: errorCode), includeInternals: includeInternals)
    }

    static func call<V>(_ reader: JSONReader<V>, includeInternals: Bool) throws(SignalingError) -> Call {
        let state = try callState(reader)
        var call = Call(
            id: CallID(rawValue: try reader.string("id")),
            caller: UserID(rawValue: try reader.string("caller")),
            mode: try reader.enumeration("mode", CallMode.self),
            policy: try policy(try reader.object("policy")),
            mediaType: try reader.optionalEnumeration("mediaType", MediaType.self),
            roomID: try reader.optionalString("roomID"),
            groupID: try reader.optionalString("groupID"),
            payload: try reader.optionalString("payload"),
            attachments: try reader.optionalStringMap("attachments") ?? [:],
            participants: try reader.objects("participants") { (element) throws(SignalingError) in
                try participant(element, includeInternals: includeInternals)
            },
            state: state,
            createdAt: try reader.timestamp("createdAt"),
            connectedAt: try reader.optionalTimestamp("connectedAt"))
        if includeInternals {
            call.placedThrough = try reader.optionalString("placedThrough")
        }
        return call
    }

    /// A call's `state` and, when ended, its `end`.
    static func callState<V>(_ reader: JSONReader<V>) throws(SignalingError) -> CallState {
        let stateName = try reader.string("state")
        let state: CallState
        switch stateName {
        case "ringing", "connected":
            if reader.has("end") {
                throw reader.error("end", "only allowed when the state is \"ended\"")
            }
            state = stateName == "ringing" ? .ringing : .connected
        case "ended":
            let end = try reader.object("end")
            state = .ended(CallEnd(
                reason: try end.enumeration("reason", CallEndReason.self),
                by: try end.optionalString("by").map(UserID.init(rawValue:)),
                at: try end.timestamp("at"),
                data: try end.optionalString("data")))
        default:
            throw reader.error("state", "\(quoted(stateName)) is not one of \"ringing\", \"connected\", \"ended\"")
        }
        return state
    }

    // MARK: Participant

    public static func json(_ participant: Participant, includeInternals: Bool = false) -> JSONValue {
        encodedValue { write(participant, includeInternals: includeInternals, to: &$0) }
    }

    static func write<W: JSONStreamWriter>(_ participant: Participant, includeInternals: Bool, to object: inout W) {
        object.beginObject()
        object.add("user", participant.user)
        object.add("role", participant.role)
        object.add("invitedBy", participant.invitedBy)
        addState(participant.state, to: &object)
        object.add("data", participant.answerData)
        object.add("changedAt", participant.changedAt)
        object.add("invitedAt", participant.invitedAt)
        object.add("answeredAt", participant.answeredAt)
        object.add("leftAt", participant.leftAt)
        object.add("device", participant.device)
        if participant.media != .off {
            object.object("media") { media in
                media.add("microphone", participant.media.microphone)
                media.add("camera", participant.media.camera)
            }
        }
        if includeInternals {
            object.add("online", participant.isOnline)
            object.add("recorded", participant.isRecorded)
            object.object("deadlines") { deadlines in
                deadlines.add("delivery", participant.deliveryDeadline)
                deadlines.add("notReceived", participant.notReceivedDeadline)
                deadlines.add("ring", participant.ringDeadline)
                deadlines.add("confirm", participant.confirmDeadline)
            }
            if !participant.pushMarks.isEmpty {
                object.array("pushes", participant.pushMarks) { element, mark in
                    element.object { member in
                        member.add("device", mark.device)
                        member.add("platform", mark.platform.rawValue)
                        member.add("invitedAt", mark.invitedAt)
                        member.add("settled", mark.isSettled)
                    }
                }
            }
        }
        object.endObject()
    }

    public static func participant(
        _ json: JSONValue, includeInternals: Bool = false, errorCode: ServiceErrorCode = .invalidFrame
    ) throws(SignalingError) -> Participant {
        try participant(try JSONReader(json, path: "", code: errorCode), includeInternals: includeInternals)
    }

    static func participant<V>(_ reader: JSONReader<V>, includeInternals: Bool) throws(SignalingError) -> Participant {
        var participant = Participant(
            user: UserID(rawValue: try reader.string("user")),
            role: try reader.enumeration("role", Participant.Role.self),
            invitedBy: try reader.optionalString("invitedBy").map(UserID.init(rawValue:)),
            state: try participantState(reader),
            at: try reader.timestamp("changedAt"),
            device: try reader.optionalString("device").map(DeviceID.init(rawValue:)))
        participant.answerData = try reader.optionalString("data")
        participant.invitedAt = try reader.timestamp("invitedAt")
        participant.answeredAt = try reader.optionalTimestamp("answeredAt")
        participant.leftAt = try reader.optionalTimestamp("leftAt")
        if let media = try reader.optionalObject("media") {
            participant.media = ParticipantMedia(microphone: try media.bool("microphone"), camera: try media.bool("camera"))
        }
        if includeInternals {
            participant.isOnline = try reader.optionalBool("online") ?? true
            participant.isRecorded = try reader.optionalBool("recorded") ?? false
            if let deadlines = try reader.optionalObject("deadlines") {
                participant.deliveryDeadline = try deadlines.optionalTimestamp("delivery")
                participant.notReceivedDeadline = try deadlines.optionalTimestamp("notReceived")
                participant.ringDeadline = try deadlines.optionalTimestamp("ring")
                participant.confirmDeadline = try deadlines.optionalTimestamp("confirm")
            }
            if reader.has("pushes") {
                participant.pushMarks = try reader.objects("pushes") { (mark) throws(SignalingError) in
                    PushMark(device: DeviceID(rawValue: try mark.string("device")),
                             platform: try mark.enumeration("platform", PushPlatform.self),
                             invitedAt: try mark.timestamp("invitedAt"), isSettled: try mark.bool("settled"))
                }
            }
        }
        return participant
    }

    // MARK: Participant state

    /// The names of ``/SwitchboardCore/ParticipantState`` on the wire (`state`), in declaration order.
    public static let participantStateNames = [
        "inviting", "notYetReceived", "received", "accepting", "accepted", "rejected", "cancelled", "timedOut",
        "acceptFailed", "quit",
    ]

    /// Writes `state` and, for the three states that carry one, `reason`.
    static func addState<W: JSONStreamWriter>(_ state: ParticipantState, to object: inout W) {
        switch state {
        case .inviting: object.add("state", "inviting")
        case .notYetReceived: object.add("state", "notYetReceived")
        case .received: object.add("state", "received")
        case .accepting: object.add("state", "accepting")
        case .accepted: object.add("state", "accepted")
        case .rejected(let reason):
            object.add("state", "rejected")
            object.add("reason", reason)
        case .cancelled: object.add("state", "cancelled")
        case .timedOut(let cause):
            object.add("state", "timedOut")
            object.add("reason", cause)
        case .acceptFailed(let failure):
            object.add("state", "acceptFailed")
            object.add("reason", failure)
        case .quit: object.add("state", "quit")
        }
    }

    /// Reads `state` and `reason`: a reason is required for `rejected`, `timedOut` and `acceptFailed`
    /// and not allowed for any other state.
    static func participantState<V>(_ reader: JSONReader<V>) throws(SignalingError) -> ParticipantState {
        let name = try reader.string("state")
        let state: ParticipantState
        switch name {
        case "inviting": state = .inviting
        case "notYetReceived": state = .notYetReceived
        case "received": state = .received
        case "accepting": state = .accepting
        case "accepted": state = .accepted
        case "cancelled": state = .cancelled
        case "quit": state = .quit
        case "rejected": return .rejected(try reader.enumeration("reason", RejectionReason.self))
        case "timedOut": return .timedOut(try reader.enumeration("reason", TimeoutCause.self))
        case "acceptFailed": return .acceptFailed(try reader.enumeration("reason", AcceptFailure.self))
        default:
            throw reader.error("state", "\(quoted(name)) is not one of \(choiceList(participantStateNames))")
        }
        if reader.has("reason") {
            throw reader.error("reason", "not allowed for the state \"\(name)\" (only rejected, timedOut and acceptFailed have a reason)")
        }
        return state
    }

    // MARK: Policy

    public static func json(_ policy: CallPolicy) -> JSONValue {
        encodedValue { write(policy, to: &$0) }
    }

    static func write<W: JSONStreamWriter>(_ policy: CallPolicy, to object: inout W) {
        object.beginObject()
        object.add("ringTimeoutMs", policy.ringTimeout)
        object.add("ringTimeoutStart", policy.ringTimeoutStart)
        object.add("deliveryTimeoutMs", policy.deliveryTimeout)
        object.add("notReceivedCheckMs", policy.notReceivedCheck)
        object.add("offlineInvitees", policy.offlineInvitees)
        object.add("busyInvitees", policy.busyInvitees)
        object.add("acceptConfirmationMs", policy.acceptConfirmation)
        object.add("endWhenAlone", policy.endWhenAlone)
        if policy.keepsEmptyCall { object.add("keepsEmptyCall", true) }
        object.add("cancelWhenCallerOffline", policy.cancelWhenCallerOffline)
        if policy.leavesWithDevice { object.add("leavesWithDevice", true) }
        object.add("ephemeral", policy.ephemeral)
        object.add("maxInviteesPerInvitation", policy.maxInviteesPerInvitation)
        object.add("maxParticipants", policy.maxParticipants)
        object.add("maxPayloadBytes", policy.maxPayloadBytes)
        object.add("maxAnswerBytes", policy.maxAnswerBytes)
        object.endObject()
    }

    public static func policy(_ json: JSONValue, errorCode: ServiceErrorCode = .invalidFrame) throws(SignalingError) -> CallPolicy {
        try policy(try JSONReader(json, path: "", code: errorCode))
    }

    static func policy<V>(_ reader: JSONReader<V>) throws(SignalingError) -> CallPolicy {
        CallPolicy(
            ringTimeout: try reader.duration("ringTimeoutMs"),
            ringTimeoutStart: try reader.enumeration("ringTimeoutStart", CallPolicy.RingTimeoutStart.self),
            deliveryTimeout: try reader.optionalDuration("deliveryTimeoutMs"),
            notReceivedCheck: try reader.optionalDuration("notReceivedCheckMs"),
            offlineInvitees: try reader.enumeration("offlineInvitees", CallPolicy.OfflineInviteePolicy.self),
            busyInvitees: try reader.enumeration("busyInvitees", CallPolicy.BusyPolicy.self),
            acceptConfirmation: try reader.optionalDuration("acceptConfirmationMs"),
            endWhenAlone: try reader.bool("endWhenAlone"),
            keepsEmptyCall: try reader.optionalBool("keepsEmptyCall") ?? false,
            cancelWhenCallerOffline: try reader.bool("cancelWhenCallerOffline"),
            leavesWithDevice: try reader.optionalBool("leavesWithDevice") ?? false,
            ephemeral: try reader.bool("ephemeral"),
            maxInviteesPerInvitation: try reader.count("maxInviteesPerInvitation"),
            maxParticipants: try reader.count("maxParticipants"),
            maxPayloadBytes: try reader.count("maxPayloadBytes"),
            maxAnswerBytes: try reader.count("maxAnswerBytes"))
    }

    // MARK: Record

    public static func json(_ record: CallRecord) -> JSONValue {
        encodedValue { write(record, to: &$0) }
    }

    /// The record as compact JSON text, as ``text(_:includeInternals:)`` for a call.
    public static func text(_ record: CallRecord) -> String {
        String(decoding: encodedText { write(record, to: &$0) }, as: UTF8.self)
    }

    static func write<W: JSONStreamWriter>(_ record: CallRecord, to object: inout W) {
        object.beginObject()
        object.add("call", record.callID)
        object.add("owner", record.owner)
        object.add("caller", record.caller)
        object.add("participants", list: record.participants)
        object.add("mode", record.mode)
        object.add("mediaType", record.mediaType)
        object.add("roomID", record.roomID)
        object.add("groupID", record.groupID)
        object.add("direction", record.direction)
        object.object("outcome") { outcome in addState(record.outcome, to: &outcome) }
        object.add("endReason", record.endReason)
        object.add("answeredOn", record.answeredOn)
        object.add("startedAt", record.startedAt)
        object.add("durationMs", record.duration)
        object.add("recordedAt", record.recordedAt)
        object.add("payload", record.payload)
        object.add("inviter", record.inviter)
        if !record.members.isEmpty {
            object.array("members", record.members) { writer, member in write(member, to: &writer) }
        }
        object.add("endedAt", record.endedAt)
        object.add("callEndReason", record.callEndReason)
        object.endObject()
    }

    /// A record's member: `user`, the participant state object (`state` and its `reason`, as in
    /// `outcome`) under `state`, `data`, and `changedAt`.
    static func write<W: JSONStreamWriter>(_ member: CallRecord.Member, to object: inout W) {
        object.beginObject()
        object.add("user", member.user)
        object.object("state") { state in addState(member.state, to: &state) }
        object.add("data", member.data)
        object.add("changedAt", member.changedAt)
        object.endObject()
    }

    public static func record(_ json: JSONValue, errorCode: ServiceErrorCode = .invalidFrame) throws(SignalingError) -> CallRecord {
        try record(try JSONReader(json, path: "", code: errorCode))
    }

    static func record<V>(_ reader: JSONReader<V>) throws(SignalingError) -> CallRecord {
        CallRecord(
            callID: CallID(rawValue: try reader.string("call")),
            owner: UserID(rawValue: try reader.string("owner")),
            caller: UserID(rawValue: try reader.string("caller")),
            participants: try reader.users("participants"),
            mode: try reader.enumeration("mode", CallMode.self),
            mediaType: try reader.optionalEnumeration("mediaType", MediaType.self),
            roomID: try reader.optionalString("roomID"),
            groupID: try reader.optionalString("groupID"),
            direction: try reader.enumeration("direction", CallDirection.self),
            outcome: try participantState(try reader.object("outcome")),
            endReason: try reader.enumeration("endReason", CallEndReason.self),
            answeredOn: try reader.optionalString("answeredOn").map(DeviceID.init(rawValue:)),
            startedAt: try reader.timestamp("startedAt"),
            duration: try reader.duration("durationMs"),
            recordedAt: try reader.timestamp("recordedAt"),
            payload: try reader.optionalString("payload"),
            inviter: try reader.optionalString("inviter").map(UserID.init(rawValue:)),
            members: reader.has("members") ? try reader.objects("members") { (entry) throws(SignalingError) in try member(entry) } : [],
            endedAt: try reader.optionalTimestamp("endedAt"),
            callEndReason: try reader.optionalEnumeration("callEndReason", CallEndReason.self))
    }

    static func member<V>(_ reader: JSONReader<V>) throws(SignalingError) -> CallRecord.Member {
        CallRecord.Member(
            user: UserID(rawValue: try reader.string("user")),
            state: try participantState(try reader.object("state")),
            data: try reader.optionalString("data"),
            changedAt: try reader.optionalTimestamp("changedAt"))
    }

    // MARK: Helpers

    /// A string map as a JSON object with its members sorted by key, so output is deterministic. jansson
    /// cannot store U+0000 in an object key: such characters are written as U+FFFD. Should that make two
    /// keys equal, the member keeps the first one's position and the last one's value, as a
    /// ``JSONObject`` built from the members would.
    static func writeStringMap<W: JSONStreamWriter>(_ map: [String: String], to writer: inout W) {
        writer.beginObject()
        let keys = map.keys.sorted()
        if keys.contains(where: { $0.utf8.contains(0) }) {
            let members = JSONObject(keys.map { key in
                (key.replacing("\u{0}", with: "\u{FFFD}"), JSONValue.string(map[key]!))
            })
            for (key, value) in members {
                // Every value was made a string just above.
                writer.add(key, value.stringValue!)
            }
        } else {
            for key in keys { writer.add(key, map[key]!) }
        }
        writer.endObject()
    }
}
