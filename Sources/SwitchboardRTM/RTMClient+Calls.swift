import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// Call invitations (`AgoraRtmCallKit`): one service call per local invitation, in general mode with
/// the Agora profile's rules (``AgoraCallRules``, applied by the service). Which misuse gives which
/// `InvitationApiCallErrorCode` (docs/AGORA.md, "Misuse codes"):
///
/// | Call | State | Code |
/// |---|---|---|
/// | send | content or response over 8 KB, channel id over 64 bytes, invalid callee id | `invalidAugment` |
/// | send | already sent, not ended | `alreadySent` |
/// | send, cancel | ended (accepted, refused, canceled, failed) | `alreadyEnd` |
/// | cancel | never sent | `notStarted` |
/// | accept | accept already sent or accepted | `alreadyAccept` |
/// | refuse | accept in flight | `alreadyAccept` |
/// | accept, refuse | ended (accepted counts for refuse), or an invitation the SDK did not create | `alreadyEnd` / `notStarted` |
///
/// `send` while not logged in completes with `ok`, then fails with `notLoggedIn` (docs/AGORA.md,
/// "Sending while logged out"); `send` to an overloaded server completes with `ok`, then fails at once
/// with `remoteNoResponse` (docs/AGORA.md, "Overloaded server").
extension RTMClient {
    /// An API call's completion (`send`, `cancel`, `accept`, `refuse`).
    typealias InvitationCompletion = @Sendable (RTMCode.InvitationAPICall) -> Void

    // MARK: - Caller

    /// `send(_:completion:)`.
    public func send(
        _ invitation: RTMLocalInvitation, owner: AnyObject, callee: String, content: String?, channelID: String?,
        completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void
    ) {
        // Lock order: the client's state before an invitation's box, never the other way round.
        let (me, isLoggedIn) = state.withLock { ($0.user, $0.isLoggedIn) }
        let sending = Sending(owner: owner, content: content, channelID: channelID)
        perform(on: invitation, sending: sending, completion: completion) {
            $0.send(to: callee, content: content, channelID: channelID, me: me, isLoggedIn: isLoggedIn)
        }
    }

    /// `cancel(_:completion:)`.
    public func cancel(_ invitation: RTMLocalInvitation, completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void) {
        perform(on: invitation, completion: completion) { $0.cancel() }
    }

    /// What a `send` carries to the actions that follow it: the surface's object to keep alive, and what
    /// the invitation says.
    private struct Sending: @unchecked Sendable {
        // @unchecked: `owner` is only stored in the invitation's box (as the SDK keeps its object),
        // never used from here.
        let owner: AnyObject?
        let content: String?
        let channelID: String?
    }

    /// Runs `input` on a caller's invitation under its box's lock and carries out the actions it returns:
    /// the surface's object with the state, the rest in order after the lock.
    private func perform(
        on invitation: RTMLocalInvitation, sending: Sending? = nil, completion: InvitationCompletion? = nil,
        _ input: (inout RTMLocalInvitationStateMachine) -> [RTMLocalInvitationStateMachine.Action]
    ) {
        let actions = invitation.box.withLock { box in
            let actions = input(&box.machine)
            for action in actions {
                switch action {
                case .holdSurfaceObject: box.surfaceObject = sending?.owner
                case .reset: box.surfaceObject = nil
                default: break
                }
            }
            return actions
        }
        for action in actions {
            switch action {
            case .holdSurfaceObject, .reset:
                break
            case .complete(let code):
                if let completion { post { completion(code) } }
            case .invite(let callee):
                let request = InviteRequest(invitees: [callee], profile: profile.callProfile,
                                            roomID: sending?.channelID, payload: sending?.content)
                submit(.invite(request), timeout: AgoraCallRules.deliveryTimeout) { [weak self] result in
                    self?.perform(on: invitation, completion: completion) { $0.sendAnswered(result) }
                }
            case .register(let call):
                state.withLock { $0.outgoing[call] = invitation }
            case .cancelCall(let call, let answering):
                submit(.call(call, .cancel(invitees: nil, data: nil))) { [weak self] result in
                    guard answering else { return }
                    self?.perform(on: invitation, completion: completion) { $0.cancelAnswered(result) }
                }
            case .reportReceivedByPeer:
                emit(.localInvitationReceivedByPeer(invitation))
            case .end(let ending, let call):
                if let call {
                    state.withLock { _ = $0.outgoing.removeValue(forKey: call) }
                }
                let event: RTMEvent = switch ending {
                case .accepted(let response): .localInvitationAccepted(invitation, response: response)
                case .refused(let response): .localInvitationRefused(invitation, response: response)
                case .canceled: .localInvitationCanceled(invitation)
                case .failed(let code): .localInvitationFailure(invitation, code)
                }
                emit(event, afterwards: {
                    invitation.box.withLock { $0.surfaceObject = nil }
                })
            }
        }
    }

    // MARK: - Callee

    /// `accept(_:completion:)`.
    public func accept(_ invitation: RTMRemoteInvitation, completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void) {
        perform(on: invitation, accepting: true, completion: completion) { $0.answer(accepting: true, call: invitation.call) }
    }

    /// `refuse(_:completion:)`.
    public func refuse(_ invitation: RTMRemoteInvitation, completion: @escaping @Sendable (RTMCode.InvitationAPICall) -> Void) {
        perform(on: invitation, accepting: false, completion: completion) { $0.answer(accepting: false, call: invitation.call) }
    }

    /// Runs `input` on a callee's invitation under its box's lock and carries out the actions it returns,
    /// in order, after the lock.
    private func perform(
        on invitation: RTMRemoteInvitation, accepting: Bool = false, completion: InvitationCompletion? = nil,
        _ input: (inout RTMRemoteInvitationStateMachine) -> [RTMRemoteInvitationStateMachine.Action]
    ) {
        let actions = invitation.box.withLock { input(&$0.machine) }
        for action in actions {
            switch action {
            case .complete(let code):
                if let completion { post { completion(code) } }
            case .answer(let call, let answer):
                submit(.call(call, answer)) { [weak self] result in
                    self?.perform(on: invitation, accepting: accepting, completion: completion) {
                        $0.answerAnswered(result, accepting: accepting)
                    }
                }
            case .reportReceived:
                emit(.remoteInvitationReceived(invitation))
            case .end(let ending, let keep):
                if !keep, let call = invitation.call {
                    state.withLock { _ = $0.incoming.removeValue(forKey: call) }
                }
                let event: RTMEvent? = switch ending {
                case .accepted(let reported): reported ? .remoteInvitationAccepted(invitation) : nil
                case .refused: .remoteInvitationRefused(invitation)
                case .canceled: .remoteInvitationCanceled(invitation)
                case .failed(let code): .remoteInvitationFailure(invitation, code)
                }
                if let event {
                    emit(event, afterwards: {
                        invitation.box.withLock { $0.surfaceObject = nil }
                    })
                }
            }
        }
    }

    // MARK: - Call events

    /// Turns a call notification into the invitation callbacks of this user's side of it.
    func handleCall(_ note: CallNotification) {
        guard let user = state.withLock({ $0.user }) else { return }
        let call = note.call
        if call.caller == user {
            guard let invitation = state.withLock({ $0.outgoing[call.id] }) else { return }
            perform(on: invitation) { $0.callChanged(call) }
        } else if let me = call.participant(user) {
            guard let invitation = state.withLock({ $0.incoming[call.id] }) ?? newInvitation(note, me) else { return }
            perform(on: invitation) { $0.callChanged(me: me, end: call.state.end) }
        }
    }

    /// A remote invitation for a call this user was just invited to and is still ringing in.
    private func newInvitation(_ note: CallNotification, _ me: Participant) -> RTMRemoteInvitation? {
        guard RTMRemoteInvitationStateMachine.isNewInvitation(note, me: me) else { return nil }
        let call = note.call
        let invitation = RTMRemoteInvitation(call: call.id, callerID: call.caller.rawValue, content: call.payload,
                                             channelID: call.roomID)
        state.withLock { $0.incoming[call.id] = invitation }
        perform(on: invitation) { $0.received() }
        return invitation
    }
}
