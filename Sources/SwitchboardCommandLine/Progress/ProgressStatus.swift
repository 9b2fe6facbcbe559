import Foundation

/// What a long command has done so far, as its progress line says it (docs/PERFORMANCE.md, "Progress
/// lines"): `calls 1,234/10,000 · 410/s · ring p50 0.62 ms · errors 0 · 12 s left`.
public struct ProgressStatus: Sendable, Hashable {
    /// What is counted, or the step under way: "calls", "logging in".
    public var label: String
    public var done: Int
    /// How many there will be, when known.
    public var total: Int?
    /// Whether the line shows how fast ``done`` grows (the reporter measures it).
    public var showsRate: Bool
    /// The rest of the line, in order: "in flight 12", "errors 0".
    public var details: [String]
    /// The time left, when the command knows it (a run of a set duration); otherwise the line estimates it
    /// from ``total`` and the rate.
    public var remaining: Duration?

    public init(label: String, done: Int, total: Int? = nil, showsRate: Bool = true, details: [String] = [],
                remaining: Duration? = nil) {
        self.label = label
        self.done = done
        self.total = total
        self.showsRate = showsRate
        self.details = details
        self.remaining = remaining
    }

    /// The line, given how many a second ``done`` grows by now (nil while unknown).
    public func text(rate: Double?) -> String {
        var parts = [label + " " + Self.count(done) + (total.map { "/" + Self.count($0) } ?? "")]
        if showsRate, let rate { parts.append(Self.rate(rate)) }
        parts += details
        if let left = remaining ?? estimatedRemaining(rate: rate) { parts.append(Self.duration(left) + " left") }
        return parts.joined(separator: " · ")
    }

    private func estimatedRemaining(rate: Double?) -> Duration? {
        guard let total, let rate, rate > 0, done < total else { return nil }
        return .milliseconds(Int64((Double(total - done) / rate * 1_000).rounded(.up)))
    }

    /// `1,234,567`: grouped by thousands with commas, whatever the locale (the line is read in logs too).
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `410/s`; below 10 a second, one decimal (`2.5/s`).
    public static func rate(_ perSecond: Double) -> String {
        let value = max(0, perSecond)
        return (value < 10 ? value.formatted(decimals: 1) : count(Int(value.rounded()))) + "/s"
    }

    /// `0.62 ms`, `3.1 ms`, `250 ms`: about two significant digits.
    public static func milliseconds(_ value: Double) -> String {
        let decimals = value < 1 ? 2 : value < 100 ? 1 : 0
        return value.formatted(decimals: decimals) + " ms"
    }

    /// `12 s`, `3 min 05 s`, `2 h 04 min`: whole seconds, rounded up (a second left is not "0 s").
    public static func duration(_ value: Duration) -> String {
        let (seconds, attoseconds) = value.components
        let total = max(0, seconds + (attoseconds > 0 ? 1 : 0))
        if total < 60 { return "\(total) s" }
        if total < 3_600 { return "\(total / 60) min " + twoDigits(total % 60) + " s" }
        return "\(total / 3_600) h " + twoDigits(total % 3_600 / 60) + " min"
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

extension Double {
    /// `value` with `decimals` digits after the point, whatever the locale.
    fileprivate func formatted(decimals: Int) -> String {
        String(format: "%.\(decimals)f", self)
    }
}
