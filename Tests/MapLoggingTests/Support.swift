import BackendFoundation
import Extraction
import LenientReader
import MapCore
import MapIO
import MapTestSupport
import Testing
import TwoWayMaps

/// A model with a required, a validated and an optional link: enough to fail, warn or pass.
struct Profile: JSONConvertible, Equatable {
    var name = ""
    var age = 0
    var website: String?

    static func map(_ object: inout Profile, _ json: Map) {
        object.name <- json["name"]
        object.age <- json["age"] § { $0 >= 0 }
        object.website <~ json["website"] § { $0.hasPrefix("https://") }
    }
}

enum Payload {
    /// Decodes with no entry at all.
    static let clean = #"{"name": "Ada", "age": 36}"#
    /// Decodes, with one warning: the website fails validation and is skipped.
    static let warnings = #"{"name": "Ada", "age": 36, "website": "ftp://x"}"#
    /// Fails: the name is missing (after the website's warning).
    static let failing = #"{"age": 36, "website": "ftp://x"}"#
    /// Not JSON.
    static let malformed = "{\"name\": \"Ada\",\n \"age\": }"
}

func mapper(_ configure: (inout MappingOptions) -> Void) throws -> Mapper {
    var options = MappingOptions()
    configure(&options)
    return try Mapper(backend: FoundationBackend(), options: options)
}

/// Expects `body` to throw a ``MappingError`` with `code`.
func expectFailure<R>(
    _ code: MappingError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> R
) {
    do {
        let value = try body()
        Issue.record("expected \(code), got \(value)", sourceLocation: sourceLocation)
    } catch let error as MappingError {
        #expect(error.code == code, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a MappingError \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
