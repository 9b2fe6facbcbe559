/// Correlates a response with its request. Chosen by the client, unique within its session; a request
/// re-sent after a reconnect keeps its id, so the service answers it from its record instead of doing
/// it twice.
public struct RequestID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(integerLiteral value: Int64) { self.rawValue = value }
    public var description: String { "#\(rawValue)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A logged-in session, issued by the service at login. A client resumes it after a dropped link
/// within the grace period.
public struct SessionID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
}

/// The position of an event in one session's event stream: 1, 2, 3, ... without gaps. The client
/// acknowledges the highest it has handled; a resumed session replays everything after it.
public typealias EventSequence = Int64
