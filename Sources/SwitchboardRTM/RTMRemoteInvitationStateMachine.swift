import SwitchboardCore
import SwitchboardWire

/// A callee's invitation (`AgoraRtmRemoteInvitation`) as a pure state machine: the SDK's state and the
/// response the app sets. Every input (`accept`, `refuse`, the service's answer, a notification of the
/// call) returns the actions the client carries out. The misuse codes are docs/AGORA.md, "Misuse
/// codes".
struct RTMRemoteInvitationStateMachine: Hashable, Sendable {
    /// How a life cycle ends, and the callback that says so.
    enum Ending: Hashable, Sendable {
        /// Accepted: `remoteInvitationAccepted` when `reported` (not again when a call already accepted
        /// here ends).
        case accepted(reported: Bool)
        /// `remoteInvitationRefused`.
        case refused
        /// `remoteInvitationCanceled`.
        case canceled
        /// `remoteInvitationFailure`.
        case failed(RTMCode.RemoteInvitationFailure)
    }

    enum Action: Hashable, Sendable {
        /// Answer the API call (`accept`, `refuse`) with this code.
        case complete(RTMCode.InvitationAPICall)
        /// Send the answer to the service, and give its answer to ``answerAnswered(_:accepting:)``.
        case answer(CallID, CallAction)
        /// `remoteInvitationReceived`.
        case reportReceived
        /// The life cycle is over (the state set just before the callback), or, `keep`, an accepted call
        /// goes on and stays known until it ends, so that a later quit is not mistaken for a new
        /// invitation. Unless kept, stop keeping the invitation; a reported ending lets go of the
        /// surface's object once its callback ran.
        case end(Ending, keep: Bool)
    }

    var state: RTMCode.RemoteInvitationState = .idle
    /// The response the callee sets before accepting or refusing.
    var response: String?

    /// Whether `note` is an invitation this user was just invited to and still rings in: a new remote
    /// invitation.
    static func isNewInvitation(_ note: CallNotification, me: Participant) -> Bool {
        guard case .invited = note.kind else { return false }
        return me.state.isRinging && !note.call.state.isEnded
    }

    // MARK: - Inputs

    /// The invitation reached this user.
    mutating func received() -> [Action] {
        state = .invitationReceived
        return [.reportReceived]
    }

    /// `accept(_:completion:)` (`accepting`) or `refuse(_:completion:)` of the invitation of `call` (nil:
    /// one the app made itself, which the SDK never sent).
    mutating func answer(accepting: Bool, call: CallID?) -> [Action] {
        guard let call else { return [.complete(.notStarted)] }
        switch state {
        case .idle: return [.complete(.notStarted)]
        case .acceptSentToLocal: return [.complete(.alreadyAccept)]
        case .accepted: return [.complete(accepting ? .alreadyAccept : .alreadyEnd)]
        case .refused, .canceled, .failure: return [.complete(.alreadyEnd)]
        case .invitationReceived: break
        }
        if (response?.utf8.count ?? 0) > RTMLimits.invitationPayloadBytes {
            return [.complete(.invalidAugment)]
        }
        if accepting {
            state = .acceptSentToLocal
        }
        return [.answer(call, accepting ? .accept(data: response) : .reject(data: response, reason: .declined))]
    }

    /// The service's answer to an accept (`accepting`) or a refuse.
    mutating func answerAnswered(_ result: Result<Reply, SignalingError>, accepting: Bool) -> [Action] {
        switch result {
        case .success:
            return [.complete(.ok)]
        case .failure(let error) where error.code == .call(.payloadTooLarge):
            state = .invitationReceived
            return [.complete(.invalidAugment)]
        case .failure(let error) where accepting && (error.code == .service(.notLoggedIn)
            || error.code == .service(.timeout) || error.code == .service(.disconnected)
            || error.code == .service(.cancelled)):
            // The answer never reached the service: for an accept that is Agora's failed handshake.
            return [.complete(.ok)] + end(.failed(.acceptFailure))
        case .failure:
            // Answered too late (cancelled, timed out, answered elsewhere): the invitation's own
            // callback, already on its way, says how it ended.
            return [.complete(.alreadyEnd)]
        }
    }

    /// The call changed, and with it this user's part `me`.
    mutating func callChanged(me: Participant, end callEnd: CallEnd?) -> [Action] {
        guard !state.isEnded || state == .accepted else { return [] }
        switch me.state {
        case .inviting, .notYetReceived, .received:
            guard let callEnd else { return [] }
            let cancelled = callEnd.reason == .callerOffline || callEnd.reason == .cancelled
            return end(cancelled ? .canceled : .failed(.expire))
        case .accepting:
            return callEnd == nil ? [] : end(.failed(.acceptFailure))
        case .accepted:
            guard state != .accepted else {
                return callEnd == nil ? [] : end(.accepted(reported: false))
            }
            return end(.accepted(reported: true), keep: callEnd == nil)
        case .rejected:
            return end(.refused)
        case .cancelled:
            return end(.canceled)
        case .timedOut:
            return end(.failed(.expire))
        case .acceptFailed(let failure):
            return end(.failed(failure == .callerOffline ? .localOffline : .acceptFailure))
        case .quit:
            return end(.accepted(reported: false))
        }
    }

    /// The session ended under a live invitation: it is over (`failure`), without a callback.
    mutating func abandon() {
        if !state.isEnded { state = .failure }
    }

    private mutating func end(_ ending: Ending, keep: Bool = false) -> [Action] {
        state = switch ending {
        case .accepted: .accepted
        case .refused: .refused
        case .canceled: .canceled
        case .failed: .failure
        }
        return [.end(ending, keep: keep)]
    }
}
