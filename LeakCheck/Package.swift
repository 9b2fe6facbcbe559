// swift-tools-version: 6.2
//
// A package holding only jansson, the JSON layer and its tests, so they can be built under
// AddressSanitizer/LeakSanitizer (scripts/leak-check) without the rest of Switchboard and its
// package dependencies. The three directories are symlinks into the main tree: there is one copy
// of the sources, and this manifest must describe them the same way the root Package.swift does.

import PackageDescription

let package = Package(
    name: "SwitchboardLeakCheck",
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
        .testTarget(name: "SwitchboardJSONTests", dependencies: ["SwitchboardJSON"]),
    ]
)
