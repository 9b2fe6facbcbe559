// swift-tools-version: 6.2
//
// libFuzzer targets for the parsers the server runs on untrusted input (docs/SECURITY.md, "Fuzzing"),
// in a package of their own so that the normal build never compiles anything with sanitizers. Build and
// run through scripts/fuzz:
//
//   scripts/fuzz json 60                 (or client-frame, experimental-api, bus, frame-scanner)
//
// which builds with
//
//   swift build -c debug --package-path Fuzz --scratch-path .build-fuzz \
//       --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// Both halves are needed (Swift 6.3.1, Linux):
// - SwiftPM's own `--sanitize=fuzzer`: SwiftPM links an executable with `--defsym main=<Module>_main`
//   (so that tests can link executables), which replaces libFuzzer's `main` and fails to link a
//   `-parse-as-library` target; it leaves that out only when it knows the fuzzer sanitizer is on.
// - `-sanitize=fuzzer,address` as ONE swiftc flag, after SwiftPM's: swiftc honours only the last
//   `-sanitize=` it is given, and SwiftPM writes `--sanitize=fuzzer --sanitize=address` as two flags in
//   an order that is not fixed (it differed between two packages here), so that either coverage or
//   AddressSanitizer silently goes missing. scripts/fuzz checks that the binary has both.

// The source directories are symlinks into the main tree, as in LeakCheck/: one copy of the sources,
// and this manifest must describe them the same way the root Package.swift does. Not a path dependency
// on the root package: resolving one fetches all of its package dependencies (36 checkouts, minutes on
// a fresh machine) although these targets need none of them.

import PackageDescription

let package = Package(
    name: "SwitchboardFuzz",
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        // jansson's allocator: a per-thread cache of its small blocks, which an executable installs as its
        // first statement (docs/PERFORMANCE.md, "jansson's allocations"; never under AddressSanitizer).
        .target(name: "CJanssonAllocator", dependencies: ["CJansson"]),
        .target(name: "SwitchboardJSON", dependencies: ["CJansson", "CJanssonAllocator"]),
        .target(name: "SwitchboardCore"),
        .target(name: "SwitchboardProfiles", dependencies: ["SwitchboardCore"]),
        .target(name: "SwitchboardWire", dependencies: ["SwitchboardJSON", "SwitchboardCore", "SwitchboardProfiles"]),
        // Only the experimental API's request parser of the Tencent surface (its directory here links
        // those two files alone): they need nothing but SwitchboardJSON, whereas the whole module would
        // bring the client, NIO and BoringSSL into a sanitizer build. The module keeps its name, so the
        // files compile exactly as they do there.
        .target(name: "SwitchboardAtomicX", dependencies: ["SwitchboardJSON"]),
        // Only the cluster bus's codec (BusMessage.swift, which needs nothing but SwitchboardJSON): the
        // whole module would bring postgres-nio and NIO into a sanitizer build.
        .target(name: "SwitchboardCluster", dependencies: ["SwitchboardJSON"]),

        // One executable per fuzz target; scripts/fuzz names them json, client-frame, experimental-api, bus,
        // frame-scanner. FuzzFrameScanner also links the tests' ScannerAgreement.swift (a symlink), the one
        // statement of what the scanner claims.
        .executableTarget(name: "FuzzJSON", dependencies: ["SwitchboardJSON"]),
        .executableTarget(name: "FuzzClientFrame", dependencies: ["SwitchboardWire", "SwitchboardJSON"]),
        .executableTarget(name: "FuzzExperimentalAPI", dependencies: ["SwitchboardAtomicX", "SwitchboardJSON"]),
        .executableTarget(name: "FuzzBus", dependencies: ["SwitchboardCluster", "SwitchboardJSON"]),
        .executableTarget(name: "FuzzFrameScanner", dependencies: ["SwitchboardWire", "SwitchboardCore"]),
    ]
)
