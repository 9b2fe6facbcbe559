// The cluster bus's fuzz target (docs/SECURITY.md, "Fuzzing"): every input is one bus payload, the text
// of a PostgreSQL notification or of a `bus_payloads` row, which the receiving node hands to
// `BusCodec.decode`. Besides AddressSanitizer's checks: the decoder's verdict is the one a reading of
// the envelope written here from its documentation gives (`{"from", "epoch", "seq", "at", "m": [[kind,
// number, strings...], ...]}`: a text exactly for `in` and `out`, an app and a body for `admin`, a body
// for `reply`), and an accepted batch encodes and decodes back to itself. A broken promise stops the run with `preconditionFailure`, which libFuzzer
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
        guard case .array(let parts) = item, parts.count >= 2, case .string(let kind) = parts[0], case .int(let raw) = parts[1]
        else { return nil }
        let number = UInt64(bitPattern: raw)
        var strings: [String] = []
        for part in parts.dropFirst(2) {
            guard case .string(let text) = part else { return nil }
            strings.append(text)
        }
        // How many strings each kind takes: a text for in, out and raw, an app and a body for admin, a body for reply.
        let takes = ["open": 0, "gone": 0, "end": 0, "in": 1, "out": 1, "raw": 1, "admin": 2, "reply": 1]
        guard takes[kind] == strings.count else { return nil }
        switch kind {
        case "open": messages.append(.open(connection: number))
        case "gone": messages.append(.gone(connection: number))
        case "end": messages.append(.end(connection: number))
        case "in": messages.append(.clientFrame(connection: number, text: strings[0]))
        case "out": messages.append(.serverFrame(connection: number, text: strings[0]))
        case "raw": messages.append(.encodedFrame(connection: number, text: strings[0]))
        case "admin": messages.append(.adminRequest(id: number, app: strings[0], body: strings[1]))
        default: messages.append(.adminReply(id: number, body: strings[0]))
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
