import BackendSimdjson
import MapCore
import Testing

@Suite struct SimdjsonBackendTests {
    @Test("A document's values read back from the tape")
    func reads() throws {
        let mapper = try Mapper(backend: SimdjsonBackend())
        let json = try mapper.parse(#"{"a": [1, -2, 18446744073709551615, 2.5, "xy"], "b": {"c": true}}"#)
        #expect(json["a"][0].int == 1)
        #expect(try json["a"][2].decode(UInt64.self) == .max)
        #expect(try json["a"][3].decode(Double.self) == 2.5)
        #expect(try json["a"][4].decode(String.self) == "xy")
        #expect(try json["b"]["c"].decode(Bool.self) == true)
        #expect(json.count == 2)
    }
}
