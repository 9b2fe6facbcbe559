import SwitchboardCore
import SwitchboardWire

/// A ring or its cancel.
public enum PushKind: String, Hashable, Sendable, CaseIterable {
    /// An invitation rings a device with no live session.
    case ring
    /// The invitation stopped ringing for that device before it connected there: the push replaces the
    /// ring (same collapse id, the call id).
    case cancel
}

/// Why a ring push is cancelled.
public enum PushCancelReason: String, Hashable, Sendable, CaseIterable {
    /// The caller cancelled the invitation.
    case cancelled
    /// Another device of the user answered (accepted or joined).
    case answeredElsewhere
    /// The user rejected it (on another device, or as busy).
    case rejected
    /// Nobody answered in time.
    case timedOut
    /// The call ended (or the user's part of it did) before this device connected.
    case ended
}

/// Which vendor's push layout a call's pushes use: the layout the app's push handlers already parse
/// (docs/SERVER.md, "Push"). It follows the surface the call was placed through.
public enum PushLayout: String, Hashable, Sendable, CaseIterable {
    /// ZEGO's (ZPNs): `aps.alert`, top-level `call_id` and `payload` (ZIMPushConfig.payload), `zego`.
    case zego
    /// Tencent's (TIMPush): `aps.alert`, top-level `ext` (a JSON string with `entity`, and `call_id`).
    case tencent
    /// Switchboard's own (Schemas/push/switchboard.json): Agora, anyRTC and Switchboard's profiles.
    case switchboard
}

/// The text and data of a push, as the call's surface set them (ZIMPushConfig, TUIOfflinePushInfo,
/// AtomicXCore's offline push title and description); empty when the surface set none.
public struct PushContent: Hashable, Sendable {
    public var title: String
    public var body: String
    /// ZIMPushConfig.payload (the ZEGO layout's `payload`), or the caller's call payload otherwise.
    public var payload: String?
    /// The surface's whole push settings as JSON text (TUIOfflinePushInfo), for layouts that read them.
    public var vendorInfo: String?

    public init(title: String = "", body: String = "", payload: String? = nil, vendorInfo: String? = nil) {
        self.title = title
        self.body = body
        self.payload = payload
        self.vendorInfo = vendorInfo
    }
}

/// One push to one device: what the service decided at the end of a step, handed to the sender after the
/// step's writes are durable (``PushDispatching``). Each (call, device, platform, kind) is decided once:
/// the call keeps the mark with its internals, across a restart or a cluster takeover.
public struct PushJob: Hashable, Sendable {
    public var app: AppID
    public var callID: CallID
    public var caller: UserID
    public var callee: UserID
    public var mediaType: MediaType?
    public var kind: PushKind
    /// Set on a cancel.
    public var cancelReason: PushCancelReason?
    public var registration: PushRegistration
    public var layout: PushLayout
    public var content: PushContent
    /// When the push is worth nothing any more: the callee's ring deadline (`apns-expiration`, FCM `ttl`).
    /// A provider holding a push for an offline phone drops it then.
    public var expiresAt: Timestamp
    /// When the service decided it.
    public var decidedAt: Timestamp

    public init(app: AppID, callID: CallID, caller: UserID, callee: UserID, mediaType: MediaType?, kind: PushKind,
                cancelReason: PushCancelReason?, registration: PushRegistration, layout: PushLayout,
                content: PushContent, expiresAt: Timestamp, decidedAt: Timestamp) {
        self.app = app
        self.callID = callID
        self.caller = caller
        self.callee = callee
        self.mediaType = mediaType
        self.kind = kind
        self.cancelReason = cancelReason
        self.registration = registration
        self.layout = layout
        self.content = content
        self.expiresAt = expiresAt
        self.decidedAt = decidedAt
    }

    /// The collapse id of both the ring and its cancel (`apns-collapse-id`, FCM `collapse_key`): the call id.
    public var collapseID: String { callID.rawValue }

    /// The key a push is sent at most once under: call, user, device, platform and kind (device ids are the
    /// user's own: two users may both have a "phone"). Each part is length-prefixed, so no id can forge
    /// another's key whatever it holds.
    public var idempotencyKey: String {
        [callID.rawValue, registration.user.rawValue, registration.device.rawValue, registration.platform.rawValue, kind.rawValue]
            .map { "\($0.utf8.count):\($0)" }.joined(separator: "/")
    }
}

/// Where the service hands the pushes of a step (the server's push sender). Called at the end of the step,
/// once its writes are durable, with the frames of the step: it must return at once (a sender queues,
/// bounded, and drops and counts when full), so sending never blocks signaling, and it must not call back
/// into the service (``SignalingService/pushAnswered(_:)`` takes the service's lock): every answer, a drop
/// included, comes later, from the sender's own tasks.
public protocol PushDispatching: AnyObject, Sendable {
    func dispatch(_ jobs: [PushJob])
}

/// How one push ended, as the sender reports it back (``SignalingService/pushAnswered(_:)``): the console's
/// timeline shows it, and a token the provider says is gone is removed.
public struct PushAnswer: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// The provider took it (APNs 200 with its `apns-id`, FCM 200 with the message name).
        case delivered(id: String?)
        /// The provider says the token is gone (APNs 410 `Unregistered`, 400 `BadDeviceToken`; FCM 404
        /// `UNREGISTERED`): the registration is removed.
        case tokenInvalid(status: Int, reason: String)
        /// Refused for another reason, or still failing after the retries; nothing changes.
        case failed(status: Int?, reason: String)
        /// The app's queue was full: not sent.
        case dropped
        /// It expired before it could be sent.
        case expired
    }

    public var job: PushJob
    public var outcome: Outcome
    public var at: Timestamp

    public init(job: PushJob, outcome: Outcome, at: Timestamp) {
        self.job = job
        self.outcome = outcome
        self.at = at
    }
}
