import Foundation
import SwitchboardCore
import SwitchboardJSON
import SwitchboardService
import SwitchboardWire

/// The server's configuration file (`switchboard serve --config FILE`): JSON, documented in
/// docs/SERVER.md and `Schemas/config/server.schema.json`, read through the jansson layer.
///
/// ```json
/// {
///   "apps": [
///     {"id": "acme", "secret": "…", "vendorIDs": ["1400000001", "1234567890"],
///      "loginPolicy": "multiDevice", "pushesOfflineInvitations": false,
///      "limits": {"maxRingSeconds": 60}, "calls": {"join": "invited", "ephemeral": "record"}}
///   ],
///   "limits": {"maxSessionsPerUser": 16, "maxActiveCallsPerUser": 32, "maxPendingInvitationsPerUser": 32,
///              "maxMessageBytes": 32768, "offlineMessageBytesPerSender": 4194304,
///              "recordRetentionDays": 30, "maxRingSeconds": 120, "tokenExpiryGraceSeconds": 0},
///   "overload": {"enabled": true, "highLagMilliseconds": 40, "lowLagMilliseconds": 10,
///                "rampMilliseconds": 200, "recoveryMilliseconds": 1000}
/// }
/// ```
///
/// Without a file (or with no apps in it) the server runs in development mode.
public struct ServerConfigFile: Sendable, Equatable {
    public var apps: [AppConfiguration]
    public var maxSessionsPerUser: Int?
    public var maxActiveCallsPerUser: Int?
    /// The most invitations ringing at one user at once
    /// (``/SwitchboardService/ServiceConfiguration/maxPendingInvitationsPerUser``).
    public var maxPendingInvitationsPerUser: Int?
    public var maxMessageBytes: Int?
    /// Records older than this many days are deleted (kept forever when absent).
    public var recordRetentionDays: Int?
    /// No invitation rings longer than this many seconds, in apps that set no cap of their own (120 when
    /// absent: ``/SwitchboardService/AppCallRules/serverDefaultMaxRingTimeout``).
    public var maxRingSeconds: Int?
    /// The offline message and channel attribute quotas the file sets.
    public var quotas = Quotas()
    /// Load shedding (docs/SERVER.md, "Overload"): the defaults with what the file's `overload` sets
    /// over them; nil when the file has no `overload`.
    public var overload: OverloadConfiguration?

    /// Seconds past its token's expiry that an unrenewed session lives on before the service ends it
    /// (``/SwitchboardService/ServiceConfiguration/tokenExpiryGrace``; 0 when absent, at most
    /// ``maxTokenExpiryGraceSeconds``).
    public var tokenExpiryGraceSeconds: Int?

    /// The cluster this server is a node of (docs/SERVER.md, "Cluster"): `"cluster": {"url":
    /// "postgres://...", "node": "NAME"}`. `serve --cluster` and `--node` override it.
    public var cluster: ClusterSettings?

    /// Each app's push credentials (docs/SERVER.md, "Push"), for the apps whose entry has a `push`.
    public var push: [AppID: PushSettings] = [:]

    public struct ClusterSettings: Sendable, Equatable {
        public var url: String
        public var node: String?
    }

    /// The longest grace a file may give expired tokens: a short allowance for a renewal in flight, not
    /// a way to turn expiry off.
    public static let maxTokenExpiryGraceSeconds = 300

    public init(apps: [AppConfiguration] = [], maxSessionsPerUser: Int? = nil, maxActiveCallsPerUser: Int? = nil,
                maxMessageBytes: Int? = nil, recordRetentionDays: Int? = nil) {
        self.apps = apps
        self.maxSessionsPerUser = maxSessionsPerUser
        self.maxActiveCallsPerUser = maxActiveCallsPerUser
        self.maxMessageBytes = maxMessageBytes
        self.recordRetentionDays = recordRetentionDays
    }

    /// Why a configuration file is refused: the JSON path and what is wrong there.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Reads and checks the file at `path`.
    public static func load(path: String) throws -> ServerConfigFile {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try parse(text)
    }

    /// Parses and checks a configuration document.
    public static func parse(_ text: String) throws(Invalid) -> ServerConfigFile {
        let root: JSONValue
        do {
            root = try JSONParser(limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 16)).parse(text)
        } catch {
            throw Invalid(path: "$", reason: "not JSON: \(error)")
        }
        guard let object = root.objectValue else { throw Invalid(path: "$", reason: "must be an object") }
        try allowOnly(object, ["apps", "limits", "overload", "cluster"], at: "$")
        var file = ServerConfigFile()
        if let limits = object["limits"] {
            guard let limits = limits.objectValue else { throw Invalid(path: "$.limits", reason: "must be an object") }
            try allowOnly(limits, Set(["maxSessionsPerUser", "maxActiveCallsPerUser", "maxPendingInvitationsPerUser",
                                       "maxMessageBytes", "recordRetentionDays", "maxRingSeconds", "tokenExpiryGraceSeconds"] + Quotas.keys),
                          at: "$.limits")
            file.quotas = try Quotas(limits, at: "$.limits")
            file.maxRingSeconds = try ringSeconds(limits["maxRingSeconds"], at: "$.limits.maxRingSeconds")
            file.maxSessionsPerUser = try positive(limits["maxSessionsPerUser"], at: "$.limits.maxSessionsPerUser")
            file.maxActiveCallsPerUser = try positive(limits["maxActiveCallsPerUser"], at: "$.limits.maxActiveCallsPerUser")
            file.maxPendingInvitationsPerUser = try positive(limits["maxPendingInvitationsPerUser"],
                                                             at: "$.limits.maxPendingInvitationsPerUser")
            file.maxMessageBytes = try positive(limits["maxMessageBytes"], at: "$.limits.maxMessageBytes")
            file.recordRetentionDays = try positive(limits["recordRetentionDays"], at: "$.limits.recordRetentionDays")
            if let grace = limits["tokenExpiryGraceSeconds"] {
                guard let seconds = grace.intValue, (0...Int64(maxTokenExpiryGraceSeconds)).contains(seconds) else {
                    throw Invalid(path: "$.limits.tokenExpiryGraceSeconds",
                                  reason: "must be an integer from 0 to \(maxTokenExpiryGraceSeconds)")
                }
                file.tokenExpiryGraceSeconds = Int(seconds)
            }
        }
        if let overload = object["overload"] {
            file.overload = try Self.overload(overload, at: "$.overload")
        }
        if let cluster = object["cluster"] {
            guard let settings = cluster.objectValue else { throw Invalid(path: "$.cluster", reason: "must be an object") }
            try allowOnly(settings, ["url", "node"], at: "$.cluster")
            guard let url = settings["url"]?.stringValue, !url.isEmpty else {
                throw Invalid(path: "$.cluster.url", reason: "must be a postgres:// URL")
            }
            if let node = settings["node"], node.stringValue == nil {
                throw Invalid(path: "$.cluster.node", reason: "must be a string")
            }
            file.cluster = ClusterSettings(url: url, node: settings["node"]?.stringValue)
        }
        if let apps = object["apps"] {
            guard let list = apps.arrayValue else { throw Invalid(path: "$.apps", reason: "must be an array") }
            var ids = Set<String>()
            var vendorIDs = Set<String>()
            for (index, entry) in list.enumerated() {
                let (app, push) = try Self.app(entry, at: "$.apps[\(index)]", ringCap: file.defaultRingCap)
                file.push[app.id] = push
                guard ids.insert(app.id.rawValue).inserted else {
                    throw Invalid(path: "$.apps[\(index)].id", reason: "\(app.id) is configured twice")
                }
                for vendorID in app.vendorIDs where !vendorIDs.insert(vendorID).inserted {
                    throw Invalid(path: "$.apps[\(index)].vendorIDs", reason: "\(vendorID) belongs to two apps")
                }
                file.apps.append(app)
            }
        }
        return file
    }

    /// The service's configuration: the apps, and the limits over the defaults.
    public var serviceConfiguration: ServiceConfiguration {
        var configuration = ServiceConfiguration(apps: apps)
        if let maxSessionsPerUser { configuration.maxSessionsPerUser = maxSessionsPerUser }
        if let maxActiveCallsPerUser { configuration.maxActiveCallsPerUser = maxActiveCallsPerUser }
        if let maxPendingInvitationsPerUser { configuration.maxPendingInvitationsPerUser = maxPendingInvitationsPerUser }
        if let maxMessageBytes { configuration.maxMessageBytes = maxMessageBytes }
        quotas.apply(to: &configuration)
        if let tokenExpiryGraceSeconds { configuration.tokenExpiryGrace = .seconds(tokenExpiryGraceSeconds) }
        configuration.callRules.maxRingTimeout = defaultRingCap
        return configuration
    }

    /// The ring cap of apps that set none.
    var defaultRingCap: Duration {
        maxRingSeconds.map { .seconds($0) } ?? AppCallRules.serverDefaultMaxRingTimeout
    }

    // MARK: - Pieces

    private static func app(_ value: JSONValue, at path: String, ringCap: Duration) throws(Invalid)
        -> (AppConfiguration, PushSettings?)
    {
        guard let object = value.objectValue else { throw Invalid(path: path, reason: "must be an object") }
        try allowOnly(object, ["id", "secret", "vendorIDs", "loginPolicy", "pushesOfflineInvitations", "eventWebhook",
                               "pushWebhook", "push", "limits", "calls"], at: path)
        guard let id = object["id"]?.stringValue, !id.isEmpty else {
            throw Invalid(path: "\(path).id", reason: "must be a non-empty string")
        }
        guard let secret = object["secret"]?.stringValue, secret.utf8.count >= 32 else {
            throw Invalid(path: "\(path).secret", reason: "must be a string of at least 32 bytes (an HS256 key is at least as long as its hash)")
        }
        guard let vendorList = object["vendorIDs"]?.arrayValue, !vendorList.isEmpty else {
            throw Invalid(path: "\(path).vendorIDs", reason: "must be a non-empty array of strings")
        }
        var vendorIDs: [String] = []
        for (index, vendorID) in vendorList.enumerated() {
            guard let text = vendorID.stringValue, !text.isEmpty else {
                throw Invalid(path: "\(path).vendorIDs[\(index)]", reason: "must be a non-empty string")
            }
            vendorIDs.append(text)
        }
        var policy = LoginPolicy.multiDevice
        if let value = object["loginPolicy"] {
            guard let text = value.stringValue, let parsed = LoginPolicy(rawValue: text), parsed != .latestDevice else {
                throw Invalid(path: "\(path).loginPolicy", reason: "must be \"singleDevice\" or \"multiDevice\"")
            }
            policy = parsed
        }
        var pushes = false
        if let value = object["pushesOfflineInvitations"] {
            guard let flag = value.boolValue else {
                throw Invalid(path: "\(path).pushesOfflineInvitations", reason: "must be true or false")
            }
            pushes = flag
        }
        var hooks: [String: String] = [:]
        for key in ["eventWebhook", "pushWebhook"] {
            guard let value = object[key] else { continue }
            guard let text = value.stringValue, let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
                  url.host != nil else {
                throw Invalid(path: "\(path).\(key)", reason: "must be an http:// or https:// URL")
            }
            hooks[key] = text
        }
        let push = try object["push"].map { (value) throws(Invalid) in try pushSettings(value, at: "\(path).push") }
        // An app the server pushes for has offline push configured, whatever the flag says.
        return (AppConfiguration(id: AppID(rawValue: id), vendorIDs: vendorIDs, secret: secret, loginPolicyCap: policy,
                                 pushesOfflineInvitations: pushes || push != nil, eventWebhook: hooks["eventWebhook"],
                                 pushWebhook: hooks["pushWebhook"], callRules: try callRules(object, at: path, ringCap: ringCap),
                                 pushTopics: push?.topics ?? []), push)
    }

    /// An app's `limits.maxRingSeconds` and `calls` (`join`, `ephemeral`), over the file's `ringCap`; nil
    /// when it sets none (the service's rules, which carry the file's cap, apply).
    private static func callRules(_ app: JSONObject, at path: String, ringCap: Duration) throws(Invalid) -> AppCallRules? {
        guard app["limits"] != nil || app["calls"] != nil else { return nil }
        var rules = AppCallRules(maxRingTimeout: ringCap)
        if let value = app["limits"] {
            guard let limits = value.objectValue else { throw Invalid(path: "\(path).limits", reason: "must be an object") }
            try allowOnly(limits, ["maxRingSeconds"], at: "\(path).limits")
            if let seconds = try ringSeconds(limits["maxRingSeconds"], at: "\(path).limits.maxRingSeconds") {
                rules.maxRingTimeout = .seconds(seconds)
            }
        }
        if let value = app["calls"] {
            guard let calls = value.objectValue else { throw Invalid(path: "\(path).calls", reason: "must be an object") }
            try allowOnly(calls, ["join", "ephemeral"], at: "\(path).calls")
            if let join = calls["join"] {
                guard let text = join.stringValue, let rule = AppCallRules.JoinRule(rawValue: text) else {
                    throw Invalid(path: "\(path).calls.join", reason: "must be \"app\" or \"invited\"")
                }
                rules.join = rule
            }
            if let ephemeral = calls["ephemeral"] {
                guard let text = ephemeral.stringValue, ["allow", "record"].contains(text) else {
                    throw Invalid(path: "\(path).calls.ephemeral", reason: "must be \"allow\" or \"record\"")
                }
                rules.allowsEphemeralCalls = text == "allow"
            }
        }
        return rules
    }

    /// The `overload` object over the defaults: marks in milliseconds, the low one under the high one.
    private static func overload(_ value: JSONValue, at path: String) throws(Invalid) -> OverloadConfiguration {
        guard let object = value.objectValue else { throw Invalid(path: path, reason: "must be an object") }
        try allowOnly(object, ["enabled", "highLagMilliseconds", "lowLagMilliseconds", "rampMilliseconds",
                               "recoveryMilliseconds"], at: path)
        var overload = OverloadConfiguration()
        if let enabled = object["enabled"] {
            guard let flag = enabled.boolValue else { throw Invalid(path: "\(path).enabled", reason: "must be true or false") }
            overload.isEnabled = flag
        }
        func milliseconds(_ key: String, _ range: ClosedRange<Int64>) throws(Invalid) -> Duration? {
            guard let value = object[key] else { return nil }
            guard let number = value.intValue, range.contains(number) else {
                throw Invalid(path: "\(path).\(key)", reason: "must be an integer from \(range.lowerBound) to \(range.upperBound)")
            }
            return .milliseconds(number)
        }
        if let high = try milliseconds("highLagMilliseconds", 1...60_000) { overload.highLag = high }
        if let low = try milliseconds("lowLagMilliseconds", 0...60_000) { overload.lowLag = low }
        if let ramp = try milliseconds("rampMilliseconds", 1...600_000) { overload.rampTime = ramp }
        if let recovery = try milliseconds("recoveryMilliseconds", 1...600_000) { overload.recoveryTime = recovery }
        guard overload.lowLag < overload.highLag else {
            throw Invalid(path: "\(path).lowLagMilliseconds", reason: "must be below highLagMilliseconds (\(overload.highLag))")
        }
        return overload
    }

    /// A ring cap: 1 s to an hour (no profile rings longer than an hour).
    private static func ringSeconds(_ value: JSONValue?, at path: String) throws(Invalid) -> Int? {
        guard let value else { return nil }
        guard let seconds = value.intValue, (1...3600).contains(seconds) else {
            throw Invalid(path: path, reason: "must be an integer from 1 to 3600")
        }
        return Int(seconds)
    }

    static func allowOnly(_ object: JSONObject, _ keys: Set<String>, at path: String) throws(Invalid) {
        for key in object.keys where !keys.contains(key) {
            throw Invalid(path: "\(path).\(key)", reason: "is not a setting (known: \(keys.sorted().joined(separator: ", ")))")
        }
    }

    static func positive(_ value: JSONValue?, at path: String) throws(Invalid) -> Int? {
        guard let value else { return nil }
        guard let number = value.intValue, number > 0, number <= Int64(Int32.max) else {
            throw Invalid(path: path, reason: "must be a positive integer")
        }
        return Int(number)
    }
}
