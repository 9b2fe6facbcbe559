// swift-tools-version: 6.1
//
// Switchboard's benchmarks (ordo-one/benchmark), in a package of their own so that the normal build and
// tests do not pay for the benchmark tooling. Run from the repository root:
//
//   swift package --package-path Benchmarks benchmark
//   swift package --package-path Benchmarks benchmark --filter 'invited'
//
// See docs/PERFORMANCE.md for what each measures and the latest numbers.

import PackageDescription

let package = Package(
    name: "SwitchboardBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named explicitly: a path dependency is otherwise known by its directory name, which differs
        // between checkouts.
        .package(name: "Switchboard", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "JSONFrames",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwitchboardJSON", package: "Switchboard"),
                .product(name: "SwitchboardWire", package: "Switchboard"),
                .product(name: "SwitchboardCore", package: "Switchboard"),
            ],
            path: "Benchmarks/JSONFrames",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CallEngine",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwitchboardCore", package: "Switchboard"),
                .product(name: "SwitchboardWire", package: "Switchboard"),
                .product(name: "SwitchboardService", package: "Switchboard"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/CallEngine",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not an ordo-one benchmark: a driver of the built server and a local push provider in real time
        // (Benchmarks/push-latency, docs/PERFORMANCE.md, "Push").
        .executableTarget(
            name: "PushLatency",
            dependencies: [
                .product(name: "SwitchboardCore", package: "Switchboard"),
                .product(name: "SwitchboardWire", package: "Switchboard"),
                .product(name: "SwitchboardService", package: "Switchboard"),
                .product(name: "SwitchboardServer", package: "Switchboard"),
                .product(name: "SwitchboardClient", package: "Switchboard"),
                .product(name: "PushProviderDouble", package: "Switchboard"),
            ],
            path: "Benchmarks/PushLatency"
        ),
        .executableTarget(
            name: "ServiceInProcess",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SwitchboardCore", package: "Switchboard"),
                .product(name: "SwitchboardWire", package: "Switchboard"),
                .product(name: "SwitchboardService", package: "Switchboard"),
                .product(name: "SwitchboardClient", package: "Switchboard"),
                .product(name: "SwitchboardEmbedded", package: "Switchboard"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ServiceInProcess",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
