import SwitchboardJSON

/// One live call as the admin API lists it (`GET /v1/admin/calls/live`, docs/SERVER.md, "Live calls from a
/// terminal"), read from the answer's JSON. Times are Unix milliseconds. The values the server sends are
/// kept as text: a newer server may add states or surfaces, which are shown as they come.
public struct LiveCall: Sendable, Hashable {
    /// One participant: `user:state@surface` in the table.
    public struct Participant: Sendable, Hashable {
        public var user: String
        /// `caller`, `invitee` or `joiner`.
        public var role: String
        /// `inviting`, `received`, `accepted`, `rejected(busy)`, ... (the call model's participant states).
        public var state: String
        /// What the participant's client said in its hello: `agora`, `artm`, `zim`, `tencent`, or a client's
        /// own (`cli`, `loadtest`); nil when they have no session or the node does not know (a cluster
        /// node that does not host the app).
        public var surface: String?
        public var device: String?
        public var changedAt: Int64

        public init(user: String, role: String, state: String, surface: String? = nil, device: String? = nil, changedAt: Int64) {
            self.user = user
            self.role = role
            self.state = state
            self.surface = surface
            self.device = device
            self.changedAt = changedAt
        }
    }

    public var call: String
    /// `ringing` or `connected`.
    public var state: String
    /// `general` or `advanced` (the call model's modes).
    public var mode: String
    public var caller: String
    public var createdAt: Int64
    public var connectedAt: Int64?
    /// The cluster node that hosts the call's app; nil on a single server.
    public var node: String?
    public var participants: [Participant]
    /// The call as the server sent it (`switchboard calls --json` prints these).
    public var json: JSONValue

    /// Reads one element of the answer's `calls` (at `path` in it, for the error). Throws the first field
    /// that is missing or of another type.
    public init(json: JSONValue, path: String = "call") throws(AnswerFieldError) {
        let fields = AnswerFields(json, path: path)
        call = try fields.string("call")
        state = try fields.string("state")
        mode = try fields.string("mode")
        caller = try fields.string("caller")
        createdAt = try fields.int("createdAt")
        connectedAt = try fields.optionalInt("connectedAt")
        node = try fields.optionalString("node")
        participants = []
        for (index, element) in try fields.array("participants").enumerated() {
            let fields = AnswerFields(element, path: "\(path).participants[\(index)]")
            participants.append(Participant(
                user: try fields.string("user"), role: try fields.string("role"), state: try fields.string("state"),
                surface: try fields.optionalString("surface"), device: try fields.optionalString("device"),
                changedAt: try fields.int("changedAt")))
        }
        self.json = json
    }
}
