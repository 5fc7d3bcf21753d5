import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `Codable` fields of object rules.
@Suite struct CodableRuleTests {
    struct Dimensions: Codable, Equatable {
        var width: Double
        var height: Double
    }

    struct Product {
        var name = ""
        var size = Dimensions(width: 0, height: 0)
        var box: Dimensions?
    }

    let productRule = ObjectRule(Product())
        .required("name", \.name)
        .required("size", \.size)
        .optional("box", \.box)

    @Test(
        "a Codable field is validated by its own init(from:) and dumped by encode(to:)",
        arguments: linkedBackendNames
    )
    func codableField(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let product = try mapper.decode(
            with: productRule,
            from: #"{"name": "lamp", "size": {"width": 2, "height": 3.5}}"#
        )
        #expect(product.name == "lamp")
        #expect(product.size == Dimensions(width: 2, height: 3.5))
        #expect(product.box == nil)
        #expect(
            try mapper.encodeToString(product, with: productRule) == #"{"name":"lamp","size":{"width":2,"height":3.5}}"#
        )
    }

    @Test("a bad Codable field fails the rule at its path, optional or not", arguments: linkedBackendNames)
    func codableFieldErrors(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let required = try #require(throws: MappingError.self) {
            try mapper.decode(with: productRule, from: #"{"name": "lamp", "size": {"width": 2}}"#)
        }
        #expect(required.code == .missingKey)
        #expect(required.path == ["size", "height"])
        // Bender's semantics: an optional field that is there but invalid fails the value.
        let optional = try #require(throws: MappingError.self) {
            try mapper.decode(
                with: productRule,
                from: #"{"name": "l", "size": {"width": 1, "height": 1}, "box": {"width": "x", "height": 1}}"#
            )
        }
        #expect(optional.code == .typeMismatch)
        #expect(optional.path == ["box", "width"])
    }
}
