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
        .target(name: "SwitchboardJSON", dependencies: ["CJansson"]),
        .testTarget(name: "SwitchboardJSONTests", dependencies: ["SwitchboardJSON"]),
    ]
)
