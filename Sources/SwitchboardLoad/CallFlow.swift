import SwitchboardCore
import SwitchboardProfiles
import SwitchboardWire

/// One simulated call between a caller and a callee, as a pure state machine: it is told what the two
/// users' connections received (responses and call events) and answers what to send next, what it
/// measured and when it is over. It knows nothing of sockets or clocks; the runner feeds it instants.
///
/// The answered call (``FlowKind/accept``) is the service's richest flow: invite; the callee's device
/// acknowledges delivery (the caller sees it ring: SIP's 180) and accepts at once (as SIPp's UAS
/// answers at once); the caller confirms (three-way accept); the callee is told it is connected; the
/// caller ends the call (hold time zero, SIPp's `-d 0`). The other kinds end at the ring. The delivery
/// acknowledgement and the confirmation are every client's own duties, which the users' `ClientSession`s
/// carry out as an app's would: the flow sends only what a user decides (invite, accept, reject, cancel,
/// end).
public struct CallFlow: Sendable {
    public enum Side: Sendable, Hashable {
        case caller, callee
    }

    /// The requests a flow makes, so that a response can be matched to its purpose.
    public enum Step: String, Sendable, Hashable {
        case invite, accept, reject, cancel, end
    }

    /// What the runner must do.
    public enum Action: Sendable, Hashable {
        case send(Side, Step, ServiceOperation)
        case measured(Measurement, Duration)
        case finished(Outcome)
    }

    public enum Measurement: String, Sendable, Hashable, CaseIterable {
        /// Invite sent → the caller sees the callee's device ringing (SIP: INVITE → 180 at the UAC).
        case inviteToRing
        /// The callee's accept sent → the callee is told it is in the call (after the caller's confirm).
        case acceptToConnected
        /// Invite sent → the callee is connected (SIP: INVITE → 200 at the UAC).
        case setup
        /// Invite sent → the server's refusal of it as overloaded (SIP: INVITE → 503).
        case inviteToRefusal
    }

    /// What a flow reads of a call event: the event's kind, the call, where the call stands, and where
    /// the flow's callee stands in it. The session engine takes it from a decoded
    /// ``/SwitchboardCore/CallNotification``; the lean engine reads it straight off the frame's bytes
    /// (``/SwitchboardWire/ServerFrameScanner``).
    public struct Observation: Sendable, Hashable {
        /// The event's kind, without what the flow does not read (who invited, who cancelled, which
        /// device answered).
        public typealias Kind = ScannedCallEvent.Kind

        public var kind: Kind
        public var callID: CallID
        /// Whether the call's caller is the flow's caller.
        public var isFromCaller: Bool
        public var callState: CallPhase
        /// The flow's callee's state in the call, if they are in it.
        public var calleeState: ParticipantState?

        public init(kind: Kind, callID: CallID, isFromCaller: Bool, callState: CallPhase, calleeState: ParticipantState?) {
            self.kind = kind
            self.callID = callID
            self.isFromCaller = isFromCaller
            self.callState = callState
            self.calleeState = calleeState
        }

        /// What the flow between `caller` and `callee` reads of `note`.
        public init(_ note: CallNotification, caller: UserID, callee: UserID) {
            kind = Kind(note.kind)
            callID = note.call.id
            isFromCaller = note.call.caller == caller
            callState = CallPhase(note.call.state)
            calleeState = note.call.participant(callee)?.state
        }

        /// What the flow reads of an event scanned for its caller and callee.
        public init(_ event: ScannedCallEvent) {
            self.init(kind: event.kind, callID: event.callID, isFromCaller: event.isFromCaller, callState: event.phase,
                      calleeState: event.calleeState)
        }
    }

    /// Where a call stands as a whole, as far as a flow cares: `CallState` without the end's details.
    public typealias CallPhase = ScannedCallEvent.Phase

    public enum Outcome: Sendable, Hashable {
        /// The call went as its kind says (for ``FlowKind/accept``: it was established and ended).
        case completed
        case failed(FailureCause)
        /// A connection of the pair dropped while the call was going (the server went away, or the
        /// session was lost): not the server's failure, counted apart.
        case interrupted
        /// The server refused the invite at once as overloaded, changing nothing (docs/SERVER.md,
        /// "Overload"): load shedding working as meant, not a failure; counted apart.
        case overloaded
    }

    public let kind: FlowKind
    public let caller: UserID
    public let callee: UserID
    public let parameters: CallParameters
    public private(set) var callID: CallID?
    public private(set) var isFinished = false

    private let started: ContinuousClock.Instant
    private var ringAt: ContinuousClock.Instant?
    private var acceptSentAt: ContinuousClock.Instant?
    /// The caller saw the callee accept (its session then confirms).
    private var calleeAccepting = false
    private var connected = false
    private var endSent = false
    private var cancelSent = false
    private var callerSawEnd = false
    /// The callee saw the event that closes its side (connected and ended, declined, cancelled, timed out).
    private var calleeDone = false
    private var invitedSeen = false
    private var outstanding = 0
    /// Events that arrived before the invite's response, with when they arrived.
    private var early: [(Observation, Side, ContinuousClock.Instant)] = []

    /// The flow, and the invite it starts with.
    public static func start(
        _ kind: FlowKind, caller: UserID, callee: UserID, parameters: CallParameters, at now: ContinuousClock.Instant
    ) -> (CallFlow, [Action]) {
        var flow = CallFlow(kind: kind, caller: caller, callee: callee, parameters: parameters, started: now)
        let invite = ServiceOperation.invite(InviteRequest(invitees: [callee], profile: .nativeAdvanced, parameters: parameters))
        let action = flow.send(.caller, .invite, invite)
        return (flow, [action])
    }

    private init(kind: FlowKind, caller: UserID, callee: UserID, parameters: CallParameters, started: ContinuousClock.Instant) {
        self.kind = kind
        self.caller = caller
        self.callee = callee
        self.parameters = parameters
        self.started = started
    }

    /// A response to one of this flow's requests arrived.
    public mutating func replied(_ step: Step, _ result: Result<Reply, SignalingError>, at now: ContinuousClock.Instant) -> [Action] {
        replied(step, naming: result.map { reply in
            if case .call(let call, _) = reply { return call.id }
            return nil
        }, at: now)
    }

    /// A response to one of this flow's requests arrived: success with the call it names, if any, or the
    /// service's error.
    public mutating func replied(_ step: Step, naming result: Result<CallID?, SignalingError>, at now: ContinuousClock.Instant) -> [Action] {
        guard !isFinished else { return [] }
        outstanding -= 1
        switch result {
        case .failure(let error) where error.code == .service(.disconnected):
            // The session lost its link and the service lost the session: the request's fate is unknown.
            return interrupted()
        case .failure(let error) where step == .invite && error.code == .service(.overloaded):
            isFinished = true
            return [.measured(.inviteToRefusal, now - started), .finished(.overloaded)]
        case .failure(let error):
            return fail(.refused(step, error.code.rawValue))
        case .success(let named):
            var actions: [Action] = []
            if step == .invite, let id = named {
                callID = id
                // Now the events that came before the response can be told apart from late ones of an
                // earlier call of the pair.
                for (event, side, at) in early where event.callID == id && !isFinished {
                    actions += received(event, on: side, at: at)
                }
                early = []
            }
            return actions + finishIfDone()
        }
    }

    /// A call event arrived on one side's connection (the runner passes only this flow's pair's events).
    public mutating func received(_ note: CallNotification, on side: Side, at now: ContinuousClock.Instant) -> [Action] {
        received(Observation(note, caller: caller, callee: callee), on: side, at: now)
    }

    /// A call event arrived on one side's connection, as the flow reads it.
    public mutating func received(_ note: Observation, on side: Side, at now: ContinuousClock.Instant) -> [Action] {
        guard !isFinished else { return [] }
        guard let id = callID else {
            // The invite's response (which names the call) is not in yet: keep the event until it is.
            early.append((note, side, now))
            return []
        }
        if note.callID != id { return [] }  // a late event of an earlier call of the pair
        switch side {
        case .callee: return calleeReceived(note, at: now)
        case .caller: return callerReceived(note, at: now)
        }
    }

    /// The runner's deadline for the flow passed with the flow still going.
    public mutating func stalled() -> [Action] {
        guard !isFinished else { return [] }
        return fail(.stalled(phase))
    }

    /// A connection of the pair dropped with the flow still going.
    public mutating func interrupted() -> [Action] {
        guard !isFinished else { return [] }
        isFinished = true
        return [.finished(.interrupted)]
    }

    /// Where the flow got to, for a stall report.
    public var phase: String {
        if callID == nil { return "waiting for the invite" }
        if !invitedSeen { return "waiting for the invitation" }
        if ringAt == nil { return "waiting for the ring" }
        switch kind {
        case .accept:
            if !calleeAccepting { return "waiting for the accept" }
            if !connected { return "waiting for the connection" }
            if !endSent { return "waiting for the caller to see the call connected" }
            return "waiting for the end" + endPhaseDetail
        case .reject, .cancel, .timeout:
            return "waiting for the end"
        }
    }

    /// What the end still waits for.
    private var endPhaseDetail: String {
        var missing: [String] = []
        if !callerSawEnd { missing.append("the caller's end event") }
        if !calleeDone { missing.append("the callee's end event") }
        if outstanding > 0 { missing.append("\(outstanding) answers") }
        return missing.isEmpty ? "" : " (\(missing.joined(separator: ", ")))"
    }

    private mutating func calleeReceived(_ note: Observation, at now: ContinuousClock.Instant) -> [Action] {
        var actions: [Action] = []
        switch note.kind {
        case .invited:
            guard note.isFromCaller, !invitedSeen else { return [] }
            invitedSeen = true
            let id = note.callID
            switch kind {
            case .accept:
                acceptSentAt = now
                actions.append(send(.callee, .accept, .call(id, .accept(data: nil))))
            case .reject:
                actions.append(send(.callee, .reject, .call(id, .reject(data: nil, reason: .declined))))
            case .cancel, .timeout:
                break
            }
        case .acceptConfirmed:
            guard kind == .accept, !connected, let acceptSentAt else { return [] }
            connected = true
            actions.append(.measured(.acceptToConnected, now - acceptSentAt))
            actions.append(.measured(.setup, now - started))
        case .ended:
            if kind == .accept && !connected { return fail(.unexpected("the callee's call ended before it connected")) }
            calleeDone = true
        case .participantsChanged:
            if kind == .reject, note.calleeState == .rejected(.declined) { calleeDone = true }
        case .cancelled:
            guard kind == .cancel else { return fail(.unexpected("the callee's invitation was cancelled")) }
            calleeDone = true
        case .timedOut(let cause):
            guard kind == .timeout else { return fail(.unexpected("the callee's invitation timed out (\(cause.rawValue))")) }
            calleeDone = true
        case .acceptFailed(let failure):
            return fail(.unexpected("the callee's accept failed (\(failure.rawValue))"))
        case .created, .answeredElsewhere, .synced:
            break
        }
        return actions + finishIfDone()
    }

    private mutating func callerReceived(_ note: Observation, at now: ContinuousClock.Instant) -> [Action] {
        var actions: [Action] = []
        guard let id = callID else { return [] }
        if ringAt == nil, let state = note.calleeState, state != .inviting, state != .notYetReceived {
            // The first sign that the callee's device has the invitation (normally `received`; under load
            // the accept may be reported in the same breath).
            ringAt = now
            actions.append(.measured(.inviteToRing, now - started))
            if kind == .cancel && !cancelSent {
                cancelSent = true
                actions.append(send(.caller, .cancel, .call(id, .cancel(invitees: nil, data: nil))))
            }
        }
        if let reason = note.callState.endReason {
            guard reason == expectedEnd else {
                return fail(.unexpected("the call ended as \(reason.rawValue), expected \(expectedEnd.rawValue)"))
            }
            callerSawEnd = true
        } else if kind == .accept, let state = note.calleeState {
            if state == .accepting || state == .accepted { calleeAccepting = true }
            if state == .accepted, note.callState == .connected, !endSent {
                // Confirmed (by the caller's session): connected; hang up at once.
                endSent = true
                actions.append(send(.caller, .end, .call(id, .end(data: nil))))
            }
        }
        return actions + finishIfDone()
    }

    private var expectedEnd: CallEndReason {
        switch kind {
        case .accept: .hungUp
        case .reject: .declined
        case .cancel: .cancelled
        case .timeout: .noAnswer
        }
    }

    private mutating func send(_ side: Side, _ step: Step, _ operation: ServiceOperation) -> Action {
        outstanding += 1
        return .send(side, step, operation)
    }

    private mutating func finishIfDone() -> [Action] {
        guard !isFinished, callerSawEnd, calleeDone, outstanding == 0 else { return [] }
        isFinished = true
        return [.finished(.completed)]
    }

    private mutating func fail(_ cause: FailureCause) -> [Action] {
        isFinished = true
        return [.finished(.failed(cause))]
    }
}

/// Why a simulated call failed.
public enum FailureCause: Hashable, Sendable, CustomStringConvertible {
    /// The service answered a request with an error (its wire code).
    case refused(CallFlow.Step, String)
    /// Something happened that the flow's kind rules out.
    case unexpected(String)
    /// Nothing more arrived before the generator's deadline.
    case stalled(String)
    /// The generator had no free pair of users to place the call with (it is the bottleneck, not the
    /// service: raise `--pairs`).
    case noFreePair
    /// A user's session ended for good (the server logged it out: another login, a ban, an expired
    /// token); the pair places no more calls.
    case disconnected

    public var description: String {
        switch self {
        case .refused(let step, let code): "\(step.rawValue) refused: \(code)"
        case .unexpected(let what): what
        case .stalled(let phase): "stalled \(phase)"
        case .noFreePair: "no free pair of users (generator limit)"
        case .disconnected: "session ended by the server"
        }
    }
}
