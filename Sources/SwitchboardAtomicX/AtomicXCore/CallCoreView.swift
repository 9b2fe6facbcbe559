import Foundation

/// AtomicXCore `CallCoreView` (DocC `callcoreview.json`), headless: the view keeps its configuration and
/// follows `CallStore` by itself, as the vendor's does, but renders nothing
/// (docs/TENCENT.md, "Headless UIKit").
/// What it would draw is readable: ``currentLayoutTemplate``, ``avatarPath(for:)``,
/// ``volumeIconPath(for:)``, ``networkIconPath(for:)``.
@MainActor
public class CallCoreView: UIView, @unchecked Sendable {
    private var template: CallLayoutTemplate?
    private var waitingAnimationPath: String?
    private var volumeLevelIcons: [VolumeLevel: String] = [:]
    private var networkQualityIcons: [NetworkQuality: String] = [:]
    private var participantAvatars: [String: String] = [:]
    private let store: CallStore

    /// `CallCoreView(frame:)`: a view of `CallStore.shared`.
    public override init(frame: CGRect) {
        store = CallStore.shared
        super.init(frame: frame)
    }

    /// Switchboard addition: a view of another store (an ``AtomicXInstance``'s).
    public init(frame: CGRect, callStore: CallStore) {
        store = callStore
        super.init(frame: frame)
    }

    /// AtomicXCore `setLayoutTemplate(_:)`: `.float`, `.grid` or `.pip`; without it the layout follows
    /// the participant count.
    public func setLayoutTemplate(_ template: CallLayoutTemplate) {
        self.template = template
    }

    /// AtomicXCore `setWaitingAnimation(path:)`: the GIF shown over participants still ringing.
    public func setWaitingAnimation(path: String) {
        waitingAnimationPath = path
    }

    /// AtomicXCore `setVolumeLevelIcons(icons:)`.
    public func setVolumeLevelIcons(icons: [VolumeLevel: String]) {
        volumeLevelIcons = icons
    }

    /// AtomicXCore `setNetworkQualityIcons(icons:)`.
    public func setNetworkQualityIcons(icons: [NetworkQuality: String]) {
        networkQualityIcons = icons
    }

    /// AtomicXCore `setParticipantAvatars(avatars:)`: userId → image path.
    public func setParticipantAvatars(avatars: [String: String]) {
        participantAvatars = avatars
    }

    /// AtomicXCore `CallCoreView.defaultAvatarImage`.
    public static var defaultAvatarImage: UIImage?
    /// AtomicXCore `CallCoreView.networkQualityImages`.
    public static var networkQualityImages: [NetworkQuality: UIImage] = [:]
    /// AtomicXCore `CallCoreView.participantAvatars`.
    public static var participantAvatars: [String: UIImage] = [:]
    /// AtomicXCore `CallCoreView.volumeImages`.
    public static var volumeImages: [VolumeLevel: UIImage] = [:]
    /// AtomicXCore `CallCoreView.waitingAnimationImage`.
    public static var waitingAnimationImage: UIImage?

    // MARK: - What it would draw (Switchboard additions)

    /// The layout in use: the one set, else grid for a group call (a chat group or more than one
    /// invitee) and float for 1:1 (GUIDE-IOS; Flutter `CallCoreControllerImpl`).
    public var currentLayoutTemplate: CallLayoutTemplate {
        if let template { return template }
        let call = store.state.value.activeCall
        return !call.chatGroupId.isEmpty || call.inviteeIds.count > 1 ? .grid : .float
    }

    /// The avatar shown for `userId`: the path set for them, else their profile's avatar URL.
    public func avatarPath(for userId: String) -> String? {
        if let path = participantAvatars[userId] { return path }
        let url = store.state.value.allParticipants.first { $0.id == userId }?.avatarURL
        return url?.isEmpty == false ? url : nil
    }

    /// The volume icon for a participant: `.mute` while their microphone is closed, else their level's
    /// band (docs/TENCENT.md, "VolumeLevel and CallLayoutTemplate").
    public func volumeIconPath(for userId: String) -> String? {
        let state = store.state.value
        let microphone = state.allParticipants.first { $0.id == userId }?.isMicrophoneOpened ?? false
        return volumeLevelIcons[Self.volumeLevel(microphoneOpened: microphone, volume: state.speakerVolumes[userId] ?? 0)]
    }

    /// The network icon for a participant's quality, if one is set for it.
    public func networkIconPath(for userId: String) -> String? {
        store.state.value.networkQualities[userId].flatMap { networkQualityIcons[$0] }
    }

    /// The waiting animation over a participant still ringing, if one is set.
    public func waitingAnimation(for userId: String) -> String? {
        // The caller shows `waiting` too while calling; only invitees ring.
        let state = store.state.value
        guard userId != state.activeCall.inviterId else { return nil }
        let ringing = state.allParticipants.first { $0.id == userId }?.status == .waiting
        return ringing ? waitingAnimationPath : nil
    }

    /// The volume bands of docs/TENCENT.md, "VolumeLevel and CallLayoutTemplate": mute while the microphone
    /// is closed; 0…25 low, (25, 50] medium, (50, 75] high, (75, 100] peak.
    nonisolated static func volumeLevel(microphoneOpened: Bool, volume: Int) -> VolumeLevel {
        guard microphoneOpened else { return .mute }
        switch volume {
        case ...25: return .low
        case 26...50: return .medium
        case 51...75: return .high
        default: return .peak
        }
    }
}
