import SwitchboardCore

extension PushTokenRequest {
    /// A request from typed values: the platform's and environment's wire names.
    public init(platform: PushPlatform, token: String, topic: String, environment: PushEnvironment? = nil) {
        self.init(platform: platform.rawValue, token: token, topic: topic, environment: environment?.rawValue)
    }

    /// An APNs token's bytes (PushKit's `PKPushCredentials.token`, the app delegate's device token) as
    /// the wire carries them: lowercase hex, two digits a byte.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
