// swift-tools-version: 6.1
import PackageDescription

// The benchmarks of swift-json-mapping, a package of their own beside it: their models, corpus
// generator and harnesses are no product of the library and never slow a user's build. Build them
// in release mode: `swift build -c release --package-path Benchmarks`.
let package = Package(
    name: "swift-json-mapping-benchmarks",
    traits: [
        // The rows of the @JSONModel models (macro, macro-encode). Off by default: swift-syntax takes
        // minutes to build in release, and CI's build of this package checks the other rows.
        .trait(name: "Macros", description: "The macro and macro-encode rows, through the library's Macros trait.")
    ],
    dependencies: [
        // The library, as it is in this checkout, with its default traits (every backend linked),
        // and its Macros trait when this package's is on.
        .package(
            name: "swift-json-mapping",
            path: "../",
            traits: [.defaults, .trait(name: "Macros", condition: .when(traits: ["Macros"]))]
        ),
        // Parses the benchmarks' command-line options.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The model benchmark: parsing, mapping and encoding the corpus's models on every backend,
        // side by side with Foundation's JSONDecoder and JSONEncoder; a table or JSON rows.
        .executableTarget(
            name: "jsonmap-bench",
            dependencies: [
                .product(name: "JSONMapping", package: "swift-json-mapping"),
                .product(name: "MapLogging", package: "swift-json-mapping"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The feed reader's benchmark: inflate, parse+map, sequential and parallel reading, peak
        // RSS, each configuration in a child process of its own; JSONDecoder per line as reference.
        .executableTarget(
            name: "jsonmap-feed-bench",
            dependencies: [
                .product(name: "JSONMapping", package: "swift-json-mapping"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `jsonmap query` and `jq` on the same selections of the corpus files, each a process, side
        // by side: median times and jq's time over jsonmap's.
        .executableTarget(
            name: "jsonmap-query-bench",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Runs the built benchmarks and checks what they print.
        .target(
            name: "BenchmarkTestSupport",
            path: "Tests/BenchmarkTestSupport"
        ),
        .testTarget(
            name: "jsonmap-benchTests",
            dependencies: ["BenchmarkTestSupport"]
        ),
        .testTarget(
            name: "jsonmap-query-benchTests",
            dependencies: ["BenchmarkTestSupport"]
        ),
        .testTarget(
            name: "jsonmap-feed-benchTests",
            dependencies: ["BenchmarkTestSupport", .product(name: "JSONMapping", package: "swift-json-mapping")]
        ),
    ]
)

// Strict settings for every Swift target, as in the library's own manifest: Swift 6 language mode
// (complete concurrency checking) and the upcoming features the code is written for.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
