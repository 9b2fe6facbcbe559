/// The facts of a call fixed at its creation, shared by every copy of the ``Call`` (see there).
final class CallFacts: Sendable {
    struct Values: Hashable, Sendable {
        var id: CallID
        var caller: UserID
        var mode: CallMode
        var policy: CallPolicy
        var mediaType: MediaType?
        var roomID: String?
        var groupID: String?
        var payload: String?
        var attachments: [String: String]
        var createdAt: Timestamp
        var placedThrough: String? = nil
    }

    let values: Values

    init(_ values: Values) {
        self.values = values
    }

    /// A new box with one change.
    func with(_ change: (inout Values) -> Void) -> CallFacts {
        var values = values
        change(&values)
        return CallFacts(values)
    }

    var id: CallID { values.id }
    var caller: UserID { values.caller }
    var mode: CallMode { values.mode }
    var policy: CallPolicy { values.policy }
    var mediaType: MediaType? { values.mediaType }
    var roomID: String? { values.roomID }
    var groupID: String? { values.groupID }
    var payload: String? { values.payload }
    var attachments: [String: String] { values.attachments }
    var createdAt: Timestamp { values.createdAt }
    var placedThrough: String? { values.placedThrough }
}
