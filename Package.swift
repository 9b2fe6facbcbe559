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
    ],
    targets: [
        // jansson, from Debian's libjansson-dev (scripts/install-deps installs it when missing).
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        // The JSON value and its parser/serializer over jansson. No package dependencies, so the
        // leak check (LeakCheck/) can build it under AddressSanitizer on its own.
        .target(name: "SwitchboardJSON", dependencies: ["CJansson"]),
        // The one call model: pure value types and the per-call state machine. No I/O, no clock.
        .target(name: "SwitchboardCore"),

        .testTarget(name: "SwitchboardJSONTests", dependencies: ["SwitchboardJSON"]),
        .testTarget(name: "SwitchboardCoreTests", dependencies: ["SwitchboardCore"]),
    ]
)
