import Benchmark
import Foundation
import SwitchboardJSON
import SwitchboardWire

/// Parse + serialize of real wire frames, side by side in one run:
/// - through SwitchboardJSON (jansson): bytes -> JSONValue -> bytes;
/// - through Foundation's JSONSerialization: bytes -> Foundation objects -> bytes;
/// - through the full wire codec: bytes -> typed frame -> bytes, with the calls the server (a client
///   frame: `decodeClientFrameWithRequestID`, one parse that also yields the request id of a bad frame)
///   and the clients (a server frame: `decodeServerFrame`) make, and `encode`: the frame is read
///   straight from jansson's tree and written straight into one, which jansson dumps;
/// - through the wire codec by way of a JSONValue: bytes -> JSONValue -> typed frame -> JSONValue ->
///   bytes (`WireCodec.parse`, `decode...(json:)`, `json(_:)`, `JSONSerializer`), the codec's path
///   before it read and wrote frames directly, kept for comparison;
/// - through JSONDecoder / JSONEncoder: bytes -> Codable mirror of the frame -> bytes (Foundation's typed path).
let benchmarks: @Sendable () -> Void = {
    // jansson on the allocator the server runs it on (docs/PERFORMANCE.md, "jansson's allocations"), before
    // any jansson value exists; SWITCHBOARD_JANSSON_MALLOC=1 measures it on malloc.
    JanssonAllocator.installAtProcessStart()
    // One parse+serialize per sample: the large frames take milliseconds through Foundation, and
    // scaling them by a thousand would make a run take many minutes.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 20,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 20_000
    )

    let parser = JSONParser()
    let serializer = JSONSerializer()

    for (name, bytes) in Frames.all {
        let data = Data(bytes)

        Benchmark("jansson parse+serialize: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let value = try parser.parse(bytes: bytes)
                blackHole(try serializer.serializeBytes(value))
            }
        }

        Benchmark("JSONSerialization parse+serialize: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let object = try JSONSerialization.jsonObject(with: data)
                blackHole(try JSONSerialization.data(withJSONObject: object))
            }
        }

        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        Benchmark("JSONDecoder+JSONEncoder: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                switch name {
                case "small request":
                    blackHole(try encoder.encode(try decoder.decode(CodableRequestFrame.self, from: data)))
                case "call list, 100 records":
                    blackHole(try encoder.encode(try decoder.decode(CodableRecordsFrame.self, from: data)))
                default:
                    blackHole(try encoder.encode(try decoder.decode(CodableEventFrame.self, from: data)))
                }
            }
        }

        let isClientFrame = name == "small request"
        Benchmark("wire codec decode+encode: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                if isClientFrame {
                    blackHole(WireCodec.encode(try WireCodec.decodeClientFrameWithRequestID(bytes)))
                } else {
                    blackHole(WireCodec.encode(try WireCodec.decodeServerFrame(bytes)))
                }
            }
        }

        Benchmark("wire codec via JSONValue: \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                if isClientFrame {
                    let frame = try WireCodec.decodeClientFrame(json: try WireCodec.parse(bytes))
                    blackHole(try serializer.serializeBytes(WireCodec.json(frame)))
                } else {
                    let json = try WireCodec.parse(bytes, limits: WireCodec.serverFrameLimits)
                    blackHole(try serializer.serializeBytes(WireCodec.json(try WireCodec.decodeServerFrame(json: json))))
                }
            }
        }
    }
}
