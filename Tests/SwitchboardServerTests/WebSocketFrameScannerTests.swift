import Testing
@testable import SwitchboardServer

/// The connection guard's frame-header reader (docs/SECURITY.md, "Connections").
@Suite("WebSocket frame scanner")
struct WebSocketFrameScannerTests {
    private static let head = Array("GET /v1/signal HTTP/1.1\r\nHost: x\r\n\r\n".utf8)

    private static func frame(opcode: UInt8, length: Int, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        let bit: UInt8 = masked ? 0x80 : 0
        if length < 126 {
            bytes.append(bit | UInt8(length))
        } else if length <= 0xffff {
            bytes += [bit | 126, UInt8(length >> 8), UInt8(length & 0xff)]
        } else {
            bytes.append(bit | 127)
            bytes += (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xff) }
        }
        if masked { bytes += [1, 2, 3, 4] }
        return bytes + Array(repeating: 0x61, count: length)
    }

    private static func headers(_ chunks: [[UInt8]]) -> [WebSocketFrameScanner.Header] {
        var scanner = WebSocketFrameScanner()
        var found: [WebSocketFrameScanner.Header] = []
        for chunk in chunks { scanner.scan(chunk) { found.append($0); return true } }
        return found
    }

    @Test("reads every header after the request head, whatever the chunking, and skips payloads")
    func headersAcrossChunks() {
        let stream = Self.head + Self.frame(opcode: 1, length: 5) + Self.frame(opcode: 9, length: 0)
            + Self.frame(opcode: 2, length: 300) + Self.frame(opcode: 1, length: 70_000, masked: false)
        let expected: [WebSocketFrameScanner.Header] = [
            .init(opcode: 1, isMasked: true, length: 5), .init(opcode: 9, isMasked: true, length: 0),
            .init(opcode: 2, isMasked: true, length: 300), .init(opcode: 1, isMasked: false, length: 70_000),
        ]
        #expect(Self.headers([stream]) == expected)
        #expect(Self.headers(stream.map { [$0] }) == expected)
        #expect(Self.headers(stride(from: 0, to: stream.count, by: 7).map { Array(stream[$0..<min($0 + 7, stream.count)]) }) == expected)
    }

    @Test("a partial frame reports its header at once, before its payload")
    func partialFrame() {
        let header = Array(Self.frame(opcode: 1, length: 1 << 20).prefix(14))
        #expect(Self.headers([Self.head, header]) == [.init(opcode: 1, isMasked: true, length: 1 << 20)])
    }

    @Test("nothing before the end of the request head is a frame; a lone CR or LF does not end it")
    func requestHead() {
        var scanner = WebSocketFrameScanner()
        scanner.scan(Array("GET / HTTP/1.1\r\nA: b\r\r\n\n".utf8)) { _ in Issue.record("a frame in the head"); return true }
        #expect(!scanner.isPastRequestHead)
        scanner.scan(Array("\r\n\r\n".utf8)) { _ in true }
        #expect(scanner.isPastRequestHead)
    }

    @Test("scanning stops when told to")
    func stops() {
        var scanner = WebSocketFrameScanner()
        var count = 0
        scanner.scan(Self.head + Self.frame(opcode: 1, length: 1) + Self.frame(opcode: 1, length: 1)) { _ in count += 1; return false }
        #expect(count == 1)
    }
}
