import Synchronization
import Testing
@testable import SwitchboardCommandLine
import SwitchboardLoad
import SwitchboardTesting

/// The progress lines of the long commands (docs/PERFORMANCE.md, "Progress lines"): one line rewritten in
/// place on a terminal, at most ten times a second; plain lines every 5 s anywhere else; always a last line.
/// Time is a TestWorld's virtual clock.
@Suite("Progress lines")
struct ProgressLineTests {
    static let erase = "\u{1B}[K"

    @Test("a terminal rewrites in place unless NO_COLOR or TERM=dumb; pipes, files and CI get plain lines")
    func output() {
        #expect(ProgressOutput.detect(isTerminal: true, environment: [:], columns: 80) == .terminal(columns: 80))
        #expect(ProgressOutput.detect(isTerminal: true, environment: ["TERM": "xterm-256color"]) == .terminal(columns: nil))
        #expect(ProgressOutput.detect(isTerminal: true, environment: [:], columns: 0) == .terminal(columns: nil))
        #expect(ProgressOutput.detect(isTerminal: false, environment: [:], columns: 80) == .lines)
        #expect(ProgressOutput.detect(isTerminal: true, environment: ["NO_COLOR": "1"], columns: 80) == .lines)
        // no-color.org: set to an empty string, it asks for nothing.
        #expect(ProgressOutput.detect(isTerminal: true, environment: ["NO_COLOR": ""], columns: 80) == .terminal(columns: 80))
        #expect(ProgressOutput.detect(isTerminal: true, environment: ["TERM": "dumb"], columns: 80) == .lines)
    }

    @Test("on a terminal: a carriage return, the status, erase to the end of line; at most every 100 ms; the last line ends with a newline")
    func terminalInPlace() async {
        let world = TestWorld()
        var line = ProgressLine(output: .terminal(columns: nil), clock: world.clock)
        #expect(line.update("calls 1") == "\rcalls 1" + Self.erase)
        await world.advance(by: .milliseconds(99))
        #expect(line.update("calls 2") == nil)
        await world.advance(by: .milliseconds(1))
        #expect(line.update("calls 3") == "\rcalls 3" + Self.erase)
        await world.advance(by: .milliseconds(150))
        #expect(line.update("calls 3") == nil, "the same status is not written again")
        #expect(line.update("calls 4") == "\rcalls 4" + Self.erase)
        // The last line is written whatever the time since the one before.
        #expect(line.finish("calls 5 · done") == "\rcalls 5 · done" + Self.erase + "\n")
        await world.advance(by: .seconds(1))
        #expect(line.update("calls 6") == nil)
        #expect(line.finish("calls 6") == "")
    }

    @Test("ten lines a second at most on a terminal, whatever the rate of updates")
    func terminalThrottle() async {
        let world = TestWorld()
        var line = ProgressLine(output: .terminal(columns: nil), clock: world.clock)
        var written = 0
        for step in 0..<1_000 {
            if line.update("calls \(step)") != nil { written += 1 }
            await world.advance(by: .milliseconds(1))
        }
        #expect(written == 10)
    }

    @Test("a status wider than the terminal is cut to one column less, so the line never wraps")
    func terminalWidth() {
        let world = TestWorld()
        var line = ProgressLine(output: .terminal(columns: 20), clock: world.clock)
        let status = "calls 1,234/10,000 · 410/s · errors 0"
        #expect(line.update(status) == "\rcalls 1,234/10,000…" + Self.erase)
        #expect(line.finish(status) == "\rcalls 1,234/10,000…" + Self.erase + "\n")
        #expect(ProgressLine<VirtualClock>.fit("short", columns: 20) == "short")
        #expect(ProgressLine<VirtualClock>.fit("exactly nineteen ch", columns: 20) == "exactly nineteen ch")
    }

    @Test("elsewhere: a plain line at once, then one every 5 s, and the last one whatever the time")
    func plainLines() async {
        let world = TestWorld()
        var line = ProgressLine(output: .lines, clock: world.clock)
        #expect(line.update("calls 0") == "calls 0\n")
        await world.advance(by: .milliseconds(4_999))
        #expect(line.update("calls 49") == nil)
        await world.advance(by: .milliseconds(1))
        #expect(line.update("calls 50") == "calls 50\n")
        await world.advance(by: .seconds(5))
        #expect(line.update("calls 50") == "calls 50\n", "a plain line comes every 5 s even unchanged: the run is alive")
        await world.advance(by: .seconds(1))
        #expect(line.finish("calls 60 · done") == "calls 60 · done\n")
        #expect(line.update("calls 61") == nil)
        #expect(ProgressLine(output: .lines, clock: world.clock).interval == .seconds(5))
    }

    @Test("no last status: the line shown is ended with a newline (nothing when nothing is shown)")
    func finishWithoutStatus() {
        let world = TestWorld()
        var shown = ProgressLine(output: .terminal(columns: nil), clock: world.clock)
        _ = shown.update("calls 1")
        #expect(shown.finish(nil) == "\n")
        var blank = ProgressLine(output: .terminal(columns: nil), clock: world.clock)
        #expect(blank.finish(nil) == "")
        var plain = ProgressLine(output: .lines, clock: world.clock)
        _ = plain.update("calls 1")
        #expect(plain.finish(nil) == "")
    }

    @Test("a note is a line of its own: in place, the status is erased first and comes back with the next update at once")
    func notes() async {
        let world = TestWorld()
        var line = ProgressLine(output: .terminal(columns: nil), clock: world.clock)
        #expect(line.note("connecting") == "connecting\n")
        #expect(line.update("logging in 200/2,000") == "\rlogging in 200/2,000" + Self.erase)
        #expect(line.note("2000 sessions logged in") == "\r" + Self.erase + "2000 sessions logged in\n")
        #expect(line.update("logging in 200/2,000") == "\rlogging in 200/2,000" + Self.erase, "no throttle after a note")
        var plain = ProgressLine(output: .lines, clock: world.clock)
        #expect(plain.update("calls 1") == "calls 1\n")
        #expect(plain.note("warmed up") == "warmed up\n")
        #expect(plain.update("calls 2") == nil, "a note does not reset the 5 s")
    }

    @Test("the status: counts grouped by thousands, the rate, the details, the time left (given, or estimated from the rate)")
    func statusText() {
        let status = ProgressStatus(label: "calls", done: 1_234, total: 10_000,
                                    details: ["ring p50 " + ProgressStatus.milliseconds(3.14), "errors 0"], remaining: .seconds(12))
        #expect(status.text(rate: 410.4) == "calls 1,234/10,000 · 410/s · ring p50 3.1 ms · errors 0 · 12 s left")
        #expect(status.text(rate: nil) == "calls 1,234/10,000 · ring p50 3.1 ms · errors 0 · 12 s left")
        let counted = ProgressStatus(label: "logging in", done: 500, total: 2_000)
        #expect(counted.text(rate: 100) == "logging in 500/2,000 · 100/s · 15 s left")
        #expect(counted.text(rate: 0) == "logging in 500/2,000 · 0.0/s")
        #expect(ProgressStatus(label: "calls", done: 7, showsRate: false).text(rate: 3) == "calls 7")
        #expect(ProgressStatus(label: "calls", done: 7, total: 7).text(rate: 2.54) == "calls 7/7 · 2.5/s")

        #expect(ProgressStatus.count(0) == "0")
        #expect(ProgressStatus.count(999) == "999")
        #expect(ProgressStatus.count(1_000) == "1,000")
        #expect(ProgressStatus.count(1_234_567) == "1,234,567")
        #expect(ProgressStatus.count(-12_345) == "-12,345")
        #expect(ProgressStatus.milliseconds(0.618) == "0.62 ms")
        #expect(ProgressStatus.milliseconds(250.4) == "250 ms")
        #expect(ProgressStatus.duration(.milliseconds(200)) == "1 s")
        #expect(ProgressStatus.duration(.zero) == "0 s")
        #expect(ProgressStatus.duration(.seconds(59)) == "59 s")
        #expect(ProgressStatus.duration(.seconds(60)) == "1 min 00 s")
        #expect(ProgressStatus.duration(.seconds(3_725)) == "1 h 02 min")
    }

    @Test("the rate is measured over the last second of samples, or between the last two when they are further apart; a count that drops starts afresh")
    func rate() async {
        let world = TestWorld()
        var window = RateWindow<VirtualClock.Instant>()
        #expect(window.add(0, at: world.clock.now) == nil)
        var count = 0
        var last: Double?
        for _ in 0..<30 {
            await world.advance(by: .milliseconds(100))
            count += 41
            last = window.add(count, at: world.clock.now)
        }
        #expect(last.map { abs($0 - 410) < 0.001 } == true)
        // Slower now: the window forgets what is older than a second.
        for _ in 0..<10 {
            await world.advance(by: .milliseconds(100))
            count += 10
            last = window.add(count, at: world.clock.now)
        }
        #expect(last.map { abs($0 - 100) < 0.001 } == true)
        // A count that drops is a new count (a load run's warm-up calls, then its measured ones).
        await world.advance(by: .milliseconds(100))
        #expect(window.add(3, at: world.clock.now) == nil)
        await world.advance(by: .milliseconds(100))
        #expect(window.add(8, at: world.clock.now).map { abs($0 - 50) < 0.001 } == true)
        var sparse = RateWindow<VirtualClock.Instant>()
        _ = sparse.add(0, at: world.clock.now)
        await world.advance(by: .seconds(5))
        #expect(sparse.add(50, at: world.clock.now).map { abs($0 - 10) < 0.001 } == true)
    }

    @Test("the reporter samples on its timer: ten lines a second on a terminal, a plain line every 5 s elsewhere, then the last one")
    func reporter() async {
        for output in [ProgressOutput.terminal(columns: nil), .lines] {
            let world = TestWorld()
            let written = Mutex<[String]>([])
            let done = Atomic<Int>(0)
            let reporter = ProgressReporter(output: output, clock: world.clock, write: { text in written.withLock { $0.append(text) } }) {
                ProgressStatus(label: "calls", done: done.load(ordering: .relaxed), total: 1_000)
            }
            reporter.start(on: world.executor)
            for _ in 0..<120 {
                done.add(1, ordering: .relaxed)
                await world.advance(by: .milliseconds(100))
            }
            reporter.note("halfway")
            reporter.finish()
            await world.advance(by: .seconds(10))
            let lines = written.withLock { $0 }
            switch output {
            case .terminal:
                // 120 samples, each a new count: each written.
                #expect(lines.count == 122)
                #expect(lines[0] == "\rcalls 1/1,000 · 10/s · 1 min 40 s left" + Self.erase)
                #expect(lines[119] == "\rcalls 120/1,000 · 10/s · 1 min 28 s left" + Self.erase)
                #expect(lines[120] == "\r" + Self.erase + "halfway\n")
                #expect(lines[121] == "\rcalls 120/1,000 · 10/s · 1 min 28 s left" + Self.erase + "\n")
            case .lines:
                #expect(lines == ["calls 50/1,000 · 10/s · 1 min 35 s left\n", "calls 100/1,000 · 10/s · 1 min 30 s left\n",
                                  "halfway\n", "calls 120/1,000 · 10/s · 1 min 28 s left\n"])
            }
        }
    }

    @Test("a new label is a new count: its rate is measured from its own first sample")
    func reporterLabels() async {
        let world = TestWorld()
        let written = Mutex<[String]>([])
        let step = Atomic<Int>(0)
        let reporter = ProgressReporter(output: .terminal(columns: nil), clock: world.clock, write: { text in written.withLock { $0.append(text) } }) {
            let step = step.load(ordering: .relaxed)
            // Logging in 10 a tick up to 50, then calls at 1 a tick.
            return step <= 5 ? ProgressStatus(label: "logging in", done: 10 * step, total: 50)
                : ProgressStatus(label: "calls", done: 100 + step - 6)
        }
        reporter.start(on: world.executor)
        for _ in 0..<8 {
            step.add(1, ordering: .relaxed)
            await world.advance(by: .milliseconds(100))
        }
        reporter.finish()
        await world.runUntilIdle()
        #expect(written.withLock { $0 } == [
            "\rlogging in 10/50 · 100/s · 1 s left", "\rlogging in 20/50 · 100/s · 1 s left", "\rlogging in 30/50 · 100/s · 1 s left",
            "\rlogging in 40/50 · 100/s · 1 s left", "\rlogging in 50/50 · 100/s", "\rcalls 100", "\rcalls 101 · 10/s", "\rcalls 102 · 10/s",
        ].map { $0 + Self.erase } + ["\rcalls 102 · 10/s" + Self.erase + "\n"])
    }

    @Test("a load run's status in each phase")
    func loadStatus() {
        var progress = LoadProgress()
        progress.users = 2_000
        progress.pairs = 1_000
        progress.usersLoggedIn = 400
        #expect(progress.status.text(rate: 800) == "logging in 400/2,000 · 800/s · 2 s left")
        progress.phase = .warmingUp
        progress.placed = 350
        progress.inFlight = 20
        #expect(progress.status.text(rate: 325) == "warming up 350/1,000 · in flight 20 · errors 0 · 2 s left")
        progress.phase = .placing
        progress.placed = 1_234
        progress.planned = 10_000
        progress.inFlight = 12
        progress.ringP50 = 0.618
        progress.ringP99 = 1.94
        progress.failed = 2
        progress.refused = 3
        progress.placingLeft = .seconds(21)
        #expect(progress.status.text(rate: 410) == "calls 1,234/10,000 · 410/s · in flight 12 · ring p50 0.62 ms · p99 1.9 ms · errors 2 · refused 3 · 21 s left")
        progress.phase = .draining
        progress.reconnectingPairs = 4
        progress.interrupted = 1
        #expect(progress.status.text(rate: 0) == "calls 1,234 · draining · in flight 12 · ring p50 0.62 ms · p99 1.9 ms · errors 2 · refused 3 · interrupted 1 · reconnecting 4 pairs")
        progress.phase = .holding
        progress.usersLoggedIn = 2_000
        #expect(progress.status.text(rate: 0) == "sessions 2,000/2,000 · logged in")
    }
}
