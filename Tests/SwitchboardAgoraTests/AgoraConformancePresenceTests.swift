import AgoraTestSupport
import Dispatch
import Testing
@testable import SwitchboardAgora
import SwitchboardClient
import SwitchboardTesting

extension AgoraUser {
    /// `channelId=count` for each channel, and the code.
    func memberCounts(_ channels: [String], in world: TestWorld) async throws -> ([String]?, AgoraRtmChannelMemberCountErrorCode) {
        try await world.completion { done in
            self.kit.getChannelMemberCount(channels) { counts, code in
                done((counts?.map { "\($0.channelId)=\($0.count)" }, code))
            }
        }
    }

    func subscribedPeers(in world: TestWorld) async throws -> ([String]?, AgoraRtmQueryPeersBySubscriptionOptionErrorCode) {
        try await world.completion { done in
            self.kit.queryPeers(bySubscriptionOption: .onlineStatus) { peers, code in done((peers, code)) }
        }
    }

    func subscribe(_ peers: [String], in world: TestWorld) async throws -> AgoraRtmPeerSubscriptionStatusErrorCode {
        try await world.completion { done in self.kit.subscribePeersOnlineStatus(peers) { done($0) } }
    }
}

/// Channel member counts and the subscription query (docs/AGORA.md, "Member counts and subscriptions").
@Suite("Agora conformance: member counts and subscriptions")
struct AgoraConformancePresenceTests {
    @Test("getChannelMemberCount: each channel's users, without being a member; 0 for a channel nobody is in")
    func memberCount() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        let carol = scene.user("carol")
        try await carol.login(in: world)
        _ = try await alice.join("lobby", in: world)
        _ = try await bob.join("lobby", in: world)
        _ = try await bob.join("hall", in: world)
        let (counts, code) = try await carol.memberCounts(["lobby", "hall", "empty"], in: world)
        #expect(code == .ok)
        #expect(counts == ["lobby=2", "hall=1", "empty=0"])
    }

    @Test("getChannelMemberCount: over 32 channels exceedLimit, bad ids invalidArgument, once a second (tooOften), not logged in")
    func memberCountRefusals() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        #expect(try await alice.memberCounts(["lobby"], in: world).1 == .notLoggedIn)
        try await alice.login(in: world)
        #expect(try await alice.memberCounts((0...32).map { "c\($0)" }, in: world).1 == .exceedLimit)
        #expect(try await alice.memberCounts([], in: world).1 == .invalidArgument)
        #expect(try await alice.memberCounts(["ok", "null"], in: world).1 == .invalidArgument)
        let full = try await alice.memberCounts((0..<32).map { "c\($0)" }, in: world)
        #expect(full.1 == .ok)
        #expect(full.0?.count == 32)
        #expect(try await alice.memberCounts(["lobby"], in: world).1 == .tooOften)
        await world.advance(by: .seconds(1))
        #expect(try await alice.memberCounts(["lobby"], in: world).1 == .ok)
    }

    @Test("queryPeers(bySubscriptionOption: .onlineStatus): the peers subscribed to, as the service has them; 10 per 5 s")
    func subscriptionQuery() async throws {
        let world = TestWorld()
        let alice = AgoraUser("alice", in: world)
        #expect(try await alice.subscribedPeers(in: world).1 == .notLoggedIn)
        try await alice.login(in: world)
        #expect(try await alice.subscribedPeers(in: world).0 == [])
        #expect(try await alice.subscribe(["carol", "bob"], in: world) == .ok)
        #expect(try await alice.subscribedPeers(in: world).0 == ["bob", "carol"])
        let unsubscribed = try await world.completion { done in alice.kit.unsubscribePeersOnlineStatus(["bob"]) { done($0) } }
        #expect(unsubscribed == .ok)
        let (peers, code) = try await alice.subscribedPeers(in: world)
        #expect(peers == ["carol"])
        #expect(code == .ok)
        for _ in 0..<7 {
            #expect(try await alice.subscribedPeers(in: world).1 == .ok)
        }
        #expect(try await alice.subscribedPeers(in: world).1 == .tooOften)
        await world.advance(by: .seconds(5))
        #expect(try await alice.subscribedPeers(in: world).1 == .ok)
        #expect(AgoraRtmPeerSubscriptionOptions.onlineStatus.rawValue == 0)
    }
}

/// What the SDK's header declares beside the calls: the service context, call kits the app makes, the
/// second spelling of `.imcompatibleMessage`, and results apps may ignore (docs/AGORA.md, "Mirroring
/// decisions").
@Suite("Agora conformance: header details")
struct AgoraConformanceHeaderTests {
    @Test("setRtmServiceContext: .failure while a kit exists, .ok before any; the context's defaults and area codes")
    func serviceContext() throws {
        let world = TestWorld()
        let context = AgoraRtmServiceContext()
        #expect(context.areaCode == .areaCodeGLOB)
        #expect(context.proxyType == [])
        context.areaCode = [.areaCodeEU, .areaCodeJP]
        context.proxyType = .tcpProxy
        #expect(context.areaCode.rawValue == 0x14)
        #expect([AgoraRtmAreaCode.areaCodeCN, .areaCodeNA, .areaCodeEU, .areaCodeAS, .areaCodeJP, .areaCodeIN, .areaCodeGLOB]
                    .map(\.rawValue) == [1, 2, 4, 8, 16, 32, 0xFFFF_FFFF])
        let kit = AgoraUser("alice", in: world).kit
        #expect(AgoraRtmKit.setRtmServiceContext(context) == .failure)
        withExtendedLifetime(kit) {}
        // A process with no kit yet, as an app is before it makes its first.
        let empty = RtmKitCensus()
        #expect(AgoraRtmKit.setRtmServiceContext(context, census: empty) == .ok)
        empty.kitCreated(of: AgoraVendor.self)
        #expect(AgoraRtmKit.setRtmServiceContext(context, census: empty) == .failure)
        empty.kitReleased(of: AgoraVendor.self)
        #expect(AgoraRtmKit.setRtmServiceContext(context, census: empty) == .ok)
        #expect(AgoraRtmSetContextErrorCode.ok.rawValue == 0 && AgoraRtmSetContextErrorCode.failure.rawValue == 1)
    }

    @Test("AgoraRtmCallKit(): belongs to no kit and starts nothing (.notStarted) until it is set as a kit's rtmCallKit")
    func callKitTheAppMakes() async throws {
        let scene = AgoraScene()
        let world = scene.world
        let (alice, bob) = try await scene.loggedInPair("alice", "bob")
        let callKit = AgoraRtmCallKit()
        #expect(callKit.rtmKit == nil)
        let refused = await withCheckedContinuation { done in
            callKit.send(AgoraRtmLocalInvitation(calleeId: "bob")) { done.resume(returning: $0) }
        }
        #expect(refused == .notStarted)

        alice.kit.rtmCallKit = callKit
        #expect(callKit.rtmKit === alice.kit)
        #expect(alice.kit.getRtmCall() === callKit)
        callKit.callDelegate = alice
        let invitation = AgoraRtmLocalInvitation(calleeId: "bob")
        #expect(try await world.completion { done in callKit.send(invitation) { done($0) } } == .ok)
        try await bob.waitFor("remoteReceived from alice nil invitationReceived", in: world)
        try await alice.waitFor("localReceivedByPeer receivedByRemote", in: world)
    }

    @Test("imcompatibleMessage (sic) and incompatibleMessage are the same code, and a switch may name either")
    func incompatibleMessage() {
        let code = AgoraRtmSendPeerMessageErrorCode(rawValue: 8)
        #expect(code == .imcompatibleMessage)
        #expect(code == .incompatibleMessage)
        func spelledCorrectly(_ code: AgoraRtmSendPeerMessageErrorCode) -> String {
            switch code {
            case .incompatibleMessage: "incompatible"
            default: "other"
            }
        }
        func spelledAsTheHeader(_ code: AgoraRtmSendPeerMessageErrorCode) -> String {
            switch code {
            case .imcompatibleMessage: "incompatible"
            case .ok, .failure, .timeout, .peerUnreachable, .cachedByServer, .tooOften, .invalidUserId, .invalidMessage,
                 .notInitialized, .notLoggedIn: "other"
            }
        }
        func bothSpellings(_ code: AgoraRtmSendPeerMessageErrorCode) -> String {
            switch code {
            case .imcompatibleMessage: "as the header"
            case .incompatibleMessage: "never reached: the case above matches first"
            default: "other"
            }
        }
        #expect(bothSpellings(.incompatibleMessage) == "as the header")
        #expect(spelledCorrectly(.imcompatibleMessage) == "incompatible")
        #expect(spelledAsTheHeader(.incompatibleMessage) == "incompatible")
        #expect(spelledCorrectly(.timeout) == "other")
    }

    @Test("results an app may ignore, as with the Objective-C SDK: log settings, parameters, createChannel, destroyChannel")
    func discardableResults() {
        let world = TestWorld()
        let kit = AgoraUser("alice", in: world).kit
        // Each statement ignores a result; none of them may warn.
        kit.setLogFile("/tmp/agorartm.log")
        kit.setLogFileSize(10240)
        kit.setLogFilters(.info)
        kit.setParameters("{}")
        kit.createChannel(withId: "lobby", delegate: nil)
        kit.destroyChannel(withId: "lobby")
        AgoraRtmKit.setRtmServiceContext(AgoraRtmServiceContext())
        #expect(kit.destroyChannel(withId: "lobby") == false, "destroyed already")
    }
}
