/// What the service knows about an invitee when inviting them; the engine cannot look it up itself.
public struct InviteeStatus: Hashable, Sendable {
    /// The invitee has a device online (or within the reconnect grace period).
    public var isOnline: Bool
    /// The invitee already has an active call (ringing in either direction, or connected).
    public var isBusy: Bool
    /// The invitee's devices answer every invitation busy while the invitee is busy, whatever the call's
    /// own busy policy (Tencent devices: "a device in a call answers any other invitation busy").
    public var answersBusyWhileBusy: Bool
    /// The app pushes invitations to users with no device online (its offline push is configured), so
    /// an offline invitee may still answer: ``CallPolicy/OfflineInviteePolicy/fail`` keeps them ringing.
    public var isReachableByPush: Bool
    /// The invitee is calling the inviter: an older call from the invitee to the inviter still rings,
    /// so this invitation loses the glare and is not delivered (docs/CALL-MODEL.md, "Glare").
    public var losesGlare: Bool

    public init(
        isOnline: Bool, isBusy: Bool, isReachableByPush: Bool = false, answersBusyWhileBusy: Bool = false,
        losesGlare: Bool = false
    ) {
        self.isOnline = isOnline
        self.isBusy = isBusy
        self.answersBusyWhileBusy = answersBusyWhileBusy
        self.isReachableByPush = isReachableByPush
        self.losesGlare = losesGlare
    }

    public static let onlineIdle = InviteeStatus(isOnline: true, isBusy: false)
}

/// Everything needed to create a call.
public struct Invitation: Hashable, Sendable {
    /// Issued by the service.
    public var callID: CallID
    /// The caller's device.
    public var from: Endpoint
    public var invitees: [UserID]
    public var mode: CallMode
    public var policy: CallPolicy
    public var mediaType: MediaType?
    public var roomID: String?
    public var groupID: String?
    public var payload: String?
    public var attachments: [String: String]
    /// Presence and busy state of each invitee; a missing entry counts as online and idle.
    public var inviteeStatus: [UserID: InviteeStatus]
    /// The surface profile the call is placed through, kept with the call (``Call/placedThrough``).
    public var placedThrough: String?

    public init(
        callID: CallID,
        from: Endpoint,
        invitees: [UserID],
        mode: CallMode = .general,
        policy: CallPolicy = CallPolicy(),
        mediaType: MediaType? = nil,
        roomID: String? = nil,
        groupID: String? = nil,
        payload: String? = nil,
        attachments: [String: String] = [:],
        inviteeStatus: [UserID: InviteeStatus] = [:]
    ) {
        self.callID = callID
        self.from = from
        self.invitees = invitees
        self.mode = mode
        self.policy = policy
        self.mediaType = mediaType
        self.roomID = roomID
        self.groupID = groupID
        self.payload = payload
        self.attachments = attachments
        self.inviteeStatus = inviteeStatus
    }
}
