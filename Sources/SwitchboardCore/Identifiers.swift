/// A call's identifier. Issued by the service, never by a client (ZIM `callID`, Tencent `callId`).
public struct CallID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A user of one app. The service accepts 1 to 64 bytes of printable ASCII; surfaces may be stricter.
public struct UserID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The longest user id the service accepts, in UTF-8 bytes (inclusive).
    public static let maximumLength = 64

    /// Whether the id is 1 to 64 bytes of printable ASCII (0x21...0x7E; no spaces).
    public var isValid: Bool {
        let utf8 = rawValue.utf8
        return !utf8.isEmpty && utf8.count <= Self.maximumLength && utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E }
    }
}

/// One installation of a client (a phone, a browser tab, an SDK instance). Chosen by the client and
/// stable across its reconnects, so that the service can tell "the same device again" from "another device".
public struct DeviceID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether the id is 1 to 128 bytes of printable ASCII.
    public var isValid: Bool {
        let utf8 = rawValue.utf8
        return !utf8.isEmpty && utf8.count <= 128 && utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E }
    }
}

/// One logged-in device of a user: where a command comes from, and where an event can go.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    public var user: UserID
    public var device: DeviceID
    public init(user: UserID, device: DeviceID) {
        self.user = user
        self.device = device
    }
    public var description: String { "\(user)/\(device)" }
}

/// Unguessable identifiers: 128 bits from `generator` (the system's cryptographic source,
/// `SystemRandomNumberGenerator`, wherever an id is a capability) as 32 lowercase hex digits. Call ids and
/// the Tencent surface's room ids use it (docs/SECURITY.md, "Calls").
public enum RandomHex {
    public static func bits128<G: RandomNumberGenerator>(using generator: inout G) -> String {
        digits(generator.next() as UInt64, 16) + digits(generator.next() as UInt64, 16)
    }

    /// `value` in hex, zero-padded to `width` digits.
    public static func digits(_ value: UInt64, _ width: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
