// swift-tools-version: 6.1
import PackageDescription

// The fuzz targets of swift-json-mapping, a package of their own beside it, as Benchmarks/ is:
// they are built with libFuzzer's and AddressSanitizer's instrumentation, flags that must never
// reach a user's build of the library. `Scripts/fuzz.sh` builds and runs them; Docs/Reliability.md
// says what each one checks and what the long runs found.
//
// Each target is an executable whose `main` hands its `LLVMFuzzerTestOneInput` to libFuzzer's
// `LLVMFuzzerRunDriver`: SwiftPM links an executable's entry point as `main` itself, so
// libFuzzer's own `main` cannot be used, and the driver is the documented way in.
let package = Package(
    name: "swift-json-mapping-fuzz",
    dependencies: [
        // The library, as it is in this checkout, with its default traits (every backend linked).
        .package(name: "swift-json-mapping", path: "../")
    ],
    targets: [
        // Declares libFuzzer's driver entry point; the `-sanitize=fuzzer` link provides it.
        .target(name: "CFuzzDriver"),
        // What the targets share: the driver, the backends, the lockstep tree comparison and the
        // parity rules, the fixed models, the failure report.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzDriver",
                .product(name: "JSONMapping", package: "swift-json-mapping"),
            ]
        ),
        .executableTarget(
            name: "fuzz-differential",
            dependencies: ["FuzzSupport", .product(name: "MapCore", package: "swift-json-mapping")]
        ),
        .executableTarget(name: "fuzz-mapping", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-feeds", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-roundtrip", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-paths", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-relaxed", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-query", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-tokens", dependencies: ["FuzzSupport"]),
    ]
)

// Strict settings for every Swift target, as in the library's own manifest.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
