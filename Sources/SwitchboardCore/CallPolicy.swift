/// The rules one call follows. Vendor differences are policies chosen by the surface that creates the
/// call (see ARCHITECTURE.md); nothing vendor-specific lives in the engine itself.
///
/// The engine checks a policy for internal consistency and against ``CallPolicy/Bounds`` when a call is
/// created (``CallError/Code/invalidPolicy``); the service may impose tighter bounds per app.
public struct CallPolicy: Hashable, Sendable {
    /// How long an invitee may ring before the invitation times out (ZIM `timeout`, Tencent `timeout`,
    /// Agora's 60 s expiry).
    public var ringTimeout: Duration
    /// When the ring timeout starts counting.
    public var ringTimeoutStart: RingTimeoutStart
    /// If set, an invitee whose device has not acknowledged the invitation by then fails: as
    /// ``TimeoutCause/offline`` when the invitee is offline at that moment, otherwise
    /// ``TimeoutCause/noAcknowledgement`` (Agora: 30 s, `remoteOffline` / `remoteNoResponse`).
    public var deliveryTimeout: Duration?
    /// If set, an invitee not reached by then becomes ``ParticipantState/notYetReceived`` and keeps
    /// ringing (ZIM `enableNotReceivedCheck`, 5 s).
    public var notReceivedCheck: Duration?
    /// What happens to an invitee with no device online when invited.
    public var offlineInvitees: OfflineInviteePolicy
    /// What happens to an invitee who already has an active call.
    public var busyInvitees: BusyPolicy
    /// If set, an acceptance is final only once the caller's client confirms it (Agora's three-way
    /// handshake); without confirmation in this time the acceptance fails.
    public var acceptConfirmation: Duration?
    /// End the call as soon as at most one participant is in it and nobody is ringing (Tencent).
    public var endWhenAlone: Bool
    /// Advanced mode: the call lives on when nobody is in it any more, until someone ends it (ZIM: an
    /// advanced call lasts until `callEnd`; anyone may `callJoin` it meanwhile). The service collects a
    /// call left empty for its empty-call retention. Without it, an advanced call ends when its last
    /// participant leaves.
    public var keepsEmptyCall: Bool
    /// Cancel the call when the caller goes offline (logs out, or is gone past the grace period) before
    /// anyone accepted (ZIM).
    public var cancelWhenCallerOffline: Bool
    /// A participant whose acting device's session ends for good (logged out, replaced by another login,
    /// expired) leaves the call as if they had hung up on it: quit, or cancel for a caller nobody has
    /// answered yet (Tencent: a device that is kicked out is out of its call). Without it the participant
    /// stays in the call and may come back from another device (ZIM).
    public var leavesWithDevice: Bool
    /// Leave no call record (Tencent `isEphemeralCall`).
    public var ephemeral: Bool
    /// The most invitees one invite or invite-more may name (ZIM 9, Tencent 8, Agora 1).
    public var maxInviteesPerInvitation: Int
    /// The most participants, the caller included, that may be ringing or in the call at once
    /// (ZIM 10, Tencent 9).
    public var maxParticipants: Int
    /// The largest call payload in UTF-8 bytes (Agora `content` 8192, ZIM `extendedData` 2048).
    public var maxPayloadBytes: Int
    /// The largest answer payload in UTF-8 bytes (Agora `response` 8192).
    public var maxAnswerBytes: Int

    public init(
        ringTimeout: Duration = .seconds(30),
        ringTimeoutStart: RingTimeoutStart = .atInvitation,
        deliveryTimeout: Duration? = nil,
        notReceivedCheck: Duration? = nil,
        offlineInvitees: OfflineInviteePolicy = .keep,
        busyInvitees: BusyPolicy = .ring,
        acceptConfirmation: Duration? = nil,
        endWhenAlone: Bool = false,
        keepsEmptyCall: Bool = false,
        cancelWhenCallerOffline: Bool = false,
        leavesWithDevice: Bool = false,
        ephemeral: Bool = false,
        maxInviteesPerInvitation: Int = 9,
        maxParticipants: Int = 10,
        maxPayloadBytes: Int = 8192,
        maxAnswerBytes: Int = 8192
    ) {
        self.ringTimeout = ringTimeout
        self.ringTimeoutStart = ringTimeoutStart
        self.deliveryTimeout = deliveryTimeout
        self.notReceivedCheck = notReceivedCheck
        self.offlineInvitees = offlineInvitees
        self.busyInvitees = busyInvitees
        self.acceptConfirmation = acceptConfirmation
        self.endWhenAlone = endWhenAlone
        self.keepsEmptyCall = keepsEmptyCall
        self.cancelWhenCallerOffline = cancelWhenCallerOffline
        self.leavesWithDevice = leavesWithDevice
        self.ephemeral = ephemeral
        self.maxInviteesPerInvitation = maxInviteesPerInvitation
        self.maxParticipants = maxParticipants
        self.maxPayloadBytes = maxPayloadBytes
        self.maxAnswerBytes = maxAnswerBytes
    }

    /// When ``CallPolicy/ringTimeout`` starts counting.
    public enum RingTimeoutStart: String, Hashable, Sendable, CaseIterable {
        /// From the invitation (ZIM, Tencent).
        case atInvitation
        /// From the invitee's delivery acknowledgement (Agora: "60 s after the callee received it").
        case atDelivery
    }

    /// What happens to an invitee with no device online.
    public enum OfflineInviteePolicy: String, Hashable, Sendable, CaseIterable {
        /// Keep the invitation and deliver it when the invitee logs in while the call still rings (ZIM,
        /// Agora within its delivery timeout).
        case keep
        /// Fail the invitee at once with ``TimeoutCause/offline``, unless the app pushes invitations to
        /// offline users (``InviteeStatus/isReachableByPush``): then keep it as ``keep`` does (Tencent:
        /// `offline` when "the callee has no device logged in and the app has no offline push").
        case fail
    }

    /// What happens to an invitee who already has an active call.
    public enum BusyPolicy: String, Hashable, Sendable, CaseIterable {
        /// Ring anyway (Agora, ZIM).
        case ring
        /// Reject at once as ``RejectionReason/busy``; the busy invitee is not told (Tencent `lineBusy`).
        case reject
    }

    /// Hard limits every call must respect, whatever surface or app asks. They also bound the size of
    /// a call on the wire: every notification carries the whole call, so payload, attachments and
    /// every participant's answer together must stay well inside a frame.
    public struct Bounds: Hashable, Sendable {
        public var ringTimeout: ClosedRange<Duration>
        public var timer: ClosedRange<Duration>
        public var maxParticipants: Int
        public var maxPayloadBytes: Int
        public var maxAnswerBytes: Int
        /// Attachments: at most this many entries, keys of 1 to 64 bytes, and this many bytes of keys
        /// and values together.
        public var maxAttachments: Int
        public var maxAttachmentBytes: Int
        /// Room and group ids, in bytes.
        public var maxRoomIDBytes: Int

        public init(
            ringTimeout: ClosedRange<Duration> = .seconds(1) ... .seconds(3600),
            timer: ClosedRange<Duration> = .milliseconds(100) ... .seconds(3600),
            maxParticipants: Int = 32,
            maxPayloadBytes: Int = 16 * 1024,
            maxAnswerBytes: Int = 8 * 1024,
            maxAttachments: Int = 16,
            maxAttachmentBytes: Int = 8 * 1024,
            maxRoomIDBytes: Int = 128
        ) {
            self.ringTimeout = ringTimeout
            self.timer = timer
            self.maxParticipants = maxParticipants
            self.maxPayloadBytes = maxPayloadBytes
            self.maxAnswerBytes = maxAnswerBytes
            self.maxAttachments = maxAttachments
            self.maxAttachmentBytes = maxAttachmentBytes
            self.maxRoomIDBytes = maxRoomIDBytes
        }

        public static let standard = Bounds()
    }

    /// Why the policy is unusable, or nil when it is consistent and within `bounds`.
    public func violation(of bounds: Bounds = .standard) -> String? {
        if !bounds.ringTimeout.contains(ringTimeout) {
            return "ringTimeout \(ringTimeout) is outside \(bounds.ringTimeout)"
        }
        func timerViolation(_ name: String, _ timer: Duration?) -> String? {
            guard let timer, !bounds.timer.contains(timer) else { return nil }
            return "\(name) \(timer) is outside \(bounds.timer)"
        }
        if let violation = timerViolation("deliveryTimeout", deliveryTimeout)
            ?? timerViolation("notReceivedCheck", notReceivedCheck)
            ?? timerViolation("acceptConfirmation", acceptConfirmation) {
            return violation
        }
        if maxParticipants < 2 || maxParticipants > bounds.maxParticipants {
            return "maxParticipants \(maxParticipants) is outside 2...\(bounds.maxParticipants)"
        }
        if ringTimeoutStart == .atDelivery && deliveryTimeout == nil {
            return "a ring timeout that starts at delivery needs a delivery timeout, or an undelivered invitation rings forever"
        }
        if maxInviteesPerInvitation < 1 || maxInviteesPerInvitation > maxParticipants - 1 {
            return "maxInviteesPerInvitation \(maxInviteesPerInvitation) is outside 1...\(maxParticipants - 1)"
        }
        if maxPayloadBytes < 0 || maxPayloadBytes > bounds.maxPayloadBytes {
            return "maxPayloadBytes \(maxPayloadBytes) is outside 0...\(bounds.maxPayloadBytes)"
        }
        if maxAnswerBytes < 0 || maxAnswerBytes > bounds.maxAnswerBytes {
            return "maxAnswerBytes \(maxAnswerBytes) is outside 0...\(bounds.maxAnswerBytes)"
        }
        return nil
    }
}
