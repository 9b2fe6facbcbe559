/// Reads the frame headers of a client's byte stream, as it arrives, without buffering or decoding a
/// payload: what the connection guard needs to refuse what the WebSocket decoder would accept
/// (docs/SECURITY.md, "Connections"). Written here because neither swift-nio's frame decoder nor
/// Hummingbird exposes a hook between the socket and its buffering: an unmasked client frame
/// (RFC 6455, section 5.1: close with 1002), a frame before the welcome larger than the few KiB a
/// hello needs (checked on its header, before its payload is buffered), and pings beyond a rate.
///
/// The stream starts with the HTTP request that asks for the upgrade; its head ends at the first
/// empty line, and everything after it is frames once the server answers 101 (the upgrade is always
/// the connection's first request). A scanner is a pure value: feed it bytes, it reports frames.
struct WebSocketFrameScanner: Sendable {
    /// A frame header, read in full.
    struct Header: Equatable, Sendable {
        var opcode: UInt8
        var isMasked: Bool
        var length: UInt64

        var isPing: Bool { opcode == 0x9 }
    }

    private enum State: Equatable, Sendable {
        /// In the HTTP request head: `matched` bytes of "\r\n\r\n" seen at the end of what came so far.
        case requestHead(matched: Int)
        /// Reading a frame header: the bytes of it so far.
        case header
        /// Skipping a payload: the bytes still to come.
        case payload(remaining: UInt64)
    }

    private var state = State.requestHead(matched: 0)
    private var headerBytes: [UInt8] = []

    /// Whether the request head has ended, so that the bytes now are frames.
    var isPastRequestHead: Bool {
        if case .requestHead = state { return false }
        return true
    }

    /// Reads `bytes`, calling `frame` with each frame header completed in them, in order. Stops early
    /// (and stays stopped) when `frame` returns false.
    mutating func scan<Bytes: Collection<UInt8>>(_ bytes: Bytes, frame: (Header) -> Bool) {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch state {
            case .requestHead(let matched):
                let byte = bytes[index]
                index = bytes.index(after: index)
                let expected: UInt8 = matched % 2 == 0 ? 0x0d : 0x0a
                let next = byte == expected ? matched + 1 : (byte == 0x0d ? 1 : 0)
                state = next == 4 ? .header : .requestHead(matched: next)
            case .payload(let remaining):
                let available = UInt64(bytes.distance(from: index, to: bytes.endIndex))
                let skipped = min(available, remaining)
                index = bytes.index(index, offsetBy: Int(skipped))
                state = remaining == skipped ? .header : .payload(remaining: remaining - skipped)
            case .header:
                headerBytes.append(bytes[index])
                index = bytes.index(after: index)
                guard let header = Self.header(in: headerBytes) else { continue }
                headerBytes.removeAll(keepingCapacity: true)
                state = header.length == 0 ? .header : .payload(remaining: header.length)
                if !frame(header) { return }
            }
        }
    }

    /// The header `bytes` hold once they are complete (2 to 14 bytes), or nil while more are needed.
    private static func header(in bytes: [UInt8]) -> Header? {
        guard bytes.count >= 2 else { return nil }
        let isMasked = bytes[1] & 0x80 != 0
        let shortLength = bytes[1] & 0x7f
        let lengthBytes = shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0
        let total = 2 + lengthBytes + (isMasked ? 4 : 0)
        guard bytes.count >= total else { return nil }
        var length = UInt64(shortLength)
        if lengthBytes > 0 {
            length = bytes[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        return Header(opcode: bytes[0] & 0x0f, isMasked: isMasked, length: length)
    }
}
