/// How one simulated call goes. Each ends in a different way, so a mix of them exercises every path of
/// the service under load: the answered call (three-way accept, then hang up), and the three ways an
/// invitation ends unanswered.
public enum FlowKind: String, CaseIterable, Hashable, Sendable, Comparable {
    /// invite → ring → accept → confirm → connected → end (the SIP INVITE / 180 / 200 / ACK / BYE call).
    case accept
    /// invite → ring → the callee declines.
    case reject
    /// invite → ring → the caller cancels.
    case cancel
    /// invite → ring → nobody answers until the ring timeout.
    case timeout

    public static func < (lhs: FlowKind, rhs: FlowKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The share of each ``FlowKind`` among the calls placed, as whole-number weights (`accept=90,reject=4,
/// cancel=3,timeout=3`). The kind of call number `n` is fixed by `n` alone, spread evenly (a smooth
/// weighted round-robin), so a run is reproducible and every stretch of calls has the same mix.
public struct FlowMix: Hashable, Sendable, CustomStringConvertible {
    public let weights: [FlowKind: Int]
    /// One cycle of the round-robin: `total` kinds in the order they are placed.
    private let cycle: [FlowKind]

    /// Only answered calls: what the SIP reference's built-in scenario does.
    public static let acceptOnly = try! FlowMix(weights: [.accept: 1])

    public init(weights: [FlowKind: Int]) throws(LoadError) {
        guard weights.values.allSatisfy({ $0 >= 0 }), weights.values.contains(where: { $0 > 0 }),
              weights.values.reduce(0, +) <= 10_000 else {
            throw LoadError.invalidPlan("a mix needs non-negative weights, at least one above zero, 10000 at most in all")
        }
        self.weights = weights.filter { $0.value > 0 }
        cycle = Self.smoothRoundRobin(self.weights)
    }

    /// Parses `accept=90,reject=4,cancel=3,timeout=3` (kinds left out get no calls).
    public init(parsing text: String) throws(LoadError) {
        var weights: [FlowKind: Int] = [:]
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let kind = FlowKind(rawValue: parts[0].trimmingSpaces),
                  let weight = Int(parts[1].trimmingSpaces), weights[kind] == nil else {
                throw LoadError.invalidPlan("cannot read the mix item '\(item)' (expected kind=weight, kinds: \(FlowKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            weights[kind] = weight
        }
        try self.init(weights: weights)
    }

    /// The kind of the `index`th call placed.
    public func kind(of index: Int) -> FlowKind {
        cycle[index % cycle.count]
    }

    public var description: String {
        FlowKind.allCases.compactMap { kind in weights[kind].map { "\(kind.rawValue)=\($0)" } }.joined(separator: ",")
    }

    /// Nginx's smooth weighted round-robin: each step adds every weight to its kind's credit, picks the
    /// kind with the most credit and takes the total off it. Kinds interleave instead of coming in runs.
    private static func smoothRoundRobin(_ weights: [FlowKind: Int]) -> [FlowKind] {
        let kinds = weights.keys.sorted()
        let total = weights.values.reduce(0, +)
        var credit = [FlowKind: Int](uniqueKeysWithValues: kinds.map { ($0, 0) })
        var cycle: [FlowKind] = []
        cycle.reserveCapacity(total)
        for _ in 0..<total {
            for kind in kinds { credit[kind, default: 0] += weights[kind]! }
            let chosen = kinds.max { credit[$0]! < credit[$1]! }!
            credit[chosen]! -= total
            cycle.append(chosen)
        }
        return cycle
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
