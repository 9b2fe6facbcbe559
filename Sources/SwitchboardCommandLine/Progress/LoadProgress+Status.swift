import SwitchboardLoad

// What a load run's progress line says (docs/PERFORMANCE.md, "Progress lines"): the generator keeps the
// counts (`LoadProgress`), the command line the words.
extension LoadProgress {
    /// The progress line's status: `calls 1,234/10,000 · 410/s · in flight 12 · ring p50 0.62 ms · p99 1.9 ms
    /// · errors 0 · 12 s left`.
    public var status: ProgressStatus {
        switch phase {
        case .loggingIn:
            return ProgressStatus(label: "logging in", done: usersLoggedIn, total: users)
        case .holding:
            return ProgressStatus(label: "sessions", done: usersLoggedIn, total: users, showsRate: false, details: ["logged in"])
        case .warmingUp:
            return ProgressStatus(label: "warming up", done: placed, total: pairs, showsRate: false, details: callDetails)
        case .placing:
            return ProgressStatus(label: "calls", done: placed, total: planned, details: callDetails, remaining: placingLeft)
        case .draining:
            return ProgressStatus(label: "calls", done: placed, showsRate: false, details: ["draining"] + callDetails)
        case .finished:
            return ProgressStatus(label: "calls", done: placed, showsRate: false, details: ["done"] + callDetails)
        }
    }

    private var callDetails: [String] {
        var details = ["in flight " + ProgressStatus.count(inFlight)]
        if let ringP50, let ringP99 {
            details += ["ring p50 " + ProgressStatus.milliseconds(ringP50), "p99 " + ProgressStatus.milliseconds(ringP99)]
        }
        details.append("errors " + ProgressStatus.count(failed))
        if refused > 0 { details.append("refused " + ProgressStatus.count(refused)) }
        if interrupted > 0 { details.append("interrupted " + ProgressStatus.count(interrupted)) }
        if reconnectingPairs > 0 { details.append("reconnecting " + ProgressStatus.count(reconnectingPairs) + " pairs") }
        return details
    }
}
