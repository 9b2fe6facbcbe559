import SwitchboardCore

/// What the service tells an app's own backend, outside the wire protocol: the call lifecycle (the
/// server posts it to the app's webhook) and invitations kept for users with no device online (the
/// server posts them to the app's push hook with the surface's push fields, which travel in
/// ``/SwitchboardCore/Call/attachments``).
public enum BackendEvent: Sendable, Equatable {
    case callCreated(app: AppID, call: Call)
    /// A participant answered (accepted or joined).
    case callAnswered(app: AppID, call: Call, user: UserID)
    case callEnded(app: AppID, call: Call)
    /// An invitation rings for a user with no device online.
    case offlineInvitation(app: AppID, call: Call, invitee: UserID)

    public var app: AppID {
        switch self {
        case .callCreated(let app, _), .callAnswered(let app, _, _), .callEnded(let app, _),
             .offlineInvitation(let app, _, _):
            app
        }
    }

    /// The event's name in webhook posts.
    public var name: String {
        switch self {
        case .callCreated: "call.created"
        case .callAnswered: "call.answered"
        case .callEnded: "call.ended"
        case .offlineInvitation: "call.offlineInvitation"
        }
    }
}

/// Receives ``BackendEvent``s. The service calls it under its lock: it must return at once (queue the
/// event) and never call back into the service.
public protocol BackendEventSink: Sendable {
    func deliver(_ event: BackendEvent)
}
