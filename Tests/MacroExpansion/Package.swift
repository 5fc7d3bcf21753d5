// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// The @JSONModel macro's expansions and compile-time diagnostics, tested against its
// implementation: a package of its own, because a test target of the root package that depended
// on the macro target would make SwiftPM build every root test target, and all they depend on,
// a second time for the host. `Sources/MapModelMacros` is a link to the root package's macro
// target, compiled here with the `Macros` condition the root's trait sets.
//
//     swift test --package-path Tests/MacroExpansion
let package = Package(
    name: "swift-json-mapping-macro-expansion",
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
    ],
    targets: [
        .macro(
            name: "MapModelMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: [.define("Macros")]
        ),
        .testTarget(
            name: "MapModelMacrosTests",
            dependencies: [
                "MapModelMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            // Golden expansions, read by path.
            exclude: ["Fixtures"],
            swiftSettings: [.define("Macros")]
        ),
    ]
)

// The root package's settings: Swift 6 mode and its upcoming features.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
