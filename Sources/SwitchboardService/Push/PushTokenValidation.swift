import SwitchboardCore
import SwitchboardWire

/// The checks `push.register` makes before anything is kept (docs/SERVER.md, "Push"): every refusal is
/// `invalid_argument`, and nothing is stored.
enum PushTokenValidation {
    /// The most bytes a token may have (APNs tokens are 32 to 100 bytes, FCM's about 160; 4 KB is generous).
    static let maxTokenBytes = 4096
    /// The most bytes a topic (a bundle id or an Android package) may have.
    static let maxTopicBytes = 255
    static let voipSuffix = ".voip"

    /// The registration `request` asks for, for `user`'s `device`, or why it is refused.
    /// - `topics`: the bundle ids and Android packages the app's push credentials serve; empty accepts any
    ///   well-formed topic (an app that pushes through its own backend, docs/SERVER.md, "The app's backend").
    static func registration(
        _ request: PushTokenRequest, user: UserID, device: DeviceID, topics: [String], at now: Timestamp
    ) throws(SignalingError) -> PushRegistration {
        guard let platform = PushPlatform(rawValue: request.platform) else {
            throw invalid("unknown push platform \(String(reflecting: request.platform)): apns.voip, apns.alert or fcm")
        }
        let environment: PushEnvironment
        switch request.environment {
        case nil: environment = .production
        case let name?:
            guard let known = PushEnvironment(rawValue: name) else {
                throw invalid("unknown APNs environment \(String(reflecting: name)): sandbox or production")
            }
            environment = platform.isAPNs ? known : .production
        }
        let token = try checkedToken(request.token, platform: platform)
        let topic = try checkedTopic(request.topic, platform: platform, topics: topics)
        return PushRegistration(user: user, device: device, platform: platform, token: token, topic: topic,
                                environment: environment, registeredAt: now)
    }

    /// Parses a platform name of `push.unregister`.
    static func platform(_ name: String?) throws(SignalingError) -> PushPlatform? {
        guard let name else { return nil }
        guard let platform = PushPlatform(rawValue: name) else {
            throw invalid("unknown push platform \(String(reflecting: name)): apns.voip, apns.alert or fcm")
        }
        return platform
    }

    private static func checkedToken(_ token: String, platform: PushPlatform) throws(SignalingError) -> String {
        let bytes = token.utf8
        guard !bytes.isEmpty else { throw invalid("the push token is empty") }
        guard bytes.count <= maxTokenBytes else {
            throw invalid("the push token is \(bytes.count) bytes; at most \(maxTokenBytes)")
        }
        if platform.isAPNs {
            // APNs device tokens are binary; apps send them as hex (PushKit's and the app delegate's `Data`).
            guard bytes.count % 2 == 0, bytes.allSatisfy(isHexDigit) else {
                throw invalid("an APNs token is hex (an even number of 0-9, a-f)")
            }
            return token.lowercased()
        }
        // FCM registration tokens are URL-safe text; a space or control character is never part of one.
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw invalid("an FCM token is printable ASCII without spaces")
        }
        return token
    }

    private static func checkedTopic(_ topic: String, platform: PushPlatform, topics: [String]) throws(SignalingError) -> String {
        let bytes = topic.utf8
        guard !bytes.isEmpty, bytes.count <= maxTopicBytes, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw invalid("the topic is 1 to \(maxTopicBytes) bytes of printable ASCII without spaces")
        }
        // The VoIP topic is the bundle id with `.voip` (APNs); a device may name either.
        let bundle = platform == .apnsVoIP && topic.hasSuffix(voipSuffix) ? String(topic.dropLast(voipSuffix.count)) : topic
        guard topics.isEmpty || topics.contains(bundle) else {
            throw invalid("the topic \(topic) is not one of the app's push bundles (\(topics.joined(separator: ", ")))")
        }
        return platform == .apnsVoIP ? bundle + voipSuffix : bundle
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20)
    }

    private static func invalid(_ message: String) -> SignalingError {
        SignalingError(.call(.invalidArgument), message)
    }
}
