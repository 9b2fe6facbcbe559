import SwitchboardCore

// An `evt` frame written around a body already encoded (docs/ARCHITECTURE.md, "Event frames").

extension WireCodec {
    /// `{"t":"evt","seq":…,"time":…,"name":"…","body":<body>}`: the text jansson writes for the whole
    /// frame (compact, members in insertion order, integers in decimal; event names need no escaping),
    /// with `body` copied in rather than encoded again.
    static func eventFrame(_ envelope: EventEnvelope, body: [UInt8]) -> [UInt8] {
        let name = envelope.event.name
        var text: [UInt8] = []
        text.reserveCapacity(body.count + 72 + name.utf8.count)
        text.append(contentsOf: eventPrefix)
        appendDecimal(envelope.sequence, to: &text)
        text.append(contentsOf: timeKey)
        appendDecimal(envelope.time.millisecondsSince1970, to: &text)
        text.append(contentsOf: nameKey)
        text.append(contentsOf: name.utf8)
        text.append(contentsOf: bodyKey)
        text.append(contentsOf: body)
        text.append(UInt8(ascii: "}"))
        return text
    }

    private static let eventPrefix = Array(#"{"t":"evt","seq":"#.utf8)
    private static let timeKey = Array(#","time":"#.utf8)
    private static let nameKey = Array(#","name":""#.utf8)
    private static let bodyKey = Array(#"","body":"#.utf8)

    /// `value` in decimal, as jansson writes an integer.
    static func appendDecimal(_ value: Int64, to text: inout [UInt8]) {
        if value < 0 {
            text.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0) // room for 20 digits, as bytes
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) {
                text.append(buffer[index])
            }
        }
    }
}
