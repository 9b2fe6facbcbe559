import Synchronization
import SwitchboardCore
import SwitchboardJSON

/// One event's body, built once for every session it goes to (docs/ARCHITECTURE.md, "Event frames").
///
/// The service makes one per notification it sends to several sessions; each session's
/// ``EventEnvelope`` carries it next to its own sequence and time. The body's jansson tree is built at
/// first use, on whichever event loop drains first, and once: the lock is held while building, so a
/// second loop waits instead of building again. Each connection's frame is then a small jansson tree
/// of its envelope holding a reference to the body's tree (``/SwitchboardJSON/JanssonSubtree``), which jansson dumps:
/// byte for byte the text of the whole frame encoded alone.
public final class SharedEventBody: Sendable {
    /// The event every envelope carrying this body holds.
    public let event: ServerEvent
    private let built = Mutex(Built())

    private struct Built {
        var full: JanssonSubtree?
        /// Compact forms (docs/DECISIONS.md, "Compact call events"), each for the participants a
        /// connection last carried: the sessions of one call mostly carried the same ones.
        var compact: [(since: [Participant], body: JanssonSubtree)] = []
    }

    /// How many compact forms are kept; connections past them build their own.
    private static let compactForms = 4

    public init(_ event: ServerEvent) {
        self.event = event
    }

    /// The body's tree (the `body` of its `evt` frame).
    public var body: JanssonSubtree {
        built.withLock { built in
            if let full = built.full { return full }
            let body = JanssonSubtree { writer in
                var writer = writer
                WireCodec.writeBody(of: event, to: &writer)
            }
            built.full = body
            return body
        }
    }

    /// The compact body for a connection that last carried the call with participants `since`, built
    /// by `build` the first time.
    func compactBody(since base: [Participant], _ build: () -> JanssonSubtree) -> JanssonSubtree {
        built.withLock { built in
            // Arrays that share storage compare at once: the base of most connections is one array.
            if let known = built.compact.first(where: { $0.since == base }) { return known.body }
            let body = build()
            if built.compact.count < Self.compactForms { built.compact.append((base, body)) }
            return body
        }
    }
}
