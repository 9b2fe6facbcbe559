import Synchronization
import SwitchboardCore

/// The engine's side of a caller's invitation (`AgoraRtmLocalInvitation`): the state the SDK owns. The
/// surface's object owns what the app sets (callee, content, channel id) and passes it on `send`.
public final class RTMLocalInvitation: Sendable {
    struct State {
        var state: RTMCode.LocalInvitationState = .idle
        var response: String?
        var call: CallID?
        var callee: UserID?
        /// `cancel` was called before the service issued the call's id.
        var cancelWhenSent = false
        /// The surface's object, kept alive until the life cycle ends (the SDK releases it then).
        nonisolated(unsafe) var surfaceObject: AnyObject?
    }

    let box = Mutex(State())

    public init() {}

    public var state: RTMCode.LocalInvitationState { box.withLock { $0.state } }
    /// The callee's response, once it accepted or refused.
    public var response: String? { box.withLock { $0.response } }
    /// The surface's object for this invitation (set on `send`).
    public var surfaceObject: AnyObject? { box.withLock { $0.surfaceObject } }

    /// The session ended under a live invitation: it is over (`failure`), without a callback, and the
    /// engine lets go of the surface's object.
    func abandon() {
        box.withLock { local in
            if !local.state.isEnded { local.state = .failure }
            local.cancelWhenSent = false
            local.surfaceObject = nil
        }
    }
}

/// The engine's side of a callee's invitation (`AgoraRtmRemoteInvitation`).
public final class RTMRemoteInvitation: Sendable {
    struct State {
        var state: RTMCode.RemoteInvitationState = .idle
        var response: String?
        nonisolated(unsafe) var surfaceObject: AnyObject?
    }

    public let call: CallID?
    public let callerID: String
    public let content: String?
    public let channelID: String?
    let box = Mutex(State())

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

    public var state: RTMCode.RemoteInvitationState { box.withLock { $0.state } }

    /// The response the callee sets before accepting or refusing.
    public var response: String? {
        get { box.withLock { $0.response } }
        set { box.withLock { $0.response = newValue } }
    }

    /// The surface's object for this invitation (set by the surface when it is first reported).
    public var surfaceObject: AnyObject? {
        get { box.withLock { $0.surfaceObject } }
        set { box.withLock { $0.surfaceObject = newValue } }
    }

    /// The session ended under a live invitation: see ``RTMLocalInvitation/abandon()``.
    func abandon() {
        box.withLock { remote in
            if !remote.state.isEnded { remote.state = .failure }
            remote.surfaceObject = nil
        }
    }
}
