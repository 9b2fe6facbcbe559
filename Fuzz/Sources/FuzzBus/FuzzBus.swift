// The cluster bus's fuzz target (docs/SECURITY.md, "Fuzzing"): every input is one bus payload, the text
// of a PostgreSQL notification or of a `bus_payloads` row, which the receiving node hands to
// `BusCodec.decode`. Besides AddressSanitizer's checks: the decoder's verdict is the one a reading of
// the envelope written here from its documentation gives (`{"from", "epoch", "seq", "at", "m": [[kind,
// connection, text?], ...]}`, a text exactly for `in` and `out`), and an accepted batch encodes and
// decodes back to itself. A broken promise stops the run with `preconditionFailure`, which libFuzzer
// reports as a crash and saves.

import SwitchboardCluster
import SwitchboardJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // PostgreSQL hands the node text: bytes that are not UTF-8 arrive repaired (U+FFFD) here.
    fuzzBus(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}

func fuzzBus(_ payload: String) {
    let decoded = Result { try BusCodec.decode(payload) }
    let expected = expectedBatch(payload)
    switch (decoded, expected) {
    case (.success(let batch), let expected?):
        precondition(batch == expected, "decoded \(batch), expected \(expected)")
        checkRoundTrip(batch)
    case (.failure(let error), nil):
        guard let invalid = error as? InvalidBusPayload else { preconditionFailure("not InvalidBusPayload: \(error)") }
        precondition(!invalid.description.isEmpty, "a refusal without a reason")
    case (.success(let batch), nil):
        preconditionFailure("accepted what is not a batch: \(batch)")
    case (.failure(let error), let expected?):
        preconditionFailure("refused a batch (\(error)): \(expected)")
    }
}

/// The batch `payload` is by the envelope's documentation, read with the codec's limits (16 MiB, 8
/// levels), or nil.
func expectedBatch(_ payload: String) -> BusBatch? {
    guard let value = try? JSONParser(limits: JSONLimits(maxBytes: 16 << 20, maxDepth: 8)).parse(payload),
          let object = value.objectValue else { return nil }
    guard case .string(let from)? = object["from"], case .int(let epoch)? = object["epoch"],
          case .int(let sequence)? = object["seq"], case .int(let at)? = object["at"],
          case .array(let list)? = object["m"] else { return nil }
    var messages: [BusMessage] = []
    for item in list {
        guard case .array(let parts) = item, parts.count == 2 || parts.count == 3,
              case .string(let kind) = parts[0], case .int(let raw) = parts[1] else { return nil }
        let connection = UInt64(bitPattern: raw)
        let takesText = kind == "in" || kind == "out" || kind == "raw"
        guard takesText == (parts.count == 3) else { return nil }
        if takesText {
            guard case .string(let text) = parts[2] else { return nil }
            switch kind {
            case "in": messages.append(.clientFrame(connection: connection, text: text))
            case "out": messages.append(.serverFrame(connection: connection, text: text))
            default: messages.append(.encodedFrame(connection: connection, text: text))
            }
        } else {
            switch kind {
            case "open": messages.append(.open(connection: connection))
            case "gone": messages.append(.gone(connection: connection))
            case "end": messages.append(.end(connection: connection))
            default: return nil
            }
        }
    }
    return BusBatch(from: from, epoch: epoch, sequence: UInt64(bitPattern: sequence), sentAt: at, messages: messages)
}

/// An accepted batch encodes and decodes back to itself, and encoding that is stable.
func checkRoundTrip(_ batch: BusBatch) {
    let encoded = BusCodec.encode(batch)
    guard let again = try? BusCodec.decode(encoded), again == batch else {
        preconditionFailure("round trip of \(batch) through \(encoded)")
    }
    precondition(BusCodec.encode(again) == encoded, "encoding is not stable for \(batch)")
}
