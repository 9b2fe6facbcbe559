import SwitchboardCore
import SwitchboardProfiles
import SwitchboardJSON

// Request bodies: `Schemas/ops/<op>.request.schema.json`.

extension WireCodec {
    /// Every `op` this build knows, in the order of ``ServiceOperation``'s cases.
    public static let operationNames: [String] = [
        "session.logout", "session.renewToken",
        "call.invite", "call.cancel", "call.accept", "call.reject", "call.ack", "call.confirm", "call.inviteMore",
        "call.join", "call.quit", "call.end", "call.get", "call.active", "call.records",
        "message.send",
        "presence.query", "presence.subscribe", "presence.unsubscribe",
        "channel.join", "channel.leave", "channel.members", "channel.send",
        "session.multiDevice", "profile.set", "profile.query", "call.media", "call.deleteRecords",
        "attributes.user.set", "attributes.user.get", "attributes.channel.set", "attributes.channel.get",
        "channel.memberCount", "presence.subscriptions",
        "call.joinRoom",
        "push.register", "push.unregister",
    ]

    // MARK: Encoding

    /// The request body of `operation` (the `body` of its `req` frame).
    public static func body(of operation: ServiceOperation) -> JSONValue {
        encodedValue { writeBody(of: operation, to: &$0) }
    }

    static func writeBody<W: JSONStreamWriter>(of operation: ServiceOperation, to object: inout W) {
        object.beginObject()
        switch operation {
        case .logout, .presenceSubscriptions:
            break
        case .activeCalls(let query):
            object.add("cursor", query.cursor)
            object.add("limit", query.limit)
        case .renewToken(let token):
            object.add("token", token)
        case .invite(let invite):
            object.add("invitees", list: invite.invitees)
            object.add("profile", invite.profile)
            object.add("ringTimeoutMs", invite.parameters.ringTimeout)
            if invite.parameters.notReceivedCheck { object.add("notReceivedCheck", true) }
            if invite.parameters.ephemeral { object.add("ephemeral", true) }
            if invite.parameters.confirmsAccept { object.add("confirmsAccept", true) }
            object.add("mediaType", invite.mediaType)
            object.add("roomID", invite.roomID)
            object.add("groupID", invite.groupID)
            object.add("payload", invite.payload)
            if !invite.attachments.isEmpty {
                object.key("attachments")
                ModelCoding.writeStringMap(invite.attachments, to: &object)
            }
        case .call(let call, let action):
            object.add("call", call)
            switch action {
            case .cancel(let invitees, let data):
                if let invitees { object.add("invitees", list: invitees) }
                object.add("data", data)
            case .accept(let data), .join(let data), .quit(let data), .end(let data):
                object.add("data", data)
            case .reject(let data, let reason):
                object.add("data", data)
                object.add("reason", reason)
            case .acknowledge:
                break
            case .confirm(let invitee):
                object.add("invitee", invitee)
            case .inviteMore(let invitees):
                object.add("invitees", list: invitees)
            case .setMedia(let media):
                object.add("microphone", media.microphone)
                object.add("camera", media.camera)
            }
        case .getCall(let call):
            object.add("call", call)
        case .callRecords(let query):
            object.add("cursor", query.cursor)
            object.add("limit", query.limit)
        case .sendMessage(let message):
            object.add("to", message.to)
            object.key("message")
            write(message.content, to: &object)
            object.add("storeIfOffline", message.storeIfOffline)
        case .queryPresence(let users), .subscribePresence(let users), .unsubscribePresence(let users):
            object.add("users", list: users)
        case .joinChannel(let channel), .leaveChannel(let channel), .channelMembers(let channel):
            object.add("channel", channel)
        case .sendChannelMessage(let channel, let message):
            object.add("channel", channel)
            object.key("message")
            write(message, to: &object)
        case .setMultiDevice(let enable):
            object.add("enable", enable)
        case .setProfile(let nickname, let avatarURL, let extendedData):
            object.add("nickname", nickname)
            object.add("avatarURL", avatarURL)
            object.add("extendedData", extendedData)
        case .queryProfiles(let users):
            object.add("users", list: users)
        case .deleteRecords(let calls):
            object.add("calls", list: calls)
        case .setUserAttributes(let change, let limits):
            write(change, limits: limits, to: &object)
        case .getUserAttributes(let user, let keys):
            object.add("user", user)
            if let keys { object.add("keys", strings: keys) }
        case .setChannelAttributes(let channel, let change, let notify, let limits):
            object.add("channel", channel)
            write(change, limits: limits, to: &object)
            object.add("notify", notify)
        case .getChannelAttributes(let channel, let keys):
            object.add("channel", channel)
            if let keys { object.add("keys", strings: keys) }
        case .channelMemberCounts(let channels):
            object.add("channels", strings: channels)
        case .registerPush(let request):
            object.add("platform", request.platform)
            object.add("token", request.token)
            object.add("topic", request.topic)
            object.add("environment", request.environment)
        case .unregisterPush(let platform):
            object.add("platform", platform)
        case .joinRoom(let groupID, let roomID, let data):
            object.add("groupID", groupID)
            object.add("roomID", roomID)
            object.add("data", data)
        }
        object.endObject()
    }

    // MARK: Decoding

    /// The operation `name` (one of ``operationNames``) with its request body. Errors are
    /// ``ServiceErrorCode/invalidRequest`` (the body does not fit) or ``ServiceErrorCode/unknownOperation``.
    public static func operation(named name: String, body: JSONValue) throws(SignalingError) -> ServiceOperation {
        guard operationNames.contains(name) else {
            throw SignalingError(.unknownOperation, "unknown operation \(quoted(name))")
        }
        return try operation(named: name, body: try JSONReader(body, path: "", code: .invalidRequest))
    }

    static func operation<V>(named name: String, body: JSONReader<V>) throws(SignalingError) -> ServiceOperation {
        switch name {
        case "session.logout": return .logout
        case "session.renewToken": return .renewToken(try body.string("token"))
        case "call.invite":
            return .invite(InviteRequest(
                invitees: try body.users("invitees"),
                profile: try body.enumeration("profile", CallProfile.self),
                parameters: CallParameters(
                    ringTimeout: try body.optionalDuration("ringTimeoutMs"),
                    notReceivedCheck: try body.optionalBool("notReceivedCheck") ?? false,
                    ephemeral: try body.optionalBool("ephemeral") ?? false,
                    confirmsAccept: try body.optionalBool("confirmsAccept") ?? false),
                mediaType: try body.optionalEnumeration("mediaType", MediaType.self),
                roomID: try body.optionalString("roomID"),
                groupID: try body.optionalString("groupID"),
                payload: try body.optionalString("payload"),
                attachments: try body.optionalStringMap("attachments") ?? [:]))
        case "call.get": return .getCall(try callID(body))
        case "call.active":
            let range = ActiveCallQuery.limitRange
            let limit = body.has("limit")
                ? Int(try body.int("limit", minimum: Int64(range.lowerBound), maximum: Int64(range.upperBound)))
                : ActiveCallQuery.defaultLimit
            return .activeCalls(ActiveCallQuery(cursor: try body.optionalString("cursor"), limit: limit))
        case "call.records":
            let range = RecordQuery.limitRange
            return .callRecords(RecordQuery(
                cursor: try body.optionalString("cursor"),
                limit: Int(try body.int("limit", minimum: Int64(range.lowerBound), maximum: Int64(range.upperBound)))))
        case "message.send":
            return .sendMessage(PeerMessageRequest(
                to: UserID(rawValue: try body.string("to")),
                content: try content(try body.object("message")),
                storeIfOffline: try body.bool("storeIfOffline")))
        case "presence.query": return .queryPresence(try body.users("users"))
        case "presence.subscribe": return .subscribePresence(try body.users("users"))
        case "presence.unsubscribe": return .unsubscribePresence(try body.users("users"))
        case "channel.join": return .joinChannel(try body.string("channel"))
        case "channel.leave": return .leaveChannel(try body.string("channel"))
        case "channel.members": return .channelMembers(try body.string("channel"))
        case "channel.send":
            return .sendChannelMessage(channel: try body.string("channel"), message: try content(try body.object("message")))
        case "session.multiDevice": return .setMultiDevice(try body.bool("enable"))
        case "profile.set":
            return .setProfile(nickname: try body.optionalString("nickname"), avatarURL: try body.optionalString("avatarURL"),
                               extendedData: try body.optionalString("extendedData"))
        case "profile.query": return .queryProfiles(try body.users("users"))
        case "call.deleteRecords": return .deleteRecords(try body.strings("calls").map(CallID.init(rawValue:)))
        case "attributes.user.set":
            return .setUserAttributes(try attributeChange(body), limits: try attributeLimits(body))
        case "attributes.user.get":
            return .getUserAttributes(UserID(rawValue: try body.string("user")), keys: try body.optionalStrings("keys"))
        case "attributes.channel.set":
            return .setChannelAttributes(channel: try body.string("channel"), try attributeChange(body),
                                         notify: try body.bool("notify"), limits: try attributeLimits(body))
        case "attributes.channel.get":
            return .getChannelAttributes(channel: try body.string("channel"), keys: try body.optionalStrings("keys"))
        case "channel.memberCount": return .channelMemberCounts(try body.strings("channels"))
        case "presence.subscriptions": return .presenceSubscriptions
        case "push.register":
            return .registerPush(PushTokenRequest(
                platform: try body.string("platform"), token: try body.string("token"), topic: try body.string("topic"),
                environment: try body.optionalString("environment")))
        case "push.unregister": return .unregisterPush(platform: try body.optionalString("platform"))
        case "call.joinRoom":
            return .joinRoom(groupID: try body.nonEmptyString("groupID"), roomID: try body.nonEmptyString("roomID"),
                             data: try body.optionalString("data"))
        default:
            let call = try callID(body)
            return .call(call, try callAction(named: name, body: body))
        }
    }

    /// A call id: a non-empty string.
    static func callID<V>(_ body: JSONReader<V>) throws(SignalingError) -> CallID {
        CallID(rawValue: try body.nonEmptyString("call"))
    }

    static func callAction<V>(named name: String, body: JSONReader<V>) throws(SignalingError) -> CallAction {
        switch name {
        case "call.cancel": return .cancel(invitees: try body.optionalUsers("invitees"), data: try body.optionalString("data"))
        case "call.accept": return .accept(data: try body.optionalString("data"))
        case "call.reject":
            return .reject(data: try body.optionalString("data"), reason: try body.enumeration("reason", RejectionReason.self))
        case "call.ack": return .acknowledge
        case "call.confirm": return .confirm(invitee: UserID(rawValue: try body.string("invitee")))
        case "call.inviteMore": return .inviteMore(try body.users("invitees"))
        case "call.join": return .join(data: try body.optionalString("data"))
        case "call.quit": return .quit(data: try body.optionalString("data"))
        case "call.end": return .end(data: try body.optionalString("data"))
        case "call.media":
            return .setMedia(ParticipantMedia(microphone: try body.bool("microphone"), camera: try body.bool("camera")))
        default:
            // operationNames and the switches above list the same names.
            throw SignalingError(.unknownOperation, "unknown operation \(quoted(name))")
        }
    }

    // MARK: Message content

    /// `{"text"}` or `{"raw": base64, "description"}`.
    static func write<W: JSONStreamWriter>(_ content: MessageContent, to object: inout W) {
        object.beginObject()
        switch content {
        case .text(let text):
            object.add("text", text)
        case .raw(let bytes, let description):
            object.add("raw", Base64.encode(bytes))
            object.add("description", description)
        }
        object.endObject()
    }

    static func content<V>(_ reader: JSONReader<V>) throws(SignalingError) -> MessageContent {
        switch (reader.has("text"), reader.has("raw")) {
        case (true, false):
            return .text(try reader.string("text"))
        case (false, true):
            let encoded = try reader.string("raw")
            guard let bytes = Base64.decode(encoded) else {
                throw reader.error("raw", "not valid base64 (RFC 4648, standard alphabet, padded)")
            }
            return .raw(bytes, description: try reader.string("description"))
        case (true, true):
            throw reader.error(nil, "a message has either \"text\" or \"raw\", not both")
        case (false, false):
            throw reader.error(nil, "a message needs \"text\" or \"raw\"")
        }
    }
}
