import Synchronization
import SwitchboardCore

/// The engine's side of a caller's invitation (`AgoraRtmLocalInvitation`): the state the SDK owns, an
/// ``RTMLocalInvitationStateMachine``. The surface's object owns what the app sets (callee, content,
/// channel id) and passes it on `send`.
public final class RTMLocalInvitation: Sendable {
    struct Box {
        var machine = RTMLocalInvitationStateMachine()
        /// The surface's object, kept alive until the life cycle ends (the SDK releases it then).
        nonisolated(unsafe) var surfaceObject: AnyObject?
    }

    let box = Mutex(Box())

    public init() {}

    public var state: RTMCode.LocalInvitationState { box.withLock { $0.machine.state } }
    /// The callee's response, once it accepted or refused.
    public var response: String? { box.withLock { $0.machine.response } }
    /// The surface's object for this invitation (set on `send`).
    public var surfaceObject: AnyObject? { box.withLock { $0.surfaceObject } }

    /// The session ended under a live invitation: it is over (`failure`), without a callback, and the
    /// engine lets go of the surface's object.
    func abandon() {
        box.withLock { box in
            box.machine.abandon()
            box.surfaceObject = nil
        }
    }
}

/// The engine's side of a callee's invitation (`AgoraRtmRemoteInvitation`): the state the SDK owns, an
/// ``RTMRemoteInvitationStateMachine``.
public final class RTMRemoteInvitation: Sendable {
    struct Box {
        var machine = RTMRemoteInvitationStateMachine()
        nonisolated(unsafe) var surfaceObject: AnyObject?
    }

    public let call: CallID?
    public let callerID: String
    public let content: String?
    public let channelID: String?
    let box = Mutex(Box())

    init(call: CallID, callerID: String, content: String?, channelID: String?) {
        self.call = call
        self.callerID = callerID
        self.content = content
        self.channelID = channelID
    }

    /// An invitation the app made itself (`AgoraRtmRemoteInvitation()`): the SDK never sent it, so every
    /// operation on it is refused.
    public init() {
        call = nil
        callerID = ""
        content = nil
        channelID = nil
    }

    public var state: RTMCode.RemoteInvitationState { box.withLock { $0.machine.state } }

    /// The response the callee sets before accepting or refusing.
    public var response: String? {
        get { box.withLock { $0.machine.response } }
        set { box.withLock { $0.machine.response = newValue } }
    }

    /// The surface's object for this invitation (set by the surface when it is first reported).
    public var surfaceObject: AnyObject? {
        get { box.withLock { $0.surfaceObject } }
        set { box.withLock { $0.surfaceObject = newValue } }
    }

    /// The session ended under a live invitation: see ``RTMLocalInvitation/abandon()``.
    func abandon() {
        box.withLock { box in
            box.machine.abandon()
            box.surfaceObject = nil
        }
    }
}
