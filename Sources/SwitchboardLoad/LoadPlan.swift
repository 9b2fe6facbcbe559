import Foundation
import SwitchboardClient
import SwitchboardCore
import SwitchboardProfiles

/// What a load run does: where, how fast, for how long, which calls. Bounded in count and time, and to
/// loopback servers only.
public struct LoadPlan: Sendable {
    /// How calls are placed.
    public enum Pace: Sendable, Hashable, CustomStringConvertible {
        /// Open loop: calls start at this many per second whatever happens to earlier ones (SIPp `-r`).
        case rate(Double)
        /// Closed loop: this many calls in flight at all times; each one finished starts the next.
        case inFlight(Int)

        public var description: String {
            switch self {
            case .rate(let rate): "\(rate.formatted(decimals: rate < 10 ? 1 : 0)) calls/s offered"
            case .inFlight(let count): "\(count) calls in flight"
            }
        }
    }

    /// The servers' WebSocket URLs (`ws://127.0.0.1:7480/v1/signal`): one server, or several nodes of a
    /// cluster. With several, each pair's caller and callee are on different nodes (``url(of:pair:)``).
    public var urls: [String]
    /// The first of ``urls``; setting it makes it the only one.
    public var url: String {
        get { urls[0] }
        set { urls = [newValue] }
    }
    public var pace: Pace
    /// How long calls are placed.
    public var duration: Duration
    /// Stop placing calls after this many, even before `duration`.
    public var maxCalls: Int
    public var mix: FlowMix
    /// Caller/callee pairs, two WebSocket sessions each; a pair carries one call at a time.
    public var pairs: Int
    /// The ring timeout of every call; ``FlowKind/timeout`` calls wait all of it.
    public var ringTimeout: Duration
    /// A call still going this long after its expected end counts as stalled.
    public var stallAfter: Duration
    /// The app the simulated users log in to, and their token (any, in development mode).
    public var app: String
    public var token: String?
    /// Tokens of particular users, over ``token``: a configured server's JWTs, which name their user
    /// (`switchboard loadtest --config` mints one per user of ``users``).
    public var tokens: [UserID: String] = [:]
    /// A user not logged in by then stops the run (thousands of logins queue at the server).
    public var loginTimeout: Duration = .seconds(15)
    /// A user whose link drops reconnects after this long (the first attempt goes at once), doubling
    /// after each failed attempt up to ``reconnectMaxDelay``, each delay shortened by up to
    /// ``reconnectJitter`` of itself at random (``/SwitchboardClient/ClientTiming/reconnectJitter``).
    public var reconnectInitialDelay: Duration = .milliseconds(250)
    public var reconnectMaxDelay: Duration = .seconds(2)
    public var reconnectJitter = 0.5
    /// Users are `<prefix>-c<n>` and `<prefix>-e<n>`; unique per run, so runs never see each other's calls.
    public var userPrefix: String
    /// Before measuring, every pair makes one answered call, not counted: the first request of a new
    /// connection pays one-time costs on both sides (buffers growing, first allocations) that a
    /// long-running client does not.
    public var warmsUp: Bool
    /// The users ask for compact call events, as clients do by default (docs/DECISIONS.md, "Compact call
    /// events"); off, the full form, to compare the two.
    public var compactEvents = true
    /// The users ask for the events of their own requests folded into the responses, as clients do by
    /// default (docs/DECISIONS.md, "Echoes in the reply"); off, every event is a frame of its own.
    public var echoesInReply = true
    /// Keep every call placed, to list in the report (``LoadReport/calls``, `--json FILE`); off, the
    /// generator keeps nothing per call.
    public var listsCalls = false

    public init(
        url: String = "ws://127.0.0.1:7480/v1/signal", pace: Pace = .rate(100), duration: Duration = .seconds(10),
        maxCalls: Int = 1_000_000, mix: FlowMix = .acceptOnly, pairs: Int = 500, ringTimeout: Duration = .seconds(2),
        stallAfter: Duration = .seconds(10), app: String = "loadtest", token: String? = "loadtest",
        userPrefix: String = "load-\(UInt32.random(in: 0...UInt32.max))", warmsUp: Bool = true
    ) {
        urls = [url]
        self.pace = pace
        self.duration = duration
        self.maxCalls = maxCalls
        self.mix = mix
        self.pairs = pairs
        self.ringTimeout = ringTimeout
        self.stallAfter = stallAfter
        self.app = app
        self.token = token
        self.userPrefix = userPrefix
        self.warmsUp = warmsUp
    }

    /// Every simulated user, callers and callees by pair (`<prefix>-c<n>`, `<prefix>-e<n>`).
    public var users: [UserID] {
        (0..<pairs).flatMap { [Self.user(.caller, pair: $0, prefix: userPrefix), Self.user(.callee, pair: $0, prefix: userPrefix)] }
    }

    /// Where a pair's user connects: with n URLs, pair i's caller on URL i mod n and its callee on URL
    /// (i + 1) mod n, so that with several nodes every call crosses from one node to another.
    public func url(of side: CallFlow.Side, pair: Int) -> String {
        urls[urlIndex(of: side, pair: pair)]
    }

    func urlIndex(of side: CallFlow.Side, pair: Int) -> Int {
        (pair + (side == .caller ? 0 : 1)) % urls.count
    }

    static func user(_ side: CallFlow.Side, pair: Int, prefix: String) -> UserID {
        UserID("\(prefix)-\(side == .caller ? "c" : "e")\(pair)")
    }

    func token(for user: UserID) -> String? {
        tokens[user] ?? token
    }

    /// The users' client timers: a request may take as long as a call may before it stalls, and
    /// reconnects back off as the plan says.
    var timing: ClientTiming {
        ClientTiming(loginTimeout: loginTimeout, requestTimeout: stallAfter, reconnectInitialDelay: reconnectInitialDelay,
                     reconnectMaxDelay: reconnectMaxDelay, reconnectJitter: reconnectJitter)
    }

    /// The most server URLs (nodes) one run spreads its users over.
    public static let maxURLs = 64

    /// The most pairs: two sessions each, under the usual open-file limit of 20,000 with room to spare.
    public static let maxPairs = 9_000

    /// Refuses what the generator must not do: talk to another machine, run unbounded, or ask for more
    /// connections than the process may open.
    public func validate() throws(LoadError) {
        guard (1...Self.maxURLs).contains(urls.count) else { throw .invalidPlan("give 1 to \(Self.maxURLs) server URLs") }
        guard Set(urls).count == urls.count else { throw .invalidPlan("a server URL is given twice") }
        for url in urls {
            guard let host = URL(string: url)?.host, Self.isLoopback(host) else {
                throw .invalidPlan("the load generator only talks to loopback servers (127.0.0.0/8, ::1, localhost), not \(url)")
            }
        }
        switch pace {
        case .rate(let rate):
            guard rate > 0, rate <= 100_000 else { throw .invalidPlan("the offered rate must be above 0 and at most 100000 calls/s") }
        case .inFlight(let count):
            guard (1...pairs).contains(count) else { throw .invalidPlan("calls in flight must be 1 to --pairs (\(pairs))") }
        }
        guard (1...Self.maxPairs).contains(pairs) else { throw .invalidPlan("--pairs must be 1 to \(Self.maxPairs)") }
        guard duration > .zero, duration <= .seconds(3_600) else { throw .invalidPlan("the duration must be above 0 and at most an hour") }
        guard maxCalls >= 1 else { throw .invalidPlan("--calls must be at least 1") }
        guard ringTimeout >= .seconds(1), ringTimeout <= .seconds(600) else { throw .invalidPlan("the ring timeout must be 1 to 600 s") }
        guard stallAfter >= .seconds(1), stallAfter <= .seconds(600) else { throw .invalidPlan("the stall limit must be 1 to 600 s") }
        guard reconnectInitialDelay >= .milliseconds(10), reconnectInitialDelay <= reconnectMaxDelay,
              reconnectMaxDelay <= .seconds(60) else {
            throw .invalidPlan("reconnect delays must be 10 ms to 60 s, the first no longer than the longest")
        }
        guard loginTimeout >= .seconds(1), loginTimeout <= .seconds(60) else { throw .invalidPlan("the login timeout must be 1 to 60 s") }
        guard (0...1).contains(reconnectJitter) else { throw .invalidPlan("the reconnect jitter must be 0 to 1") }
    }

    /// `localhost`, `::1`, or a dotted IPv4 address in 127.0.0.0/8 (not a name that merely starts with
    /// "127.", which could resolve anywhere).
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        let digits = octets.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }
        let values = octets.compactMap { UInt8($0) }
        return octets.count == 4 && digits && values.count == 4 && values[0] == 127
    }

    /// Every call's parameters: an advanced call of Switchboard's own profile (it lives until ended, so
    /// it can be hung up) with the three-way accept, so every answered call carries the delivery ack,
    /// the accept and the confirm. The server lowers a ring timeout above its app's cap to the cap.
    var callParameters: CallParameters {
        CallParameters(ringTimeout: ringTimeout, confirmsAccept: true)
    }

    /// How long a call of this kind may take before it counts as stalled.
    func stallLimit(for kind: FlowKind) -> Duration {
        kind == .timeout ? ringTimeout + stallAfter : stallAfter
    }
}

extension Double {
    func formatted(decimals: Int) -> String {
        String(format: "%.\(decimals)f", self)
    }
}
