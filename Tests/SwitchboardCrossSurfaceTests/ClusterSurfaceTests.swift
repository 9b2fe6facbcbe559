import ClusterTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
import SwitchboardClient
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// Every surface calling every surface with caller and callee on different nodes of a real cluster
/// (docs/SERVER.md, "Cluster"): two `switchboard serve --cluster` subprocesses on a PostgreSQL database of
/// their own. One of them hosts the app; the other bridges its clients to it over the bus, so each call
/// has one side bridged whichever node hosts.
@Suite("Surfaces across cluster nodes", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: ClusterTestEnvironment.isAvailable, "needs SWITCHBOARD_TEST_POSTGRES (scripts/test sets it)"))
struct ClusterSurfaceTests {
    @Test("each surface calls each surface across two nodes: the invitation rings, the answer reaches the caller")
    func everyPairAcrossNodes() async throws {
        try await withCluster(nodes: 2) { cluster in
        let (first, second) = (cluster.nodes[0], cluster.nodes[1])
        for callerSurface in Surface.allCases {
            for calleeSurface in Surface.allCases {
                let pair = "\(callerSurface)→\(calleeSurface)"
                let caller = callerSurface.party("a-\(callerSurface)-\(calleeSurface)",
                                                 environment: cluster.environment(queue: DispatchQueue(label: "a.\(pair)"), on: [first]))
                let callee = calleeSurface.party("b-\(callerSurface)-\(calleeSurface)",
                                                 environment: cluster.environment(queue: DispatchQueue(label: "b.\(pair)"), on: [second]))
                #expect(try await completed { caller.login($0) }, "\(pair): the caller logs in on \(first.name)")
                #expect(try await completed { callee.login($0) }, "\(pair): the callee logs in on \(second.name)")
                #expect(try await completed { caller.invite(callee.name, $0) }, "\(pair): the invitation is sent")
                try await heard("in received \(caller.name)", by: callee, pair)
                #expect(try await completed { callee.acceptIncoming($0) }, "\(pair): the callee accepts")
                try await heard(Surface.accepted, by: caller, pair)
            }
        }
        }
    }

    @Test("glare across nodes: two invitations that cross, from clients on different nodes, leave the one that arrived first")
    func glareAcrossNodes() async throws {
        try await withCluster(nodes: 2) { cluster in
        let (first, second) = (cluster.nodes[0], cluster.nodes[1])
        for firstSurface in Surface.allCases {
            for secondSurface in Surface.allCases {
                let pair = "\(firstSurface)×\(secondSurface)"
                let alice = firstSurface.party("g-\(firstSurface)-\(secondSurface)-a",
                                               environment: cluster.environment(queue: DispatchQueue(label: "ga.\(pair)"), on: [first]))
                let bob = secondSurface.party("g-\(firstSurface)-\(secondSurface)-b",
                                              environment: cluster.environment(queue: DispatchQueue(label: "gb.\(pair)"), on: [second]))
                #expect(try await completed { alice.login($0) })
                #expect(try await completed { bob.login($0) })
                let bobSent = Mutex<Bool?>(nil)
                let aliceSent = try await completed { done in
                    alice.invite(bob.name) { ok in
                        bob.invite(alice.name) { sent in bobSent.withLock { $0 = sent } }
                        done(ok)
                    }
                }
                #expect(aliceSent, "\(pair): alice's invitation is sent")
                try await eventually("\(pair): bob's invitation is answered", timeout: .seconds(15)) { bobSent.withLock { $0 } != nil }
                try await heard("in received \(alice.name)", by: bob, pair)
                if bobSent.withLock({ $0 }) == true {
                    try await heard(secondSurface.lostGlare, by: bob, pair)
                } else {
                    #expect(secondSurface == .tencent, "\(pair): only a Tencent device refuses to call while it rings")
                }
                #expect(try await completed { bob.acceptIncoming($0) })
                try await heard(Surface.accepted, by: alice, pair)
            }
        }
        }
    }

    func heard(_ line: String, by party: any Party, _ pair: String) async throws {
        try await eventually("\(pair): \(party.name) hears \(line): \(party.lines)", timeout: .seconds(10)) {
            party.lines.contains(line)
        }
    }
}
