import Testing
import SwitchboardCore
@testable import SwitchboardService
import SwitchboardWire

/// The bounds of the console's timelines (docs/DECISIONS.md, "Console") and the one-pass page of its
/// listings: what keeps memory and the service's lock bounded under any load.
@Suite("Console: timeline bounds and page selection")
struct CallTimelinesTests {
    private static func entry(_ n: Int) -> TimelineEntry {
        TimelineEntry(time: Timestamp(millisecondsSince1970: Int64(n)), node: nil, what: .service(.deadline))
    }

    @Test("a long call keeps its first 40 entries and its latest, 200 in all, and counts the ones dropped between")
    func entriesAreCapped() {
        var timelines = CallTimelines()
        for n in 0..<250 { timelines.append(Self.entry(n), to: "c1") }
        let timeline = timelines.timeline(of: "c1")
        let times = timeline?.entries.map(\.time.millisecondsSince1970) ?? []
        #expect(times.count == CallTimelines.maxEntries && timeline?.omitted == 50)
        #expect(Array(times.prefix(40)) == Array(0..<40).map(Int64.init))
        #expect(Array(times.suffix(160)) == Array(90..<250).map(Int64.init))
    }

    @Test("ended calls are kept at most 10,000, the oldest end dropped first; live ones are never dropped")
    func endedCallsAreCapped() {
        var timelines = CallTimelines()
        timelines.append(Self.entry(0), to: "live")
        let now = Timestamp(millisecondsSince1970: 1_000)
        for n in 0...CallTimelines.maxEndedCalls {
            let call = CallID("c\(n)")
            timelines.append(Self.entry(n), to: call)
            timelines.ended(call, at: now)
        }
        #expect(timelines.timeline(of: "c0") == nil, "the oldest ended call went first")
        #expect(timelines.timeline(of: "c1") != nil && timelines.timeline(of: CallID("c\(CallTimelines.maxEndedCalls)")) != nil)
        #expect(timelines.endedCalls.count == CallTimelines.maxEndedCalls)
        #expect(timelines.timeline(of: "live") != nil)
    }

    @Test("a page selection keeps the first entries of any order and knows whether more follow")
    func pageSelection() {
        var selection = PageSelection<Int>(limit: 3)
        for value in [9, 4, 7, 1, 8, 2] { selection.offer(value) }
        #expect(selection.page == [1, 2, 4] && selection.hasMore)
        var exact = PageSelection<Int>(limit: 3)
        for value in [5, 3, 4] { exact.offer(value) }
        #expect(exact.page == [3, 4, 5] && !exact.hasMore)
    }
}
