// A mapper over the example backend, as a program would use it.

import MapCore
import MapIO
import Testing
import TreeBackend

/// A backend written elsewhere is one a ``Mapper`` takes like any other.
@Test("A mapper over TreeBackend reads values and reports errors at their path")
func mapsThroughTheBackend() throws {
    let mapper = try Mapper(backend: TreeBackend())
    let json = try mapper.parse(#"{"order": {"id": 7, "lines": [{"sku": "a-1", "price": 9.5}]}}"#)
    #expect(json["order"]["id"].int == 7)
    #expect(json["order"]["lines"][0]["sku"].string == "a-1")
    #expect(json["order"]["lines"][0]["price"].double == 9.5)
    #expect(json.document.backendName == "tree")

    let error = try #require(throws: MappingError.self) {
        try mapper.decode([Int].self, from: #"[1, "two", 3]"#)
    }
    #expect(error.code == .typeMismatch)
    #expect(error.path == [1])

    let parseError = try #require(throws: ParseError.self) { try mapper.parse("[1,\n 2,]") }
    #expect(parseError.code == .trailingComma)
    #expect(parseError.line == 2)
    #expect(parseError.column == 3)
    #expect(parseError.backend == "tree")
}
