import SwitchboardCore
import SwitchboardWire

/// A caller's invitation (`AgoraRtmLocalInvitation`) as a pure state machine: the SDK's state, the
/// call the service issued for it, and a cancel that waits for the send. Every input (`send`,
/// `cancel`, the service's answer, a notification of the call) returns the actions the client carries
/// out: answer the API call, send or cancel in the service, report, end. The misuse codes are
/// docs/AGORA.md, "Misuse codes".
struct RTMLocalInvitationStateMachine: Hashable, Sendable {
    /// How a life cycle ends, and the callback that says so.
    enum Ending: Hashable, Sendable {
        /// `localInvitationAccepted` with the callee's response.
        case accepted(response: String?)
        /// `localInvitationRefused` with the callee's response.
        case refused(response: String?)
        /// `localInvitationCanceled`.
        case canceled
        /// `localInvitationFailure`.
        case failed(RTMCode.LocalInvitationFailure)
    }

    enum Action: Hashable, Sendable {
        /// Keep the surface's object alive until the life cycle ends (the SDK releases it then).
        case holdSurfaceObject
        /// Answer the API call (`send`, `cancel`) with this code.
        case complete(RTMCode.InvitationAPICall)
        /// Send the invitation to `callee` (`call.invite`), and give the answer to ``sendAnswered(_:)``.
        case invite(callee: UserID)
        /// Keep the invitation as the caller's side of `call` (its notifications come to it).
        case register(CallID)
        /// Cancel `call` in the service; `answering`: the answer goes to ``cancelAnswered(_:)`` for
        /// `cancel`'s completion (else nobody waits for it).
        case cancelCall(CallID, answering: Bool)
        /// `localInvitationReceivedByPeer`.
        case reportReceivedByPeer
        /// The life cycle is over (the state set just before the callback): report `ending`, stop
        /// keeping the invitation for `call`, and let go of the surface's object.
        case end(Ending, call: CallID?)
        /// Back to idle (the app may send it again): let go of the surface's object.
        case reset
    }

    var state: RTMCode.LocalInvitationState = .idle
    /// The callee's response, once it accepted or refused.
    var response: String?
    var call: CallID?
    var callee: UserID?
    /// `cancel` was called before the service issued the call's id.
    var cancelWhenSent = false

    // MARK: - Inputs

    /// `send(_:completion:)` to `callee` by `me`. While logged out it completes with `ok`, then fails
    /// with `notLoggedIn` (docs/AGORA.md, "Sending while logged out").
    mutating func send(to callee: String, content: String?, channelID: String?, me: UserID?, isLoggedIn: Bool) -> [Action] {
        if state.isEnded { return [.complete(.alreadyEnd)] }
        if state != .idle { return [.complete(.alreadySent)] }
        if (content?.utf8.count ?? 0) > RTMLimits.invitationPayloadBytes
            || (channelID?.utf8.count ?? 0) > RTMLimits.idBytes
            || !RTMLimits.isValidID(callee) || UserID(callee) == me {
            return [.complete(.invalidAugment)]
        }
        state = .sentToRemote
        self.callee = UserID(callee)
        guard isLoggedIn else {
            return [.holdSurfaceObject, .complete(.ok)] + end(.failed(.notLoggedIn))
        }
        return [.holdSurfaceObject, .invite(callee: UserID(callee))]
    }

    /// The service's answer to the send. Arguments it refuses are the API call's `invalidAugment` (and
    /// the invitation may be sent again); anything else that stops it is a failure after `ok`, an
    /// overloaded server's included (docs/AGORA.md, "Overloaded server").
    mutating func sendAnswered(_ result: Result<Reply, SignalingError>) -> [Action] {
        switch result {
        case .success(.call(let call, _)):
            self.call = call.id
            let cancelNow = cancelWhenSent
            return [.register(call.id), .complete(.ok)] + (cancelNow ? [.cancelCall(call.id, answering: false)] : [])
        case .success:
            return [.complete(.ok)] + end(.failed(.remoteNoResponse))
        case .failure(let error):
            switch error.code {
            case .call(.invalidInvitees), .call(.payloadTooLarge), .call(.invalidArgument),
                 .service(.invalidUserID), .service(.invalidRequest):
                let cancelled = cancelWhenSent
                cancelWhenSent = false
                if cancelled {
                    // The cancel that waited for this send was answered `.ok`: its callback follows.
                    return [.complete(.invalidAugment)] + end(.canceled)
                }
                state = .idle
                return [.complete(.invalidAugment), .reset]
            case .service(.notLoggedIn):
                return [.complete(.ok)] + end(.failed(.notLoggedIn))
            default:
                // Neither enum has a busy server: an overloaded one got the invitation nowhere, at once.
                return [.complete(.ok)] + end(.failed(.remoteNoResponse))
            }
        }
    }

    /// `cancel(_:completion:)`: before the service issued the call's id, the cancel waits for the send.
    mutating func cancel() -> [Action] {
        if state == .idle { return [.complete(.notStarted)] }
        if state.isEnded || cancelWhenSent { return [.complete(.alreadyEnd)] }
        guard let call else {
            cancelWhenSent = true
            return [.complete(.ok)]
        }
        return [.cancelCall(call, answering: true)]
    }

    /// The service's answer to `cancel`: an invitation that ended on its way (answered, timed out) is
    /// `alreadyEnd`, and its own callback says how.
    func cancelAnswered(_ result: Result<Reply, SignalingError>) -> [Action] {
        switch result {
        case .success: [.complete(.ok)]
        case .failure: [.complete(.alreadyEnd)]
        }
    }

    /// The call changed, and with it the callee's part.
    mutating func callChanged(_ call: Call) -> [Action] {
        guard let callee = call.participants.first(where: { $0.user == self.callee }), !state.isEnded else { return [] }
        let callEnded = call.state.isEnded
        var actions: [Action] = []
        // A glare rejection is the service's, for an invitation it never delivered (docs/CALL-MODEL.md,
        // "Glare"); every other answer implies the callee had it.
        let receivedOrAnswered = switch callee.state {
        case .rejected(.glare): false
        case .received, .accepting, .accepted, .rejected: true
        default: false
        }
        if state == .sentToRemote, receivedOrAnswered {
            // Received by the callee (an answer implies it): reported before anything else.
            state = .receivedByRemote
            actions.append(.reportReceivedByPeer)
        }
        switch callee.state {
        case .inviting, .notYetReceived, .received:
            if callEnded {
                // Ended by the server while ringing: the invitation expired early.
                actions += end(.failed(.expire))
            }
        case .accepting, .accepted:
            actions += end(.accepted(response: callee.answerData))
        case .rejected:
            actions += end(.refused(response: callee.answerData))
        case .cancelled:
            actions += end(.canceled)
        case .timedOut(let cause):
            let code: RTMCode.LocalInvitationFailure = switch cause {
            case .offline: .remoteOffline
            case .noAcknowledgement: .remoteNoResponse
            case .noAnswer: .expire
            }
            actions += end(.failed(code))
        case .acceptFailed, .quit:
            actions += end(.failed(.remoteNoResponse))
        }
        return actions
    }

    /// The session ended under a live invitation: it is over (`failure`), without a callback.
    mutating func abandon() {
        if !state.isEnded { state = .failure }
        cancelWhenSent = false
    }

    /// Ends the life cycle: marked ended now, so later notifications and misuse checks see it at once.
    private mutating func end(_ ending: Ending) -> [Action] {
        switch ending {
        case .accepted(let response):
            state = .acceptedByRemote
            if response != nil { self.response = response }
        case .refused(let response):
            state = .refusedByRemote
            if response != nil { self.response = response }
        case .canceled:
            state = .canceled
        case .failed:
            state = .failure
        }
        return [.end(ending, call: call)]
    }
}
