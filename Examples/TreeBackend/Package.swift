// swift-tools-version: 6.1
import PackageDescription

// A backend written outside swift-json-mapping, against its products alone: MapCore for the
// backend and document protocols, BackendConformance for the contract's cases, which its tests
// run against it. Nothing here reaches the package's `package` declarations.
let package = Package(
    name: "TreeBackend",
    products: [
        .library(name: "TreeBackend", targets: ["TreeBackend"])
    ],
    dependencies: [
        // The package this example extends, from the checkout it sits in. A package of your own
        // names it by URL and version instead.
        .package(name: "swift-json-mapping", path: "../..", traits: [])
    ],
    targets: [
        .target(
            name: "TreeBackend",
            dependencies: [.product(name: "MapCore", package: "swift-json-mapping")]
        ),
        .testTarget(
            name: "TreeBackendTests",
            dependencies: [
                "TreeBackend",
                .product(name: "MapCore", package: "swift-json-mapping"),
                // Strings, bytes and files as input.
                .product(name: "MapIO", package: "swift-json-mapping"),
                .product(name: "BackendConformance", package: "swift-json-mapping"),
            ]
        ),
    ]
)
