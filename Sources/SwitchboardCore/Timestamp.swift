/// A wall-clock instant in UTC milliseconds since 1970.
///
/// Deadlines are stored in this form (not as monotonic instants) because they must survive a server
/// restart; the service converts its injected clock into timestamps.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    public static let zero = Timestamp(millisecondsSince1970: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    public static func + (lhs: Self, rhs: Duration) -> Self {
        Timestamp(millisecondsSince1970: lhs.millisecondsSince1970 + rhs.wholeMilliseconds)
    }

    public static func - (lhs: Self, rhs: Duration) -> Self {
        Timestamp(millisecondsSince1970: lhs.millisecondsSince1970 - rhs.wholeMilliseconds)
    }

    /// The time from `self` to `later` (negative when `later` is earlier).
    public func duration(to later: Timestamp) -> Duration {
        .milliseconds(later.millisecondsSince1970 - millisecondsSince1970)
    }

    public var description: String { "t+\(millisecondsSince1970)ms" }
}

extension Duration {
    /// The duration in whole milliseconds, truncated toward zero.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
