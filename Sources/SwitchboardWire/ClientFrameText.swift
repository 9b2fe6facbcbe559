import SwitchboardCore

/// The text of the client frames a client sends by the thousand, written from fixed text: byte for byte
/// what ``WireCodec/encode(_:)-(ClientFrame)`` writes (`ClientFrameTextTests` holds it to that), without
/// building a frame or a jansson tree. For the load generator's lean engine (docs/PERFORMANCE.md, "The load
/// generator"), the one writer of frame text besides jansson (docs/DECISIONS.md, "Transport and
/// durability"): the call actions of a call's flow and of a client's duties with the request id, the call
/// id and the invitee spliced in, the event acknowledgement, the ping, and a request from the text of an
/// earlier one of the same operation (``template(of:)``). Anything else, or an id that JSON would have to
/// escape, is written by ``WireCodec``.
///
/// Each method appends to `text`, so that a writer can reuse one buffer for every frame.
public enum ClientFrameText {
    /// `{"t":"ack","seq":N}`.
    public static func acknowledgement(_ sequence: EventSequence, to text: inout [UInt8]) {
        append(#"{"t":"ack","seq":"#, to: &text)
        append(sequence, to: &text)
        append("}", to: &text)
    }

    /// `{"t":"ping"}`.
    public static func ping(to text: inout [UInt8]) {
        append(#"{"t":"ping"}"#, to: &text)
    }

    /// Request `id` doing `operation`. `template` is what follows the id in an earlier request of the
    /// same operation (``template(of:)``), if the writer kept one.
    public static func request(id: Int64, _ operation: ServiceOperation, template: [UInt8]? = nil, to text: inout [UInt8]) {
        if let template {
            append(#"{"t":"req","id":"#, to: &text)
            append(id, to: &text)
            text.append(contentsOf: template)
            return
        }
        guard case .call(let call, let action) = operation, isPlain(call.rawValue) else {
            return text.append(contentsOf: WireCodec.encode(.request(Request(id: RequestID(rawValue: id), operation: operation))))
        }
        let op: StaticString
        var second: (key: StaticString, value: String)?
        switch action {
        case .acknowledge: op = "call.ack"
        case .accept(data: nil): op = "call.accept"
        case .end(data: nil): op = "call.end"
        case .cancel(invitees: nil, data: nil): op = "call.cancel"
        case .reject(data: nil, let reason):
            op = "call.reject"
            second = ("reason", reason.rawValue)
        case .confirm(let invitee) where isPlain(invitee.rawValue):
            op = "call.confirm"
            second = ("invitee", invitee.rawValue)
        default:
            return text.append(contentsOf: WireCodec.encode(.request(Request(id: RequestID(rawValue: id), operation: operation))))
        }
        append(#"{"t":"req","id":"#, to: &text)
        append(id, to: &text)
        append(#","op":""#, to: &text)
        append(op, to: &text)
        append(#"","body":{"call":""#, to: &text)
        text.append(contentsOf: call.rawValue.utf8)
        if let second {
            append(#"",""#, to: &text)
            append(second.key, to: &text)
            append(#"":""#, to: &text)
            text.append(contentsOf: second.value.utf8)
        }
        append(#""}}"#, to: &text)
    }

    /// What follows the request id in ``WireCodec``'s text of a request doing `operation` (from `,"op":`
    /// on), for ``request(id:_:template:to:)``.
    public static func template(of operation: ServiceOperation) -> [UInt8] {
        let text = WireCodec.encode(.request(Request(id: 0, operation: operation)))
        let head = Array(#"{"t":"req","id":0"#.utf8)
        precondition(text.starts(with: head), "WireCodec writes a request's type and id first")
        return Array(text.dropFirst(head.count))
    }

    /// Text JSON writes as it is (printable ASCII but the quote and the backslash, or any non-ASCII).
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }
    }

    private static func append(_ literal: StaticString, to text: inout [UInt8]) {
        literal.withUTF8Buffer { text.append(contentsOf: $0) }
    }

    private static func append(_ value: Int64, to text: inout [UInt8]) {
        if value < 0 { text.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var magnitude = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            text.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }
}
