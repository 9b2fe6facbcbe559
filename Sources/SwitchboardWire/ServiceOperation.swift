import SwitchboardCore
import SwitchboardProfiles

/// What a client asks the service to do. Each has a wire name (`op`) and a request and response schema
/// in `Schemas/ops/`.
public enum ServiceOperation: Hashable, Sendable {
    /// End the session (the service answers, then says `bye(loggedOut)`).
    case logout
    /// Replace the session's token (Agora `renewToken`, ZIM `renewToken`).
    case renewToken(String)
    /// Create a call.
    case invite(InviteRequest)
    /// Act on a call.
    case call(CallID, CallAction)
    /// The call as it is now (its participants only; to anyone else it does not exist).
    case getCall(CallID)
    /// A page of the user's calls that are ringing or connected.
    case activeCalls(ActiveCallQuery)
    /// The user's call records, newest first.
    case callRecords(RecordQuery)
    /// Delete the user's records of these calls (Tencent `deleteRecentCalls`); answers the ids that
    /// were there.
    case deleteRecords([CallID])
    /// Send a peer-to-peer message.
    case sendMessage(PeerMessageRequest)
    /// Online state of users.
    case queryPresence([UserID])
    /// Be told of these users' online state changes (and get their current state).
    case subscribePresence([UserID])
    case unsubscribePresence([UserID])
    case joinChannel(String)
    case leaveChannel(String)
    case channelMembers(String)
    case sendChannelMessage(channel: String, message: MessageContent)
    /// Under ``LoginPolicy/latestDevice``: whether this session rings for new invitations even when it
    /// is not the user's latest login (Tencent `enableMultiDeviceAbility`).
    case setMultiDevice(Bool)
    /// Set the user's nickname, avatar and extended data (nil leaves a field as it was); the people the
    /// user shares an active call with, and the user's other sessions, get `profile.changed`.
    case setProfile(nickname: String?, avatarURL: String?, extendedData: String? = nil)
    /// The profiles of these users (users who never set one come back with no fields), and which of
    /// them do not exist.
    case queryProfiles([UserID])
    /// Change the user's attributes, which last while the user has a session; answers them afterwards.
    /// `limits` may only tighten the service's (docs/CALL-MODEL.md, "Attributes").
    case setUserAttributes(AttributeChange, limits: AttributeLimits?)
    /// A user's attributes: all of them, or those with these keys (`user_not_found` for a user with no
    /// session).
    case getUserAttributes(UserID, keys: [String]?)
    /// Change a channel's attributes (no membership needed); its members get `channel.attributesChanged`
    /// when `notify`. Answers the attributes afterwards.
    case setChannelAttributes(channel: String, AttributeChange, notify: Bool, limits: AttributeLimits?)
    /// A channel's attributes: all of them, or those with these keys (no membership needed).
    case getChannelAttributes(channel: String, keys: [String]?)
    /// How many users are in each of these channels (no membership needed).
    case channelMemberCounts([String])
    /// The users whose presence this session watches.
    case presenceSubscriptions
    /// Join the live call of a group that uses this room (Tencent `joinInGroupCall`), as `call.join`
    /// would by the call's id; only a user the app's join rule admits finds it.
    case joinRoom(groupID: String, roomID: String, data: String?)
    /// The session's own device registers a push token (docs/SERVER.md, "Push"); the service checks it.
    case registerPush(PushTokenRequest)
    /// The session's own device removes its push tokens: of one platform (its wire name), or all.
    case unregisterPush(platform: String?)

    /// The wire name.
    public var name: String {
        switch self {
        case .logout: "session.logout"
        case .renewToken: "session.renewToken"
        case .invite: "call.invite"
        case .call(_, let action): "call.\(action.name)"
        case .getCall: "call.get"
        case .activeCalls: "call.active"
        case .callRecords: "call.records"
        case .deleteRecords: "call.deleteRecords"
        case .sendMessage: "message.send"
        case .queryPresence: "presence.query"
        case .subscribePresence: "presence.subscribe"
        case .unsubscribePresence: "presence.unsubscribe"
        case .joinChannel: "channel.join"
        case .leaveChannel: "channel.leave"
        case .channelMembers: "channel.members"
        case .sendChannelMessage: "channel.send"
        case .setMultiDevice: "session.multiDevice"
        case .setProfile: "profile.set"
        case .queryProfiles: "profile.query"
        case .setUserAttributes: "attributes.user.set"
        case .getUserAttributes: "attributes.user.get"
        case .setChannelAttributes: "attributes.channel.set"
        case .getChannelAttributes: "attributes.channel.get"
        case .channelMemberCounts: "channel.memberCount"
        case .presenceSubscriptions: "presence.subscriptions"
        case .joinRoom: "call.joinRoom"
        case .registerPush: "push.register"
        case .unregisterPush: "push.unregister"
        }
    }
}

/// What a call is created with: the surface profile it is placed through and what that surface's SDK
/// lets an app set. The call id, the caller, every invitee's presence and the call's policy are the
/// service's business, not the client's (docs/CALL-MODEL.md, "Profiles").
public struct InviteRequest: Hashable, Sendable {
    public var invitees: [UserID]
    /// Which vendor's rules the call follows; the service builds the policy from it.
    public var profile: CallProfile
    /// The settings the profile's SDK lets an app choose (ring timeout, ...).
    public var parameters: CallParameters
    public var mediaType: MediaType?
    /// The room (Agora `channelId`, Tencent `roomId`); nil for none. Never empty: a surface whose SDK
    /// lets the service pick a room (Tencent's empty `roomId`) picks one itself.
    public var roomID: String?
    public var groupID: String?
    public var payload: String?
    public var attachments: [String: String]

    public init(
        invitees: [UserID], profile: CallProfile = .native, parameters: CallParameters = .none,
        mediaType: MediaType? = nil, roomID: String? = nil, groupID: String? = nil, payload: String? = nil,
        attachments: [String: String] = [:]
    ) {
        self.invitees = invitees
        self.profile = profile
        self.parameters = parameters
        self.mediaType = mediaType
        self.roomID = roomID
        self.groupID = groupID
        self.payload = payload
        self.attachments = attachments
    }

    /// The call's mode, as its profile says.
    public var mode: CallMode { profile.mode }
}

/// A participant's action on a call: ``/SwitchboardCore/CallCommand`` without the parts only the service may supply.
public enum CallAction: Hashable, Sendable {
    case cancel(invitees: [UserID]?, data: String?)
    case accept(data: String?)
    case reject(data: String?, reason: RejectionReason)
    case acknowledge
    case confirm(invitee: UserID)
    case inviteMore([UserID])
    case join(data: String?)
    case quit(data: String?)
    case end(data: String?)
    /// Report the sender's microphone and camera.
    case setMedia(ParticipantMedia)

    /// Joining is the one action open to users who are not yet in the call (advanced calls only).
    public var isJoin: Bool {
        if case .join = self { return true }
        return false
    }

    public var name: String {
        switch self {
        case .cancel: "cancel"
        case .accept: "accept"
        case .reject: "reject"
        case .acknowledge: "ack"
        case .confirm: "confirm"
        case .inviteMore: "inviteMore"
        case .join: "join"
        case .quit: "quit"
        case .end: "end"
        case .setMedia: "media"
        }
    }
}

/// A page request of call records.
public struct RecordQuery: Hashable, Sendable {
    /// Nil for the first (newest) page; afterwards the cursor the previous page returned.
    public var cursor: String?
    public var limit: Int

    public init(cursor: String? = nil, limit: Int = 20) {
        self.cursor = cursor
        self.limit = limit
    }
}

/// A request frame.
public struct Request: Hashable, Sendable {
    public var id: RequestID
    public var operation: ServiceOperation

    public init(id: RequestID, operation: ServiceOperation) {
        self.id = id
        self.operation = operation
    }
}
