import SwitchboardCore
import SwitchboardJSON

// An `evt` frame around a body built once (docs/ARCHITECTURE.md, "Event frames").

extension WireCodec {
    /// The frame of `envelope` with `body` as its body: jansson dumps the envelope's tree holding a
    /// reference to the body's, the same text as encoding the whole frame.
    static func eventFrame(_ envelope: EventEnvelope, body: JanssonSubtree) -> [UInt8] {
        encodedText { object in
            object.beginObject()
            writeEnvelope(of: envelope, to: &object)
            object.add(body)
            object.endObject()
        }
    }

    /// The members of an `evt` frame's object up to its `body` key, which the body follows.
    static func writeEnvelope<W: JSONStreamWriter>(of envelope: EventEnvelope, to object: inout W) {
        object.add("t", "evt")
        object.add("seq", envelope.sequence)
        object.add("time", envelope.time)
        object.add("name", envelope.event.name)
        object.key("body")
    }
}
