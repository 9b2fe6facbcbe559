#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP socket to the loopback server that speaks WebSocket by hand, for frames no WebSocket
/// library will send (invalid UTF-8 in a text frame, ...). Reads time out after `timeout` seconds, so a
/// test never waits longer than that for the server.
final class RawWebSocket {
    private let fd: Int32

    init(port: Int, path: String, timeout: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError.failed("socket") }
        var interval = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw RawSocketError.failed("connect") }
        try write(Array(("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        var response: [UInt8] = []
        while !response.ends(with: Array("\r\n\r\n".utf8)) {
            response.append(contentsOf: try read(1))
        }
        guard String(decoding: response, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw RawSocketError.failed("upgrade: \(String(decoding: response, as: UTF8.self))")
        }
    }

    deinit { close(fd) }

    /// Sends one masked client frame (`opcode` 1 text, 2 binary) with FIN set.
    func sendFrame(opcode: UInt8, payload: [UInt8]) throws {
        precondition(payload.count < 126, "short frames only")
        let mask: [UInt8] = [0x37, 0xfa, 0x21, 0x3d]
        var frame: [UInt8] = [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    /// The next frame from the server: its opcode and payload (unmasked: a server does not mask).
    func readFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
        let head = try read(2)
        var length = Int(head[1] & 0x7f)
        if length == 126 {
            let extended = try read(2)
            length = Int(extended[0]) << 8 | Int(extended[1])
        } else if length == 127 {
            length = try read(8).reduce(0) { $0 << 8 | Int($1) }
        }
        return (head[0] & 0x0f, length == 0 ? [] : try read(length))
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard result > 0 else { throw RawSocketError.failed("send") }
            sent += result
        }
    }

    private func read(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let result = bytes[received...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard result > 0 else { throw RawSocketError.failed(result == 0 ? "closed" : "timed out or failed") }
            received += result
        }
        return bytes
    }
}

enum RawSocketError: Error {
    case failed(String)
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

/// A blocking TCP socket to the loopback server for one plain HTTP exchange: the request as given, the
/// response read until the server closes (reads time out after `timeout` seconds).
final class RawHTTPConnection {
    private let fd: Int32

    init(port: Int, timeout: Int = 20) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError.failed("socket") }
        var interval = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw RawSocketError.failed("connect") }
    }

    deinit { close(fd) }

    /// Sends `request` and returns every byte the server answers until it closes the connection.
    func exchange(_ request: [UInt8]) throws -> [UInt8] {
        var sent = 0
        while sent < request.count {
            let result = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard result > 0 else { throw RawSocketError.failed("send") }
            sent += result
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let result = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if result < 0, errno == EINTR { continue }
            guard result >= 0 else { throw RawSocketError.failed("timed out or failed") }
            if result == 0 { return response }
            response.append(contentsOf: buffer[..<result])
        }
    }
}
