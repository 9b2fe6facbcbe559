// swift-tools-version: 6.2
//
// Switchboard: one call model and one signaling service behind the vendor call-invitation APIs.
// Module and product names are pinned in docs/DECISIONS.md; ARCHITECTURE.md describes the layers.

import PackageDescription

let package = Package(
    name: "Switchboard",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SwitchboardJSON", targets: ["SwitchboardJSON"]),
        .library(name: "SwitchboardCore", targets: ["SwitchboardCore"]),
        .library(name: "SwitchboardWire", targets: ["SwitchboardWire"]),
        .library(name: "SwitchboardClock", targets: ["SwitchboardClock"]),
        .library(name: "SwitchboardService", targets: ["SwitchboardService"]),
        .library(name: "SwitchboardClient", targets: ["SwitchboardClient"]),
        .library(name: "SwitchboardEmbedded", targets: ["SwitchboardEmbedded"]),
        .library(name: "SwitchboardServer", targets: ["SwitchboardServer"]),
        .library(name: "SwitchboardCluster", targets: ["SwitchboardCluster"]),
        .library(name: "SwitchboardPush", targets: ["SwitchboardPush"]),
        // A local APNs and FCM over HTTP/2 and TLS (Tests/PushProviderDouble): the push tests' provider, and the
        // push benchmark's (Benchmarks/push-latency).
        .library(name: "PushProviderDouble", targets: ["PushProviderDouble"]),
        .library(name: "SwitchboardUserSig", targets: ["SwitchboardUserSig"]),
        .library(name: "SwitchboardAgora", targets: ["SwitchboardAgora"]),
        .library(name: "SwitchboardARtm", targets: ["SwitchboardARtm"]),
        .library(name: "SwitchboardZIM", targets: ["SwitchboardZIM"]),
        .library(name: "SwitchboardAtomicX", targets: ["SwitchboardAtomicX"]),
        .library(name: "SwitchboardPublishers", targets: ["SwitchboardPublishers"]),
        .library(name: "SwitchboardTesting", targets: ["SwitchboardTesting"]),
        .library(name: "SwitchboardLoad", targets: ["SwitchboardLoad"]),
        .executable(name: "switchboard", targets: ["switchboard"]),
        .executable(name: "agora-style-call", targets: ["AgoraStyleCall"]),
        .executable(name: "artm-style-call", targets: ["ARtmStyleCall"]),
        .executable(name: "zim-style-call", targets: ["ZIMStyleCall"]),
        .executable(name: "tui-style-call", targets: ["TUIStyleCall"]),
    ],
    // The vendor surfaces carry the embedded service by default, so vendor sample code runs in one process
    // with no configuration (docs/ARCHITECTURE.md, "The embedded default"). An app that only ever talks to a
    // server turns the trait off (`traits: []` on its dependency, `--disable-default-traits` here) and its
    // surfaces link no service code; `scripts/check-dependencies` holds that.
    traits: [
        .trait(name: "Embedded", description: "The vendor surfaces run on the in-process embedded service when no server is configured."),
        .default(enabledTraits: ["Embedded"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // NIOConcurrencyHelpers: the service's lock (ServiceLock.swift says why not Synchronization.Mutex).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The network server: HTTP and WebSocket through Hummingbird, the client's WebSocket
        // through swift-websocket, graceful shutdown through swift-service-lifecycle, metrics in
        // Prometheus text through swift-metrics and swift-prometheus.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The server's durable store: SQLite (Debian's libsqlite3-dev) through GRDB, synchronous as the
        // service's lock needs.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Switchboard tokens: JWT (HS256) through jwt-kit.
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        // Push delivery (docs/PUSH-VENDORS.md): APNs over HTTP/2 and FCM HTTP v1 through async-http-client; the
        // provider double's self-signed certificate through swift-certificates (and swift-asn1 for its IP name).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // A cluster's store, directory and bus: PostgreSQL through postgres-nio (docs/SERVER.md, "PostgreSQL store").
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The load generator's latency percentiles.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // DocC: `swift package preview-documentation --target X` previews a module (scripts/docs builds the site).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // jansson, from Debian's libjansson-dev (scripts/install-deps installs it when missing).
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        // zlib, from Debian's zlib1g-dev (scripts/install-deps installs it when missing): the
        // compressed body of Tencent UserSigs (SwitchboardUserSig).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The JSON value and its parser/serializer over jansson. No package dependencies, so the
        // leak check (LeakCheck/) can build it under AddressSanitizer on its own.
        // jansson's allocator: a per-thread cache of its small blocks, which an executable installs as its
        // first statement (docs/PERFORMANCE.md, "jansson's allocations"; never under AddressSanitizer).
        .target(name: "CJanssonAllocator", dependencies: ["CJansson"]),
        .target(name: "SwitchboardJSON", dependencies: ["CJansson", "CJanssonAllocator"]),
        // The one call model: pure value types and the per-call state machine. No I/O, no clock.
        .target(name: "SwitchboardCore"),
        // The surface profiles: each vendor's call rules (timers, limits, what an app may set), from which
        // the service builds a call's policy (docs/CALL-MODEL.md, "Profiles").
        .target(name: "SwitchboardProfiles", dependencies: ["SwitchboardCore"]),
        // Frames <-> JSON through SwitchboardJSON; the protocol documented in Schemas/.
        .target(name: "SwitchboardWire", dependencies: ["SwitchboardJSON", "SwitchboardCore", "SwitchboardProfiles"]),
        // Time for the service and its clients: an injected clock anchored to the wall clock. Below both,
        // so one test clock drives both sides.
        .target(
            name: "SwitchboardClock",
            dependencies: ["SwitchboardCore", .product(name: "Clocks", package: "swift-clocks")]
        ),
        // The authority: sessions, presence, routing, timers, records, and the one store engine protocol it
        // is handed (docs/ARCHITECTURE.md, "Store engines"). Transport-agnostic.
        .target(
            name: "SwitchboardService",
            dependencies: [
                "SwitchboardJSON",
                "SwitchboardCore",
                "SwitchboardProfiles",
                "SwitchboardWire",
                "SwitchboardClock",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Tencent's UserSig (TLSSigAPIv2): made by the Tencent surface's GenerateTestUserSig, checked by the
        // server's UserSigTokenVerifier. A vendor rule, so neither the service nor the client holds it.
        .target(
            name: "SwitchboardUserSig",
            dependencies: ["SwitchboardJSON", "CZlib", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // One logged-in session: connection state machine, heartbeat, reconnect and resume. No service
        // code: scripts/check-dependencies keeps it (and SwitchboardLoad) off SwitchboardService.
        .target(
            name: "SwitchboardClient",
            dependencies: [
                "SwitchboardCore",
                "SwitchboardWire",
                "SwitchboardClock",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The embedded default: the process's in-process service and the in-process transport (with fault
        // injection for tests), which the surfaces provide as the process's own service.
        .target(
            name: "SwitchboardEmbedded",
            dependencies: [
                "SwitchboardCore",
                "SwitchboardWire",
                "SwitchboardClock",
                "SwitchboardService",
                "SwitchboardClient",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The network server: the service behind a WebSocket endpoint, health and metrics over HTTP.
        .target(
            name: "SwitchboardServer",
            dependencies: [
                "SwitchboardCore",
                "SwitchboardWire",
                "SwitchboardService",
                "SwitchboardUserSig",
                "SwitchboardProfiles",
                "SwitchboardPush",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API beside GRDB's (the WAL hook of SQLiteCheckpointer): the system libsqlite3.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                "SwitchboardJSON",
            ],
            // The web console's page, compiled into the binary (docs/SERVER.md, "Console").
            resources: [
                .embedInCode("Console/console.html"),
                .embedInCode("Console/console.js"),
                .embedInCode("Console/console.css"),
            ]
        ),
        // Push delivery (docs/PUSH-VENDORS.md): the sender the server hands the service's push jobs to, APNs
        // (token-based, HTTP/2) and FCM HTTP v1 (OAuth2 service account), and the vendor push layouts.
        .target(
            name: "SwitchboardPush",
            dependencies: [
                "SwitchboardService",
                "SwitchboardCore",
                "SwitchboardJSON",
                "SwitchboardClock",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Several nodes as one service (docs/ARCHITECTURE.md, "One node or many"): the PostgreSQL store every
        // node shares, leases that fence each app's writes to the node that hosts it, and the bus between nodes.
        .target(
            name: "SwitchboardCluster",
            dependencies: [
                "SwitchboardService",
                "SwitchboardWire",
                "SwitchboardCore",
                "SwitchboardJSON",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // TLS to PostgreSQL (`sslmode=require`).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The engine behind the Agora RTM and anyRTC surfaces (they differ in names and a few rules only):
        // login and connection states, peer messages, presence, channels and call invitations, in
        // vendor-neutral terms. Not a product: apps import the surfaces.
        .target(
            name: "SwitchboardRTM",
            dependencies: [
                "SwitchboardCore", "SwitchboardProfiles", "SwitchboardWire", "SwitchboardClient",
                .target(name: "SwitchboardEmbedded", condition: .when(traits: ["Embedded"])),
            ]
        ),
        // Agora RTM 1.x (AgoraRtmKit, AgoraRtmCallKit, invitations, channels), mirrored name for name.
        .target(name: "SwitchboardAgora", dependencies: ["SwitchboardRTM", "SwitchboardCore", "SwitchboardClient", "SwitchboardWire"]),
        // anyRTC ARtmKit: Agora's surface under anyRTC's names, with its differences (AnyRTCVendor).
        .target(name: "SwitchboardARtm", dependencies: ["SwitchboardAgora", "SwitchboardRTM"]),
        // ZEGO ZIM call invitation (general and advanced mode), mirrored name for name.
        .target(
            name: "SwitchboardZIM",
            dependencies: [
                "SwitchboardCore", "SwitchboardProfiles", "SwitchboardWire", "SwitchboardClient",
                .target(name: "SwitchboardEmbedded", condition: .when(traits: ["Embedded"])),
            ]
        ),
        // Combine's publishers under Combine's names, written in-house where Combine does not exist (Linux);
        // where it does, Combine itself, re-exported (docs/TENCENT.md, "Combine").
        .target(name: "SwitchboardPublishers"),
        // Tencent AtomicXCore (CallStore, LoginStore, DeviceStore), TUICallEngine and a headless TUICallKit;
        // the observable state stream is SwitchboardPublishers'.
        .target(
            name: "SwitchboardAtomicX",
            dependencies: [
                "SwitchboardJSON", "SwitchboardCore", "SwitchboardProfiles", "SwitchboardWire", "SwitchboardClient",
                "SwitchboardUserSig", "SwitchboardPublishers",
                .target(name: "SwitchboardEmbedded", condition: .when(traits: ["Embedded"])),
            ]
        ),
        // TestWorld: a SimulatedService (the embedded service on a VirtualClock, SwitchboardEmbedded) with many
        // users and devices and the waits tests need, for suites and apps.
        .target(
            name: "SwitchboardTesting",
            dependencies: [
                "SwitchboardCore",
                "SwitchboardWire",
                "SwitchboardService",
                "SwitchboardClient",
                "SwitchboardEmbedded",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The load generator (`switchboard loadtest`): simulated users calling through a running server.
        .target(
            name: "SwitchboardLoad",
            dependencies: [
                "SwitchboardProfiles",
                "SwitchboardCore",
                "SwitchboardWire",
                "SwitchboardClient",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
                // The lean engine speaks WebSocket on NIO directly (docs/PERFORMANCE.md, "The load generator").
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        // What the command line shows of a running server and of a load run: the live calls of `switchboard
        // calls` (its client of the admin API) and the long commands' progress lines. A library so that tests
        // reach it (an executable cannot be imported); not a product.
        .target(name: "SwitchboardCommandLine", dependencies: ["SwitchboardJSON", "SwitchboardLoad"]),
        // The command line and the composition root: demo (the default subcommand; on the embedded service and
        // virtual time of SwitchboardEmbedded: the shipped binary links no testing product), serve (one node,
        // or a cluster node composed here from SwitchboardCluster), token, listen, call, calls, loadtest.
        .executableTarget(
            name: "switchboard",
            dependencies: [
                "SwitchboardJSON",
                "SwitchboardProfiles",
                "SwitchboardLoad",
                "SwitchboardCommandLine",
                "SwitchboardCore",
                "SwitchboardWire",
                "SwitchboardService",
                "SwitchboardClient",
                "SwitchboardEmbedded",
                "SwitchboardUserSig",
                "SwitchboardServer",
                "SwitchboardCluster",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Vendor-style examples (Examples/README.md): Swift 5 mode, as ported apps are.
        .executableTarget(
            name: "AgoraStyleCall", dependencies: ["SwitchboardAgora"], path: "Examples/AgoraStyleCall",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "ARtmStyleCall", dependencies: ["SwitchboardARtm"], path: "Examples/ARtmStyleCall",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "ZIMStyleCall", dependencies: ["SwitchboardZIM", "SwitchboardClient"], path: "Examples/ZIMStyleCall",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "TUIStyleCall", dependencies: ["SwitchboardAtomicX", "SwitchboardClient"], path: "Examples/TUIStyleCall",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // What the suites share, each piece once (none of it a product). TestSupport: real-time waits with
        // deadlines, child processes and the built binary as a subprocess; nothing of the package, so a suite
        // that only runs the binary links no service.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The one place tests build a service, and the server they run in their own process on loopback.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "SwitchboardServer", "SwitchboardService", "SwitchboardClient", "SwitchboardClock", "SwitchboardCore",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerTestSupport"
        ),
        // The Agora user of the Agora, ZIM and Tencent suites.
        .target(
            name: "AgoraTestSupport",
            dependencies: ["SwitchboardAgora", "SwitchboardClient", "SwitchboardTesting", "TestSupport"],
            path: "Tests/AgoraTestSupport"
        ),
        .testTarget(
            name: "SwitchboardCrossSurfaceTests",
            dependencies: [
                "SwitchboardAgora", "SwitchboardARtm", "SwitchboardZIM", "SwitchboardAtomicX", "SwitchboardTesting",
                "SwitchboardClient", "SwitchboardCore", "SwitchboardService", "SwitchboardServer", "SwitchboardCluster",
                "SwitchboardWire", "SwitchboardProfiles", "SwitchboardJSON", "TestSupport", "ServerTestSupport",
                "ClusterTestSupport", "PushProviderDouble",
            ]
        ),
        .testTarget(name: "SwitchboardJSONTests", dependencies: ["SwitchboardJSON", "CJansson"]),
        .testTarget(name: "SwitchboardCoreTests", dependencies: ["SwitchboardCore"]),
        .testTarget(name: "SwitchboardWireTests", dependencies: ["SwitchboardWire", "SwitchboardJSON", "SwitchboardCore", "SwitchboardProfiles"]),
        .testTarget(
            name: "SwitchboardServiceTests",
            dependencies: [
                "SwitchboardProfiles", "SwitchboardJSON",
                "SwitchboardService", "SwitchboardCore", "SwitchboardWire", "SwitchboardUserSig", "SwitchboardServer",
                "TestSupport", "ServerTestSupport", "StoreConformance",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "SwitchboardAgoraTests",
            dependencies: [
                "SwitchboardProfiles",
                "SwitchboardAgora", "SwitchboardARtm", "SwitchboardTesting", "SwitchboardClient", "SwitchboardCore",
                "SwitchboardWire", "SwitchboardService", "SwitchboardRTM", "AgoraTestSupport",
            ]
        ),
        .testTarget(
            name: "SwitchboardZIMTests",
            dependencies: [
                "SwitchboardProfiles",
                "SwitchboardZIM", "SwitchboardAgora", "SwitchboardTesting", "SwitchboardClient", "SwitchboardCore",
                "SwitchboardWire", "SwitchboardService", "AgoraTestSupport",
            ]
        ),
        .testTarget(
            name: "SwitchboardAtomicXTests",
            dependencies: [
                "SwitchboardProfiles", "SwitchboardPublishers", "SwitchboardJSON",
                "SwitchboardAtomicX", "SwitchboardTesting", "SwitchboardClient", "SwitchboardCore", "SwitchboardService",
                "SwitchboardWire", "SwitchboardAgora", "SwitchboardZIM", "SwitchboardUserSig", "SwitchboardServer",
                "TestSupport", "AgoraTestSupport",
            ]),
        .testTarget(
            name: "SwitchboardServerTests",
            dependencies: [
                "SwitchboardProfiles",
                "SwitchboardServer", "SwitchboardClient", "SwitchboardService", "SwitchboardCore", "SwitchboardWire",
                "SwitchboardZIM", "SwitchboardAtomicX", "SwitchboardAgora", "SwitchboardUserSig", "SwitchboardJSON",
                "TestSupport", "ServerTestSupport", "ClusterTestSupport", "StoreConformance", "PushProviderDouble",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                // The webhook tests read what the dispatcher logged.
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // A local APNs and FCM (docs/PUSH-VENDORS.md): HTTP/2 over TLS on loopback with a certificate minted
        // in-process, the providers' authentication checked, answers scripted per token, requests recorded, and
        // the credential files a configuration points at.
        .target(
            name: "PushProviderDouble",
            dependencies: [
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PushProviderDouble"
        ),
        .testTarget(
            name: "SwitchboardPushTests",
            dependencies: [
                "SwitchboardPush", "SwitchboardService", "SwitchboardCore", "SwitchboardJSON", "SwitchboardClock", "PushProviderDouble",
                "TestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        // What the cluster's tests share: a database of their own on the test PostgreSQL, scripts/postgres-up,
        // and nodes as subprocesses (LoopbackCluster); and the store fixtures the SQLite store's tests share
        // with the PostgreSQL store's.
        .target(
            name: "ClusterTestSupport",
            dependencies: [
                "SwitchboardCluster", "SwitchboardClient", "SwitchboardService", "SwitchboardCore", "SwitchboardWire",
                "TestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ClusterTestSupport"
        ),
        // The store engines' conformance suite (docs/ARCHITECTURE.md, "Store engines"): the same test
        // functions, which the memory, SQLite and PostgreSQL engines' test targets each run.
        .target(
            name: "StoreConformance",
            dependencies: ["SwitchboardService", "SwitchboardCore", "SwitchboardWire"],
            path: "Tests/StoreConformance"
        ),
        // Against a real PostgreSQL server (scripts/postgres-up; scripts/test starts one).
        .testTarget(
            name: "SwitchboardClusterTests",
            dependencies: [
                "ClusterTestSupport", "StoreConformance",
                "SwitchboardCluster", "SwitchboardService", "SwitchboardCore", "SwitchboardWire", "SwitchboardJSON",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "SwitchboardLoadTests",
            dependencies: [
                "SwitchboardProfiles",
                "SwitchboardLoad", "SwitchboardServer", "SwitchboardService", "SwitchboardClient", "SwitchboardCore",
                "SwitchboardWire", "SwitchboardTesting", "SwitchboardJSON", "TestSupport", "ServerTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The command line's own code: the live calls of `switchboard calls` and the progress lines.
        .testTarget(
            name: "SwitchboardCommandLineTests",
            dependencies: [
                "SwitchboardCommandLine", "SwitchboardLoad", "SwitchboardServer", "SwitchboardService", "SwitchboardClient",
                "SwitchboardCore", "SwitchboardJSON", "SwitchboardProfiles", "SwitchboardWire", "SwitchboardTesting",
                "TestSupport", "ServerTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The porting guide's "after" snippets (docs/PORTING.md), compiled as ported apps are (Swift 5
        // mode, like the examples), and the guide's own consistency (each snippet verbatim, the counts).
        .testTarget(
            name: "SwitchboardPortingTests",
            dependencies: [
                "SwitchboardAgora", "SwitchboardARtm", "SwitchboardZIM", "SwitchboardAtomicX", "SwitchboardClient",
                "SwitchboardTesting", "SwitchboardCore", "SwitchboardWire", "TestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Tencent-shaped Combine code against the stores. There is no module named `Combine` on Linux:
        // libraries read `#if canImport(Combine)` as Apple's Combine (GRDB does), and such a module, once
        // built, breaks their build. `SwitchboardAtomicX` re-exports Combine's names instead
        // (docs/TENCENT.md, "Combine").
        .testTarget(
            name: "SwitchboardCombineTests",
            dependencies: ["SwitchboardAtomicX", "SwitchboardTesting", "SwitchboardClient"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "SwitchboardClientTests",
            dependencies: [
                "SwitchboardProfiles",
                "SwitchboardClient", "SwitchboardService", "SwitchboardCore", "SwitchboardWire", "SwitchboardTesting",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
    ]
)
