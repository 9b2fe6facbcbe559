import SwitchboardCore
import SwitchboardWire

/// A position in one owner's newest-first record list: the last record of a page. Opaque to clients
/// (``encoded``), so the store can change its ordering key without breaking them.
public struct RecordCursor: Hashable, Sendable {
    public var recordedAt: Timestamp
    public var callID: CallID

    public init(recordedAt: Timestamp, callID: CallID) {
        self.recordedAt = recordedAt
        self.callID = callID
    }

    public init(after record: CallRecord) {
        self.init(recordedAt: record.recordedAt, callID: record.callID)
    }

    /// Whether `record` sorts after this position in newest-first order.
    func precedes(_ record: CallRecord) -> Bool {
        (record.recordedAt, record.callID) < (recordedAt, callID)
    }

    /// The cursor as clients see it: `r1.` followed by the hex of "<ms>:<call id>".
    public var encoded: String {
        "r1." + hex(Array("\(recordedAt.millisecondsSince1970):\(callID.rawValue)".utf8))
    }

    /// Decodes a cursor a client sent back, or throws ``/SwitchboardWire/ServiceErrorCode/invalidCursor``.
    public init(encoded: String) throws(SignalingError) {
        let invalid = SignalingError(.invalidCursor, "\(String(reflecting: encoded)) is not a cursor this service issued")
        guard encoded.hasPrefix("r1."), let bytes = unhex(encoded.dropFirst(3)) else { throw invalid }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":"), let ms = Int64(text[..<colon]) else { throw invalid }
        let id = String(text[text.index(after: colon)...])
        guard !id.isEmpty else { throw invalid }
        self.init(recordedAt: Timestamp(millisecondsSince1970: ms), callID: CallID(id))
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)

func hex(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}

func unhex(_ text: Substring) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count % 2 == 0 else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count {
        guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
        bytes.append(high << 4 | low)
        index += 2
    }
    return bytes
}
