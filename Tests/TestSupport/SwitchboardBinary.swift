import Foundation

/// The `switchboard` executable of this build, which the subprocess suites run.
public enum SwitchboardBinary {
    /// Beside the test bundle: `swift build --build-tests` puts the products of one build together.
    public static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("switchboard")
    }

    public static var path: String { url.path }

    /// Whether it is built; a suite that needs it records ``missing`` and returns when not.
    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// What a suite records when the binary is not built.
    public static var missing: String { "build the switchboard binary first (swift build --build-tests): \(path)" }
}

extension SwitchboardBinary {
    /// Runs `switchboard arguments` to its end, as ``runToExit(_:environment:input:timeout:)`` does; throws
    /// ``TestFailure`` when the binary is not built.
    public static func run(_ arguments: [String], environment: [String: String]? = nil,
                           timeout: Duration = .seconds(60)) async throws -> ProgramOutcome {
        guard isBuilt else { throw TestFailure(missing) }
        return try await runToExit([path] + arguments, environment: environment, timeout: timeout)
    }
}
