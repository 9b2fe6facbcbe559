import Synchronization
import SwitchboardCore

/// One event's body, encoded once for every session it goes to (docs/ARCHITECTURE.md, "Event frames").
///
/// The service makes one per notification it sends to several sessions; each session's
/// ``EventEnvelope`` carries it next to its own sequence and time. The connections write the envelope
/// around the same body bytes (``WireCodec/encode(_:)-(ServerFrame)``), byte for byte what encoding
/// the whole frame gives. The bytes are made at first use, on whichever event loop drains first, and
/// once: the lock is held while encoding, so a second loop waits instead of encoding again.
public final class SharedEventBody: Sendable {
    /// The event every envelope carrying this body holds.
    public let event: ServerEvent
    private let encoded = Mutex(Encoded())

    private struct Encoded {
        var full: [UInt8]?
        /// Compact forms (docs/DECISIONS.md, "Compact call events"), each for the participants a
        /// connection last carried: the sessions of one call mostly carried the same ones.
        var compact: [(since: [Participant], bytes: [UInt8])] = []
    }

    /// How many compact forms are kept; connections past them encode their own.
    private static let compactForms = 4

    public init(_ event: ServerEvent) {
        self.event = event
    }

    /// The body's compact JSON text (the `body` of its `evt` frame).
    public var bytes: [UInt8] {
        encoded.withLock { encoded in
            if let full = encoded.full { return full }
            let bytes = encodedText { WireCodec.writeBody(of: event, to: &$0) }
            encoded.full = bytes
            return bytes
        }
    }

    /// The compact body for a connection that last carried the call with participants `since`, made
    /// by `encode` the first time.
    func compactBytes(since base: [Participant], _ encode: () -> [UInt8]) -> [UInt8] {
        encoded.withLock { encoded in
            // Arrays that share storage compare at once: the base of most connections is one array.
            if let known = encoded.compact.first(where: { $0.since == base }) { return known.bytes }
            let bytes = encode()
            if encoded.compact.count < Self.compactForms { encoded.compact.append((base, bytes)) }
            return bytes
        }
    }
}
