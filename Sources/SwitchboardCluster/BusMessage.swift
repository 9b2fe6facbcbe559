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

    // Any node → an app's host, and back (docs/SERVER.md, "Cluster": admin requests on any node).
    /// An admin request for `app` (an `AdminRequest`'s JSON), numbered by the asking node.
    case adminRequest(id: UInt64, app: String, body: String)
    /// The host's answer to the asking node's request `id` (an `AdminReply`'s JSON).
    case adminReply(id: UInt64, body: String)
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
/// `{"from", "epoch", "seq", "at", "m": [message, ...]}`, each message `[kind, connection, text?]` (a text
/// exactly for `in`, `out` and `raw`, ``BusMessage/encodedFrame(connection:text:)``), `["admin", id, app,
/// body]` or `["reply", id, body]`.
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
            case .adminRequest(let id, let app, let body): [.string("admin"), .int(Int64(bitPattern: id)), .string(app), .string(body)]
            case .adminReply(let id, let body): [.string("reply"), .int(Int64(bitPattern: id)), .string(body)]
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
            messages.append(try message(item))
        }
        return BusBatch(from: from, epoch: epoch, sequence: UInt64(bitPattern: sequence), sentAt: at, messages: messages)
    }

    /// One message: its kind, its number (a connection or a request), then exactly the strings the kind
    /// takes (none for `open`, `gone`, `end`; a text for `in`, `out`, `raw`; an app and a body for `admin`; a
    /// body for `reply`).
    private static func message(_ item: JSONValue) throws -> BusMessage {
        guard let parts = item.arrayValue, (2...4).contains(parts.count), let kind = parts[0].stringValue, let raw = parts[1].intValue else {
            throw InvalidBusPayload(description: "a message is [kind, number, strings...]")
        }
        let number = UInt64(bitPattern: raw)
        var strings: [String] = []
        for part in parts.dropFirst(2) {
            guard let text = part.stringValue else { throw InvalidBusPayload(description: "a message's third and later elements are strings") }
            strings.append(text)
        }
        switch (kind, strings.count) {
        case ("open", 0): return .open(connection: number)
        case ("in", 1): return .clientFrame(connection: number, text: strings[0])
        case ("gone", 0): return .gone(connection: number)
        case ("out", 1): return .serverFrame(connection: number, text: strings[0])
        case ("raw", 1): return .encodedFrame(connection: number, text: strings[0])
        case ("end", 0): return .end(connection: number)
        case ("admin", 2): return .adminRequest(id: number, app: strings[0], body: strings[1])
        case ("reply", 1): return .adminReply(id: number, body: strings[0])
        case ("open", _), ("in", _), ("gone", _), ("out", _), ("raw", _), ("end", _), ("admin", _), ("reply", _):
            throw InvalidBusPayload(description: "a \(kind) message does not take \(strings.count) strings")
        default:
            throw InvalidBusPayload(description: "unknown message \(kind)")
        }
    }
}
