import SwitchboardCore

/// One push and its answer, as a call's timeline shows it (docs/SERVER.md, "Console"): `apns.voip ring →
/// bob/phone: 200`, `fcm cancel → bob/tablet: 404 UNREGISTERED, token removed`.
public struct PushTimelineEntry: Sendable {
    public var kind: PushKind
    public var platform: PushPlatform
    public var user: UserID
    public var device: DeviceID
    public var outcome: PushAnswer.Outcome

    init(_ answer: PushAnswer) {
        kind = answer.job.kind
        platform = answer.job.registration.platform
        user = answer.job.registration.user
        device = answer.job.registration.device
        outcome = answer.outcome
    }

    /// The answer in a few words: `200`, `410 Unregistered → token removed`, `dropped (queue full)`.
    public var answer: String {
        switch outcome {
        case .delivered: "200"
        case .tokenInvalid(let status, let reason): "\(status) \(reason) → token removed"
        case .failed(let status?, let reason): "\(status) \(reason)"
        case .failed(nil, let reason): reason
        case .dropped: "dropped (queue full)"
        case .expired: "expired before it was sent"
        }
    }

    /// The whole line: `apns.voip ring → bob/phone: 200`.
    public var summary: String {
        "\(platform.rawValue) \(kind.rawValue) → \(user.rawValue)/\(device.rawValue): \(answer)"
    }
}
