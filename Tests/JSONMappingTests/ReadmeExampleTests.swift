// swift-format-ignore-file
// (The region below must stay byte-identical to the README, so the formatter leaves this file alone.)
import Foundation
import JSONMapping
import Testing

// The README's Swift example, compiled and run here. The region between the markers must be
// byte-identical to the README's first swift block; a test below checks that.

// README-EXAMPLE-BEGIN
import JSONMapping

struct Novel {
    var title: String
    var year: Int
}

extension Novel: Bridgeable {
    static let bridge = Bridge<Novel>(kind: .object) { json, context in
        Novel(title: try context.decode(from: json["title"]), year: try context.decode(from: json["year"]))
    } encode: { novel, writer, context in
        try writer.beginObject()
        try writer.key("title"); try context.encode(novel.title, to: writer)
        try writer.key("year"); try context.encode(novel.year, to: writer)
        try writer.endObject()
    }
}

func readmeExample() throws -> ([Novel], String) {
let mapper = try Mapper()                        // the default backend
let novels = try mapper.decode([Novel].self, from: #"[{"title": "Dune", "year": 1965}]"#)
let text = try mapper.encodeToString(novels)     // [{"title":"Dune","year":1965}]
return (novels, text)
}
// README-EXAMPLE-END

@Suite struct ReadmeExampleTests {
    @Test("the README's example decodes and encodes what its comments say")
    func example() throws {
        let (novels, text) = try readmeExample()
        #expect(novels.count == 1)
        #expect(novels.first?.title == "Dune")
        #expect(novels.first?.year == 1965)
        #expect(text == #"[{"title":"Dune","year":1965}]"#)
    }

    @Test("the README's swift block is the code compiled in this file")
    func readmeMatches() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first)
        let region = try #require(source.components(separatedBy: "// README-EXAMPLE-BEGIN\n").last?
            .components(separatedBy: "// README-EXAMPLE-END").first)
        // The test wraps the top-level statements in a function; the README shows them bare.
        let unwrapped = region.replacingOccurrences(of: "func readmeExample() throws -> ([Novel], String) {\n", with: "")
            .replacingOccurrences(of: "return (novels, text)\n}\n", with: "")
        #expect(unwrapped == block)
    }
}
