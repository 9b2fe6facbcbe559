import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardLoad
import SwitchboardWire

/// The simulated call as a pure machine: fed the frames a real server would send, it sends what a real
/// client would, measures at the right moments and finishes once both sides are done.
@Suite("Load generator: one simulated call")
struct CallFlowTests {
    let caller: UserID = "c1"
    let callee: UserID = "e1"
    let t0 = ContinuousClock.now
    let policy = CallPolicy(ringTimeout: .seconds(2), acceptConfirmation: .seconds(5), maxInviteesPerInvitation: 1)
    let parameters = CallParameters(ringTimeout: .seconds(2), confirmsAccept: true)

    /// The call as the server would report it, with the callee in `state`.
    func call(_ calleeState: ParticipantState, ended: CallEndReason? = nil, connected: Bool = false) -> Call {
        let at = Timestamp(millisecondsSince1970: 1_000)
        return Call(
            id: "call-1", caller: caller, mode: .advanced, policy: policy,
            participants: [
                Participant(user: caller, role: .caller, invitedBy: nil, state: ended == nil ? .accepted : .quit, at: at),
                Participant(user: callee, role: .invitee, invitedBy: caller, state: calleeState, at: at),
            ],
            state: ended.map { .ended(CallEnd(reason: $0, by: caller, at: at)) } ?? (connected ? .connected : .ringing), createdAt: at)
    }

    func sends(_ actions: [CallFlow.Action]) -> [String] {
        actions.compactMap { action in
            if case .send(let side, let step, _) = action { return "\(side):\(step.rawValue)" }
            return nil
        }
    }

    func measured(_ actions: [CallFlow.Action]) -> [CallFlow.Measurement] {
        actions.compactMap { action in
            if case .measured(let measurement, _) = action { return measurement }
            return nil
        }
    }

    func finished(_ actions: [CallFlow.Action]) -> CallFlow.Outcome? {
        actions.lazy.compactMap { action in
            if case .finished(let outcome) = action { return outcome }
            return nil
        }.first
    }

    @Test("an answered call: invite, accept at once, ring measured, connected measured, end once confirmed, done")
    func answered() {
        var (flow, actions) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        #expect(sends(actions) == ["caller:invite"])
        guard case .send(_, _, .invite(let request)) = actions[0] else { Issue.record("no invite"); return }
        #expect(request.invitees == [callee])
        #expect(request.mode == .advanced)
        #expect(request.profile == .nativeAdvanced)
        #expect(request.parameters.confirmsAccept)

        #expect(flow.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0).isEmpty)
        // The callee's session acknowledges delivery by itself; the flow only answers.
        actions = flow.received(CallNotification(kind: .invited(by: caller), call: call(.inviting)), on: .callee, at: t0 + .milliseconds(1))
        #expect(sends(actions) == ["callee:accept"])
        actions = flow.received(CallNotification(kind: .participantsChanged([callee]), call: call(.received)), on: .caller, at: t0 + .milliseconds(2))
        #expect(measured(actions) == [.inviteToRing])
        #expect(sends(actions).isEmpty)
        #expect(flow.phase == "waiting for the accept")
        // The caller's session confirms the acceptance by itself.
        actions = flow.received(CallNotification(kind: .participantsChanged([callee]), call: call(.accepting)), on: .caller, at: t0 + .milliseconds(3))
        #expect(sends(actions).isEmpty)
        #expect(flow.phase == "waiting for the connection")
        #expect(flow.replied(.accept, .success(.empty), at: t0).isEmpty)
        actions = flow.received(CallNotification(kind: .acceptConfirmed, call: call(.accepted, connected: true)), on: .callee, at: t0 + .milliseconds(4))
        #expect(measured(actions) == [.acceptToConnected, .setup])
        if case .measured(_, let duration) = actions[1] { #expect(duration == .milliseconds(4)) }
        actions = flow.received(CallNotification(kind: .participantsChanged([callee]), call: call(.accepted, connected: true)), on: .caller, at: t0 + .milliseconds(5))
        #expect(sends(actions) == ["caller:end"])
        #expect(flow.received(CallNotification(kind: .participantsChanged([callee]), call: call(.accepted, connected: true)), on: .caller, at: t0).isEmpty)
        #expect(flow.received(CallNotification(kind: .ended, call: call(.accepted, ended: .hungUp)), on: .callee, at: t0).isEmpty)
        #expect(flow.received(CallNotification(kind: .ended, call: call(.accepted, ended: .hungUp)), on: .caller, at: t0).isEmpty)
        #expect(!flow.isFinished)  // the end's response is still out
        actions = flow.replied(.end, .success(.empty), at: t0)
        #expect(finished(actions) == .completed)
        #expect(flow.isFinished)
    }

    @Test("a request lost with its session, or a drop the pair saw, interrupts the call once; a server's refusal fails it")
    func interrupted() {
        var (lost, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        let actions = lost.replied(.invite, .failure(SignalingError(.disconnected, "the session was lost")), at: t0)
        #expect(finished(actions) == .interrupted)
        #expect(lost.interrupted().isEmpty)

        var (dropped, _) = CallFlow.start(.reject, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = dropped.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        #expect(finished(dropped.interrupted()) == .interrupted)
        #expect(dropped.isFinished)
        #expect(dropped.received(CallNotification(kind: .ended, call: call(.rejected(.declined), ended: .declined)), on: .caller, at: t0).isEmpty)

        var (refused, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        #expect(finished(refused.replied(.invite, .failure(SignalingError(.timeout, "no response")), at: t0)) == .failed(.refused(.invite, "timeout")))
    }

    @Test("a declined call finishes when the caller sees it end declined and the callee's reject is answered")
    func declined() {
        var (flow, _) = CallFlow.start(.reject, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = flow.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        let actions = flow.received(CallNotification(kind: .invited(by: caller), call: call(.inviting)), on: .callee, at: t0)
        #expect(sends(actions) == ["callee:reject"])
        _ = flow.replied(.reject, .success(.empty), at: t0)
        _ = flow.received(CallNotification(kind: .participantsChanged([callee]), call: call(.rejected(.declined))), on: .callee, at: t0)
        let end = flow.received(CallNotification(kind: .ended, call: call(.rejected(.declined), ended: .declined)), on: .caller, at: t0)
        #expect(finished(end) == .completed)
    }

    @Test("a cancelled call: the caller cancels when it sees the ring; the callee is told")
    func cancelled() {
        var (flow, _) = CallFlow.start(.cancel, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = flow.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        #expect(sends(flow.received(CallNotification(kind: .invited(by: caller), call: call(.inviting)), on: .callee, at: t0)).isEmpty)
        let ring = flow.received(CallNotification(kind: .participantsChanged([callee]), call: call(.received)), on: .caller, at: t0)
        #expect(sends(ring) == ["caller:cancel"])
        #expect(measured(ring) == [.inviteToRing])
        _ = flow.replied(.cancel, .success(.empty), at: t0)
        _ = flow.received(CallNotification(kind: .cancelled(by: caller, data: nil), call: call(.cancelled, ended: .cancelled)), on: .callee, at: t0)
        #expect(finished(flow.received(CallNotification(kind: .ended, call: call(.cancelled, ended: .cancelled)), on: .caller, at: t0)) == .completed)
    }

    @Test("a call nobody answers finishes on the timeout; a surprise ends it as failed")
    func timedOutAndSurprises() {
        var (flow, _) = CallFlow.start(.timeout, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = flow.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        _ = flow.received(CallNotification(kind: .invited(by: caller), call: call(.inviting)), on: .callee, at: t0)
        _ = flow.received(CallNotification(kind: .timedOut(.noAnswer), call: call(.timedOut(.noAnswer), ended: .noAnswer)), on: .callee, at: t0)
        #expect(finished(flow.received(CallNotification(kind: .ended, call: call(.timedOut(.noAnswer), ended: .noAnswer)), on: .caller, at: t0)) == .completed)

        // An answered call that times out instead is a failure, with what happened.
        var (answered, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = answered.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        let surprise = answered.received(CallNotification(kind: .timedOut(.noAnswer), call: call(.timedOut(.noAnswer))), on: .callee, at: t0)
        #expect(finished(surprise) == .failed(.unexpected("the callee's invitation timed out (noAnswer)")))
        #expect(answered.isFinished)
        #expect(answered.received(CallNotification(kind: .ended, call: call(.accepted, ended: .hungUp)), on: .caller, at: t0).isEmpty)
    }

    @Test("a refused request fails the call with the step and the service's code; a stall names the phase")
    func refusedAndStalled() {
        var (flow, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        let refused = flow.replied(.invite, .failure(SignalingError(.service(.rateLimited), "slow down")), at: t0)
        #expect(finished(refused) == .failed(.refused(.invite, "rate_limited")))

        var (waiting, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = waiting.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        #expect(waiting.phase == "waiting for the invitation")
        #expect(finished(waiting.stalled()) == .failed(.stalled("waiting for the invitation")))
        #expect(waiting.stalled().isEmpty)
    }

    @Test("an invite refused as overloaded is counted apart, not failed, with the time to the refusal; overloaded later in a call is a failure")
    func overloadedInvite() {
        var (flow, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        let refused = flow.replied(.invite, .failure(SignalingError(.overloaded, "busy")), at: t0 + .milliseconds(3))
        #expect(finished(refused) == .overloaded)
        #expect(measured(refused) == [.inviteToRefusal])
        if case .measured(_, let duration) = refused[0] { #expect(duration == .milliseconds(3)) }
        #expect(flow.isFinished)

        var (answered, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = answered.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        let odd = answered.replied(.accept, .failure(SignalingError(.overloaded, "busy")), at: t0)
        #expect(finished(odd) == .failed(.refused(.accept, "overloaded")))
    }

    @Test("events before the invite's response wait for it; a late one of the pair's previous call is dropped")
    func earlyEvents() {
        var (flow, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        let previous = Call(id: "call-0", caller: caller, mode: .advanced, policy: policy, participants: call(.accepted).participants,
                            state: .ended(CallEnd(reason: .hungUp, by: caller, at: Timestamp(millisecondsSince1970: 0))),
                            createdAt: Timestamp(millisecondsSince1970: 0))
        #expect(flow.received(CallNotification(kind: .ended, call: previous), on: .callee, at: t0).isEmpty)
        #expect(flow.received(CallNotification(kind: .invited(by: caller), call: call(.inviting)), on: .callee, at: t0 + .milliseconds(1)).isEmpty)
        let actions = flow.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0 + .milliseconds(2))
        #expect(sends(actions) == ["callee:accept"])
        #expect(!flow.isFinished)
        #expect(flow.phase == "waiting for the ring")
    }

    @Test("events of another call of the same pair are ignored")
    func otherCallsIgnored() {
        var (flow, _) = CallFlow.start(.accept, caller: caller, callee: callee, parameters: parameters, at: t0)
        _ = flow.replied(.invite, .success(.call(call(.inviting), skipped: [])), at: t0)
        let old = Call(id: "call-0", caller: caller, mode: .advanced, policy: policy, participants: call(.inviting).participants,
                       state: .ended(CallEnd(reason: .noAnswer, by: nil, at: Timestamp(millisecondsSince1970: 0))),
                       createdAt: Timestamp(millisecondsSince1970: 0))
        #expect(flow.received(CallNotification(kind: .ended, call: old), on: .caller, at: t0).isEmpty)
        #expect(!flow.isFinished)
    }
}

@Suite("Load generator: mix and plan")
struct LoadPlanTests {
    @Test("a mix interleaves its kinds in their proportions and reads its own description back")
    func mix() throws {
        let mix = try FlowMix(parsing: "accept=6, reject=2,cancel=1,timeout=1")
        let first = (0..<10).map { mix.kind(of: $0) }
        #expect(first.filter { $0 == .accept }.count == 6)
        #expect(first.filter { $0 == .reject }.count == 2)
        #expect(first.filter { $0 == .timeout }.count == 1)
        #expect((0..<10).map { mix.kind(of: $0 + 10) } == first)
        // No run of the minor kinds back to back.
        #expect(zip(first, first.dropFirst()).allSatisfy { $0 == .accept || $1 == .accept })
        #expect(try FlowMix(parsing: mix.description) == mix)
        #expect(throws: LoadError.self) { try FlowMix(parsing: "accept=1,hangup=2") }
        #expect(throws: LoadError.self) { try FlowMix(parsing: "accept=0") }
        #expect(throws: LoadError.self) { try FlowMix(parsing: "accept=1,accept=2") }
    }

    @Test("plans against other machines, unbounded or beyond the connection budget are refused")
    func validation() throws {
        try LoadPlan(url: "ws://127.0.0.1:7480/v1/signal").validate()
        try LoadPlan(url: "ws://[::1]:7480/v1/signal").validate()
        try LoadPlan(url: "ws://127.0.0.3:7480/v1/signal", pace: .inFlight(10), pairs: 10).validate()
        #expect(throws: LoadError.self) { try LoadPlan(url: "ws://10.0.0.1:7480/v1/signal").validate() }
        #expect(throws: LoadError.self) { try LoadPlan(url: "ws://example.com/v1/signal").validate() }
        #expect(throws: LoadError.self) { try LoadPlan(url: "ws://127.evil.example/v1/signal").validate() }
        #expect(throws: LoadError.self) { try LoadPlan(url: "ws://127.0.0.300/v1/signal").validate() }
        #expect(throws: LoadError.self) { try LoadPlan(url: "ws://128.0.0.1/v1/signal").validate() }
        try LoadPlan(url: "ws://localhost:7480/v1/signal").validate()
        #expect(throws: LoadError.self) { try LoadPlan(pace: .rate(0)).validate() }
        #expect(throws: LoadError.self) { try LoadPlan(pace: .inFlight(11), pairs: 10).validate() }
        #expect(throws: LoadError.self) { try LoadPlan(pairs: LoadPlan.maxPairs + 1).validate() }
        #expect(throws: LoadError.self) { try LoadPlan(duration: .seconds(3_601)).validate() }
        #expect(throws: LoadError.self) { try LoadPlan(ringTimeout: .milliseconds(500)).validate() }
    }
}
