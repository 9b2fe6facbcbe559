import NIOCore
import SwitchboardWire

/// How the lean engine writes client frames and reads server frames.
enum LeanFrames {
    static func encode(_ frame: ClientFrame, allocator: ByteBufferAllocator) -> ByteBuffer {
        let bytes = WireCodec.encode(frame)
        var buffer = allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }

    static func request(id: Int64, _ operation: ServiceOperation, allocator: ByteBufferAllocator) -> ByteBuffer {
        encode(.request(Request(id: RequestID(rawValue: id), operation: operation)), allocator: allocator)
    }

    static func decode(_ message: ByteBuffer) throws(SignalingError) -> ServerFrame {
        try WireCodec.decodeServerFrame(Array(message.readableBytesView))
    }
}
