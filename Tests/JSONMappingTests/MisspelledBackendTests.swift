import Foundation
import MapTestSupport
import Testing

@testable import JSONMapping

/// A `JSONMAPPING_BACKEND` that names no linked backend is never a quiet fallback: where a mapper
/// can throw it refuses the name, and where it cannot (`JSONMappingDecoder()`), every decode
/// fails with the variable, its value and the linked backends.
@Suite struct MisspelledBackendTests {
    static let misspelled = ["JSONMAPPING_BACKEND": "simdjosn"]
    static let reason =
        "JSONMAPPING_BACKEND is \"simdjosn\", which names no linked backend; the linked backends are "
        + BuildBackends.names.joined(separator: ", ")

    @Test(
        "Mapper's default backend refuses a misspelled JSONMAPPING_BACKEND, naming the variable, the value and the linked backends"
    )
    func defaultBackendRefuses() throws {
        let error = try #require(throws: MappingError.self) {
            try Mapper.defaultBackend(environment: Self.misspelled)
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.path == .root)
        #expect(error.message == Self.reason)
        #expect(try Mapper.defaultBackend(environment: [:]).name == BuildBackends.defaultName)
        #expect(try Mapper.defaultBackend(environment: ["JSONMAPPING_BACKEND": "native"]).name == "native")
    }

    @Test(
        "A decoder made without a throwing initializer fails its first decode with the reason instead of choosing another backend"
    )
    func decoderFailsWithTheReason() throws {
        let decoder = JSONMappingDecoder(mapper: .defaultOrRefusing(environment: Self.misspelled))
        #expect(decoder.mapper.backend.name == "unknown")
        let error = try #require(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1]") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == Self.reason)
        let failure = try #require(context.underlyingError as? MappingError)
        #expect(failure.parseError?.code == .backendFailure)
        #expect(failure.path == .root)
        // A valid name is used as it is.
        let native = JSONMappingDecoder(mapper: .defaultOrRefusing(environment: ["JSONMAPPING_BACKEND": "native"]))
        #expect(native.mapper.backend.name == "native")
        #expect(try native.decode([Int].self, from: "[1]") == [1])
    }
}
