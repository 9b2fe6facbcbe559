import Testing
@testable import SwitchboardCore

@Suite("Validation")
struct ValidationTests {
    // MARK: Invitee lists

    @Test func emptyInviteeListIsInvalid() {
        #expect(startRefusal(invitation([])) == .invalidInvitees)
    }

    @Test func invitingYourselfIsInvalid() {
        #expect(startRefusal(invitation(["bob", "alice"])) == .invalidInvitees)
    }

    @Test func namingAnInviteeTwiceIsInvalid() {
        #expect(startRefusal(invitation(["bob", "carol", "bob"])) == .invalidInvitees)
    }

    @Test(arguments: ["bo b", String(repeating: "x", count: 65), "", "bob\n", "b\u{7F}", "b\u{E9}"])
    func invalidUserIDIsRefused(_ id: String) {
        #expect(startRefusal(invitation([UserID(id)])) == .invalidInvitees)
    }

    @Test func sixtyFourBytePrintableIDIsAccepted() throws {
        let id = UserID(String(repeating: "x", count: 64))
        let (engine, _) = try CallEngine.start(invitation([id]), at: t0)
        #expect(engine.state(of: id) == .inviting)
        let edge = UserID("!~")
        #expect(edge.isValid)
    }

    @Test func tooManyInviteesIsRefusedBeforeCheckingIDs() {
        let ten: [UserID] = (1...10).map { UserID("u\($0)") }
        #expect(startRefusal(invitation(ten)) == .tooManyInvitees)
        let nine: [UserID] = (1...9).map { UserID("u\($0)") }
        #expect((try? CallEngine.start(invitation(nine), at: t0)) != nil)
        var withBadID = ten
        withBadID[0] = "bad id"
        #expect(startRefusal(invitation(withBadID)) == .tooManyInvitees)
        let agora = invitation(["bob", "carol"], policy: .agora)
        #expect(startRefusal(agora) == .tooManyInvitees)
    }

    /// One invitation can never overflow a call: a policy must leave room for the caller, so
    /// `maxInviteesPerInvitation` must stay below `maxParticipants`.
    @Test func invitationsLeaveRoomForTheCaller() {
        let policy = CallPolicy(maxInviteesPerInvitation: 3, maxParticipants: 3)
        #expect(policy.violation() != nil)
        #expect(startRefusal(invitation(["bob", "carol"], policy: policy)) == .invalidPolicy)
        let roomy = CallPolicy(maxInviteesPerInvitation: 2, maxParticipants: 3)
        #expect(roomy.violation() == nil)
        #expect((try? CallEngine.start(invitation(["bob", "carol"], policy: roomy), at: t0)) != nil)
    }

    // MARK: Sizes

    @Test func payloadLimitCountsUTF8Bytes() throws {
        let policy = CallPolicy(maxPayloadBytes: 8)
        let fits = "abcd\u{1F600}"
        let over = "abcde\u{1F600}"
        #expect(fits.count == 5)
        #expect(fits.utf8.count == 8)
        let (engine, _) = try CallEngine.start(invitation(policy: policy, payload: fits), at: t0)
        #expect(engine.call.payload == fits)
        #expect(startRefusal(invitation(policy: policy, payload: over)) == .payloadTooLarge)
    }

    @Test func zimPayloadLimitIsTwoKilobytes() throws {
        let exact = String(repeating: "a", count: 2048)
        #expect((try? CallEngine.start(invitation(policy: .zim, payload: exact), at: t0)) != nil)
        #expect(startRefusal(invitation(policy: .zim, payload: exact + "a")) == .payloadTooLarge)
    }

    @Test func answerDataAboveTheLimitIsRefusedForEveryCommand() throws {
        let policy = CallPolicy(maxAnswerBytes: 4)
        let over = "\u{E9}\u{E9}\u{E9}"
        #expect(over.utf8.count == 6)
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: policy)
        #expect(refusal(&engine, .accept(data: over), from: bob, at: sec(1)) == .payloadTooLarge)
        #expect(refusal(&engine, .reject(data: over, reason: .declined), from: bob, at: sec(1)) == .payloadTooLarge)
        #expect(refusal(&engine, .cancel(invitees: nil, data: over), from: alice, at: sec(1)) == .payloadTooLarge)
        #expect(refusal(&engine, .join(data: over), from: frank, at: sec(1)) == .payloadTooLarge)
        #expect(refusal(&engine, .quit(data: over), from: alice, at: sec(1)) == .payloadTooLarge)
        #expect(refusal(&engine, .end(data: over), from: alice, at: sec(1)) == .payloadTooLarge)
        try act(&engine, .accept(data: "\u{E9}\u{E9}"), from: bob, at: sec(2))
        #expect(engine.participant("bob")?.answerData == "\u{E9}\u{E9}")
    }

    @Test func sizeIsCheckedBeforeTheCallState() throws {
        let policy = CallPolicy(maxAnswerBytes: 1)
        var (engine, _) = try startCall(policy: policy)
        try act(&engine, .cancel(invitees: nil, data: nil), from: alice, at: sec(1))
        #expect(refusal(&engine, .accept(data: "xx"), from: bob, at: sec(2)) == .payloadTooLarge)
        #expect(refusal(&engine, .accept(data: "x"), from: bob, at: sec(2)) == .callEnded)
    }

    // MARK: Policies

    @Test(arguments: [
        CallPolicy(ringTimeout: .zero),
        CallPolicy(ringTimeout: .milliseconds(999)),
        CallPolicy(ringTimeout: .seconds(3601)),
        CallPolicy(deliveryTimeout: .milliseconds(99)),
        CallPolicy(notReceivedCheck: .seconds(3601)),
        CallPolicy(acceptConfirmation: .zero),
        CallPolicy(maxInviteesPerInvitation: 1, maxParticipants: 1),
        CallPolicy(maxParticipants: 65),
        CallPolicy(maxParticipants: 33),
        CallPolicy(maxInviteesPerInvitation: 0),
        CallPolicy(maxInviteesPerInvitation: 11, maxParticipants: 10),
        CallPolicy(maxPayloadBytes: -1),
        CallPolicy(maxPayloadBytes: 64 * 1024 + 1),
        CallPolicy(maxAnswerBytes: 64 * 1024 + 1),
        CallPolicy(maxPayloadBytes: 16 * 1024 + 1),
        CallPolicy(maxAnswerBytes: 8 * 1024 + 1),
    ])
    func invalidPolicyIsRefused(_ policy: CallPolicy) {
        #expect(policy.violation() != nil)
        #expect(startRefusal(invitation(policy: policy)) == .invalidPolicy)
    }

    @Test(arguments: [
        CallPolicy(ringTimeout: .seconds(1)),
        CallPolicy(ringTimeout: .seconds(3600)),
        CallPolicy(maxInviteesPerInvitation: 1, maxParticipants: 2),
        CallPolicy(maxInviteesPerInvitation: 9, maxParticipants: 32),
        CallPolicy(maxPayloadBytes: 16 * 1024, maxAnswerBytes: 8 * 1024),
        CallPolicy.agora, CallPolicy.zim, CallPolicy.tencent,
    ])
    func validPolicyIsAccepted(_ policy: CallPolicy) {
        #expect(policy.violation() == nil)
    }

    @Test func policyIsCheckedFirstAndAgainstTheGivenBounds() {
        let bad = CallPolicy(ringTimeout: .zero)
        #expect(startRefusal(invitation([], policy: bad)) == .invalidPolicy)
        let tight = CallPolicy.Bounds(ringTimeout: .seconds(1) ... .seconds(60))
        do {
            _ = try CallEngine.start(invitation(policy: .zim), at: t0, bounds: tight)
            Issue.record("a 90 s ring timeout passed 60 s bounds")
        } catch {
            #expect(error.code == .invalidPolicy)
        }
    }

    /// A ring timeout that starts at delivery needs a delivery timeout, or an invitee who never
    /// acknowledges (offline under `.keep`) would ring with no deadline at all.
    @Test func ringTimeoutAtDeliveryNeedsADeliveryTimeout() {
        let policy = CallPolicy(ringTimeout: .seconds(60), ringTimeoutStart: .atDelivery, deliveryTimeout: nil)
        #expect(policy.violation() != nil)
        #expect(startRefusal(invitation(["bob"], policy: policy)) == .invalidPolicy)
        let agora = CallPolicy(ringTimeout: .seconds(60), ringTimeoutStart: .atDelivery, deliveryTimeout: .seconds(30))
        #expect(agora.violation() == nil)
    }

    // MARK: Refused commands leave the call alone

    @Test func refusedCommandsLeaveTheEngineEqual() throws {
        var (engine, _) = try startCall(["bob", "carol"], mode: .advanced, policy: .zim)
        try act(&engine, .accept(data: nil), from: bob, at: sec(1))
        let cases: [(CallCommand, Endpoint, CallError.Code)] = [
            (.accept(data: nil), frank, .notParticipant),
            (.accept(data: nil), bob, .alreadyAccepted),
            (.reject(data: nil, reason: .declined), alice, .alreadyAccepted),
            (.cancel(invitees: ["bob"], data: nil), alice, .alreadyAccepted),
            (.confirmAccept(invitee: "bob"), alice, .nothingToConfirm),
            (.inviteMore(invitees: ["bob"], status: [:]), alice, .alreadyInCall),
            (.inviteMore(invitees: ["x y"], status: [:]), alice, .invalidInvitees),
            (.join(data: nil), bob, .alreadyInCall),
            (.quit(data: nil), carol, .notInCall),
            (.end(data: nil), carol, .notInCall),
            (.end(data: nil), frank, .notParticipant),
            (.acknowledgeDelivery, frank, .notParticipant),
        ]
        for (command, sender, code) in cases {
            #expect(refusal(&engine, command, from: sender, at: sec(2)) == code, "\(command.name) from \(sender)")
        }
    }
}

@Suite("Call fields")
struct CallFieldTests {
    /// The error starting this invitation gives, or nil when it starts.
    private func start(_ adjust: (inout Invitation) -> Void) -> CallError.Code? {
        var invite = invitation(["bob"])
        adjust(&invite)
        do {
            _ = try CallEngine.start(invite, at: t0)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func roomAndGroupIDsAreBounded() {
        #expect(start { $0.roomID = String(repeating: "r", count: 128) } == nil)
        #expect(start { $0.roomID = String(repeating: "r", count: 129) } == .invalidArgument)
        #expect(start { $0.groupID = String(repeating: "g", count: 129) } == .invalidArgument)
    }

    @Test func attachmentsAreBoundedInCountKeysAndBytes() {
        #expect(start { $0.attachments = ["push.title": "hi"] } == nil)
        #expect(start { $0.attachments = Dictionary(uniqueKeysWithValues: (0..<17).map { ("k\($0)", "v") }) } == .invalidArgument)
        #expect(start { $0.attachments = ["": "v"] } == .invalidArgument)
        #expect(start { $0.attachments = [String(repeating: "k", count: 65): "v"] } == .invalidArgument)
        #expect(start { $0.attachments = ["big": String(repeating: "v", count: 8192)] } == .payloadTooLarge)
        #expect(start { $0.attachments = ["big": String(repeating: "v", count: 8189)] } == nil)
    }
}
