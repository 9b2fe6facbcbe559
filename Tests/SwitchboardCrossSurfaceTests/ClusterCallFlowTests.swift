import ClusterTestSupport
import Dispatch
import Foundation
import Testing
import TestSupport

/// The other one-to-one call flows of every surface pair across the nodes of a real cluster
/// (docs/SERVER.md, "Cluster"): the callee refuses, the caller cancels while it rings, either side hangs
/// up a connected call, nobody answers. The caller is a client of the first node, the callee of the
/// second; each pair has users of its own, each flow a cluster of its own.
extension ClusterSurfaceTests {
    @Test("each surface's refusal reaches each surface's caller across two nodes")
    func refusalAcrossNodes() async throws {
        try await withCluster(nodes: 2) { cluster in
            for (callerSurface, calleeSurface) in Self.pairs {
                let (caller, callee, pair) = Self.parties("rj", callerSurface, calleeSurface, in: cluster)
                try await ring(caller, callee, pair)
                #expect(try await completed { callee.rejectIncoming($0) }, "\(pair): the callee refuses")
                try await heard(callerSurface.outRefused, by: caller, pair)
                if let line = calleeSurface.inRefused { try await heard(line, by: callee, pair) }
            }
        }
    }

    @Test("each surface's cancel reaches each surface's ringing callee across two nodes")
    func cancelAcrossNodes() async throws {
        try await withCluster(nodes: 2) { cluster in
            for (callerSurface, calleeSurface) in Self.pairs {
                let (caller, callee, pair) = Self.parties("cn", callerSurface, calleeSurface, in: cluster)
                try await ring(caller, callee, pair)
                #expect(try await completed { caller.cancelOutgoing($0) }, "\(pair): the caller cancels")
                try await heard(calleeSurface.inCanceled, by: callee, pair)
                if let line = callerSurface.outCanceled { try await heard(line, by: caller, pair) }
            }
        }
    }

    @Test("the callee hangs up a connected call across two nodes, and the caller hears it")
    func calleeHangsUpAcrossNodes() async throws {
        try await withCluster(nodes: 2) { cluster in
            for (callerSurface, calleeSurface) in Self.pairs {
                let (caller, callee, pair) = Self.parties("hb", callerSurface, calleeSurface, in: cluster, advanced: true)
                try await connect(caller, callee, pair)
                try await hangUp(by: callee, side: "in", other: caller, otherSide: "out", placedOn: callerSurface, pair)
            }
        }
    }

    @Test("the caller hangs up a connected call across two nodes, and the callee hears it")
    func callerHangsUpAcrossNodes() async throws {
        try await withCluster(nodes: 2) { cluster in
            for (callerSurface, calleeSurface) in Self.pairs {
                let (caller, callee, pair) = Self.parties("ha", callerSurface, calleeSurface, in: cluster, advanced: true)
                try await connect(caller, callee, pair)
                try await hangUp(by: caller, side: "out", other: callee, otherSide: "in", placedOn: callerSurface, pair)
            }
        }
    }

    /// The operator's ring cap of the timeout cluster (docs/SERVER.md, "Configuration: an app's calls"):
    /// it lowers the RTM kits' fixed 60 s, which no app can set; ZIM and Tencent callers ask for less
    /// through their own timeout parameter, so their invitations end on it.
    static let ringCapSeconds = 3
    static let ringTimeoutSeconds = 2

    @Test("an invitation nobody answers rings out on both sides, across two nodes, for every pair at once")
    func ringTimeoutAcrossNodes() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("sb-ring-cap-\(UUID().uuidString).json")
        try Data(#"{"limits": {"maxRingSeconds": \#(Self.ringCapSeconds)}}"#.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        try await withCluster(nodes: 2, arguments: ["--config", config.path]) { cluster in
            let parties = Self.pairs.map { Self.parties("to", $0, $1, in: cluster) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (caller, callee, pair) in parties {
                    group.addTask {
                        #expect(try await completed { caller.login($0) }, "\(pair): the caller logs in")
                        #expect(try await completed { callee.login($0) }, "\(pair): the callee logs in")
                        let sent = ContinuousClock.now
                        #expect(try await completed { caller.invite(callee.name, timeout: Self.ringTimeoutSeconds, $0) },
                                "\(pair): the invitation is sent")
                        try await heard("in received \(caller.name)", by: callee, pair)
                        try await heard(caller.surface.outTimedOut, by: caller, pair)
                        try await heard(callee.surface.inTimedOut, by: callee, pair)
                        #expect(ContinuousClock.now - sent >= .seconds(Self.ringTimeoutSeconds),
                                "\(pair): it rang its time out")
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    // MARK: - Steps

    /// Every ordered pair of surfaces.
    static let pairs: [(Surface, Surface)] = Surface.allCases.flatMap { caller in Surface.allCases.map { (caller, $0) } }

    /// A caller on the first node and a callee on the second, named after `flow` and their surfaces.
    static func parties(_ flow: String, _ callerSurface: Surface, _ calleeSurface: Surface, in cluster: LoopbackCluster,
                        advanced: Bool = false) -> (caller: any Party, callee: any Party, pair: String) {
        let pair = "\(flow) \(callerSurface)→\(calleeSurface)"
        let (first, second) = (cluster.nodes[0], cluster.nodes[1])
        let caller = callerSurface.party("\(flow)-a-\(callerSurface)-\(calleeSurface)",
                                         environment: cluster.environment(queue: DispatchQueue(label: "a.\(pair)"), on: [first]),
                                         advanced: advanced)
        let callee = calleeSurface.party("\(flow)-b-\(callerSurface)-\(calleeSurface)",
                                         environment: cluster.environment(queue: DispatchQueue(label: "b.\(pair)"), on: [second]),
                                         advanced: advanced)
        return (caller, callee, pair)
    }

    /// Both log in and the caller's invitation rings at the callee.
    func ring(_ caller: any Party, _ callee: any Party, _ pair: String) async throws {
        #expect(try await completed { caller.login($0) }, "\(pair): the caller logs in")
        #expect(try await completed { callee.login($0) }, "\(pair): the callee logs in")
        #expect(try await completed { caller.invite(callee.name, $0) }, "\(pair): the invitation is sent")
        try await heard("in received \(caller.name)", by: callee, pair)
    }

    /// The invitation rings and the callee accepts.
    func connect(_ caller: any Party, _ callee: any Party, _ pair: String) async throws {
        try await ring(caller, callee, pair)
        #expect(try await completed { callee.acceptIncoming($0) }, "\(pair): the callee accepts")
        try await heard(Surface.accepted, by: caller, pair)
    }

    /// `party` hangs up the connected call placed on `placedOn`'s surface. A call that lasts (Tencent's,
    /// ZIM's advanced) ends for both; an answered RTM call is over as signaling already, so the only
    /// hang-up left is Tencent's own, which ends the call on its side (docs/TENCENT.md, "Across
    /// surfaces"), while ZIM's `callEnd` has no call to end. A ZIM advanced call lives until `callEnd`
    /// (docs/ZIM.md, "Choices the surface makes"): a Tencent user's hang-up quits it, and the ZIM user
    /// hears that it quit.
    func hangUp(by party: any Party, side: String, other: any Party, otherSide: String, placedOn: Surface,
                _ pair: String) async throws {
        guard party.surface.hangsUp else { return }
        let lasts = placedOn.lasts(advanced: true)
        let ended = try await completed { party.hangUp($0) }
        #expect(ended == (lasts || party.surface == .tencent), "\(pair): \(party.name) hangs up: \(ended)")
        if party.surface == .tencent, let line = party.surface.hungUp(side) { try await heard(line, by: party, pair) }
        let line = placedOn == .zim && party.surface == .tencent ? "\(otherSide) quit" : other.surface.hungUp(otherSide)
        if lasts, let line { try await heard(line, by: other, pair) }
    }
}
