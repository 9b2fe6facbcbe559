import SwitchboardCore
import SwitchboardJSON

// Event bodies: `Schemas/events/<name>.schema.json`.

extension WireCodec {
    /// Every event `name` this build knows, in the order of ``ServerEvent``'s cases.
    public static let eventNames: [String] = [
        "call.created", "call.invited", "call.participantsChanged", "call.cancelled", "call.timedOut",
        "call.acceptConfirmed", "call.acceptFailed", "call.answeredElsewhere", "call.ended", "call.synced",
        "message.received", "presence.changed", "channel.memberJoined", "channel.memberLeft", "channel.message",
        "session.tokenWillExpire", "profile.changed", "channel.attributesChanged",
    ]

    // MARK: Encoding

    /// The body of `event` (the `body` of its `evt` frame).
    public static func body(of event: ServerEvent) -> JSONValue {
        encodedValue { writeBody(of: event, to: &$0) }
    }

    static func writeBody<W: JSONStreamWriter>(of event: ServerEvent, to object: inout W) {
        if case .profileChanged(let profile) = event {
            write(profile, to: &object)
            return
        }
        object.beginObject()
        switch event {
        case .call(let note):
            object.key("call")
            ModelCoding.write(note.call, includeInternals: false, to: &object)
            writeMembers(of: note.kind, to: &object)
        case .message(let message):
            object.add("from", message.from)
            object.key("message")
            write(message.content, to: &object)
            object.add("sentAt", message.sentAt)
            object.add("offline", message.isOffline)
        case .presenceChanged(let status):
            object.add("user", status.user)
            object.add("state", status.state)
        case .channelMemberJoined(let channel, let user), .channelMemberLeft(let channel, let user):
            object.add("channel", channel)
            object.add("user", user)
        case .channelMessage(let message):
            object.add("channel", message.channel)
            object.add("from", message.from)
            object.key("message")
            write(message.content, to: &object)
            object.add("sentAt", message.sentAt)
        case .tokenWillExpire(let expiresAt):
            object.add("expiresAt", expiresAt)
        case .channelAttributesChanged(let channel, let attributes):
            object.add("channel", channel)
            object.array("attributes", attributes) { writer, attribute in write(attribute, to: &writer) }
        case .profileChanged:
            break
        }
        object.endObject()
    }

    /// The members of a call event's body besides `call`: what its kind carries.
    static func writeMembers<W: JSONStreamWriter>(of kind: CallNotification.Kind, to object: inout W) {
        switch kind {
        case .created, .acceptConfirmed, .ended, .synced:
            break
        case .invited(let by):
            object.add("by", by)
        case .participantsChanged(let users):
            object.add("users", list: users)
        case .cancelled(let by, let data):
            object.add("by", by)
            object.add("data", data)
        case .timedOut(let cause):
            object.add("cause", cause)
        case .acceptFailed(let failure):
            object.add("failure", failure)
        case .answeredElsewhere(let device):
            object.add("device", device)
        }
    }

    // MARK: Decoding

    /// The event `name` with its body (errors are ``ServiceErrorCode/invalidFrame``, paths relative to
    /// the body).
    public static func event(named name: String, body: JSONValue) throws(SignalingError) -> ServerEvent {
        guard eventNames.contains(name) else {
            throw SignalingError(.invalidFrame, "unknown event \(quoted(name))")
        }
        return try event(named: name, body: try JSONReader(body, path: "", code: .invalidFrame))
    }

    static func event<V>(named name: String, body: JSONReader<V>) throws(SignalingError) -> ServerEvent {
        switch name {
        case "message.received":
            return .message(PeerMessage(
                from: UserID(rawValue: try body.string("from")),
                content: try content(try body.object("message")),
                sentAt: try body.timestamp("sentAt"),
                isOffline: try body.bool("offline")))
        case "presence.changed":
            return .presenceChanged(try presenceStatus(body))
        case "channel.memberJoined":
            return .channelMemberJoined(channel: try body.string("channel"), user: UserID(rawValue: try body.string("user")))
        case "channel.memberLeft":
            return .channelMemberLeft(channel: try body.string("channel"), user: UserID(rawValue: try body.string("user")))
        case "channel.message":
            return .channelMessage(ChannelMessage(
                channel: try body.string("channel"),
                from: UserID(rawValue: try body.string("from")),
                content: try content(try body.object("message")),
                sentAt: try body.timestamp("sentAt")))
        case "session.tokenWillExpire":
            return .tokenWillExpire(expiresAt: try body.timestamp("expiresAt"))
        case "profile.changed":
            return .profileChanged(try profile(body))
        case "channel.attributesChanged":
            return .channelAttributesChanged(
                channel: try body.string("channel"),
                attributes: try body.objects("attributes") { (entry) throws(SignalingError) in try channelAttribute(entry) })
        default:
            let call = try ModelCoding.call(try body.object("call"), includeInternals: false)
            return .call(CallNotification(kind: try notificationKind(named: name, body: body), call: call))
        }
    }

    static func notificationKind<V>(named name: String, body: JSONReader<V>) throws(SignalingError) -> CallNotification.Kind {
        switch name {
        case "call.created": return .created
        case "call.invited": return .invited(by: UserID(rawValue: try body.string("by")))
        case "call.participantsChanged": return .participantsChanged(try body.users("users"))
        case "call.cancelled": return .cancelled(by: UserID(rawValue: try body.string("by")), data: try body.optionalString("data"))
        case "call.timedOut": return .timedOut(try body.enumeration("cause", TimeoutCause.self))
        case "call.acceptConfirmed": return .acceptConfirmed
        case "call.acceptFailed": return .acceptFailed(try body.enumeration("failure", AcceptFailure.self))
        case "call.answeredElsewhere": return .answeredElsewhere(device: DeviceID(rawValue: try body.string("device")))
        case "call.ended": return .ended
        case "call.synced": return .synced
        default:
            // eventNames and the switches above list the same names.
            throw SignalingError(.invalidFrame, "unknown event \(quoted(name))")
        }
    }
}
