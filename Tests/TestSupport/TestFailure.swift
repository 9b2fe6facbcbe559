/// A test's plumbing failed: what it waited for did not come within its deadline, a child process could
/// not start or said nothing usable. The description says what, for the test's report.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
