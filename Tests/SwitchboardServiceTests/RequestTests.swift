import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

@Suite("Requests")
struct RequestTests {
    @Test("a re-sent request id is answered from the record and not executed twice")
    func duplicateRequestID() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let first = try alice.request(.invite(InviteRequest(invitees: ["bob"])), id: 7)
        let second = try alice.request(.invite(InviteRequest(invitees: ["bob"])), id: 7)
        #expect(first == second)
        #expect(harness.service.activeCalls().count == 1)
        let third = try alice.request(.invite(InviteRequest(invitees: ["bob"])), id: 8)
        #expect(third != first)
        #expect(harness.service.activeCalls().count == 2)
    }

    @Test("an undecodable frame before login is refused and closed; after login its request gets the error")
    func invalidFrames() throws {
        let harness = ServiceHarness()
        let stranger = harness.connect()
        harness.service.receiveInvalid(SignalingError(.invalidFrame, "not JSON"), requestID: nil, from: stranger.id)
        #expect(stranger.frames.last == .refused(SignalingError(.invalidFrame, "not JSON")))
        #expect(stranger.isClosed)

        let alice = try harness.login("alice")
        harness.service.receiveInvalid(SignalingError(.invalidRequest, "bad body"), requestID: 3, from: alice.id)
        #expect(alice.frames.last == .response(Response(id: 3, result: .failure(SignalingError(.invalidRequest, "bad body")))))
        let count = alice.frames.count
        harness.service.receiveInvalid(SignalingError(.invalidFrame, "garbage"), requestID: nil, from: alice.id)
        #expect(alice.frames.count == count)
        #expect(!alice.isClosed)
        #expect(try alice.request(.activeCalls(ActiveCallQuery())) == .success(.calls([])))
    }

    @Test("acting on an unknown call is call_not_found; a refused command changes nothing")
    func unknownCall() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let result = try bob.request(.call("nope", .accept(data: nil)))
        #expect(result.failureCode == "call_not_found")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        let carol = try harness.login("carol")
        #expect(try carol.request(.call(call.id, .accept(data: nil))).failureCode == "call_not_found")
        #expect(try carol.request(.getCall(call.id)).failureCode == "call_not_found")
        #expect(harness.service.activeCalls() == [try alice.call(.getCall(call.id))])
    }

    @Test("a ring timeout outside the vendor's bounds is refused and no call is created")
    func ringTimeoutOutOfBounds() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let refused: [(CallProfile, Duration)] = [
            (.native, .seconds(7200)), (.native, .milliseconds(500)), (.zimGeneral, .seconds(601)),
            (.zimAdvanced, .zero), (.tencent, .seconds(3601)), (.agora, .seconds(30)), (.anyRTC, .seconds(60)),
        ]
        for (profile, timeout) in refused {
            let invite = InviteRequest(invitees: ["bob"], profile: profile, parameters: CallParameters(ringTimeout: timeout))
            #expect(try alice.request(.invite(invite)).failureCode == "invalid_argument", "\(profile) \(timeout)")
        }
        #expect(harness.service.activeCalls().isEmpty)
    }
}

extension Result where Success == Reply, Failure == SignalingError {
    var failureCode: String? {
        if case .failure(let error) = self { return error.code.rawValue }
        return nil
    }
}
