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
        .wholeMilliseconds(later.millisecondsSince1970 - millisecondsSince1970)
    }

    public var description: String { "t+\(millisecondsSince1970)ms" }

    /// The earlier of two optional instants; nil only when both are.
    static func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}

extension Duration {
    /// The duration in whole milliseconds, truncated toward zero.
    public var wholeMilliseconds: Int64 {
        // Every deadline the engine arms goes through here. `components` divides its 128-bit count of
        // attoseconds in software (a few hundred instructions); where the standard library exposes the
        // count, one native division gives the same truncated value.
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Int64(attoseconds / 1_000_000_000_000_000)
        }
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// `milliseconds` whole milliseconds: the same value as `.milliseconds(_:)`, without its software
    /// 128-bit multiplication where the standard library takes a native count of attoseconds.
    static func wholeMilliseconds(_ milliseconds: Int64) -> Duration {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Duration(attoseconds: Int128(milliseconds) * 1_000_000_000_000_000)
        }
        return .milliseconds(milliseconds)
    }
}
