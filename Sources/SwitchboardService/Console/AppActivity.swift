import DequeModule
import SwitchboardCore
import SwitchboardWire

/// One app's counters for the console's live charts (docs/SERVER.md, "Console"): calls placed and
/// ended, requests refused by code, and the latest invite-to-ring latencies. Per app, unlike the
/// server's `/metrics`, so that an app's console never shows another app's traffic.
///
/// Mutated only under the service's lock (it belongs to the app's ``Realm``).
struct AppActivityCounters {
    /// Over how long the ring latency percentiles are taken.
    static let latencyWindow = Duration.seconds(10)
    /// The most latencies kept in the window (a burst beyond it keeps the latest).
    static let maxLatencies = 50_000

    var callsStarted = 0
    var callsEnded = 0
    var errors: [String: Int] = [:]
    /// Bumped by every transition of any of the app's calls: a viewer's list changed when it did.
    var callsVersion: UInt64 = 0
    /// Invite-to-ring latencies (milliseconds) and when each was taken, oldest first.
    private var latencies: Deque<(at: Timestamp, milliseconds: Int64)> = []

    mutating func refused(_ code: SignalingError.Code) {
        errors[code.rawValue, default: 0] += 1
    }

    /// An invitee's device acknowledged the invitation `latency` after it was made.
    mutating func rang(after latency: Duration, at now: Timestamp) {
        latencies.append((now, latency.wholeMilliseconds))
        if latencies.count > Self.maxLatencies { latencies.removeFirst() }
    }

    /// The latencies within the window before `now`, sorted (older ones are dropped).
    mutating func recentLatencies(at now: Timestamp) -> [Int64] {
        while let first = latencies.first, first.at + Self.latencyWindow < now { latencies.removeFirst() }
        return latencies.map(\.milliseconds).sorted()
    }
}

/// A sample of one app's activity (``SignalingService/activity(app:)``): totals since the service
/// started, and the state now. The console's feed sends the differences between samples.
public struct AppActivity: Sendable {
    public var time: Timestamp
    /// Calls placed and calls ended since the service started hosting the app.
    public var callsStarted: Int
    public var callsEnded: Int
    /// Requests refused, by error code, since the service started hosting the app.
    public var errors: [String: Int]
    /// Live calls now: ringing (nobody in yet) and connected.
    public var ringing: Int
    public var connected: Int
    /// Sessions now, by surface (`agora`, `artm`, `zim`, `atomicx`, or `other`), and how many of them are
    /// detached (their client's link is gone; within the reconnect grace).
    public var sessionsBySurface: [String: Int]
    public var detachedSessions: Int
    /// Invite-to-ring latencies of the last 10 seconds, in milliseconds: percentiles 50, 90 and 99, and
    /// how many (nil percentiles when none).
    public var ringLatency: (p50: Int64?, p90: Int64?, p99: Int64?, count: Int)
    /// Changes whenever any of the app's calls changes.
    public var callsVersion: UInt64
}

extension Array where Element == Int64 {
    /// The `q` quantile (0...1) of a sorted array, nearest rank; nil when empty.
    func quantile(_ q: Double) -> Int64? {
        guard !isEmpty else { return nil }
        let rank = Swift.max(1, Int((q * Double(count)).rounded(.up)))
        return self[Swift.min(count, rank) - 1]
    }
}
