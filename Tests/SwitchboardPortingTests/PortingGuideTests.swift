import Foundation
import Testing

/// Keeps docs/PORTING.md, and its short form in SwitchboardClient's DocC catalog, true to the code: every
/// snippet block marked as compiled appears verbatim in the file it names (where it compiles and
/// PortingSnippetTests.swift runs it), and the coverage summary counts the coverage tables' rows.
@Suite("Porting guide consistency")
struct PortingGuideTests {
    /// The repository root, from this file's path (Tests/SwitchboardPortingTests/PortingGuideTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The blocks that follow a `<!-- compiled: <path> -->` line: (path, the block's lines).
    static func compiledBlocks(in guide: String) -> [(path: String, lines: [String])] {
        var blocks: [(path: String, lines: [String])] = []
        var pending: String?
        var current: [String]?
        for line in guide.components(separatedBy: "\n") {
            if var lines = current {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    blocks.append((pending ?? "", lines))
                    current = nil
                    pending = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line.hasPrefix("<!-- compiled: "), line.hasSuffix(" -->") {
                pending = String(line.dropFirst("<!-- compiled: ".count).dropLast(" -->".count))
            } else if line.hasPrefix("```"), pending != nil {
                current = []
            }
        }
        return blocks
    }

    @Test("every compiled snippet of the guide and of its DocC article appears verbatim in the file it names",
          arguments: ["docs/PORTING.md", "Sources/SwitchboardClient/SwitchboardClient.docc/PortingAnApp.md"])
    func snippetsAreVerbatim(guidePath: String) throws {
        let blocks = Self.compiledBlocks(in: try Self.read(guidePath))
        #expect(blocks.count >= 8, "\(guidePath) marks its compiled snippets")
        for block in blocks {
            let wanted = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            let file = try Self.read(block.path).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let found = file.indices.contains { start in
                start + wanted.count <= file.count && Array(file[start..<start + wanted.count]) == wanted
            }
            #expect(found, "\(guidePath)'s snippet starting \(wanted.first ?? "") is not in \(block.path)")
        }
    }

    @Test("the coverage summary counts the coverage tables' rows")
    func summaryCountsRows() throws {
        let guide = try Self.read("docs/PORTING.md")
        var inCoverage = false
        var surface: String?
        var summary: [String: [Int]] = [:]
        var counted: [String: [Int]] = [:]
        let statuses = ["mirrored", "partly", "not"]
        for line in guide.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                inCoverage = line == "## API coverage"
                surface = nil
                continue
            }
            guard inCoverage else { continue }
            if line.hasPrefix("### ") {
                surface = String(line.dropFirst(4))
                counted[surface!] = counted[surface!] ?? [0, 0, 0]
                continue
            }
            guard line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if let surface {
                if cells.count >= 2, let index = statuses.firstIndex(of: cells[1]) {
                    counted[surface]![index] += 1
                }
            } else if cells.count == 4, let numbers = Optional(cells.dropFirst().compactMap { Int($0) }), numbers.count == 3 {
                summary[cells[0]] = numbers
            }
        }
        #expect(!summary.isEmpty && summary.count == counted.count, "\(summary.keys.sorted()) vs \(counted.keys.sorted())")
        for (name, numbers) in counted {
            #expect(summary[name] == numbers, "\(name): the summary says \(summary[name] ?? []), the table has \(numbers)")
        }
    }
}
