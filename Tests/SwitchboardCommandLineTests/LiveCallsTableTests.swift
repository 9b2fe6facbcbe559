import Foundation
import Testing
import SwitchboardJSON
@testable import SwitchboardCommandLine

/// `switchboard calls` from the admin API's answer (docs/SERVER.md, "Live calls from a terminal"): reading
/// it, the table (widths, long ids cut, the footer, no calls), `--json`, and the request it makes.
@Suite("switchboard calls: the live calls table")
struct LiveCallsTableTests {
    static let now: Int64 = 1_764_170_000_000  // 2025-11-26 15:13:20 UTC
    let table = LiveCallsTable(timeZone: TimeZone(identifier: "UTC")!)

    static func participant(_ user: String, _ role: String, _ state: String, _ surface: String?, device: String? = nil) -> JSONValue {
        .object(["user": .string(user), "role": .string(role), "state": .string(state), "surface": surface.map(JSONValue.string) ?? .null,
                 "device": device.map(JSONValue.string) ?? .null, "changedAt": .int(now - 1_000)])
    }

    static func call(_ id: String, _ state: String, _ mode: String, caller: String, createdAgo: Int64, connectedAgo: Int64? = nil,
                     node: String? = nil, _ participants: [JSONValue]) -> JSONValue {
        .object(["call": .string(id), "state": .string(state), "mode": .string(mode), "caller": .string(caller),
                 "createdAt": .int(now - createdAgo), "connectedAt": connectedAgo.map { .int(now - $0) } ?? .null,
                 "node": node.map(JSONValue.string) ?? .null, "participants": .array(participants)])
    }

    static func answer(_ calls: [JSONValue], total: Int? = nil, next: String? = nil) -> JSONValue {
        .object(["now": .int(now), "total": .int(Int64(total ?? calls.count)), "next": next.map(JSONValue.string) ?? .null,
                 "calls": .array(calls)])
    }

    static let fixture: [JSONValue] = [
        call("c1", "ringing", "general", caller: "alice", createdAgo: 12_000,
             [participant("alice", "caller", "accepted", "agora", device: "alice-phone"), participant("bob", "invitee", "received", "zim")]),
        call("c2", "connected", "advanced", caller: "carol", createdAgo: 80_000, connectedAgo: 65_500,
             [participant("carol", "caller", "accepted", "tencent"), participant("dave", "invitee", "accepted", nil),
              participant("erin", "invitee", "notYetReceived", "artm")]),
        // Created the day before: the date shows, and a ring of more than an hour.
        call("c3", "ringing", "general", caller: "frank", createdAgo: 90_000_000,
             [participant("frank", "caller", "accepted", "cli"), participant("gina", "invitee", "rejected(busy)", "zim")]),
    ]

    @Test("one row per call: id, state, mode, caller, participants as user:state@surface, mm:ss rung or connected, created; columns as wide as their widest cell")
    func rows() throws {
        let page = try LiveCallsPage(json: Self.answer(Self.fixture))
        #expect(table.render(page) == """
            CALL  STATE      MODE      CALLER  PARTICIPANTS                                                   TIME      CREATED
            c1    ringing    general   alice   alice:accepted@agora bob:received@zim                          00:12     15:13:08
            c2    connected  advanced  carol   carol:accepted@tencent dave:accepted erin:notYetReceived@artm  01:05     15:12:00
            c3    ringing    general   frank   frank:accepted@cli gina:rejected(busy)@zim                     25:00:00  2025-11-25 14:13
            3 live calls

            """)
    }

    @Test("long ids are cut with an ellipsis, a crowd of participants ends in +N more, a cluster's calls show their node, control characters show as ?")
    func truncation() throws {
        let longID = "c" + String(repeating: "0123456789abcdef", count: 4)
        let crowd = (1...8).map { Self.participant("user-number-0\($0)", "invitee", "received", "zim") }
        let page = try LiveCallsPage(json: Self.answer([
            Self.call(longID, "ringing", "advanced", caller: "a-very-long-user-id-for-a-caller", createdAgo: 3_000,
                      node: "node-with-a-very-long-name", crowd),
            Self.call("c2", "ringing", "general", caller: "mal\u{1B}[2Jlory", createdAgo: 1_000,
                      [Self.participant("participant-name-xyz", "caller", "accepted", "agora")]),
        ], total: 7))
        let lines = table.render(page).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "CALL                                               STATE    MODE      CALLER                PARTICIPANTS                                                     TIME   CREATED   NODE")
        #expect(lines[1] == "c0123456789abcdef0123456789abcdef0123456789abcde…  ringing  advanced  a-very-long-user-id…  user-number-01:received@zim user-number-02:received@zim +6 more  00:03  15:13:17  node-with-a-ver…")
        #expect(lines[2] == "c2                                                 ringing  general   mal?[2Jlory           participant-nam…:accepted@agora                                  00:01  15:13:19  -")
        #expect(lines[3] == "2 of 7 live calls (--limit N or --all for more)")
        #expect(lines[1].count == lines[0].count + "node-with-a-ver…".count - "NODE".count, "every row lines up under the header")
        // The service's own ids stay whole.
        let serviceID = "c01a218f8c4ca00064367881f6cc5c15f4a34e538574599bf"
        #expect(LiveCallsTable.cell(serviceID, width: LiveCallsTable.callWidth) == serviceID)
        #expect(LiveCallsTable.cell("a\u{202E}b", width: 32) == "a?b", "a right-to-left override is shown, not obeyed")
    }

    @Test("no calls: the table says so, naming the filters")
    func empty() throws {
        let page = try LiveCallsPage(json: Self.answer([]))
        #expect(table.render(page) == "no live calls\n")
        #expect(table.render(page, query: LiveCallsQuery(state: .ringing, user: "bob", surface: "zim"))
                == "no live calls matching --state ringing --user bob --surface zim\n")
        let one = try LiveCallsPage(json: Self.answer(Array(Self.fixture.prefix(1))))
        #expect(table.render(one, query: LiveCallsQuery(user: "bob")).hasSuffix("\n1 live call matching --user bob\n"))
    }

    @Test("durations: mm:ss, h:mm:ss from an hour, never negative")
    func durations() {
        #expect(LiveCallsTable.elapsed(from: 0, to: 0) == "00:00")
        #expect(LiveCallsTable.elapsed(from: 0, to: 59_999) == "00:59")
        #expect(LiveCallsTable.elapsed(from: 0, to: 600_000) == "10:00")
        #expect(LiveCallsTable.elapsed(from: 0, to: 3_599_000) == "59:59")
        #expect(LiveCallsTable.elapsed(from: 0, to: 3_600_000) == "1:00:00")
        #expect(LiveCallsTable.elapsed(from: 5_000, to: 0) == "00:00")
    }

    @Test("the answer is read strictly: a missing or mistyped member is named; null and absent optional members are nil")
    func reading() throws {
        let page = try LiveCallsPage(json: Self.answer(Self.fixture, total: 9, next: "cursor-2"))
        #expect(page.total == 9)
        #expect(page.next == "cursor-2")
        #expect(page.calls.map(\.call) == ["c1", "c2", "c3"])
        #expect(page.calls[1].connectedAt == Self.now - 65_500)
        #expect(page.calls[0].participants[0] == LiveCall.Participant(user: "alice", role: "caller", state: "accepted", surface: "agora",
                                                                       device: "alice-phone", changedAt: Self.now - 1_000))
        #expect(page.calls[1].participants[1].surface == nil)

        var noState = Self.fixture[0].objectValue!
        _ = noState.removeValue(forKey: "state")
        #expect(throws: AnswerFieldError(path: "calls[0].state", expected: "a string")) {
            try LiveCallsPage(json: Self.answer([.object(noState)]))
        }
        var badParticipant = Self.fixture[1].objectValue!
        badParticipant["participants"] = .array([.object(["user": "x", "role": "caller", "state": .int(3), "changedAt": 1])])
        #expect(throws: AnswerFieldError(path: "calls[1].participants[0].state", expected: "a string")) {
            try LiveCallsPage(json: Self.answer([Self.fixture[0], .object(badParticipant)]))
        }
        var absent = Self.fixture[0].objectValue!
        _ = absent.removeValue(forKey: "node")
        _ = absent.removeValue(forKey: "connectedAt")
        #expect(try LiveCall(json: .object(absent)).node == nil)
        #expect(throws: AnswerFieldError(path: "answer.now", expected: "an integer")) {
            try LiveCallsPage(json: .object(["total": 0, "calls": .array([])]))
        }
    }

    @Test("--json: the calls as the server sent them, one JSON array")
    func json() throws {
        let page = try LiveCallsPage(json: Self.answer(Self.fixture))
        #expect(try JSONParser().parse(page.json) == .array(Self.fixture))
        #expect(try LiveCallsPage(json: Self.answer([])).json == "[]")
    }

    @Test("the request: filters, cursor and limit in the query; the server from an http, https, ws or wss address")
    func request() throws {
        let query = LiveCallsQuery(state: .connected, user: "bob & co", surface: "tencent", limit: 500, cursor: "c/2")
        #expect(query.queryItems == [URLQueryItem(name: "state", value: "connected"), URLQueryItem(name: "user", value: "bob & co"),
                                     URLQueryItem(name: "surface", value: "tencent"), URLQueryItem(name: "cursor", value: "c/2"),
                                     URLQueryItem(name: "limit", value: "500")])
        #expect(LiveCallsQuery().queryItems.isEmpty)
        // Surfaces as the server takes them; the AtomicX module's name stands for the Tencent surface.
        #expect(LiveCallsQuery.surfaceName("zim") == "zim")
        #expect(LiveCallsQuery.surfaceName("atomicx") == "tencent")
        #expect(LiveCallsQuery.surfaceName("my-app_2") == "my-app_2")
        for bad in ["", "sip trunk", "zïm", String(repeating: "x", count: 33), "a/b"] { #expect(LiveCallsQuery.surfaceName(bad) == nil) }
        #expect(try AdminClient.root(of: "ws://127.0.0.1:7480/v1/signal").absoluteString == "http://127.0.0.1:7480")
        #expect(try AdminClient.root(of: "wss://switchboard.example.com/v1/signal?x=1").absoluteString == "https://switchboard.example.com")
        #expect(try AdminClient.root(of: "http://[::1]:7480/").absoluteString == "http://[::1]:7480")
        #expect(try AdminClient.root(of: "HTTPS://user:pw@host:8443").absoluteString == "https://host:8443")
        for bad in ["ftp://host", "127.0.0.1:7480", "localhost:7480", "http://", ""] {
            #expect(throws: AdminClientError.invalidServer(bad)) { try AdminClient.root(of: bad) }
        }
    }
}
