import NIOCore
import SwitchboardCore
import SwitchboardWire

/// How the lean engine writes client frames: the frames it sends by the thousand (the call actions, the
/// event acknowledgement, the ping) straight into the connection's buffer, byte for byte what
/// `WireCodec` writes (`LeanFramesTests` holds them to it), with the request id, the call id and the
/// invitee spliced into fixed text; an invite from the text `WireCodec` wrote for the pair's first one;
/// anything else, or an id that JSON would have to escape, through `WireCodec`. Server frames the lean
/// scan does not read are decoded by `WireCodec` in full.
enum LeanFrames {
    static func encode(_ frame: ClientFrame, allocator: ByteBufferAllocator) -> ByteBuffer {
        let bytes = WireCodec.encode(frame)
        var buffer = allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }

    /// `{"t":"ack","seq":N}`.
    static func acknowledgement(_ sequence: EventSequence, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 32)
        buffer.writeStaticString(#"{"t":"ack","seq":"#)
        writeInteger(sequence, to: &buffer)
        buffer.writeStaticString("}")
        return buffer
    }

    /// `{"t":"ping"}`.
    static func ping(allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 16)
        buffer.writeStaticString(#"{"t":"ping"}"#)
        return buffer
    }

    /// Request `id` doing `operation`. `template` is what follows the id in an earlier request of the
    /// same operation (``template(of:)``), if the caller kept one.
    static func request(id: Int64, _ operation: ServiceOperation, template: [UInt8]? = nil, allocator: ByteBufferAllocator) -> ByteBuffer {
        if let template {
            var buffer = allocator.buffer(capacity: 20 + template.count)
            buffer.writeStaticString(#"{"t":"req","id":"#)
            writeInteger(id, to: &buffer)
            buffer.writeBytes(template)
            return buffer
        }
        guard case .call(let call, let action) = operation, isPlain(call.rawValue) else {
            return encode(.request(Request(id: RequestID(rawValue: id), operation: operation)), allocator: allocator)
        }
        var buffer = allocator.buffer(capacity: 96 + call.rawValue.utf8.count)
        buffer.writeStaticString(#"{"t":"req","id":"#)
        writeInteger(id, to: &buffer)
        switch action {
        case .acknowledge:
            buffer.writeStaticString(#","op":"call.ack","body":{"call":""#)
            buffer.writeString(call.rawValue)
            buffer.writeStaticString(#""}}"#)
        case .accept(data: nil):
            buffer.writeStaticString(#","op":"call.accept","body":{"call":""#)
            buffer.writeString(call.rawValue)
            buffer.writeStaticString(#""}}"#)
        case .end(data: nil):
            buffer.writeStaticString(#","op":"call.end","body":{"call":""#)
            buffer.writeString(call.rawValue)
            buffer.writeStaticString(#""}}"#)
        case .cancel(invitees: nil, data: nil):
            buffer.writeStaticString(#","op":"call.cancel","body":{"call":""#)
            buffer.writeString(call.rawValue)
            buffer.writeStaticString(#""}}"#)
        case .reject(data: nil, let reason):
            buffer.writeStaticString(#","op":"call.reject","body":{"call":""#)
            buffer.writeString(call.rawValue)
            buffer.writeStaticString(#"","reason":""#)
            buffer.writeString(reason.rawValue)
            buffer.writeStaticString(#""}}"#)
        case .confirm(let invitee) where isPlain(invitee.rawValue):
            buffer.writeStaticString(#","op":"call.confirm","body":{"call":""#)
            buffer.writeString(call.rawValue)
            buffer.writeStaticString(#"","invitee":""#)
            buffer.writeString(invitee.rawValue)
            buffer.writeStaticString(#""}}"#)
        default:
            return encode(.request(Request(id: RequestID(rawValue: id), operation: operation)), allocator: allocator)
        }
        return buffer
    }

    /// What follows the request id in `WireCodec`'s text of a request doing `operation` (from `,"op":`
    /// on), for ``request(id:_:template:allocator:)``.
    static func template(of operation: ServiceOperation) -> [UInt8] {
        let text = WireCodec.encode(.request(Request(id: 0, operation: operation)))
        let head = Array(#"{"t":"req","id":0"#.utf8)
        precondition(text.starts(with: head), "WireCodec writes a request's type and id first")
        return Array(text.dropFirst(head.count))
    }

    /// Text JSON writes as it is (printable ASCII but the quote and the backslash, or any non-ASCII).
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != 0x7F }
    }

    private static func writeInteger(_ value: Int64, to buffer: inout ByteBuffer) {
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
            if value < 0 { buffer.writeStaticString("-") }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    static func decode(_ message: ByteBuffer) throws(SignalingError) -> ServerFrame {
        try WireCodec.decodeServerFrame(Array(message.readableBytesView))
    }
}
