import Testing
import SwitchboardCore
import SwitchboardService
import SwitchboardWire

/// `call.active` answers in pages, oldest call first (by creation time, then id), so that its answer
/// never outgrows a frame however many calls a user may have (docs/CALL-MODEL.md, "Live calls").
@Suite("call.active pages")
struct ActiveCallPagingTests {
    /// A harness where `victim` has `count` invitations ringing, from `caller-0` ...; returns the calls
    /// in the order pages list them.
    private static func ringing(
        _ count: Int, payload: String? = nil, attachments: [String: String] = [:]
    ) throws -> (harness: ServiceHarness, victim: RawConnection, callers: [RawConnection], calls: [Call]) {
        var configuration = ServiceConfiguration.development
        configuration.maxPendingInvitationsPerUser = count
        let harness = ServiceHarness(configuration: configuration)
        let victim = try harness.login("victim")
        var callers: [RawConnection] = []
        var calls: [Call] = []
        for index in 0..<count {
            let caller = try harness.login(UserID("caller-\(index)"))
            calls.append(try caller.call(.invite(InviteRequest(invitees: ["victim"], payload: payload, attachments: attachments))))
            callers.append(caller)
        }
        return (harness, victim, callers, calls.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) })
    }

    /// One page of `user`'s live calls.
    private static func page(
        _ user: RawConnection, cursor: String? = nil, limit: Int = ActiveCallQuery.defaultLimit
    ) throws -> (calls: [Call], next: String?) {
        guard case .calls(let calls, let next) = try user.request(.activeCalls(ActiveCallQuery(cursor: cursor, limit: limit))).get() else {
            throw HarnessError.noResponse(0, user.frames)
        }
        return (calls, next)
    }

    /// Every page, followed to the end (at most `bound` pages).
    private static func allPages(_ user: RawConnection, limit: Int, bound: Int = 100) throws -> [[Call]] {
        var pages: [[Call]] = []
        var cursor: String?
        repeat {
            let page = try page(user, cursor: cursor, limit: limit)
            pages.append(page.calls)
            cursor = page.next
        } while cursor != nil && pages.count < bound
        return pages
    }

    @Test("the pages list every live call exactly once, in order; the last page has no cursor")
    func pagesCoverEveryCallOnce() throws {
        let (_, victim, _, calls) = try Self.ringing(120)
        let pages = try Self.allPages(victim, limit: 7)
        #expect(pages.count == 18, "120 calls, 7 a page")
        #expect(pages.dropLast().allSatisfy { $0.count == 7 })
        #expect(pages.flatMap { $0 }.map(\.id) == calls.map(\.id))

        let first = try Self.page(victim)
        #expect(first.calls.map(\.id) == calls.prefix(50).map(\.id), "a request that names no limit gets 50")
        #expect(first.next != nil)
        let all = try Self.page(victim, limit: 200)
        #expect(all.calls.count == 120)
        #expect(all.next == nil)
    }

    @Test("calls that end between pages leave the others in place; a cursor past the end answers an empty last page")
    func callsEndingBetweenPages() throws {
        let (_, victim, callers, calls) = try Self.ringing(12)
        /// The caller cancels the call.
        func cancel(_ call: Call) throws {
            let caller = callers[Int(call.caller.rawValue.dropFirst("caller-".count))!]
            _ = try caller.call(.call(call.id, .cancel(invitees: nil, data: nil)))
        }
        let first = try Self.page(victim, limit: 5)
        #expect(first.calls.map(\.id) == calls.prefix(5).map(\.id))
        // One call of the first page and two of the later ones end.
        for index in [2, 6, 11] { try cancel(calls[index]) }
        var following: [CallID] = []
        var cursor = first.next
        for _ in 0..<10 {
            guard let current = cursor else { break }
            let page = try Self.page(victim, cursor: current, limit: 5)
            following += page.calls.map(\.id)
            cursor = page.next
        }
        #expect(following == [5, 7, 8, 9, 10].map { calls[$0].id }, "the live calls after the first page, once each")

        // A cursor after which every call ended: an empty page, and no further cursor.
        let middle = try Self.page(victim, limit: 7)
        #expect(middle.calls.last?.id == calls[8].id)
        #expect(middle.next != nil)
        for index in [9, 10] { try cancel(calls[index]) }
        let past = try Self.page(victim, cursor: middle.next, limit: 7)
        #expect(past.calls.isEmpty)
        #expect(past.next == nil)
    }

    @Test("a cursor the service did not issue is invalid_cursor; a limit outside 1 to 200 is invalid_request")
    func badCursorsAndLimits() throws {
        let (_, victim, _, _) = try Self.ringing(3)
        let recordCursor = RecordCursor(recordedAt: Timestamp(millisecondsSince1970: 1), callID: "x").encoded
        for cursor in ["forged", "a1.zz", "a1.", "a1.3a78", recordCursor] {
            let result = try victim.request(.activeCalls(ActiveCallQuery(cursor: cursor)))
            #expect(result.failure?.code == .service(.invalidCursor), "\(cursor)")
        }
        for limit in [0, -1, 201] {
            let result = try victim.request(.activeCalls(ActiveCallQuery(limit: limit)))
            #expect(result.failure?.code == .service(.invalidRequest), "\(limit)")
        }
    }

    @Test("a page stops before its calls pass 1 MiB, so large calls come in more, smaller pages")
    func pagesAreBoundedInBytes() throws {
        // Each call carries 8,000 bytes of payload and 8,000 of attachments that JSON escapes six times over.
        let payload = String(repeating: "\u{1}", count: 8_000)
        let (_, victim, _, calls) = try Self.ringing(20, payload: payload, attachments: ["a": String(repeating: "\u{1}", count: 7_999)])
        let size = ModelCoding.text(calls[0]).utf8.count
        #expect(size > 90_000, "\(size) bytes a call")
        let pages = try Self.allPages(victim, limit: 200)
        #expect(pages.flatMap { $0 }.map(\.id) == calls.map(\.id))
        #expect(pages.count > 1)
        let budget = 1 << 20
        for page in pages {
            let frame = ServerFrame.response(Response(id: RequestID(rawValue: 1), result: .success(.calls(page, nextCursor: "a1.00"))))
            let bytes = WireCodec.encode(frame).count
            #expect(bytes <= budget + 1024, "\(page.count) calls in \(bytes) bytes")
        }
        let firstBytes = pages[0].reduce(0) { $0 + ModelCoding.text($1).utf8.count }
        let nextBytes = ModelCoding.text(pages[1][0]).utf8.count
        #expect(firstBytes <= budget && firstBytes + nextBytes > budget, "as many calls as fit in 1 MiB: \(pages[0].count)")
    }
}
