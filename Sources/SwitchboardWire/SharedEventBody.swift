import Synchronization

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
    private let encoded = Mutex<[UInt8]?>(nil)

    public init(_ event: ServerEvent) {
        self.event = event
    }

    /// The body's compact JSON text (the `body` of its `evt` frame).
    public var bytes: [UInt8] {
        encoded.withLock { encoded in
            if let encoded { return encoded }
            let bytes = encodedText { WireCodec.writeBody(of: event, to: &$0) }
            encoded = bytes
            return bytes
        }
    }
}
