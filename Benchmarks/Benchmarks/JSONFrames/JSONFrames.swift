import Benchmark
import Foundation
import SwitchboardJSON
import SwitchboardWire

/// Parse + serialize of real wire frames, side by side in one run:
/// - through SwitchboardJSON (jansson): bytes -> JSONValue -> bytes;
/// - through Foundation's JSONSerialization: bytes -> Foundation objects -> bytes;
/// - through the full wire codec: bytes -> typed frame -> bytes (what the service and clients do);
/// - through JSONDecoder / JSONEncoder: bytes -> Codable mirror of the frame -> bytes (Foundation's typed path).
let benchmarks: @Sendable () -> Void = {
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
                    blackHole(WireCodec.encode(try WireCodec.decodeClientFrame(bytes)))
                } else {
                    blackHole(WireCodec.encode(try WireCodec.decodeServerFrame(bytes)))
                }
            }
        }
    }
}
