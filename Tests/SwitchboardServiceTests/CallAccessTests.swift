import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// Only a call's participants act on it or read it; to anyone else it does not exist (DECISIONS.md,
/// "Who may do what"; docs/SECURITY.md, "Calls").
@Suite("Call access")
struct CallAccessTests {
    /// Every call operation that names a call, except join.
    static let operations: [(String, @Sendable (CallID) -> ServiceOperation)] = [
        ("get", { .getCall($0) }),
        ("cancel", { .call($0, .cancel(invitees: nil, data: nil)) }),
        ("cancel bob", { .call($0, .cancel(invitees: ["bob"], data: nil)) }),
        ("accept", { .call($0, .accept(data: "mine")) }),
        ("reject", { .call($0, .reject(data: nil, reason: .declined)) }),
        ("reject busy", { .call($0, .reject(data: nil, reason: .busy)) }),
        ("ack", { .call($0, .acknowledge) }),
        ("confirm", { .call($0, .confirm(invitee: "bob")) }),
        ("inviteMore", { .call($0, .inviteMore(["dave"])) }),
        ("quit", { .call($0, .quit(data: nil)) }),
        ("end", { .call($0, .end(data: nil)) }),
        ("media", { .call($0, .setMedia(ParticipantMedia(microphone: false, camera: true))) }),
    ]

    /// A refusal reads exactly as the refusal of an id that never existed (the id aside).
    private func expectHidden(_ result: Result<Reply, SignalingError>, _ id: CallID, like unknown: Result<Reply, SignalingError>,
                              _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .failure(let error) = result, case .failure(let reference) = unknown else {
            Issue.record("\(what): expected a refusal, got \(result)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == .call(.callNotFound), "\(what)", sourceLocation: sourceLocation)
        #expect(error.message.replacing(id.rawValue, with: "ID") == reference.message.replacing("c-unknown", with: "ID"),
                "\(what)", sourceLocation: sourceLocation)
    }

    @Test("a third user of the app gets call_not_found for every operation on a call it is not in, and nothing changes",
          arguments: [CallProfile.native, .agora, .zimGeneral, .zimAdvanced, .tencent, .nativeAdvanced])
    func outsiderSeesNothing(profile: CallProfile) throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let carol = try harness.login("carol")
        _ = try harness.login("dave")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: profile, payload: "secret")))
        let before = try alice.call(.getCall(call.id))
        let seen = (alice.frames.count, bob.frames.count)
        for (name, operation) in Self.operations {
            let unknown = try carol.request(operation("c-unknown"))
            expectHidden(try carol.request(operation(call.id)), call.id, like: unknown, "\(profile) \(name)")
        }
        if profile.mode == .general {
            let unknown = try carol.request(.call("c-unknown", .join(data: nil)))
            expectHidden(try carol.request(.call(call.id, .join(data: nil))), call.id, like: unknown, "\(profile) join")
        }
        #expect(alice.frames.count == seen.0 && bob.frames.count == seen.1, "the participants were told nothing")
        #expect(try alice.call(.getCall(call.id)) == before)
        #expect(try carol.request(.activeCalls(ActiveCallQuery())) == .success(.calls([])))
    }

    @Test("anyone in the app may join an advanced call by its id (the vendors' rule); only participants read it")
    func joinByIDIsOpenToTheApp() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let carol = try harness.login("carol")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .zimAdvanced)))
        #expect(try carol.request(.getCall(call.id)).failureCode == "call_not_found")
        let joined = try carol.call(.call(call.id, .join(data: nil)))
        #expect(joined.participant("carol")?.state == .accepted)
        #expect(try carol.call(.getCall(call.id)).id == call.id, "a participant now")
    }

    @Test("with calls.join invited, an outsider's join is refused as call_not_found; an invitee may still join")
    func joinRestrictedToInvited() throws {
        let rules = AppCallRules(join: .invited)
        let harness = ServiceHarness(
            configuration: ServiceConfiguration(apps: [AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s", callRules: rules)]),
            verifier: ScriptedVerifier())
        let alice = try harness.login("alice", token: "ok")
        let bob = try harness.login("bob", token: "ok")
        let carol = try harness.login("carol", token: "ok")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .tencent)))
        let unknown = try carol.request(.call("c-unknown", .join(data: nil)))
        expectHidden(try carol.request(.call(call.id, .join(data: nil))), call.id, like: unknown, "join")
        #expect(harness.service.activeCalls(app: "a").first?.participant("carol") == nil)
        let joined = try bob.call(.call(call.id, .join(data: nil)))
        #expect(joined.participant("bob")?.state == .accepted)
    }

    @Test("a user of another app gets call_not_found for every operation, join included")
    func otherAppsSeeNothing() throws {
        let apps = [AppConfiguration(id: "a", vendorIDs: ["app-a"], secret: "s"),
                    AppConfiguration(id: "b", vendorIDs: ["app-b"], secret: "s")]
        let harness = ServiceHarness(configuration: ServiceConfiguration(apps: apps), verifier: ScriptedVerifier())
        let alice = try harness.login("alice", app: "app-a", token: "ok")
        _ = try harness.login("bob", app: "app-a", token: "ok")
        let mallory = try harness.login("bob", app: "app-b", token: "ok")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .zimAdvanced)))
        let before = try alice.call(.getCall(call.id))
        let join: @Sendable (CallID) -> ServiceOperation = { .call($0, .join(data: nil)) }
        for (name, operation) in Self.operations + [("join", join)] {
            let unknown = try mallory.request(operation("c-unknown"))
            expectHidden(try mallory.request(operation(call.id)), call.id, like: unknown, name)
        }
        #expect(try alice.call(.getCall(call.id)) == before)
    }

    @Test("call ids are the creation time, a counter and 128 random bits, and never repeat")
    func unguessableIDs() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        var randomParts = Set<Substring>()
        for _ in 0..<200 {
            let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
            _ = try alice.call(.call(call.id, .end(data: nil)))
            let id = call.id.rawValue
            #expect(id.count == 1 + 12 + 4 + 32)
            #expect(id.dropFirst().allSatisfy { $0.isHexDigit })
            randomParts.insert(id.suffix(32))
        }
        #expect(randomParts.count == 200)
    }
}

/// The service, not the client, decides a call's policy
/// (docs/CALL-MODEL.md, "Profiles").
@Suite("Call policy from profiles")
struct CallProfilePolicyTests {
    @Test("each profile gets its vendor's policy", arguments: CallProfile.allCases)
    func profilePolicies(profile: CallProfile) throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: profile)))
        #expect(call.mode == profile.mode)
        #expect(call.policy == (try profile.policy(for: .none)))
        switch profile {
        case .agora, .anyRTC:
            #expect(call.policy.deliveryTimeout == .seconds(30) && call.policy.ringTimeout == .seconds(60))
            #expect(call.policy.acceptConfirmation == .seconds(5) && call.policy.maxParticipants == 2)
        case .zimGeneral, .zimAdvanced:
            #expect(call.policy.ringTimeout == .seconds(90) && call.policy.cancelWhenCallerOffline)
        case .tencent:
            #expect(call.policy.busyInvitees == .reject && call.policy.endWhenAlone && call.policy.ringTimeout == .seconds(30))
        case .native, .nativeAdvanced:
            #expect(call.policy == CallPolicy())
        }
    }

    @Test("a parameter the profile's SDK cannot set is refused with invalid_argument and creates nothing")
    func foreignParameters() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let refused: [(CallProfile, CallParameters)] = [
            (.agora, CallParameters(ringTimeout: .seconds(60))), (.anyRTC, CallParameters(notReceivedCheck: true)),
            (.agora, CallParameters(ephemeral: true)), (.zimGeneral, CallParameters(ephemeral: true)),
            (.zimAdvanced, CallParameters(confirmsAccept: true)), (.tencent, CallParameters(notReceivedCheck: true)),
            (.native, CallParameters(ephemeral: true)), (.nativeAdvanced, CallParameters(notReceivedCheck: true)),
        ]
        for (profile, parameters) in refused {
            let result = try alice.request(.invite(InviteRequest(invitees: ["bob"], profile: profile, parameters: parameters)))
            #expect(result.failureCode == "invalid_argument", "\(profile) \(parameters)")
        }
        #expect(harness.service.activeCalls().isEmpty)
    }

    @Test("a ring timeout within the vendor's bounds but above the app's cap is lowered to the cap")
    func ringCap() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(callRules: AppCallRules(maxRingTimeout: .seconds(120))))
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let long = InviteRequest(invitees: ["bob"], profile: .zimGeneral, parameters: CallParameters(ringTimeout: .seconds(600)))
        #expect(try alice.call(.invite(long)).policy.ringTimeout == .seconds(120), "the server's default cap")
        let short = InviteRequest(invitees: ["bob"], profile: .tencent, parameters: CallParameters(ringTimeout: .seconds(45)))
        #expect(try alice.call(.invite(short)).policy.ringTimeout == .seconds(45))

        let capped = ServiceHarness(configuration: ServiceConfiguration(
            apps: [AppConfiguration(id: "a", vendorIDs: ["app"], secret: "s", callRules: AppCallRules(maxRingTimeout: .seconds(20)))]),
            verifier: ScriptedVerifier())
        let carol = try capped.login("carol", token: "ok")
        _ = try capped.login("bob", token: "ok")
        let agora = try carol.call(.invite(InviteRequest(invitees: ["bob"], profile: .agora)))
        #expect(agora.policy.ringTimeout == .seconds(20) && agora.policy.deliveryTimeout == .seconds(20))
    }

    @Test("Tencent's ephemeral calls leave no records unless the app records them all")
    func ephemeralIsTheAppsDecision() async throws {
        for allows in [true, false] {
            let harness = ServiceHarness(
                configuration: ServiceConfiguration(apps: [AppConfiguration(
                    id: "a", vendorIDs: ["app"], secret: "s", callRules: AppCallRules(allowsEphemeralCalls: allows))]),
                verifier: ScriptedVerifier())
            let alice = try harness.login("alice", token: "ok")
            _ = try harness.login("bob", token: "ok")
            let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .tencent,
                                                            parameters: CallParameters(ephemeral: true))))
            _ = try alice.call(.call(call.id, .cancel(invitees: nil, data: nil)))
            let records = try harness.service.callRecords(of: "alice", app: "a").records
            #expect(records.count == (allows ? 0 : 1), "allows ephemeral: \(allows)")
        }
    }
}
