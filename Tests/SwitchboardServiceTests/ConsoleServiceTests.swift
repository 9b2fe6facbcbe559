import Testing
import SwitchboardCore
import SwitchboardProfiles
import SwitchboardService
import SwitchboardWire

/// What the console reads from the service (docs/SERVER.md, "Console"): each call's timeline, the live-call
/// and session listings, and each app's activity counters. Virtual time throughout.
@Suite("Console: timelines, listings, activity")
struct ConsoleServiceTests {
    /// A connection logged in as `user` from the surface `surface`.
    private static func login(_ harness: ServiceHarness, _ user: UserID, surface: String) throws -> RawConnection {
        let connection = harness.connect()
        connection.send(.hello(Hello(app: "app", user: user, device: DeviceID("\(user.rawValue)-1"), token: "token",
                                     loginPolicy: .multiDevice, surface: surface)))
        guard case .welcome(let welcome) = connection.frames.first else { throw HarnessError.notWelcomed(connection.frames) }
        connection.session = welcome.session
        return connection
    }

    /// Each entry as `kind:name`, for comparing orders.
    private static func names(_ timeline: CallTimeline?) -> [String] {
        (timeline?.entries ?? []).map { entry in
            switch entry.what {
            case .command(let name, _, _, let error): "command:\(name)" + (error.map { "!\($0.rawValue)" } ?? "")
            case .event(let event, _, _): "event:\(event.rawValue)"
            case .service(let cause): "service:\(cause.rawValue)"
            case .push(let push): "push:\(push.summary)"
            }
        }
    }

    @Test("a call's timeline lists its commands, then the events each caused, then its end, and outlives it by an hour")
    func timelineInOrder() async throws {
        let harness = ServiceHarness()
        let alice = try Self.login(harness, "alice", surface: "zim")
        let bob = try Self.login(harness, "bob", surface: "agora")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced)))
        _ = try bob.call(.call(call.id, .acknowledge))
        await harness.advance(by: .seconds(2))
        _ = try bob.call(.call(call.id, .accept(data: nil)))
        _ = try alice.call(.call(call.id, .end(data: nil)))

        let timeline = try #require(harness.service.timeline(of: call.id, app: .development))
        #expect(Self.names(timeline) == [
            "command:invite", "event:created", "event:invited",
            "command:ack", "event:participantsChanged",
            "command:accept", "event:participantsChanged", "event:answeredElsewhere",
            "command:end", "event:ended",
        ])
        #expect(timeline.endedAt != nil)
        guard case .command(_, let by, let surface, nil) = timeline.entries[5].what else {
            Issue.record("the sixth entry is bob's accept")
            return
        }
        #expect(by.user == "bob" && surface == "agora")
        guard case .event(_, let to, let states) = timeline.entries[6].what else {
            Issue.record("the seventh entry is the accept's event")
            return
        }
        #expect(Set(to.map(\.timelineName)) == ["alice/alice-1", "bob/bob-1"], "an advanced call tells each device in it")
        #expect(states.map(\.0) == ["bob"] && states.first?.1 == .accepted)
        #expect(timeline.entries.allSatisfy { $0.node == nil }, "a single server names no node")

        // Kept for the hour after the call ended, then forgotten.
        await harness.advance(by: .seconds(3_599), step: .seconds(600))
        #expect(harness.service.timeline(of: call.id, app: .development) != nil)
        await harness.advance(by: .seconds(2))
        _ = harness.service.activity(app: .development)
        #expect(harness.service.timeline(of: call.id, app: .development) == nil)
    }

    @Test("a refused command is on the call's timeline with its code; a command about an unknown id starts no timeline")
    func refusedCommands() throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let mallory = try harness.login("mallory")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))

        #expect(throws: SignalingError.self) { try mallory.call(.call(call.id, .accept(data: nil))) }
        let refusal = try #require(try alice.request(.call(call.id, .accept(data: nil))).failure)
        #expect(Self.names(harness.service.timeline(of: call.id)).suffix(2) == [
            "command:accept!call_not_found", "command:accept!\(refusal.code.rawValue)",
        ])
        #expect(throws: SignalingError.self) { try mallory.call(.call("c-unknown", .accept(data: nil))) }
        #expect(harness.service.timeline(of: "c-unknown") == nil)
    }

    @Test("a ring timeout is on the timeline as the service's deadline, before the events it caused")
    func deadlineOnTimeline() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        _ = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"], parameters: CallParameters(ringTimeout: .seconds(5)))))
        await harness.advance(by: .seconds(6))
        let names = Self.names(harness.service.timeline(of: call.id))
        let deadline = try #require(names.firstIndex(of: "service:deadline"))
        #expect(names[(deadline + 1)...].contains("event:timedOut"))
        #expect(names.last == "event:ended")
    }

    @Test("the live-call listing filters by state, user and surface, and pages by cursor with a total")
    func liveCallListing() throws {
        var configuration = ServiceConfiguration.development
        configuration.maxPendingInvitationsPerUser = 50
        let harness = ServiceHarness(configuration: configuration)
        let bob = try Self.login(harness, "bob", surface: "zim")
        var calls: [Call] = []
        for index in 0..<7 {
            let caller = try Self.login(harness, UserID("caller-\(index)"), surface: index < 3 ? "agora" : "tencent")
            calls.append(try caller.call(.invite(InviteRequest(invitees: ["bob"], profile: .nativeAdvanced))))
        }
        _ = try bob.call(.call(calls[0].id, .accept(data: nil)))

        let all = try harness.service.liveCalls(limit: 3)
        #expect(all.total == 7 && all.calls.count == 3 && all.next != nil)
        var seen = all.calls.map(\.call.id)
        var cursor = all.next
        while let next = cursor {
            let page = try harness.service.liveCalls(cursor: next, limit: 3)
            seen += page.calls.map(\.call.id)
            cursor = page.next
        }
        #expect(seen == calls.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(\.id))

        #expect(try harness.service.liveCalls(filter: LiveCallFilter(state: .connected)).calls.map(\.call.id) == [calls[0].id])
        #expect(try harness.service.liveCalls(filter: LiveCallFilter(state: .ringing)).total == 6)
        #expect(try harness.service.liveCalls(filter: LiveCallFilter(user: "caller-4")).calls.map(\.call.id) == [calls[4].id])
        #expect(try harness.service.liveCalls(filter: LiveCallFilter(surface: "agora")).total == 3)
        #expect(try harness.service.liveCalls(filter: LiveCallFilter(surface: "zim")).total == 7, "bob is on zim in every call")

        let first = try #require(try harness.service.liveCalls(filter: LiveCallFilter(state: .connected)).calls.first)
        let member = try #require(first.members.first { $0.user == "bob" })
        #expect(member.surface == "zim" && member.state == .accepted)

        #expect(throws: SignalingError.self) { try harness.service.liveCalls(limit: 0) }
        #expect(throws: SignalingError.self) { try harness.service.liveCalls(limit: LiveCallListing.maximumLimit + 1) }
        #expect(throws: SignalingError.self) { try harness.service.liveCalls(cursor: "not-a-cursor") }
        #expect(throws: SignalingError.self) { try harness.service.liveCalls(app: "other") }
    }

    @Test("the session listing counts by surface and link, and a dropped connection shows as detached")
    func sessionListing() throws {
        let harness = ServiceHarness()
        _ = try Self.login(harness, "alice", surface: "zim")
        let bob = try Self.login(harness, "bob", surface: "agora")
        _ = try Self.login(harness, "carol", surface: "agora")
        bob.drop()

        let page = try harness.service.sessions(limit: 2)
        #expect(page.total == 3 && page.sessions.map(\.user) == ["alice", "bob"] && page.next != nil)
        #expect(page.bySurface == ["zim": 1, "agora": 2])
        #expect(page.byLink == ["attached": 2, "detached": 1])
        #expect(page.sessions[1].link == .detached)
        let rest = try harness.service.sessions(cursor: page.next, limit: 2)
        #expect(rest.sessions.map(\.user) == ["carol"] && rest.next == nil)
        #expect(try harness.service.sessions(surface: "agora").sessions.map(\.user) == ["bob", "carol"])
        #expect(try harness.service.sessions(user: "alice").total == 1)
        #expect(throws: SignalingError.self) { try harness.service.sessions(cursor: "s1.zz") }
    }

    @Test("activity counts calls placed and ended, ring latencies and refusals by code, per app")
    func activityCounters() async throws {
        let harness = ServiceHarness()
        let alice = try harness.login("alice")
        let bob = try harness.login("bob")
        let call = try alice.call(.invite(InviteRequest(invitees: ["bob"])))
        await harness.advance(by: .milliseconds(40), step: .milliseconds(40))
        _ = try bob.call(.call(call.id, .acknowledge))
        let refusal = try #require(try alice.request(.call(call.id, .accept(data: nil))).failure)

        let during = try #require(harness.service.activity())
        #expect(during.callsStarted == 1 && during.ringing == 1 && during.connected == 0)
        #expect(during.ringLatency.count == 1 && during.ringLatency.p50 == 40 && during.ringLatency.p99 == 40)
        #expect(during.errors == [refusal.code.rawValue: 1])
        #expect(during.sessionsBySurface == ["other": 2])

        _ = try alice.call(.call(call.id, .cancel(invitees: nil, data: nil)))
        let after = try #require(harness.service.activity())
        #expect(after.callsEnded == 1 && after.ringing == 0)
        #expect(after.callsVersion > during.callsVersion)

        // The window forgets latencies after 10 seconds.
        await harness.advance(by: .seconds(11))
        #expect(harness.service.activity()?.ringLatency.count == 0)
        #expect(harness.service.activity(app: "other") == nil)
    }
}
