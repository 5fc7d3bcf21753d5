// swift-format-ignore-file
// (The region below must stay byte-identical to the README, so the formatter leaves this file alone.)
import Foundation
import JSONMapping
import Testing

// The README's Swift example, compiled and run here. The region between the markers must be
// byte-identical to the README's first swift block; a test below checks that.

// README-EXAMPLE-BEGIN
import JSONMapping

struct Novel: JSONConvertible {
    var title = ""
    var year = 0
    var subtitle: String?

    // One map, both ways: <- is required, <~ optional.
    static func map(_ object: inout Novel, _ json: Map) {
        object.title <- json["title"]
        object.year <- json["year"] § { $0 > 0 }
        object.subtitle <~ json["subtitle"]
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
        #expect(novels.first?.subtitle == nil)
        // The validation and the required link the README's comments promise.
        let mapper = try Mapper()
        let zero = try #require(throws: MappingError.self) {
            try mapper.decode(Novel.self, from: #"{"title": "Dune", "year": 0}"#)
        }
        #expect(zero.code == .validationFailed)
        #expect(zero.path == ["year"])
        #expect(mapper.map(Novel.self, from: #"{"year": 1965}"#) == nil)
    }

    @Test("the README says how to depend on the package: tools version, URL line, every library product, the traits")
    func readmeShowsTheDependency() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let toolsLine = try #require(manifest.split(separator: "\n").first)
        #expect(readme.contains(String(toolsLine)))
        #expect(readme.contains(#".package(url: "https://github.com/"#))
        #expect(readme.contains(#"package: "swift-json-mapping")"#))
        #expect(manifest.contains(#"name: "swift-json-mapping""#))
        let products = manifest.components(separatedBy: #".library(name: ""#).dropFirst()
            .compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(products.count >= 13)
        let section = try #require(readme.components(separatedBy: "## Using it in your package").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        for product in products {
            #expect(section.contains("`\(product)`"), "the product \(product) is not named")
        }
        for trait in ["Simdjson", "Jansson"] {
            #expect(manifest.contains(#".trait(\#n            name: "\#(trait)""#))
            #expect(section.contains("`\(trait)`"))
        }
        // CI runs the README's first sh block: it still opens the README with two commands.
        let firstSh = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?
            .components(separatedBy: "```").first)
        #expect(firstSh.split(separator: "\n").count == 2)
        #expect(readme.range(of: "```sh")!.lowerBound < readme.range(of: "## Using it in your package")!.lowerBound)
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
