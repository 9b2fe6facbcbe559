import SwitchboardCore

/// The call settings a vendor SDK lets an app choose when it places a call, beside the payload, media
/// type and room (which ``CallProfile`` carries in the invite itself). Everything else about a call's
/// policy is the profile's and the app's, decided by the service.
public struct CallParameters: Hashable, Sendable {
    /// How long invitees may ring (ZIM `ZIMCallInviteConfig.timeout`, Tencent `CallParams.timeout`);
    /// nil for the profile's default. Agora and anyRTC have no such setting.
    public var ringTimeout: Duration?
    /// ZIM `ZIMCallInviteConfig.enableNotReceivedCheck`.
    public var notReceivedCheck: Bool
    /// Tencent `CallParams.isEphemeralCall`: the call leaves no records, where the app allows it.
    public var ephemeral: Bool
    /// Switchboard's own clients: the acceptance is final only once the caller's client confirms it (the
    /// three-way handshake Agora's calls always have, SIP's ACK).
    public var confirmsAccept: Bool

    public init(ringTimeout: Duration? = nil, notReceivedCheck: Bool = false, ephemeral: Bool = false,
                confirmsAccept: Bool = false) {
        self.ringTimeout = ringTimeout
        self.notReceivedCheck = notReceivedCheck
        self.ephemeral = ephemeral
        self.confirmsAccept = confirmsAccept
    }

    /// No parameters: every profile's defaults.
    public static let none = CallParameters()

    /// The settings an SDK may offer, named as on the wire.
    enum Setting: String, CaseIterable {
        case ringTimeout = "ringTimeoutMs", notReceivedCheck, ephemeral, confirmsAccept
    }

    /// The settings these parameters set.
    var settings: [Setting] {
        Setting.allCases.filter { setting in
            switch setting {
            case .ringTimeout: ringTimeout != nil
            case .notReceivedCheck: notReceivedCheck
            case .ephemeral: ephemeral
            case .confirmsAccept: confirmsAccept
            }
        }
    }

    /// Refuses a setting the profile's SDK has no way to make: each profile names the ones it takes.
    func check(takes allowed: Set<Setting>, profile: String) throws(CallError) {
        if let foreign = settings.first(where: { !allowed.contains($0) }) {
            throw CallError(.invalidArgument, "\(foreign.rawValue) cannot be set for \(profile) calls")
        }
    }

    /// The ring timeout, checked against `range` (in seconds, as every SDK counts them).
    func ringTimeout(in range: ClosedRange<Int>, default fallback: Int, profile: String) throws(CallError) -> Duration {
        guard let ringTimeout else { return .seconds(fallback) }
        let bounds = Duration.seconds(range.lowerBound) ... Duration.seconds(range.upperBound)
        guard bounds.contains(ringTimeout) else {
            throw CallError(.invalidArgument,
                            "the ring timeout of \(profile) calls must be \(range.lowerBound) to \(range.upperBound) s, not \(ringTimeout)")
        }
        return ringTimeout
    }
}
