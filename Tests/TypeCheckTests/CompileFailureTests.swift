import Foundation
import Testing

/// What must not compile: each snippet is type-checked by the toolchain's `swiftc` against the
/// modules of the build the tests come from, and must fail with the expected error — while a
/// control snippet that uses the same operators correctly must pass, so a broken set-up cannot
/// pass for a refusal.
@Suite struct CompileFailureTests {
    /// The build's products folder: the one holding the running test bundle.
    static let productsFolder: URL? = {
        let candidates = [Bundle.main.bundleURL, Bundle.main.executableURL].compactMap { $0 }
        for candidate in candidates {
            var folder = candidate.deletingLastPathComponent()
            for _ in 0..<3 {
                if FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("Modules/MapCore.swiftmodule").path
                ) {
                    return folder
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Type-checks `source` against MapCore and the idioms; returns the exit status and the diagnostics.
    static func typeCheck(_ source: String) throws -> (status: Int32, output: String) {
        let products = try #require(productsFolder, "the build's Modules folder was not found next to the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snippet.swift")
        // One line of imports, so that the snippet starts on line 2.
        let imports = ["MapCore", "MapIO", "TwoWayMaps", "Extraction", "DeclarativeRules"].map { "import \($0)" }
        try Data((imports.joined(separator: "; ") + "\n" + source).utf8).write(to: file)
        let log = folder.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6",
            "-I", products.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + repositoryRoot.appendingPathComponent("Sources/CZlib/module.modulemap").path,
            file.path,
        ]
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
    }

    @Test("The control snippet, the operators used as intended, type-checks")
    func controlCompiles() throws {
        let result = try Self.typeCheck(
            """
            struct Model: JSONConvertible {
                var count = 0
                var name: String?
                var legacy: Int! = 0
                static func map(_ object: inout Model, _ json: Map) {
                    object.count <- json["count"]
                    object.name <~ json["name"]
                    object.legacy <~ json["legacy"]
                }
            }
            func read(_ j: JSON) throws -> Int? { try j =>? "a" }
            """
        )
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("Docs/Feeds.md's onError example, copied as it stands into a Swift 6 program, compiles")
    func feedsOnErrorExampleCompiles() throws {
        let guide = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Docs/Feeds.md"),
            encoding: .utf8
        )
        let afterMarker = try #require(
            guide.components(separatedBy: "<!-- guide: feeds-skip -->\n```swift\n").dropFirst().first
        )
        let block = try #require(afterMarker.components(separatedBy: "\n```").first)
        let result = try Self.typeCheck(
            """
            import Synchronization
            struct Order: JSONConvertible {
                var id = 0
                static func map(_ object: inout Order, _ json: Map) { object.id <- json["id"] }
            }
            struct Example {
                static let badFeed = ""
                func run(mapper: Mapper) throws {
            \(block)
                    _ = orders
                }
            }
            """
        )
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("error:"), "\(result.output)")
    }

    @Test("A field added to a rule as a statement, Bender's way, is an unused-result warning, never silent")
    func ruleFieldAsStatementWarns() throws {
        let result = try Self.typeCheck(
            """
            struct Tag { var label = ""; var weight: Int? }
            func build() -> ObjectRule<Tag> {
                let rule = ObjectRule(Tag()).required("label", StringRule, \\.label)
                rule.optional("weight", IntRule, \\.weight)
                return rule
            }
            """
        )
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("snippet.swift:5:"), "\(result.output)")
        #expect(result.output.contains("warning: result of call to 'optional' is unused"), "\(result.output)")
    }

    @Test("<~ on a non-optional property does not compile: an optional link may leave the property unset")
    func optionalLinkNeedsOptional() throws {
        let result = try Self.typeCheck(
            """
            struct Model: JSONConvertible {
                var count = 0
                static func map(_ object: inout Model, _ json: Map) {
                    object.count <~ json["count"]
                }
            }
            """
        )
        #expect(result.status != 0)
        #expect(result.output.contains("snippet.swift:5:"), "\(result.output)")
        #expect(result.output.contains("error:"), "\(result.output)")
    }

    @Test("=>? into a non-optional does not compile: a missing key gives nil")
    func lenientExtractionNeedsOptional() throws {
        let result = try Self.typeCheck("func read(_ j: JSON) throws -> Int { try j =>? \"a\" }")
        #expect(result.status != 0)
        #expect(result.output.contains("snippet.swift:2:"), "\(result.output)")
        #expect(result.output.contains("error:"), "\(result.output)")
    }
}
