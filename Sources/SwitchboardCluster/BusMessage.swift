import SwitchboardJSON

/// One message between two cluster nodes (docs/ARCHITECTURE.md, "One node or many"). A bridged
/// connection is named by the accepting node's connection number; the hosting node keys it by the
/// accepting node's name and epoch as well, so a restarted node's numbers never meet its old ones.
public enum BusMessage: Sendable, Equatable {
    // Accepting node → hosting node.
    /// A client connection whose hello names an app the receiver hosts.
    case open(connection: UInt64)
    /// A client frame, as wire text.
    case clientFrame(connection: UInt64, text: String)
    /// The client's connection closed.
    case gone(connection: UInt64)

    // Hosting node → accepting node.
    /// A server frame for the bridged client, as wire text, which the accepting node reads (welcomes,
    /// refusals and byes: its connection's bookkeeping needs them).
    case serverFrame(connection: UInt64, text: String)
    /// A server frame for the bridged client as the host encoded it for that client's connection (its
    /// form: compact call events or not), which the accepting node writes to the socket as it is.
    case encodedFrame(connection: UInt64, text: String)
    /// The hosting node closed the bridged connection (after its frames).
    case end(connection: UInt64)
}

/// The messages one node sends another in one notification: its name and epoch, when it sent them (for
/// the bus latency), a sequence number (PostgreSQL folds identical payloads of one transaction into
/// one), and the messages in order.
public struct BusBatch: Sendable, Equatable {
    public var from: String
    public var epoch: Int64
    public var sequence: UInt64
    /// Milliseconds since 1970 on the sender's clock.
    public var sentAt: Int64
    public var messages: [BusMessage]

    public init(from: String, epoch: Int64, sequence: UInt64, sentAt: Int64, messages: [BusMessage]) {
        self.from = from
        self.epoch = epoch
        self.sequence = sequence
        self.sentAt = sentAt
        self.messages = messages
    }
}

/// A bus payload that is not a batch this node can read.
public struct InvalidBusPayload: Error, CustomStringConvertible {
    public var description: String
}

/// The bus's JSON, through jansson like every wire frame (docs/DECISIONS.md, "Cluster"):
/// `{"from", "epoch", "seq", "at", "m": [[kind, connection, text?], ...]}`; kinds `open`, `in`, `gone`, `out`,
/// `raw` (``BusMessage/encodedFrame(connection:text:)``) and `end`.
public enum BusCodec {
    private static let serializer = JSONSerializer()
    /// Batches are at most a notification's 8,000 bytes, or one large frame from the payload table.
    private static let parser = JSONParser(limits: JSONLimits(maxBytes: 16 << 20, maxDepth: 8))

    public static func encode(_ batch: BusBatch) -> String {
        let messages: [JSONValue] = batch.messages.map { message in
            switch message {
            case .open(let c): [.string("open"), .int(Int64(bitPattern: c))]
            case .clientFrame(let c, let text): [.string("in"), .int(Int64(bitPattern: c)), .string(text)]
            case .gone(let c): [.string("gone"), .int(Int64(bitPattern: c))]
            case .serverFrame(let c, let text): [.string("out"), .int(Int64(bitPattern: c)), .string(text)]
            case .encodedFrame(let c, let text): [.string("raw"), .int(Int64(bitPattern: c)), .string(text)]
            case .end(let c): [.string("end"), .int(Int64(bitPattern: c))]
            }
        }
        let value: JSONValue = [
            "from": .string(batch.from), "epoch": .int(batch.epoch), "seq": .int(Int64(bitPattern: batch.sequence)),
            "at": .int(batch.sentAt), "m": .array(messages),
        ]
        // A batch holds strings and integers only, which always serialize.
        return (try? serializer.serialize(value)) ?? "{}"
    }

    public static func decode(_ text: String) throws -> BusBatch {
        let value: JSONValue
        do {
            value = try parser.parse(text)
        } catch {
            throw InvalidBusPayload(description: "not JSON: \(error)")
        }
        guard let from = value["from"]?.stringValue, let epoch = value["epoch"]?.intValue,
              let sequence = value["seq"]?.intValue, let at = value["at"]?.intValue, let list = value["m"]?.arrayValue else {
            throw InvalidBusPayload(description: "a batch needs from, epoch, seq, at and m")
        }
        var messages: [BusMessage] = []
        messages.reserveCapacity(list.count)
        for item in list {
            // A third element is a text, and nothing comes after it.
            guard let parts = item.arrayValue, parts.count == 2 || parts.count == 3, let kind = parts[0].stringValue,
                  let raw = parts[1].intValue, parts.count == 2 || parts[2].stringValue != nil else {
                throw InvalidBusPayload(description: "a message is [kind, connection, text?]")
            }
            let c = UInt64(bitPattern: raw)
            let text = parts.count == 3 ? parts[2].stringValue : nil
            switch (kind, text) {
            case ("open", nil): messages.append(.open(connection: c))
            case ("in", let text?): messages.append(.clientFrame(connection: c, text: text))
            case ("gone", nil): messages.append(.gone(connection: c))
            case ("out", let text?): messages.append(.serverFrame(connection: c, text: text))
            case ("raw", let text?): messages.append(.encodedFrame(connection: c, text: text))
            case ("end", nil): messages.append(.end(connection: c))
            default: throw InvalidBusPayload(description: "unknown message \(kind)")
            }
        }
        return BusBatch(from: from, epoch: epoch, sequence: UInt64(bitPattern: sequence), sentAt: at, messages: messages)
    }
}
