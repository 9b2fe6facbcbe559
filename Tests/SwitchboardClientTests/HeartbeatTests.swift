import Synchronization
import Testing
@testable import SwitchboardClient
import SwitchboardCore
import SwitchboardTesting
import SwitchboardWire

@Suite("Heartbeat on silence")
struct HeartbeatTests {
    private let start = Timestamp(millisecondsSince1970: 1_000_000)

    @Test("an idle link pings an interval after it last heard anything, and an interval after each ping")
    func idleLinkPings() {
        var schedule = HeartbeatSchedule(interval: .seconds(1), at: start)
        #expect(schedule.decide(at: start) == .wait(until: start + .seconds(1)))
        #expect(schedule.decide(at: start + .milliseconds(999)) == .wait(until: start + .seconds(1)))
        #expect(schedule.decide(at: start + .seconds(1)) == .ping)
        schedule.pinged(at: start + .seconds(1))
        // No pong: the next ping an interval after this one, not at once.
        #expect(schedule.decide(at: start + .seconds(1)) == .wait(until: start + .seconds(2)))
        schedule.heard(at: start + .milliseconds(1_200))
        #expect(schedule.decide(at: start + .milliseconds(1_500)) == .wait(until: start + .milliseconds(2_200)))
    }

    @Test("a link that keeps hearing but says nothing pings after three intervals of its own silence")
    func listeningLinkPings() {
        var schedule = HeartbeatSchedule(interval: .seconds(1), at: start)
        for tenth in 1...29 {
            schedule.heard(at: start + .milliseconds(100 * tenth))
            #expect(schedule.decide(at: start + .milliseconds(100 * tenth)) != .ping)
        }
        schedule.heard(at: start + .seconds(3))
        #expect(schedule.decide(at: start + .seconds(3)) == .ping)
        schedule.pinged(at: start + .seconds(3))
        schedule.heard(at: start + .milliseconds(3_100))
        #expect(schedule.decide(at: start + .milliseconds(3_100)) == .wait(until: start + .milliseconds(4_100)))
    }

    @Test("a link busy both ways never pings")
    func busyLinkDoesNotPing() {
        var schedule = HeartbeatSchedule(interval: .seconds(1), at: start)
        for tenth in 1...100 {
            let now = start + .milliseconds(100 * tenth)
            schedule.sent(at: now)
            schedule.heard(at: now)
            #expect(schedule.decide(at: now) != .ping)
        }
    }

    @Test("sessions: an idle one pings every second, a busy one not at all, a listening one every 3 s; the service hears all three throughout")
    func sessionsPingOnSilence() async throws {
        let world = TestWorld()
        let pings = Mutex<[UserID: Int]>([:])
        func counting(_ user: UserID) -> FaultInjector {
            let faults = FaultInjector()
            faults.dropFramesToService(.max) { frame in
                if case .ping = frame { pings.withLock { $0[user, default: 0] += 1 } }
                return false
            }
            return faults
        }
        let idle = try await world.login("idle", faults: counting("idle"))
        let talker = try await world.login("talker", faults: counting("talker"))
        let listener = try await world.login("listener", faults: counting("listener"))
        // The talker sends the listener a message every 500 ms for 9 s: the talker hears its responses,
        // the listener hears the messages and sends nothing.
        for _ in 0..<18 {
            _ = try await talker.session.sendMessage(PeerMessageRequest(to: "listener", content: .text("m")))
            await world.advance(by: .milliseconds(500))
        }
        let counted = pings.withLock { $0 }
        #expect((8...9).contains(counted["idle", default: 0]), "idle: one ping a second, \(counted)")
        #expect(counted["talker", default: 0] == 0, "talker: busy both ways, \(counted)")
        #expect(counted["listener", default: 0] == 3, "listener: one ping every 3 s of its own silence, \(counted)")
        for client in [idle, talker, listener] {
            #expect(await client.session.state == .connected)
        }
        for user: UserID in ["idle", "talker", "listener"] {
            #expect(world.service.presence(of: user) == .online, "\(user) stays reachable at the service")
        }
    }

    @Test("the 4 s threshold holds: a severed idle link is reconnecting 4 s after it last heard the service")
    func thresholdsHold() async throws {
        let world = TestWorld()
        let faults = FaultInjector()
        let alice = try await world.login("alice", faults: faults)
        await world.advance(by: .seconds(2))
        faults.severLinks()
        let interrupted = ConnectionChangeEvent(state: .reconnecting, reason: .interrupted)
        await world.advance(by: .milliseconds(3_900))
        #expect(!alice.connectionChanges.contains(interrupted))
        await world.advance(by: .milliseconds(200))
        #expect(alice.connectionChanges.contains(interrupted))
    }
}
