#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SwitchboardJSON

/// Appends frames to a file as JSON lines, so that CI can check every frame the code really produced
/// against `Schemas/` (`scripts/validate-frames`).
///
/// Each line is `{"dir":"c2s"|"s2c","op":"call.invite"?,"frame":{...}}`: the direction, for a `res`
/// frame the operation it answers when the recorder knows it, and the frame's JSON object exactly as
/// ``WireCodec`` encodes it. `Schemas/log/line.schema.json` documents the line.
///
/// ``shared`` is the one process-wide log: it exists when the environment variable
/// `SWITCHBOARD_FRAME_LOG` names a file (opened for appending at first use), and is nil otherwise, so
/// callers write `FrameLog.shared?.record(frame)` at no cost when logging is off. Transports call it
/// for every frame they pass; tests call it for every frame they encode.
///
/// Thread-safe: each line is built outside the lock, then written with one `fwrite` and `fflush` under
/// it. The file is opened in append mode with a buffer larger than any wire frame, so each line
/// reaches the file in one `write(2)`: lines never interleave, between threads or between processes
/// appending to the same file.
public final class FrameLog: Sendable {
    public enum Direction: String, Sendable, CaseIterable {
        /// A frame from a client to the service.
        case clientToServer = "c2s"
        /// A frame from the service to a client.
        case serverToClient = "s2c"
    }

    /// The environment variable that names the shared log's file.
    public static let environmentVariable = "SWITCHBOARD_FRAME_LOG"

    /// The process-wide log, or nil when `SWITCHBOARD_FRAME_LOG` is unset or empty (or the file cannot
    /// be opened, which is reported once on standard error).
    public static let shared: FrameLog? = {
        guard let value = getenv(environmentVariable), value.pointee != 0 else { return nil }
        return FrameLog(path: String(cString: value))
    }()

    /// Room for the longest line written in one piece: a frame at the wire limit plus the line's envelope.
    private static let bufferSize = (1 << 20) + 4096

    private struct File {
        var stream: UnsafeMutablePointer<FILE>
        var buffer: UnsafeMutablePointer<CChar>
    }

    /// The file the log appends to.
    public let path: String
    private let file: Mutex<File>

    /// Opens `path` for appending (creating it), or returns nil after reporting why on standard error.
    public init?(path: String) {
        guard let stream = fopen(path, "a") else {
            let reason = String(cString: strerror(errno))
            Self.warn("cannot open the frame log \(path): \(reason)")
            return nil
        }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Self.bufferSize)
        setvbuf(stream, buffer, _IOFBF, Self.bufferSize)
        self.path = path
        self.file = Mutex(File(stream: stream, buffer: buffer))
    }

    deinit {
        file.withLock { file in
            fclose(file.stream)
            file.buffer.deallocate()
        }
    }

    /// Writes a line on standard error (file descriptor 2: the C `stderr` global is not concurrency-safe).
    private static func warn(_ message: String) {
        var line = Array("SwitchboardWire: \(message)\n".utf8)
        _ = line.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Records a frame a client sent.
    public func record(_ frame: ClientFrame) {
        record(direction: .clientToServer, frame: WireCodec.json(frame))
    }

    /// Records a frame the service sent; `op` is the operation a `res` frame answers, when known.
    public func record(_ frame: ServerFrame, answering op: String? = nil) {
        if case .response = frame {
            record(direction: .serverToClient, frame: WireCodec.json(frame), op: op)
        } else {
            record(direction: .serverToClient, frame: WireCodec.json(frame))
        }
    }

    /// Records a frame's JSON form as it was sent or received.
    public func record(direction: Direction, frame: JSONValue, op: String? = nil) {
        var line: [(String, JSONValue)] = [("dir", .string(direction.rawValue))]
        if let op { line.append(("op", .string(op))) }
        line.append(("frame", frame))
        var bytes: [UInt8]
        do {
            bytes = try JSONSerializer().serializeBytes(.object(JSONObject(line)))
        } catch {
            Self.warn("cannot write a frame to the frame log: \(error)")
            return
        }
        bytes.append(UInt8(ascii: "\n"))
        file.withLock { file in
            _ = bytes.withUnsafeBytes { raw in
                fwrite(raw.baseAddress, 1, raw.count, file.stream)
            }
            fflush(file.stream)
        }
    }
}
