import Foundation
import Testing
@testable import SwitchboardAtomicX
import SwitchboardTesting

/// The headless `CallCoreView` (docs/TENCENT.md, "Headless UIKit"): its configuration, and what it would
/// draw from the store.
@Suite("CallCoreView (headless)")
struct CallCoreViewTests {
    @Test("the layout follows the participant count unless set: float for 1:1, grid for a group call")
    @MainActor
    func defaultTemplate() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        let bob = TencentUser("bob", in: world)
        let carol = TencentUser("carol", in: world)
        for user in [alice, bob, carol] { try await user.login(in: world) }
        let view = CallCoreView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), callStore: alice.callStore)
        #expect(view.currentLayoutTemplate == .float)

        #expect(try await alice.calls(["bob", "carol"], in: world).isSuccess)
        try await alice.waitUntil("the group call shows", in: world) { $0.activeCall.inviteeIds.count == 2 }
        #expect(view.currentLayoutTemplate == .grid)
        #expect(view.waitingAnimation(for: "bob") == nil)
        view.setWaitingAnimation(path: "/res/waiting.gif")
        #expect(view.waitingAnimation(for: "bob") == "/res/waiting.gif")
        #expect(view.waitingAnimation(for: "alice") == nil, "the caller is not ringing")
        view.setLayoutTemplate(.pip)
        #expect(view.currentLayoutTemplate == .pip)
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test("icons and avatars: the guide's statements, and the paths the view would use")
    @MainActor
    func icons() async throws {
        let world = TestWorld()
        let alice = TencentUser("alice", in: world)
        try await alice.login(in: world)
        let callCoreView = CallCoreView(frame: .zero, callStore: alice.callStore)
        // 设置音量提示图标
        let volumeLevelIcons: [VolumeLevel: String] = [.mute: "/res/mute.png", .peak: "/res/peak.png"]
        callCoreView.setVolumeLevelIcons(icons: volumeLevelIcons)
        // 设置网络质量图标
        let networkQualityIcons: [NetworkQuality: String] = [.bad: "/res/bad.png"]
        callCoreView.setNetworkQualityIcons(icons: networkQualityIcons)
        // 设置用户头像
        var avatars: [String: String] = [:]
        let userId = "bob" // 用户 ID
        let avatarPath = "/res/bob.png" // 用户默认头像资源的路径
        avatars[userId] = avatarPath
        callCoreView.setParticipantAvatars(avatars: avatars)

        #expect(callCoreView.avatarPath(for: "bob") == "/res/bob.png")
        #expect(callCoreView.avatarPath(for: "carol") == nil)
        #expect(callCoreView.volumeIconPath(for: "alice") == "/res/mute.png", "a closed microphone shows mute")
        #expect(callCoreView.networkIconPath(for: "alice") == nil)
    }

    @Test("volume bands: mute while the microphone is closed, then 25-point bands", arguments: [
        (false, 90, VolumeLevel.mute), (true, 0, .low), (true, 25, .low), (true, 26, .medium), (true, 50, .medium),
        (true, 51, .high), (true, 75, .high), (true, 76, .peak), (true, 100, .peak),
    ])
    func volumeBands(microphone: Bool, volume: Int, level: VolumeLevel) {
        #expect(CallCoreView.volumeLevel(microphoneOpened: microphone, volume: volume) == level)
    }
}
