import SwitchboardCore
import SwitchboardWire

// Plain Swift, no test framework: the `frame-scanner` fuzz target compiles this file too
// (Fuzz/Sources/FuzzFrameScanner links it), so that the fuzzer and the tests hold the scanner to one claim.

/// One connection's server frames read two ways side by side: by ``ServerFrameScanner``, as the load
/// generator reads them, and by ``CompactEventDecoder`` (`WireCodec`), as a client reads them. Each frame
/// is checked against what the scanner claims (its doc comment):
/// - a frame both read, the scanner reads as ``ServerFrameScanner/read(decoded:)`` makes of the decoded
///   frame, and then holds the calls that leaves;
/// - a frame the scanner declines changes nothing in it (then, as its reader does, the decoded frame
///   goes to `read(decoded:)`);
/// - a frame the scanner reads and `WireCodec` refuses is refused for a value the scanner steps over, never
///   for one it reads (the error names the value by its JSON pointer); or for malformed JSON, a size or a
///   depth, which it does not check. From there on the two ends hold different calls: both start afresh,
///   as on a new connection.
struct ScannerAgreement {
    enum Verdict: Equatable {
        /// Both read the frame, the same.
        case read
        /// The scanner left it; `WireCodec` decoded it, which `read(decoded:)` makes this of (nil: a frame
        /// of a kind the scanner never reads).
        case declined(ScannedFrame?)
        /// Neither read it.
        case refused
        /// The scanner read it; `WireCodec` refused it for what the scanner steps over.
        case trusted
    }

    struct Disagreement: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var scanner: ServerFrameScanner
    private var decoder = CompactEventDecoder()
    private let compactEvents: Bool
    /// Every call either end may hold, to compare what the scanner holds.
    private var seen: Set<CallID> = []

    /// A connection of `viewer`'s whose welcome turned compact events on (or not), the scanner following
    /// `caller` and `callee`.
    init(viewer: UserID, caller: UserID, callee: UserID, compactEvents: Bool = true) {
        scanner = ServerFrameScanner(viewer: viewer, caller: caller, callee: callee)
        self.compactEvents = compactEvents
        startAfresh()
    }

    /// A new connection: both ends read its welcome.
    private mutating func startAfresh() {
        let welcome = ServerFrame.welcome(Welcome(session: "s", resumed: false, serverTime: Timestamp(millisecondsSince1970: 0),
                                                  heartbeatInterval: .seconds(1), tokenExpiresAt: nil, compactEvents: compactEvents))
        decoder = CompactEventDecoder()
        _ = try? decoder.decode(WireCodec.encode(welcome))
        scanner.reset()
        _ = scanner.read(decoded: welcome)
        seen = []
    }

    /// Reads `bytes` as the connection's next frame both ways.
    mutating func read(_ bytes: [UInt8]) -> Result<Verdict, Disagreement> {
        let before = scanner
        let reference = Result { () throws(SignalingError) in try decoder.decode(bytes) }
        let scanned = scanner.scan(bytes)
        var text: String { String(decoding: bytes.prefix(2_000), as: UTF8.self) }
        switch (scanned, reference) {
        case (let scanned?, .success(let frame)):
            var expected = before
            let wanted = expected.read(decoded: frame)
            note(scanned, wanted, frame)
            guard scanned == wanted else {
                return .failure(Disagreement(description: "scanned \(scanned), but WireCodec decodes \(frame), which reads as \(String(describing: wanted)): \(text)"))
            }
            if let difference = difference(between: scanner, and: expected) {
                return .failure(Disagreement(description: "scanned \(scanned) as WireCodec reads it, but then \(difference): \(text)"))
            }
            return .success(.read)
        case (let scanned?, .failure(let error)):
            if let pointer = Self.pointer(in: error), Self.isRead(pointer) {
                return .failure(Disagreement(description: "scanned \(scanned), where WireCodec refuses \(pointer), which the scanner reads (\(error)): \(text)"))
            }
            startAfresh()
            return .success(.trusted)
        case (nil, let reference):
            if let difference = difference(between: scanner, and: before) {
                return .failure(Disagreement(description: "declined, yet \(difference): \(text)"))
            }
            guard case .success(let frame) = reference else { return .success(.refused) }
            let wanted = scanner.read(decoded: frame)
            note(nil, wanted, frame)
            return .success(.declined(wanted))
        }
    }

    /// Keeps the ids of the calls the frame names, which either end may hold from now on.
    private mutating func note(_ scanned: ScannedFrame?, _ wanted: ScannedFrame?, _ frame: ServerFrame) {
        for reading in [scanned, wanted] {
            switch reading {
            case .success(_, let id?, _): seen.insert(id)
            case .callEvent(_, let event): seen.insert(event.callID)
            default: break
            }
        }
        if case .response(let response) = frame, case .success(.call(let call, _)) = response.result { seen.insert(call.id) }
        if case .event(let envelope) = frame, case .call(let note) = envelope.event { seen.insert(note.call.id) }
    }

    /// How what `scanner` holds differs from what `other` holds, nil when it does not.
    private func difference(between scanner: ServerFrameScanner, and other: ServerFrameScanner) -> String? {
        if scanner.compactEvents != other.compactEvents { return "compact events \(scanner.compactEvents), not \(other.compactEvents)" }
        if scanner.calls.count != other.calls.count { return "it holds \(scanner.calls.count) calls, not \(other.calls.count)" }
        for id in seen where scanner.calls[id] != other.calls[id] {
            return "it holds \(String(describing: scanner.calls[id])) of \(id), not \(String(describing: other.calls[id]))"
        }
        return nil
    }

    /// The JSON pointer an error of `WireCodec`'s names (its message starts with it), nil for an error about
    /// the whole text (not JSON, too large, too deep).
    static func pointer(in error: SignalingError) -> String? {
        guard error.message.hasPrefix("/"), let colon = error.message.firstRange(of: ": ") else { return nil }
        return String(error.message[..<colon.lowerBound])
    }

    /// Whether the value at `pointer` is one the scanner reads: every way `WireCodec` can find it wrong, the
    /// scanner notices. (`/ok` is not: the scanner does not check the kind of a reply without a call.)
    static func isRead(_ pointer: String) -> Bool {
        if pointer == "/" { return true }
        let parts = pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "t", "id", "seq", "name": return parts.count == 1
        case "body":
            if parts.count == 1 { return true }
            if parts.count == 2, parts[1] == "cause" || parts[1] == "failure" { return true }
            return parts[1] == "call" && isReadInCall(parts.dropFirst(2))
        case "ok":
            return parts.count >= 2 && parts[1] == "call" && isReadInCall(parts.dropFirst(2))
        default:
            return false
        }
    }

    private static func isReadInCall(_ parts: ArraySlice<String>) -> Bool {
        let parts = Array(parts)
        switch parts.count {
        case 0: return true
        case 1: return ["id", "caller", "state", "end", "participantCount", "participants"].contains(parts[0])
        case 2: return parts == ["end", "reason"] || (parts[0] == "participants" && Int(parts[1]) != nil)
        case 3: return parts[0] == "participants" && Int(parts[1]) != nil && ["user", "invitedBy", "state", "reason"].contains(parts[2])
        default: return false
        }
    }
}
