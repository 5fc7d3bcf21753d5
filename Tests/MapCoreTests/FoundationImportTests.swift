import FoundationEssentials
import MapTestSupport
import Testing

@Suite struct FoundationImportTests {
    /// Whether a line of Swift imports full Foundation (or a submodule of it) in any form.
    static func importsFoundation(_ line: Substring) -> Bool {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
            words = words.dropFirst()
        }
        guard words.first == "import" else { return false }
        words = words.dropFirst()
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        guard let module = words.first else { return false }
        return module == "Foundation" || module.hasPrefix("Foundation.")
    }

    @Test(
        "the import check recognises every spelling of a Foundation import",
        arguments: [
            ("import Foundation", true),
            ("public import Foundation", true),
            ("@_exported import Foundation", true),
            ("@preconcurrency internal import Foundation", true),
            ("  import Foundation  ", true),
            ("import struct Foundation.Date", true),
            ("import FoundationEssentials", false),
            ("public import FoundationEssentials", false),
            ("// import Foundation", false),
            ("let importFoundation = 1", false),
        ]
    )
    func recogniser(line: String, expected: Bool) {
        #expect(Self.importsFoundation(line[...]) == expected)
    }

    @Test("no source file of MapCore imports Foundation")
    func mapCoreAvoidsFoundation() throws {
        // Tests/MapCoreTests/<this file> → the package root is three levels up.
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let sources = root + "/Sources/MapCore"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 10, "expected MapCore's sources under \(sources)")
        for file in files {
            let data = try #require(FileManager.default.contents(atPath: sources + "/" + file))
            let text = String(decoding: data, as: UTF8.self)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.importsFoundation(line) {
                Issue.record("Sources/MapCore/\(file):\(number + 1) imports Foundation: \(line)")
            }
        }
    }
}
