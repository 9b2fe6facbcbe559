import Foundation
import Testing
import TestSupport

/// Keeps the DocC articles (Sources/<Module>/<Module>.docc, built by scripts/docs) true to the code: a
/// getting-started article walks through its example line by line, so every ```swift block of it is the
/// example's code word for word, in the example's order, and together the blocks quote the whole example;
/// the TestWorld article does the same with the test it walks through. The commands of the server's and
/// the cluster's articles use only the options `switchboard <command> --help` prints and scripts that exist.
@Suite("DocC article consistency")
struct DocumentationArticleTests {
    /// Each walk-through article and the file it quotes whole.
    static let walkThroughs: [(article: String, source: String)] = [
        ("Sources/SwitchboardAgora/SwitchboardAgora.docc/GettingStarted.md", "Examples/AgoraStyleCall/main.swift"),
        ("Sources/SwitchboardARtm/SwitchboardARtm.docc/GettingStarted.md", "Examples/ARtmStyleCall/main.swift"),
        ("Sources/SwitchboardZIM/SwitchboardZIM.docc/GettingStarted.md", "Examples/ZIMStyleCall/main.swift"),
        ("Sources/SwitchboardAtomicX/SwitchboardAtomicX.docc/GettingStarted.md", "Examples/TUIStyleCall/main.swift"),
        ("Sources/SwitchboardTesting/SwitchboardTesting.docc/TestingCallFlows.md",
         "Tests/SwitchboardPortingTests/TestWorldArticleTests.swift"),
    ]

    /// The articles whose shell blocks run `switchboard` and the repository's scripts.
    static let commandArticles = [
        "Sources/SwitchboardServer/SwitchboardServer.docc/RunningTheServer.md",
        "Sources/SwitchboardCluster/SwitchboardCluster.docc/RunningACluster.md",
    ]

    /// The fenced blocks of `language` in a Markdown text, each as its lines.
    static func blocks(_ language: String, in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if var lines = current {
                if line.hasPrefix("```") {
                    blocks.append(lines)
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line == "```" + language {
                current = []
            }
        }
        return blocks
    }

    /// Where `block` stands in `source` at or after `start`, as it is there up to one indentation shared
    /// by all its lines (an article quotes a method's body without the class's indentation): the range of
    /// source lines, or nil.
    static func find(_ block: [String], in source: [String], from start: Int) -> Range<Int>? {
        guard !block.isEmpty, start + block.count <= source.count else { return nil }
        for first in start...(source.count - block.count) {
            let indentation = String(source[first].prefix { $0 == " " }.dropLast(block[0].prefix { $0 == " " }.count))
            let matches = zip(block, source[first..<first + block.count]).allSatisfy { quoted, line in
                quoted.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indentation + quoted
            }
            if matches { return first..<first + block.count }
        }
        return nil
    }

    @Test("every swift block of a walk-through is its file's code, in order, and the blocks quote all of it",
          arguments: walkThroughs.map(\.article))
    func walkThroughQuotesItsFile(article: String) throws {
        let sourcePath = try #require(Self.walkThroughs.first { $0.article == article }?.source)
        let source = try PortingGuideTests.read(sourcePath).components(separatedBy: "\n")
        let blocks = Self.blocks("swift", in: try PortingGuideTests.read(article))
        #expect(blocks.count >= 5, "\(article) walks through \(sourcePath) in steps")
        var covered = Set<Int>()
        var next = 0
        for block in blocks {
            guard let range = Self.find(block, in: source, from: next) else {
                Issue.record("\(article): the block starting \"\(block.first ?? "")\" is not in \(sourcePath) word for word, after the block before it")
                continue
            }
            covered.formUnion(range)
            next = range.upperBound
        }
        // The file's opening comment is the article's overview; every other line is quoted.
        let body = source.indices.drop { source[$0].hasPrefix("//") || source[$0].isEmpty }
        let missing = body.filter { !covered.contains($0) && !source[$0].trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(missing.isEmpty, "\(article) does not quote lines \(missing.map { $0 + 1 }) of \(sourcePath)")
    }

    @Test("the server's and the cluster's articles use only options switchboard prints and scripts that exist",
          arguments: commandArticles)
    func commandsExist(article: String) async throws {
        let lines = Self.blocks("sh", in: try PortingGuideTests.read(article)).joined()
        #expect(!lines.isEmpty)
        var help: [String: String] = [:]
        for line in lines {
            let words = line.components(separatedBy: "#")[0].split(separator: " ").map(String.init)
            if let index = words.firstIndex(of: "switchboard"), index + 1 < words.count {
                let command = words[index + 1]
                if help[command] == nil { help[command] = try await Self.help(of: command) }
                for option in words[(index + 2)...] where option.hasPrefix("--") {
                    let name = option.split(separator: "=")[0]
                    #expect(Self.lists(help[command]!, String(name)), "\(article): `switchboard \(command) --help` has no \(name)")
                }
            }
            for word in words where word.hasPrefix("scripts/") {
                #expect(FileManager.default.isExecutableFile(atPath: PortingGuideTests.root.appendingPathComponent(word).path),
                        "\(article): \(word) does not exist")
            }
        }
        #expect(!help.isEmpty, "\(article) runs switchboard")
    }

    @Test("the options the server's article lists are the ones `switchboard serve --help` prints")
    func serveOptionsExist() async throws {
        let article = Self.commandArticles[0]
        let help = try await Self.help(of: "serve")
        let rows = try PortingGuideTests.read(article).components(separatedBy: "\n").filter { $0.hasPrefix("| `--") }
        #expect(rows.count >= 5)
        for row in rows {
            // The first cell's code spans: `--host`, `--port`.
            let spans = row.split(separator: "|")[0].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }
            for (_, option) in spans where option.hasPrefix("--") {
                #expect(Self.lists(help, option), "\(article): `switchboard serve --help` has no \(option)")
            }
        }
    }

    /// Whether `help` lists the option `name` (as `--name <value>`, `--name` alone, or `--on/--off`).
    static func lists(_ help: String, _ name: String) -> Bool {
        [" ", "\n", "/"].contains { help.contains(name + $0) } || help.contains("/" + name)
    }

    /// What `switchboard <command> --help` prints, from the binary the same build made
    /// (`swift build --build-tests` builds it next to the test bundle).
    static func help(of command: String) async throws -> String {
        try await SwitchboardBinary.run([command, "--help"]).output
    }
}
