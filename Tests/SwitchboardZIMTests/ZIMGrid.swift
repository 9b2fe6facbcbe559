import Foundation
import Testing

// The two tables of the ZIM call-invitation guide (seed 003, "各状态可调用接口" and "各状态可监听事件") as
// data, with the rows the seed leaves out or leaves open filled in as docs/ZIM.md states them. The
// conformance suites run one test case per cell; `ZIMGridDocsTests` checks that docs/ZIM.md lists the
// same tables.

/// The state of the acting user "bob" in a call created by "alice" (the grids' rows, in docs order).
enum GridRow: String, CaseIterable, Hashable, Sendable, CustomTestStringConvertible {
    case inviting = "Inviting"
    case notYetReceived = "NotYetReceived"
    case received = "Received"
    case accepted = "Accepted"
    case rejected = "Rejected"
    /// General mode: alice cancelled bob while carol still rings.
    case cancelled = "Cancelled"
    /// Advanced mode: alice cancelled bob alone after carol accepted.
    case beCancelled = "BeCancelled"
    case timeout = "Timeout"
    case quit = "Quit"

    var testDescription: String { rawValue }

    /// The call's mode in the row's scene.
    var isAdvanced: Bool { self != .cancelled }

    /// Whether bob is still invited and unanswered in the row's scene.
    var isRinging: Bool { self == .inviting || self == .notYetReceived || self == .received }
}

/// The API bob calls on the call (the API grid's columns, in docs order).
enum GridAPI: String, CaseIterable, Hashable, Sendable, CustomTestStringConvertible {
    case callInvite, callCancel, callAccept, callReject, callingInvite, callJoin, callQuit, callEnd

    var testDescription: String { rawValue }
}

/// The event bob may or may not receive (the event grid's columns, in docs order).
enum GridEvent: String, CaseIterable, Hashable, Sendable, CustomTestStringConvertible {
    case callInvitationReceived, callInvitationTimeout, callInvitationCancelled, callInvitationEnded,
         callUserStateChanged

    var testDescription: String { rawValue }
}

/// One cell of the API grid: the callback's code.
enum GridOutcome: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// `.ZIMErrorCodeSuccess` (✔).
    case success
    /// A raw `ZIMErrorCode`.
    case refused(UInt)

    init(integerLiteral value: UInt) { self = .refused(value) }

    /// The raw code the callback reports.
    var code: UInt {
        switch self {
        case .success: 0
        case .refused(let code): code
        }
    }

    /// As docs/ZIM.md writes it.
    var description: String {
        switch self {
        case .success: "✔"
        case .refused(let code): String(code)
        }
    }
}

enum ZIMGrid {
    private static let ok = GridOutcome.success

    /// Which API each state may call; columns in ``GridAPI`` order:
    /// callInvite, callCancel, callAccept, callReject, callingInvite, callJoin, callQuit, callEnd.
    static let apiRows: [GridRow: [GridOutcome]] = [
        .inviting: [ok, 6000273, ok, ok, 6000270, ok, 6000270, 6000270],
        .notYetReceived: [ok, 6000273, ok, ok, 6000270, ok, 6000270, 6000270],
        .received: [ok, 6000273, ok, ok, 6000270, ok, 6000270, 6000270],
        .accepted: [ok, ok, 6000270, 6000270, ok, 6000283, ok, ok],
        .rejected: [ok, 6000273, 6000270, 6000270, 6000270, ok, 6000270, 6000270],
        .cancelled: [ok, 6000273, 6000276, 6000276, 6000286, 6000286, 6000286, 6000286],
        .beCancelled: [ok, 6000273, 6000276, 6000276, 6000270, ok, 6000270, 6000270],
        .timeout: [ok, 6000273, 6000276, 6000276, 6000270, ok, 6000270, 6000270],
        .quit: [ok, 6000273, 6000270, 6000270, 6000270, ok, 6000270, 6000270],
    ]

    private static let Y = true
    private static let N = false

    /// Which events reach each state (✔ true, ✖ false); columns in ``GridEvent`` order:
    /// callInvitationReceived, callInvitationTimeout, callInvitationCancelled, callInvitationEnded,
    /// callUserStateChanged.
    static let eventRows: [GridRow: [Bool]] = [
        .inviting: [Y, Y, Y, Y, Y],
        .notYetReceived: [Y, Y, Y, Y, Y],
        // The seed's table has ✖ for Timeout; Switchboard follows the guide's flow here (docs/ZIM.md).
        .received: [N, Y, Y, Y, Y],
        .accepted: [N, N, N, Y, Y],
        .rejected: [N, N, N, N, N],
        .cancelled: [N, N, N, N, N],
        .beCancelled: [N, N, N, N, N],
        .timeout: [N, N, N, N, N],
        .quit: [N, N, N, N, Y],
    ]

    static func expected(_ row: GridRow, _ api: GridAPI) -> GridOutcome {
        apiRows[row]![GridAPI.allCases.firstIndex(of: api)!]
    }

    static func receives(_ row: GridRow, _ event: GridEvent) -> Bool {
        eventRows[row]![GridEvent.allCases.firstIndex(of: event)!]
    }

    // MARK: - docs/ZIM.md

    /// docs/ZIM.md, found from this file's path (Tests/SwitchboardZIMTests/ → ../../docs/ZIM.md).
    static let docsPath: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs").appendingPathComponent("ZIM.md").path

    static var docsExist: Bool { FileManager.default.fileExists(atPath: docsPath) }

    static let apiHeader = "| state | " + GridAPI.allCases.map(\.rawValue).joined(separator: " | ") + " |"
    static let eventHeader = "| state | " + GridEvent.allCases.map(\.rawValue).joined(separator: " | ") + " |"

    /// The table under `header` in `markdown`: row name → cells, in order of appearance (nil if the
    /// header line is missing). Separator lines (`|---|`) are skipped; the table ends at the first line
    /// that does not start with `|`.
    static func table(under header: String, in markdown: String) -> [(row: String, cells: [String])]? {
        let lines = markdown.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(of: header) else { return nil }
        var rows: [(row: String, cells: [String])] = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("|") else { break }
            var cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            // The empty strings before the first and after the last `|`.
            cells.removeFirst()
            if cells.last == "" { cells.removeLast() }
            if cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) { continue }
            guard let name = cells.first else { continue }
            rows.append((name, Array(cells.dropFirst())))
        }
        return rows
    }

    /// The API grid as docs/ZIM.md should write it.
    static var apiTableCells: [(row: String, cells: [String])] {
        GridRow.allCases.map { row in (row.rawValue, apiRows[row]!.map(\.description)) }
    }

    /// The event grid as docs/ZIM.md should write it.
    static var eventTableCells: [(row: String, cells: [String])] {
        GridRow.allCases.map { row in (row.rawValue, eventRows[row]!.map { $0 ? "✔" : "✖" }) }
    }
}

/// docs/ZIM.md lists the same two grids as the data the conformance suites run.
@Suite("ZIM conformance: grids in docs/ZIM.md")
struct ZIMConformanceGridDocsTests {
    @Test("the API grid in docs/ZIM.md matches the data", .enabled(if: ZIMGrid.docsExist, "docs/ZIM.md does not exist yet"))
    func apiTable() throws {
        try check(header: ZIMGrid.apiHeader, expected: ZIMGrid.apiTableCells)
    }

    @Test("the event grid in docs/ZIM.md matches the data", .enabled(if: ZIMGrid.docsExist, "docs/ZIM.md does not exist yet"))
    func eventTable() throws {
        try check(header: ZIMGrid.eventHeader, expected: ZIMGrid.eventTableCells)
    }

    private func check(header: String, expected: [(row: String, cells: [String])]) throws {
        let markdown = try String(contentsOfFile: ZIMGrid.docsPath, encoding: .utf8)
        let table = try #require(ZIMGrid.table(under: header, in: markdown),
                                 "docs/ZIM.md has no line \(header)")
        #expect(table.map(\.row) == expected.map(\.row), "rows of the table under \(header)")
        for (row, cells) in expected {
            guard let documented = table.first(where: { $0.row == row }) else { continue }
            // Tolerate the emoji variant selector (✔️) some editors add.
            let normalized = documented.cells.map { $0.replacingOccurrences(of: "\u{FE0F}", with: "") }
            #expect(normalized == cells, "row \(row) of the table under \(header)")
        }
    }
}
