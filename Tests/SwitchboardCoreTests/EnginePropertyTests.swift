import Testing
@testable import SwitchboardCore

/// A small, fast, deterministic generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func seconds(_ range: ClosedRange<Int>) -> Duration { .seconds(range.lowerBound + below(range.count)) }
}

/// What the checker remembers about one random call across steps.
private struct Model {
    var policy: CallPolicy
    /// The current stint of every user who was ever a participant (0 for the first).
    var stints: [UserID: Int] = [:]
    /// Record effects seen, per "user#stint" (a refresh at the call's end does not count).
    var recordCounts: [String: Int] = [:]
    /// The first record of each "user#stint", and the stints whose record the call's end refreshed.
    var firstRecords: [String: CallRecord] = [:]
    var refreshed: Set<String> = []
    /// When a participant first entered the call after its creation (the engine's `connectedAt`).
    var firstEntry: Timestamp?
    var trace: [String] = []

    init(policy: CallPolicy) { self.policy = policy }

    func key(_ user: UserID) -> String { "\(user.rawValue)#\(stints[user] ?? -1)" }
}

private enum Step {
    case command(CallCommand, Endpoint)
    case expire
    case presence(UserID, Bool)
    case endByServer

    var description: String {
        switch self {
        case .command(let command, let sender): "\(sender) \(command)"
        case .expire: "expire"
        case .presence(let user, let online): "presence \(user) \(online ? "online" : "offline")"
        case .endByServer: "endByServer"
        }
    }
}

private let users: [UserID] = ["alice", "bob", "carol", "dave", "erin", "frank", "gus"]
private let devices: [DeviceID] = ["1", "2"]

/// Seeded random calls (random policies, modes, senders, devices, presence changes, expiries and times)
/// checked after every step against invariants derived from the engine's code:
///
/// - a refused command (or endByServer on an ended call) leaves the engine equal to before;
/// - participants are only appended; the caller stays first and is the only `.caller`; no user twice;
/// - the caller rings only after being invited back by invite-more (it is not "never ringing": a caller
///   who quit an advanced call may be invited again, and keeps the caller role);
/// - a terminal state is left only through a join by that user or an invite-more naming them;
/// - at most one `.armDeadline`, last, equal to the new `nextDeadline`, present exactly when the earliest
///   deadline changed to a non-nil value; ended calls hold no deadline; only ringing participants hold
///   ring/delivery/not-received deadlines and only accepting ones a confirm deadline;
/// - a live call is not over by the settle rules; a call that ends in a step ends for a reason that step
///   allows (end, endByServer, caller offline, or the settle rules with the matching reason);
/// - `connectedAt` is the instant someone first moved into `.accepted` after creation, and never changes;
/// - notifications go to participants only; `.ended` only in the step that ends the call, to everyone
///   still active; `.invited` only to ringing users;
/// - one record per participant per stint (a stint starts at creation, invite-more or join), matching the
///   participant's state; `isRecorded` mirrors the records; terminal participants are recorded; an ended
///   call has recorded every stint; ephemeral calls record nothing;
/// - catch-up gives at most one notification, nothing once ended, and an invitation only while ringing.
@Suite("Engine properties")
struct EnginePropertyTests {
    static let baseSeed: UInt64 = 0x5EED_CA11_0000_0001
    static let runs = 800
    static let stepsPerRun = 40
    /// Set to a seed printed by a failure to replay that one run.
    static let replaySeed: UInt64? = nil

    @Test func randomCallsKeepTheEngineInvariants() {
        var totalSteps = 0
        var endedRuns = 0
        var refused = 0
        var succeeded: [String: Int] = [:]
        let seeds: [UInt64] = Self.replaySeed.map { [$0] }
            ?? (0..<Self.runs).map { Self.baseSeed &+ UInt64($0) &* 0x1_0000_0001 }
        for (run, seed) in seeds.enumerated() {
            let result = runOne(seed: seed)
            totalSteps += result.steps
            refused += result.refused
            if result.ended { endedRuns += 1 }
            succeeded.merge(result.succeeded, uniquingKeysWith: +)
            if let failure = result.failure {
                Issue.record("property failed for seed \(String(seed, radix: 16)) (run \(run)): \(failure)")
                return
            }
        }
        if Self.replaySeed != nil { return }
        #expect(totalSteps >= 3000, "the property test ran only \(totalSteps) steps")
        #expect(endedRuns > Self.runs / 4, "too few calls ended (\(endedRuns)); the generator is too timid")
        #expect(refused > 0, "no command was refused; the generator is too careful")
        let names = ["accept", "reject", "acknowledgeDelivery", "cancel", "confirmAccept", "inviteMore", "join", "quit", "end"]
        for name in names {
            #expect(succeeded[name, default: 0] >= 10, "only \(succeeded[name, default: 0]) successful \(name) commands")
        }
    }

    private struct RunResult {
        var steps = 0
        var refused = 0
        var ended = false
        var succeeded: [String: Int] = [:]
        var failure: String?
    }

    private func runOne(seed: UInt64) -> RunResult {
        var rng = SplitMix64(seed: seed)
        var result = RunResult()
        let policy = randomPolicy(&rng)
        let mode: CallMode = rng.chance(50) ? .general : .advanced
        let caller = Endpoint(user: "alice", device: "1")
        var invitees: [UserID] = []
        for user in users.dropFirst() where rng.chance(35) { invitees.append(user) }
        if invitees.isEmpty { invitees = [rng.pick(Array(users.dropFirst()))] }
        var status: [UserID: InviteeStatus] = [:]
        for user in invitees {
            status[user] = InviteeStatus(isOnline: rng.chance(75), isBusy: rng.chance(20))
        }
        let invitation = Invitation(callID: "prop", from: caller, invitees: invitees, mode: mode, policy: policy,
                                    payload: rng.chance(80) ? nil : "p", inviteeStatus: status)
        var now = t0
        var engine: CallEngine
        var model = Model(policy: policy)
        model.trace.append("start \(mode) \(invitees) status \(status) policy \(policy)")
        do {
            let started = try CallEngine.start(invitation, at: now)
            engine = started.engine
            for participant in engine.call.participants { model.stints[participant.user] = 0 }
            let problems = check(before: nil, after: engine, effects: started.outcome.effects, step: nil,
                                 skipped: [:], now: now, model: &model)
            if !problems.isEmpty {
                result.failure = failureText(problems, model: model)
                return result
            }
        } catch {
            return result
        }

        var stepsAfterEnd = 0
        for _ in 0..<Self.stepsPerRun {
            if engine.call.state.isEnded {
                stepsAfterEnd += 1
                if stepsAfterEnd > 3 { break }
            }
            if rng.chance(35) {
                now = now + .milliseconds(Int64(rng.below(rng.chance(20) ? 40_000 : 4_000)))
            }
            let step = randomStep(&rng, engine: engine)
            model.trace.append("t+\(now.millisecondsSince1970 - t0.millisecondsSince1970)ms \(step.description)")
            let before = engine
            var effects: [CallEffect] = []
            var skipped: [UserID: CallError] = [:]
            var threw = false
            switch step {
            case .command(let command, let sender):
                do {
                    let outcome = try engine.handle(command, from: sender, at: now)
                    effects = outcome.effects
                    skipped = outcome.skipped
                } catch {
                    threw = true
                    model.trace.append("  refused: \(error)")
                    if engine != before {
                        result.failure = failureText(["a refused command changed the engine"], model: model)
                        return result
                    }
                }
            case .expire:
                effects = engine.expire(at: now)
                if !engine.call.state.isEnded, let next = engine.call.nextDeadline, next <= now {
                    result.failure = failureText(["expire left a due deadline \(next)"], model: model)
                    return result
                }
            case .presence(let user, let online):
                effects = engine.presenceChanged(of: user, isOnline: online, at: now)
            case .endByServer:
                do {
                    effects = try engine.endByServer(at: now).effects
                } catch {
                    threw = true
                    if error.code != .callEnded || !before.call.state.isEnded || engine != before {
                        result.failure = failureText(["endByServer threw \(error) on a live call"], model: model)
                        return result
                    }
                }
            }
            result.steps += 1
            if !threw, case .command(let command, _) = step { result.succeeded[command.name, default: 0] += 1 }
            if threw {
                result.refused += 1
                continue
            }
            let problems = check(before: before, after: engine, effects: effects, step: step, skipped: skipped,
                                 now: now, model: &model)
            if !problems.isEmpty {
                result.failure = failureText(problems, model: model)
                return result
            }
        }
        result.ended = engine.call.state.isEnded
        return result
    }

    private func failureText(_ problems: [String], model: Model) -> String {
        let trace = model.trace.suffix(40).joined(separator: "\n    ")
        return problems.joined(separator: "; ") + "\n  trace:\n    " + trace
    }

    // MARK: Generators

    private func randomPolicy(_ rng: inout SplitMix64) -> CallPolicy {
        switch rng.below(5) {
        case 0:
            var policy = CallPolicy.agora
            policy.maxInviteesPerInvitation = 1 + rng.below(3)
            policy.maxParticipants = 2 + rng.below(4)
            policy.maxInviteesPerInvitation = min(policy.maxInviteesPerInvitation, policy.maxParticipants - 1)
            return policy
        case 1:
            var policy = CallPolicy.zim
            policy.ringTimeout = rng.seconds(10...40)
            return policy
        case 2:
            var policy = CallPolicy.tencent
            policy.ephemeral = rng.chance(30)
            return policy
        default:
            let maxParticipants = 2 + rng.below(5)
            var policy = CallPolicy(
                ringTimeout: rng.seconds(5...40),
                ringTimeoutStart: rng.chance(30) ? .atDelivery : .atInvitation,
                deliveryTimeout: rng.chance(50) ? rng.seconds(2...20) : nil,
                notReceivedCheck: rng.chance(40) ? rng.seconds(1...8) : nil,
                offlineInvitees: rng.chance(50) ? .keep : .fail,
                busyInvitees: rng.chance(50) ? .ring : .reject,
                acceptConfirmation: rng.chance(40) ? rng.seconds(1...8) : nil,
                endWhenAlone: rng.chance(40),
                keepsEmptyCall: rng.chance(30),
                cancelWhenCallerOffline: rng.chance(40),
                ephemeral: rng.chance(15),
                maxInviteesPerInvitation: 1 + rng.below(maxParticipants - 1),
                maxParticipants: maxParticipants,
                maxPayloadBytes: 8,
                maxAnswerBytes: 8)
            if policy.ringTimeoutStart == .atDelivery && policy.deliveryTimeout == nil && rng.chance(70) {
                policy.deliveryTimeout = rng.seconds(2...20)
            }
            return policy
        }
    }

    private func randomData(_ rng: inout SplitMix64) -> String? {
        switch rng.below(10) {
        case 0: "data"
        case 1: String(repeating: "\u{1F600}", count: 3)  // 12 bytes: over the 8-byte limits
        default: nil
        }
    }

    /// A random step, biased towards commands that make sense for the call's current state so that
    /// calls get far; senders are still random often enough to hit every refusal.
    private func randomStep(_ rng: inout SplitMix64, engine: CallEngine) -> Step {
        let roll = rng.below(100)
        if roll < 18 { return .expire }
        if roll < 27 { return .presence(rng.pick(users), rng.chance(50)) }
        if roll < 28 { return .endByServer }
        let participants = engine.call.participants
        let ringing: [Participant] = participants.filter { $0.state.isRinging }
        let accepting: [Participant] = participants.filter { $0.state == .accepting }
        let inCall: [Participant] = participants.filter { $0.state == .accepted }
        let smart = rng.chance(80)
        let data = randomData(&rng)
        func from(_ user: UserID) -> Endpoint { Endpoint(user: user, device: rng.pick(devices)) }
        func anyone() -> UserID { rng.pick(users) }
        func someUsers(_ percent: Int) -> [UserID] {
            var list: [UserID] = []
            for candidate in users where rng.chance(percent) { list.append(candidate) }
            return list
        }
        switch rng.below(14) {
        case 0, 1:
            let user = smart && !ringing.isEmpty ? rng.pick(ringing).user : anyone()
            return .command(.accept(data: data), from(user))
        case 2:
            let user = smart && !ringing.isEmpty ? rng.pick(ringing).user : anyone()
            return .command(.reject(data: data, reason: rng.chance(70) ? .declined : .busy), from(user))
        case 3, 4:
            let user = smart && !ringing.isEmpty ? rng.pick(ringing).user : anyone()
            return .command(.acknowledgeDelivery, from(user))
        case 5:
            var sender = anyone()
            if smart, !ringing.isEmpty {
                let target = rng.pick(ringing)
                sender = target.invitedBy ?? engine.call.caller
            }
            let invitees: [UserID]? = rng.chance(40) ? nil : someUsers(30)
            return .command(.cancel(invitees: invitees, data: data), from(sender))
        case 6, 7:
            if smart, !accepting.isEmpty {
                let target = rng.pick(accepting)
                return .command(.confirmAccept(invitee: target.user), from(target.invitedBy ?? engine.call.caller))
            }
            return .command(.confirmAccept(invitee: anyone()), from(anyone()))
        case 8, 9:
            let sender = smart && !inCall.isEmpty ? rng.pick(inCall).user : anyone()
            let list = someUsers(25)
            var status: [UserID: InviteeStatus] = [:]
            for invitee in list where rng.chance(40) {
                status[invitee] = InviteeStatus(isOnline: rng.chance(60), isBusy: rng.chance(30))
            }
            return .command(.inviteMore(invitees: list, status: status), from(sender))
        case 10, 11:
            return .command(.join(data: data), from(anyone()))
        case 12:
            let user = smart && !inCall.isEmpty ? rng.pick(inCall).user : anyone()
            return .command(.quit(data: data), from(user))
        default:
            let user = smart && !inCall.isEmpty ? rng.pick(inCall).user : anyone()
            if rng.chance(50) { return .command(.quit(data: data), from(user)) }
            return .command(.end(data: rng.chance(95) ? data : nil), from(user))
        }
    }

    // MARK: Invariants

    private func check(
        before: CallEngine?, after engine: CallEngine, effects: [CallEffect], step: Step?,
        skipped: [UserID: CallError], now: Timestamp, model: inout Model
    ) -> [String] {
        var problems: [String] = []
        let call = engine.call
        let participants = call.participants
        let userList: [UserID] = participants.map(\.user)

        // Participants only ever grow, in order; the caller stays first.
        if let before {
            let previous: [UserID] = before.call.participants.map(\.user)
            if Array(userList.prefix(previous.count)) != previous {
                problems.append("participants reordered or removed: \(previous) -> \(userList)")
            }
        }
        if userList.first != call.caller || participants.first?.role != .caller {
            problems.append("the caller is not the first participant")
        }
        if participants.dropFirst().contains(where: { $0.role == .caller }) {
            problems.append("a second participant has the caller role")
        }
        if Set(userList).count != userList.count {
            problems.append("a user appears twice: \(userList)")
        }
        // The caller rings only when invited back after leaving (see the report).
        if let first = participants.first, first.state.isRinging, first.invitedBy == nil {
            problems.append("the caller is ringing without having been invited back")
        }

        // Stints: a new one starts through invite-more or join only.
        if let before, case .command(let command, let sender)? = step {
            switch command {
            case .inviteMore(let invitees, _):
                for user in invitees where skipped[user] == nil {
                    if before.call.participant(user) != nil {
                        model.stints[user, default: 0] += 1
                    } else {
                        model.stints[user] = 0
                    }
                }
            case .join:
                if let old = before.call.participant(sender.user) {
                    if old.state.isTerminal { model.stints[sender.user, default: 0] += 1 }
                } else {
                    model.stints[sender.user] = 0
                }
            default:
                break
            }
        }
        for user in userList where model.stints[user] == nil {
            problems.append("\(user) appeared without invite-more or join")
        }

        // Terminal states are left only through join or invite-more naming the participant.
        if let before {
            for old in before.call.participants where old.state.isTerminal {
                guard let new = call.participant(old.user), new.state != old.state else { continue }
                var allowed = false
                if case .command(let command, let sender)? = step {
                    switch command {
                    case .join: allowed = sender.user == old.user
                    case .inviteMore(let invitees, _): allowed = invitees.contains(old.user) && skipped[old.user] == nil
                    default: allowed = false
                    }
                }
                if !allowed { problems.append("\(old.user) left terminal \(old.state) for \(new.state)") }
            }
            if before.call.state.isEnded && engine != before {
                problems.append("an ended call changed")
            }
        }

        // Deadlines.
        let arms: [Timestamp] = deadlines(effects)
        if arms.count > 1 { problems.append("several armDeadline effects: \(arms)") }
        if let arm = arms.first {
            if arm != call.nextDeadline { problems.append("armDeadline \(arm) but nextDeadline \(String(describing: call.nextDeadline))") }
            if effects.last != .armDeadline(arm) { problems.append("armDeadline is not the last effect") }
            if arm == before?.call.nextDeadline { problems.append("armDeadline \(arm) although the earliest deadline did not change") }
        }
        let previousDeadline: Timestamp? = before?.call.nextDeadline
        if let next = call.nextDeadline, next != previousDeadline, arms.isEmpty {
            problems.append("the earliest deadline moved to \(next) without an armDeadline")
        }
        if call.state.isEnded {
            if call.nextDeadline != nil { problems.append("an ended call has a next deadline") }
            if participants.contains(where: { $0.nextDeadline != nil }) { problems.append("an ended call keeps deadlines") }
        } else {
            for participant in participants {
                let hasDeadline = participant.nextDeadline != nil
                if participant.state == .accepting {
                    if participant.confirmDeadline == nil { problems.append("\(participant.user) accepting without a confirm deadline") }
                    if participant.ringDeadline != nil || participant.deliveryDeadline != nil || participant.notReceivedDeadline != nil {
                        problems.append("\(participant.user) accepting keeps ringing deadlines")
                    }
                } else if !participant.state.isRinging && hasDeadline {
                    problems.append("\(participant.user) in \(participant.state) has a deadline")
                } else if participant.confirmDeadline != nil {
                    problems.append("\(participant.user) ringing has a confirm deadline")
                }
                if participant.state == .received && participant.deliveryDeadline != nil {
                    problems.append("\(participant.user) received keeps a delivery deadline")
                }
            }
        }

        // Whether the call should have ended, from the settle rules.
        if !call.state.isEnded {
            let inCall = participants.filter { $0.state.isInCall }.count
            let ringing = participants.contains { $0.state.isRinging }
            switch call.mode {
            case .general:
                let open = participants.contains { $0.role != .caller && ($0.state.isRinging || $0.state == .accepting) }
                if !open { problems.append("a general call with nobody ringing or accepting is still live") }
            case .advanced:
                if inCall == 0 && !model.policy.keepsEmptyCall {
                    problems.append("an advanced call nobody is in is still live")
                }
                let open = participants.contains { $0.role != .caller && ($0.state.isRinging || $0.state == .accepting) }
                if call.connectedAt == nil && !open {
                    problems.append("an advanced call that never connected and has no answer pending is still live")
                }
                if model.policy.endWhenAlone && !ringing && inCall <= 1 {
                    problems.append("an end-when-alone call with one left and nobody ringing is still live")
                }
            }
        }

        // A call that ended in this step ended for a reason the step allows.
        let endedInStep = call.state.isEnded && !(before?.call.state.isEnded ?? false)
        if endedInStep, let end = call.state.end {
            let inCall = participants.filter { $0.state.isInCall }.count
            let ringing = participants.contains { $0.state.isRinging }
            let settled: Bool
            switch call.mode {
            case .general:
                settled = !participants.contains { $0.role != .caller && ($0.state.isRinging || $0.state == .accepting) }
            case .advanced:
                let open = participants.contains { $0.role != .caller && ($0.state.isRinging || $0.state == .accepting) }
                settled = (inCall == 0 && !model.policy.keepsEmptyCall) || (call.connectedAt == nil && !open)
                    || (model.policy.endWhenAlone && !ringing && inCall <= 1)
            }
            switch step {
            case .command(.end(let data), let sender)?:
                if end != CallEnd(reason: .hungUp, by: sender.user, at: now, data: data) { problems.append("end gave \(end)") }
            case .endByServer?:
                if end != CallEnd(reason: .endedByServer, by: nil, at: now) { problems.append("endByServer gave \(end)") }
            case .presence(let user, let online)?:
                if online || user != call.caller || end.reason != .callerOffline || end.at != now {
                    problems.append("presence of \(user) ended the call as \(end)")
                }
                if !settled {
                    problems.append("caller offline ended a call that is not over by the settle rules")
                }
            case .expire?:
                if !settled { problems.append("expiry ended a call that is not over: \(end)") }
                if end.at > now || end.by != nil { problems.append("expiry ended the call as \(end)") }
            case .command(_, let sender)?:
                if !settled { problems.append("\(sender) ended a call that is not over: \(end)") }
                if end.at != now { problems.append("ended at \(end.at), not now") }
            case nil:
                if !settled { problems.append("start ended a call that is not over") }
            }
            let bySettle: Bool
            switch step {
            case .command(.end, _)?, .endByServer?, .presence?: bySettle = false
            default: bySettle = true
            }
            if bySettle {
                if case .command(.quit, _)? = step {
                    if end.reason != .hungUp { problems.append("a quit ended the call as \(end.reason)") }
                } else if call.connectedAt != nil {
                    let expected: CallEndReason = call.mode == .general ? .allAnswered : .hungUp
                    if end.reason != expected { problems.append("a connected call ended as \(end.reason)") }
                } else if [.allAnswered, .hungUp, .endedByServer, .callerOffline].contains(end.reason) {
                    problems.append("an unconnected call ended as \(end.reason)")
                }
            }
        }

        // connectedAt: set at the first entry into the call after creation, never changed afterwards.
        if let before {
            for new in participants where new.state == .accepted {
                let old = before.call.participant(new.user)
                if old?.state != .accepted && model.firstEntry == nil {
                    model.firstEntry = now
                }
            }
            if let was = before.call.connectedAt, was != call.connectedAt {
                problems.append("connectedAt changed from \(was)")
            }
        }
        if call.connectedAt != model.firstEntry {
            problems.append("connectedAt \(String(describing: call.connectedAt)) but first entry \(String(describing: model.firstEntry))")
        }
        if call.state == .connected && call.connectedAt == nil { problems.append("connected without connectedAt") }
        if call.state == .ringing && call.connectedAt != nil { problems.append("ringing with connectedAt") }
        if call.connectedAt == nil {
            for participant in participants where participant.user != call.caller {
                if participant.state == .accepted || participant.state == .quit {
                    problems.append("\(participant.user) is \(participant.state) in a call that never connected")
                }
            }
        }

        // Notifications go to participants only; `.ended` only when the call ends in this step.
        let endedNow = call.state.isEnded && !(before?.call.state.isEnded ?? false)
        var endedRecipients: [Recipient] = []
        for note in noteList(effects) {
            if !userList.contains(note.to.user) { problems.append("\(note.to) is not a participant") }
            switch note.kind {
            case .ended:
                endedRecipients.append(note.to)
                if !endedNow { problems.append("ended sent while the call did not end") }
            case .invited:
                if call.participant(note.to.user)?.state.isRinging != true {
                    problems.append("\(note.to) invited but not ringing")
                }
            case .created:
                if step != nil { problems.append("created outside start") }
            default:
                break
            }
        }
        if endedNow {
            for participant in participants where participant.state.isActive {
                if !endedRecipients.contains(engine.recipient(participant)) {
                    problems.append("\(participant.user) active but not told the call ended")
                }
            }
        }

        // Records: one per participant per stint, matching the participant, none when ephemeral.
        for record in records(effects) {
            guard let owner = call.participant(record.owner) else {
                problems.append("record for non-participant \(record.owner)")
                continue
            }
            let key = model.key(record.owner)
            if record.endedAt != call.state.end?.at { problems.append("record endedAt \(String(describing: record.endedAt))") }
            if record.members.map(\.user) != userList || zip(record.members, participants).contains(where: { $0.state != $1.state }) {
                problems.append("record members differ from the call")
            }
            if let first = model.firstRecords[key] {
                // A participant who left earlier gets the same record again when the call ends, now
                // showing the end.
                let same = first.recordedAt == record.recordedAt && first.outcome == record.outcome
                    && first.duration == record.duration && first.direction == record.direction
                if !call.state.isEnded || !same || model.refreshed.contains(key) {
                    problems.append("second record for \(key)")
                }
                model.refreshed.insert(key)
                continue
            }
            model.firstRecords[key] = record
            model.recordCounts[key, default: 0] += 1
            if model.policy.ephemeral { problems.append("record in an ephemeral call") }
            if record.outcome != owner.state { problems.append("record outcome \(record.outcome) but state \(owner.state)") }
            if record.participants != userList { problems.append("record participants \(record.participants)") }
            if record.recordedAt > now { problems.append("record from the future") }
            if record.duration < .zero { problems.append("negative duration") }
            if record.startedAt != call.createdAt { problems.append("record startedAt") }
            let isCaller = owner.role == .caller
            if isCaller != (record.direction == .outgoing) { problems.append("record direction \(record.direction) for \(owner.role)") }
        }
        for participant in participants {
            let recorded = (model.recordCounts[model.key(participant.user)] ?? 0) == 1
            if model.policy.ephemeral {
                if participant.isRecorded { problems.append("\(participant.user) marked recorded in an ephemeral call") }
            } else {
                if participant.isRecorded != recorded {
                    problems.append("\(participant.user) isRecorded \(participant.isRecorded) but \(recorded ? "one" : "no") record")
                }
                if participant.state.isTerminal && !participant.isRecorded {
                    problems.append("\(participant.user) is \(participant.state) without a record")
                }
            }
        }
        if call.state.isEnded && !model.policy.ephemeral {
            for (user, stint) in model.stints {
                for index in 0...stint where model.recordCounts["\(user.rawValue)#\(index)"] != 1 {
                    problems.append("ended call without exactly one record for \(user) stint \(index)")
                }
            }
        }

        // Catch-up: nothing after the end; at most one notification; invitations only while ringing.
        for user in users {
            for device in devices {
                let caught = engine.catchUp(for: Endpoint(user: user, device: device))
                if call.state.isEnded && !caught.isEmpty { problems.append("catch-up on an ended call") }
                if caught.count > 1 { problems.append("several catch-up notifications") }
                if let kind = caught.first?.kind, case .invited = kind, call.participant(user)?.state.isRinging != true {
                    problems.append("catch-up invitation for \(user) who is not ringing")
                }
            }
        }
        return problems
    }
}
