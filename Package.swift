// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "swift-json-mapping",
    products: [
        // The core: the read model, bridges, rules, errors, diagnostics, the writer, the validating
        // scanner and the front door. No backend, no zlib, nothing beyond FoundationEssentials.
        .library(name: "MapCore", targets: ["MapCore"]),
        // Inputs and feeds: strings, bytes, files, byte sources, chunks, gzip / zlib, NDJSON and
        // array feeds, the NDJSON writer.
        .library(name: "MapIO", targets: ["MapIO"]),
        // Codable through every backend: JSONMappingDecoder, JSONMappingEncoder, CodableBridge.
        .library(name: "MapCodable", targets: ["MapCodable"]),
        // The idioms, one module each, named by what they do.
        .library(name: "TwoWayMaps", targets: ["TwoWayMaps"]),
        .library(name: "Extraction", targets: ["Extraction"]),
        .library(name: "DeclarativeRules", targets: ["DeclarativeRules"]),
        .library(name: "LenientReader", targets: ["LenientReader"]),
        // RFC 9535 JSONPath queries over any backend's document, their results decoded as models.
        .library(name: "MapQuery", targets: ["MapQuery"]),
        // A parser that needs no system library: JSONSerialization plus the strict scan.
        .library(name: "BackendFoundation", targets: ["BackendFoundation"]),
        // The parser in pure Swift: the package's validating scanner, its tape read in place. Fast
        // with nothing installed.
        .library(name: "BackendNative", targets: ["BackendNative"]),
        // A parser over the C library jansson (libjansson-dev): trees shared with C code.
        .library(name: "BackendJansson", targets: ["BackendJansson"]),
        // The fast parser: simdjson (libsimdjson-dev), its tape read in place.
        .library(name: "BackendSimdjson", targets: ["BackendSimdjson"]),
        // The backend contract's conformance cases, for a backend written in another package to
        // run against itself in its own tests (Swift Testing).
        .library(name: "BackendConformance", targets: ["BackendConformance"]),
        // The model macro, `@JSONModel`, and its field controls: direct document reads, writer calls and a
        // matching Codable conformance generated on a model declaration. Its macros exist only under the
        // Macros trait, so that no one who does not ask for them builds swift-syntax.
        .library(name: "MapModels", targets: ["MapModels"]),
        // Redirectable mapping diagnostics: sinks for the console, files, closures and swift-log.
        .library(name: "MapLogging", targets: ["MapLogging"]),
        // A sink that keeps what it receives, for users' own tests.
        .library(name: "InMemoryMapLogging", targets: ["InMemoryMapLogging"]),
        // Everything, with a default backend.
        .library(name: "JSONMapping", targets: ["JSONMapping"]),
        // HTTP servers, framework-neutral: problem+json errors, content encodings under limits,
        // feeds from a request body's chunks. No swift-nio; the integrations below build on it.
        .library(name: "MapHTTP", targets: ["MapHTTP"]),
        // Hummingbird 2's request decoder and response encoder, and feeds from request bodies.
        // Empty unless the Hummingbird trait is on.
        .library(name: "JSONMappingHummingbird", targets: ["JSONMappingHummingbird"]),
        // Vapor 4's content decoder and encoder, and feeds from request bodies. Empty unless the
        // Vapor trait is on.
        .library(name: "JSONMappingVapor", targets: ["JSONMappingVapor"]),
        // The command-line tool: demo, check, get, query, fmt, bench.
        .executable(name: "jsonmap", targets: ["jsonmap"]),
        // The example programs in Examples/ are targets, not products: `swift run jsonmap-example`
        // runs one from a checkout, and a package that depends on this one never builds them. The
        // benchmarks are a package of their own, Benchmarks/.
    ],
    traits: [
        .trait(
            name: "Jansson",
            description: "Link the jansson backend into the JSONMapping umbrella (needs libjansson-dev)."
        ),
        .trait(
            name: "Simdjson",
            description: "Link the simdjson backend into the JSONMapping umbrella (needs libsimdjson-dev)."
        ),
        .trait(
            name: "Hummingbird",
            description: "Build JSONMappingHummingbird against Hummingbird 2 (builds swift-nio)."
        ),
        .trait(
            name: "Vapor",
            description: "Build JSONMappingVapor against Vapor 4 (builds swift-nio and Vapor's dependencies)."
        ),
        .trait(
            name: "Macros",
            description: "Build the @JSONModel macro of MapModels (builds swift-syntax)."
        ),
        .default(enabledTraits: ["Jansson", "Simdjson"]),
    ],
    dependencies: [
        // The logging API servers run; MapLogging's SwiftLogSink writes to it.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Parses the command-line options of the executables; the libraries do not depend on it.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Property tests of the backends (test targets only).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The server integrations, each used only under its trait.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        // The HTTP client the server tests talk to the servers with (test targets only).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The @JSONModel macro's implementation, used only under the Macros trait.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The read model, bridges, errors, the context, diagnostics, the writer, the scanner, the
        // front door. Nothing beyond the toolchain's FoundationEssentials.
        .target(name: "MapCore"),
        // Where bytes come from and go in bulk: gzip and zlib through CZlib, byte sources, files,
        // chunked async input, NDJSON and array feeds, the NDJSON writer.
        .target(name: "MapIO", dependencies: ["MapCore", "MapCodable", "CZlib"]),
        // Codable through every backend: a Decoder reading a parsed document in place, an Encoder
        // streaming to the writer, the drop-in JSONMappingDecoder and JSONMappingEncoder, and the
        // bridge that lets Codable types go wherever a bridge goes.
        .target(name: "MapCodable", dependencies: ["MapCore", "BackendNative"]),
        // The idioms, each built on MapCore's bridges and context.
        .target(
            name: "TwoWayMaps",
            dependencies: ["MapCore", "MapCodable"],
            // `MapKey` and `MapLink` are non-escapable (`~Escapable`): a key borrows its map
            // without a reference count, and the compiler keeps it from outliving the map. Their
            // initializers state that dependence with `@_lifetime`, which needs this feature;
            // code using the keys — every map function — needs nothing.
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]
        ),
        .target(name: "Extraction", dependencies: ["MapCore", "MapCodable"]),
        .target(name: "DeclarativeRules", dependencies: ["MapCore", "MapCodable"]),
        .target(name: "LenientReader", dependencies: ["MapCore"]),
        // JSONPath queries (RFC 9535) read through the document protocol; MapCodable for decoding
        // the selected nodes as Decodable models.
        .target(name: "MapQuery", dependencies: ["MapCore", "MapCodable"]),
        .target(
            name: "BackendFoundation",
            dependencies: ["MapCore", "MapIO"]
        ),
        // The scanner's tape as a document: strings, numbers and keys read from the input in place.
        .target(name: "BackendNative", dependencies: ["MapCore"]),
        // The conformance kit: cases over `any JSONBackend`, reported through Swift Testing.
        .target(name: "BackendConformance", dependencies: ["MapCore"]),
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(
            name: "BackendJansson",
            dependencies: ["MapCore", "CJansson"]
        ),
        // A plain-C face over simdjson's C++ DOM parser; its flags are those simdjson's pkg-config gives.
        // On a machine without libsimdjson-dev it compiles to nothing, and nothing links it: only
        // BackendSimdjson depends on it, and everything depends on that under the Simdjson trait.
        .target(
            name: "CSimdjson",
            cxxSettings: [.define("SIMDJSON_THREADS_ENABLED", to: "1")],
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        .target(
            name: "BackendSimdjson",
            dependencies: ["MapCore", "CSimdjson"]
        ),
        .target(
            name: "MapLogging",
            dependencies: ["MapCore", .product(name: "Logging", package: "swift-log")]
        ),
        // The @JSONModel macro's expansion, a compiler plug-in. Every source is inside `#if Macros`
        // but the empty entry point: with the trait off it links nothing of swift-syntax.
        .macro(
            name: "MapModelMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["Macros"])),
            ]
        ),
        // What the macro's expansions call (the model protocol, its bridge, the field reads and
        // writes), and, under the Macros trait, the macro declarations.
        .target(
            name: "MapModels",
            dependencies: [
                "MapCore", "MapCodable",
                .target(name: "MapModelMacros", condition: .when(traits: ["Macros"])),
            ]
        ),
        .target(
            name: "InMemoryMapLogging",
            dependencies: ["MapCore"]
        ),
        .target(
            name: "JSONMapping",
            dependencies: [
                "MapCore",
                "MapIO",
                "MapCodable",
                "TwoWayMaps",
                "Extraction",
                "DeclarativeRules",
                "LenientReader",
                "MapQuery",
                "MapModels",
                "MapLogging",
                "BackendFoundation",
                "BackendNative",
                .target(name: "BackendJansson", condition: .when(traits: ["Jansson"])),
                .target(name: "BackendSimdjson", condition: .when(traits: ["Simdjson"])),
            ]
        ),
        // Framework-neutral HTTP: problem documents, content encodings, bodies and feeds from
        // async chunk sequences, diagnostics to a request's logger.
        .target(
            name: "MapHTTP",
            dependencies: [
                "MapCore", "MapIO", "MapCodable", "MapLogging",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Every source is inside `#if Hummingbird`: with the trait off the module is empty and
        // swift-nio is not built.
        .target(
            name: "JSONMappingHummingbird",
            dependencies: [
                "JSONMapping", "MapHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        // Every source is inside `#if Vapor`, as above.
        .target(
            name: "JSONMappingVapor",
            dependencies: [
                "JSONMapping", "MapHTTP",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
        // Decodes a bundled library catalogue with the default backend: the idioms on one payload.
        .executableTarget(
            name: "jsonmap-example",
            dependencies: ["JSONMapping"],
            path: "Examples/jsonmap-example",
            resources: [.copy("library.json")]
        ),
        // A server-style program: swift-log bootstrapped, a payload with bad fields decoded per
        // request, its diagnostics arriving through swift-log with the request's metadata.
        .executableTarget(
            name: "logging-server-example",
            dependencies: ["JSONMapping", .product(name: "Logging", package: "swift-log")],
            path: "Examples/LoggingServer"
        ),
        // A service on Hummingbird or Vapor (each under its trait, chosen by environment): JSON
        // endpoints and a gzip NDJSON ingest endpoint, the backend chosen by environment,
        // swift-log to the console with request ids. Docs/Server.md.
        .executableTarget(
            name: "ingest-server",
            dependencies: [
                "JSONMapping", "JSONMappingHummingbird", "JSONMappingVapor", "MapLogging",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ],
            path: "Examples/IngestServer"
        ),
        // The command-line tool: `jsonmap demo | check | get | query | fmt | bench`, one file per subcommand in
        // Sources/jsonmap/Commands. The package's own benchmarks are the Benchmarks/ package.
        .executableTarget(
            name: "jsonmap",
            dependencies: [
                "JSONMapping",
                "MapLogging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The feed `jsonmap demo` decodes; Scripts/make-demo-feed.py writes it.
            resources: [.copy("Resources/demo-feed.ndjson.gz")]
        ),
        // Programs built from MapCore and one backend alone: the tests that they link no
        // libFoundation run `ldd` on them. What they do is in SingleBackendProgram. A C backend's
        // program has its backend only under that backend's trait.
        .target(
            name: "SingleBackendProgram",
            dependencies: ["MapCore", "MapIO"],
            path: "Examples/SingleBackendProgram"
        ),
        .executableTarget(
            name: "jsonmap-jansson-only",
            dependencies: [
                "MapCore", .target(name: "BackendJansson", condition: .when(traits: ["Jansson"])),
                "SingleBackendProgram",
            ],
            path: "Examples/jsonmap-jansson-only"
        ),
        .executableTarget(
            name: "jsonmap-simdjson-only",
            dependencies: [
                "MapCore", .target(name: "BackendSimdjson", condition: .when(traits: ["Simdjson"])),
                "SingleBackendProgram",
            ],
            path: "Examples/jsonmap-simdjson-only"
        ),
        // The same program over the pure-Swift backend: no C library, no libFoundation.
        .executableTarget(
            name: "jsonmap-native-only",
            dependencies: ["MapCore", "BackendNative", "SingleBackendProgram"],
            path: "Examples/jsonmap-native-only"
        ),
        // The tests mirror the modules, one target each; MapTestSupport holds what they share: the
        // corpus, scratch folders, built binaries, the guide checks, and (under a server trait)
        // the HTTP clients that misbehave.
        .target(
            name: "MapTestSupport",
            dependencies: [
                "JSONMapping",
                .product(
                    name: "AsyncHTTPClient",
                    package: "async-http-client",
                    condition: .when(traits: ["Hummingbird", "Vapor"])
                ),
            ],
            path: "Tests/MapTestSupport"
        ),
        .testTarget(
            name: "MapCoreTests",
            dependencies: ["JSONMapping", "MapTestSupport", "InMemoryMapLogging"]
        ),
        .testTarget(
            name: "MapCodableTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
        // Models the macro generates, on every backend; empty unless the Macros trait is on. The
        // macro's expansions and diagnostics are tested in Tests/MacroExpansion, a package of its
        // own: a test target here that depended on the macro target would make SwiftPM build every
        // test target, and all they depend on, a second time for the host.
        .testTarget(
            name: "MapModelsTests",
            dependencies: ["JSONMapping", "MapModels", "MapTestSupport"]
        ),
        .testTarget(
            name: "MapIOTests",
            dependencies: ["JSONMapping", "MapTestSupport", "InMemoryMapLogging"]
        ),
        .testTarget(
            name: "TwoWayMapsTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
        .testTarget(
            name: "ExtractionTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
        .testTarget(
            name: "DeclarativeRulesTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
        .testTarget(
            name: "LenientReaderTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
        .testTarget(
            name: "MapQueryTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
        .testTarget(
            name: "BackendFoundationTests",
            dependencies: ["BackendFoundation", "MapCore", "MapIO", "MapTestSupport"]
        ),
        .testTarget(
            name: "BackendJanssonTests",
            dependencies: [
                .target(name: "BackendJansson", condition: .when(traits: ["Jansson"])),
                .target(name: "CJansson", condition: .when(traits: ["Jansson"])),
                "MapCore", "MapIO", "MapTestSupport",
            ]
        ),
        .testTarget(
            name: "BackendNativeTests",
            dependencies: ["BackendNative", "BackendFoundation", "MapCore", "MapTestSupport"]
        ),
        .testTarget(
            name: "BackendSimdjsonTests",
            dependencies: [
                .target(name: "BackendSimdjson", condition: .when(traits: ["Simdjson"])),
                "MapCore", "MapIO", "TwoWayMaps", "DeclarativeRules", "MapTestSupport",
            ]
        ),
        // One suite, every case run against every backend.
        .testTarget(
            name: "BackendConformanceTests",
            dependencies: [
                "BackendConformance",
                "MapCore",
                "MapIO",
                "MapTestSupport",
                "TwoWayMaps",
                "BackendFoundation",
                "BackendNative",
                .target(name: "BackendJansson", condition: .when(traits: ["Jansson"])),
                .target(name: "BackendSimdjson", condition: .when(traits: ["Simdjson"])),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Type-checking speed of the idioms' operators: no expression of a 30-field map or of a
        // 14-argument `=>` init may take 200 ms to type-check, or this target fails to build.
        .testTarget(
            name: "TypeCheckTests",
            dependencies: ["JSONMapping"],
            swiftSettings: [
                .unsafeFlags([
                    "-Xfrontend", "-warn-long-expression-type-checking=200",
                    "-warnings-as-errors",
                ])
            ]
        ),
        .testTarget(
            name: "MapLoggingTests",
            dependencies: [
                "JSONMapping",
                "MapLogging",
                "InMemoryMapLogging",
                "MapTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "JSONMappingTests",
            dependencies: [
                "JSONMapping",
                "InMemoryMapLogging",
                "MapTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "MapHTTPTests",
            dependencies: [
                "JSONMapping", "MapHTTP", "MapTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        // Real servers on 127.0.0.1, real HTTP clients; empty unless the trait is on.
        .testTarget(
            name: "JSONMappingHummingbirdTests",
            dependencies: [
                "JSONMapping", "JSONMappingHummingbird", "MapHTTP", "MapTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(
                    name: "AsyncHTTPClient",
                    package: "async-http-client",
                    condition: .when(traits: ["Hummingbird"])
                ),
            ]
        ),
        .testTarget(
            name: "JSONMappingVaporTests",
            dependencies: [
                "JSONMapping", "JSONMappingVapor", "MapHTTP", "MapTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Vapor"])),
            ]
        ),
        // The command-line tool and the example programs, run as built binaries.
        .testTarget(
            name: "jsonmapTests",
            dependencies: ["JSONMapping", "MapTestSupport"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// Strict settings for every Swift target: Swift 6 language mode (complete concurrency checking)
// comes from the tools version; these add the upcoming features the codebase is written for.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}

// The ThreadSanitizer run (Scripts/sanitizers.sh) needs only the test targets that hold its suites:
// JSONMAPPING_TEST_TARGETS, a comma-separated list of test target names, keeps those and drops the
// other test targets, so that its instrumented build compiles no suite it does not run. Unset, as
// for every other build, the package has all of them.
if let kept = Context.environment["JSONMAPPING_TEST_TARGETS"] {
    let names = Set(kept.split(separator: ",").map(String.init))
    package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
