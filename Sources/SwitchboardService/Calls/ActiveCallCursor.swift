import SwitchboardCore
import SwitchboardWire

/// A position in one user's list of live calls (`call.active`), oldest first by creation time, then call
/// id: the last call of a page. Opaque to clients (``encoded``); a call that ends between two pages
/// leaves the order of the others as it was, so every call live throughout comes in exactly one page.
struct ActiveCallCursor: Hashable {
    var createdAt: Timestamp
    var callID: CallID

    init(after call: Call) {
        self.createdAt = call.createdAt
        self.callID = call.id
    }

    /// Whether `call` sorts after this position.
    func precedes(_ call: Call) -> Bool {
        (createdAt, callID.rawValue) < (call.createdAt, call.id.rawValue)
    }

    /// The order of a page: the one cursors follow.
    static func inOrder(_ first: Call, _ second: Call) -> Bool {
        (first.createdAt, first.id.rawValue) < (second.createdAt, second.id.rawValue)
    }

    /// The cursor as clients see it: `a1.` followed by the hex of "<ms>:<call id>".
    var encoded: String {
        "a1." + hex(Array("\(createdAt.millisecondsSince1970):\(callID.rawValue)".utf8))
    }

    /// Decodes a cursor a client sent back, or throws ``ServiceErrorCode/invalidCursor``.
    init(encoded: String) throws(SignalingError) {
        let invalid = SignalingError(.invalidCursor, "\(String(reflecting: encoded)) is not a cursor this service issued")
        guard encoded.hasPrefix("a1."), let bytes = unhex(encoded.dropFirst(3)) else { throw invalid }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":"), let ms = Int64(text[..<colon]) else { throw invalid }
        let id = String(text[text.index(after: colon)...])
        guard !id.isEmpty else { throw invalid }
        self.createdAt = Timestamp(millisecondsSince1970: ms)
        self.callID = CallID(id)
    }
}
