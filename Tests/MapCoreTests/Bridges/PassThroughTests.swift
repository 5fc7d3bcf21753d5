import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// A `JSON` field passes its sub-tree through: decoded as it is, written back unchanged.
@Suite struct PassThroughTests {
    struct Envelope: JSONConvertible {
        var id = 0
        var extra: JSON?

        static func map(_ object: inout Envelope, _ json: Map) {
            object.id <- json["id"]
            object.extra <- json["extra"]
        }
    }

    @Test("A JSON field keeps its sub-tree and encodes it back unchanged", arguments: linkedBackendNames)
    func subTreeRoundTrips(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"{"id":1,"extra":{"name":"Zoë","list":[1,true,null,"a\"b",{"deep":[]}],"empty":{}}}"#
        let envelope = try mapper.decode(Envelope.self, from: input)
        #expect(envelope.id == 1)
        let extra = try #require(envelope.extra)
        #expect(extra.kind == .object)
        #expect(extra["name"].string == "Zoë")
        #expect(extra["list"].count == 5)
        #expect(try mapper.encodeToString(envelope) == input)
    }

    @Test("A pass-through field accepts any kind, null included, and writes it back", arguments: linkedBackendNames)
    func anyKind(backend: String) throws {
        let mapper = try idiomMapper(backend)
        for extra in ["null", "true", #""text""#, "[]", "[1,[2,[3]]]", "12"] {
            let input = #"{"id":2,"extra":\#(extra)}"#
            let envelope = try mapper.decode(Envelope.self, from: input)
            #expect(try mapper.encodeToString(envelope) == input)
        }
    }

    @Test(
        "A missing pass-through field fails a required link with missingKey at its path",
        arguments: linkedBackendNames
    )
    func missingFails(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) { try mapper.decode(Envelope.self, from: #"{"id":3}"#) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["extra"])
    }

    @Test(
        "Number text is written back as written, on every backend",
        arguments: linkedBackendNames
    )
    func numberText(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let input = #"{"id":4,"extra":{"price":1.10,"ratio":2.50e1,"big":12345678901234567,"neg":-0.0}}"#
        let envelope = try mapper.decode(Envelope.self, from: input)
        let output = try mapper.encodeToString(envelope)
        #expect(output == input)
    }

    @Test(
        "A number beyond Double's range is refused when parsing, so it never reaches a pass-through field",
        arguments: linkedBackendNames
    )
    func hugeNumber(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Envelope.self, from: #"{"id":5,"extra":[1e400]}"#)
        }
        #expect(error.code == .invalidJSON)
        let report = mapper.decodeWithReport(Envelope.self, from: Array(#"{"id":5,"extra":[1e400]}"#.utf8))
        #expect(report.value == nil)
        #expect(report.errors.map(\.code) == ["invalidJSON"])
    }
}
