import Foundation
import Synchronization
import Testing
import SwitchboardAtomicX
import SwitchboardCore
import SwitchboardJSON
@testable import SwitchboardServer
import SwitchboardService
import SwitchboardTesting
import SwitchboardUserSig

/// `TUIOfflinePushInfo` as the current header spells it, and the offline push reaching the app's backend:
/// the invitation carries it (docs/TENCENT.md, "Offline push"), the service hands offline invitations to
/// its backend sink, and the server's push hook posts them with the push fields.
@Suite("Tencent surface: offline push")
struct TencentOfflinePushTests {
    @Test("TUIOfflinePushInfo: every property of the header, the defaults, and TUICallIOSOfflinePushType's raw values")
    func spellings() {
        // The kits' own assignments compile unchanged (KIT35 / KIT4 OfflinePushInfoConfig).
        let pushInfo: TUIOfflinePushInfo = TUIOfflinePushInfo()
        #expect(pushInfo.iOSPushType == .apns)
        #expect(pushInfo.androidVIVOClassification == 1)
        #expect(!pushInfo.isDisablePush && !pushInfo.ignoreIOSBadge && !pushInfo.enableIOSBackgroundNotification)
        pushInfo.title = ""
        pushInfo.desc = "new call"
        pushInfo.iOSPushType = .voIP
        pushInfo.ignoreIOSBadge = false
        pushInfo.iOSSound = "phone_ringing.mp3"
        pushInfo.androidSound = "phone_ringing"
        pushInfo.androidVIVOClassification = 1
        pushInfo.androidHuaWeiCategory = "IM"
        pushInfo.enableIOSBackgroundNotification = true
        pushInfo.iOSInterruptionLevel = "time-sensitive"
        pushInfo.iOSImage = "https://example.invalid/i.png"
        pushInfo.androidOPPOChannelID = "oppo"
        pushInfo.oppoCategory = "IM"
        pushInfo.oppoNotifyLevel = 2
        pushInfo.androidFCMChannelID = "fcm"
        pushInfo.fcmImage = "https://example.invalid/f.png"
        pushInfo.vivoCategory = "IM"
        pushInfo.androidXiaoMiChannelID = "mi"
        pushInfo.huaweiImage = "https://example.invalid/h.png"
        pushInfo.honorImportance = "NORMAL"
        pushInfo.honorImage = "https://example.invalid/o.png"
        pushInfo.isDisablePush = false
        pushInfo.extraInfo = "{\"k\":1}"
        let params = TUICallParams()
        params.offlinePushInfo = pushInfo
        #expect(params.offlinePushInfo.desc == "new call")
        #expect(TUICallIOSOfflinePushType.apns.rawValue == 0)
        #expect(TUICallIOSOfflinePushType.voIP.rawValue == 1)
        #expect(TUICallIOSOfflinePushType.allCases == [.apns, .voIP])
    }

    @Test("TUICallEngine.calls: the whole TUIOfflinePushInfo reaches the backend with the offline invitation")
    func engineCallsCarryPushInfo() async throws {
        let backend = BackendEventLog()
        let world = pushWorld(backend)
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(sig: testUserSig("alice"), in: world).isSuccess)
        let params = TUICallParams()
        params.offlinePushInfo.title = "Alice"
        params.offlinePushInfo.desc = "calls you"
        params.offlinePushInfo.iOSPushType = .voIP
        params.offlinePushInfo.androidSound = "ring"
        params.offlinePushInfo.oppoNotifyLevel = 2
        params.offlinePushInfo.isDisablePush = true
        #expect(try await alice.awaiting.engineCalls(["bob"], .audio, params: params, in: world).isSuccess)
        let id = alice.callID
        await world.runUntilIdle()

        let (call, invitee) = try #require(backend.offlineInvitations.first)
        #expect(backend.offlineInvitations.count == 1)
        #expect(call.id.rawValue == id)
        #expect(invitee == "bob")
        #expect(call.attachments["tencent.offlinePushTitle"] == "Alice")
        #expect(call.attachments["tencent.offlinePushDescription"] == "calls you")
        let info = try JSONParser().parse(try #require(call.attachments["tencent.offlinePushInfo"]))
        #expect(info["title"]?.stringValue == "Alice")
        #expect(info["desc"]?.stringValue == "calls you")
        #expect(info["iOSPushType"]?.intValue == 1)
        #expect(info["androidSound"]?.stringValue == "ring")
        #expect(info["oppoNotifyLevel"]?.intValue == 2)
        #expect(info["androidVIVOClassification"]?.intValue == 1)
        #expect(info["isDisablePush"]?.boolValue == true)
        #expect(info.objectValue?.count == 23)

        // The server's push hook posts it under "push".
        let body = WebhookDispatcher.body(of: .offlineInvitation(app: "tencent-app", call: call, invitee: "bob"))
        #expect(body["event"]?.stringValue == "call.offlineInvitation")
        #expect(body["user"]?.stringValue == "bob")
        let push = try #require(body["push"]?.objectValue)
        #expect(push["tencent.offlinePushTitle"]?.stringValue == "Alice")
        #expect(push["tencent.offlinePushInfo"]?.stringValue == call.attachments["tencent.offlinePushInfo"])
    }

    @Test("CallStore.calls: the 4.x offlinePushTitle and offlinePushDescription reach the backend")
    func storeCallsCarryTitleAndDescription() async throws {
        let backend = BackendEventLog()
        let world = pushWorld(backend)
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(sig: testUserSig("alice"), in: world).isSuccess)
        var params = CallParams()
        params.offlinePushTitle = "Alice"
        params.offlinePushDescription = "video call"
        #expect(try await alice.calls(["bob"], .video, params: params, in: world).isSuccess)
        await world.runUntilIdle()
        let (call, _) = try #require(backend.offlineInvitations.first)
        #expect(call.attachments == ["tencent.offlinePushTitle": "Alice", "tencent.offlinePushDescription": "video call"])
    }

    @Test("TUICallKit's own calls send the kit's push (OfflinePushInfoConfig)")
    func kitCallsCarryTheKitPush() async throws {
        let backend = BackendEventLog()
        let world = pushWorld(backend)
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(sig: testUserSig("alice"), in: world).isSuccess)
        alice.awaiting.legacyKit.call(userId: "bob", callMediaType: .video)
        try await alice.waitFor(prefix: "started ", in: world)
        await world.runUntilIdle()
        let (call, _) = try #require(backend.offlineInvitations.first)
        #expect(call.attachments["tencent.offlinePushDescription"] == "You have a new call")
        let info = try JSONParser().parse(try #require(call.attachments["tencent.offlinePushInfo"]))
        #expect(info["iOSSound"]?.stringValue == "phone_ringing.mp3")
        #expect(info["androidHuaWeiCategory"]?.stringValue == "IM")
        #expect(info["iOSPushType"]?.intValue == 0)
    }

    @Test("a push info too large for the invitation fails with -1202 and nobody rings")
    func oversizedPushInfo() async throws {
        let backend = BackendEventLog()
        let world = pushWorld(backend)
        let alice = TencentUser("alice", in: world)
        #expect(try await alice.login(sig: testUserSig("alice"), in: world).isSuccess)
        let params = TUICallParams()
        params.offlinePushInfo.extraInfo = String(repeating: "x", count: 9000)
        #expect(try await alice.awaiting.engineCalls(["bob"], .audio, params: params, in: world).engineCode == ERROR_PARAM_INVALID)
        await world.runUntilIdle()
        #expect(alice.state.selfInfo.status == .none)
        #expect(backend.offlineInvitations.isEmpty)
        #expect(world.service.activeCalls().isEmpty)
    }

    /// A configured app that pushes offline invitations, its backend events going to `backend`.
    private func pushWorld(_ backend: BackendEventLog) -> TestWorld {
        let app = AppConfiguration(id: "tencent-app", vendorIDs: [String(testSDKAppID)], secret: tencentTestSecret,
                                   pushesOfflineInvitations: true)
        let now = Int64(Date().timeIntervalSince1970.rounded(.down))
        return TestWorld(configuration: ServiceConfiguration(apps: [app]),
                         verifier: UserSigTokenVerifier(fallback: RefuseOtherLogins()), backendEvents: backend,
                         epoch: Timestamp(millisecondsSince1970: now * 1000))
    }
}

/// What the service told the app's backend.
final class BackendEventLog: BackendEventSink {
    private let events = Mutex<[BackendEvent]>([])

    func deliver(_ event: BackendEvent) {
        events.withLock { $0.append(event) }
    }

    var offlineInvitations: [(Call, UserID)] {
        events.withLock { events in
            events.compactMap { if case .offlineInvitation(_, let call, let invitee) = $0 { (call, invitee) } else { nil } }
        }
    }
}
