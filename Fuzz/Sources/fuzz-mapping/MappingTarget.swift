import Foundation
import FuzzSupport
import JSONMapping

/// Mapping: a fuzzed document decoded into the fixed models (``MappedCatalogue`` …) through each
/// idiom and through Codable, as a catalogue and as a single book.
///
/// No decode may trap; a failure must be a `MappingError` (for Codable, a `DecodingError` over
/// one) whose path leads to a value of the document, up to its failing step; every entry a
/// collecting decode or a lenient reader records must too. The backend is chosen by the input's
/// length (so every backend maps, and a saved input replays on the same one), and every other
/// length decodes with `collectsAllErrors`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    let mappers = size / fuzzBackends.count % 2 == 0 ? plainMappers : collectingMappers
    let mapper = mappers[size % fuzzBackends.count]
    let json: JSON
    do throws(ParseError) {
        json = try mapper.parse(Array(input))
    } catch {
        return 0  // the differential target checks refusals
    }
    let check = Checker(input: input, root: json, backend: mapper.backend.name)
    check.bridgeable(MappedCatalogue.self, mapper)
    check.bridgeable(MappedBook.self, mapper)
    check.bridgeable(ExtractedCatalogue.self, mapper)
    check.bridgeable(ExtractedBook.self, mapper)
    check.rule(ruledCatalogueRule, mapper)
    check.rule(ruledBookRule, mapper)
    check.lenient(ReadCatalogue.self, mapper)
    check.lenient(ReadBook.self, mapper)
    check.codable(CodableCatalogue.self, mapper)
    check.codable(CodableBook.self, mapper)
    check.macro(MacroCatalogue.self, mapper)
    check.macro(MacroBook.self, mapper)
    check.macro(MacroCover.self, mapper)
    return 0
}

private func makeMappers(collecting: Bool) -> [Mapper] {
    var options = MappingOptions()
    options.collectsAllErrors = collecting
    return fuzzBackends.map { backend in
        do {
            return try Mapper(backend: backend, options: options)
        } catch {
            fatalError("no mapper over \(backend.name): \(error)")
        }
    }
}

private let plainMappers = makeMappers(collecting: false)
private let collectingMappers = makeMappers(collecting: true)

private struct Checker {
    let input: UnsafeRawBufferPointer
    let root: JSON
    let backend: String

    func fail(_ message: String) -> Never {
        divergence("mapping", "\(backend): \(message)", input: input)
    }

    func expectResolves(_ path: JSONPath, lastMayFail: Bool, _ what: @autoclosure () -> String) {
        if let problem = unresolvedStep(of: path, in: root, lastMayFail: lastMayFail) {
            fail(
                "\(what()) names \(path.isRoot ? "the root" : path.description), which is not in the document: \(problem)"
            )
        }
    }

    func expectResolves(_ error: MappingError, _ what: String) {
        if error.code == .invalidJSON || error.code == .inputTooLarge { fail("\(what): \(error.code) after a parse") }
        expectResolves(error.path, lastMayFail: mayNameFailedStep(error.code), "\(what)'s \(error.code)")
    }

    func expectResolves(_ entries: [LogEntry], _ what: String) {
        for entry in entries {
            let missing =
                entry.kind == .valueMissing || entry.kind == .wrongType
                || entry.code.map { ["missingKey", "indexOutOfRange", "typeMismatch"].contains($0) } == true
            expectResolves(entry.path, lastMayFail: missing, "\(what)'s entry \(entry.kind) \(entry.code ?? "")")
        }
    }

    func bridgeable<T: Bridgeable>(_: T.Type, _ mapper: Mapper) {
        if mapper.options.collectsAllErrors {
            let report = mapper.decodeWithReport(T.self, from: root)
            if let error = report.error { expectResolves(error, "\(T.self)") }
            expectResolves(report.entries, "\(T.self)")
            return
        }
        do {
            _ = try mapper.decode(T.self, from: root)
        } catch let error as MappingError {
            expectResolves(error, "\(T.self)")
        } catch {
            fail("\(T.self) threw \(Swift.type(of: error)), not a MappingError: \(error)")
        }
    }

    func rule<B: JSONBridge>(_ rule: B, _ mapper: Mapper) {
        if mapper.options.collectsAllErrors {
            let report = mapper.decodeWithReport(with: rule, from: root)
            if let error = report.error { expectResolves(error, "\(B.Value.self)'s rule") }
            expectResolves(report.entries, "\(B.Value.self)'s rule")
            return
        }
        do {
            _ = try mapper.decode(with: rule, from: root)
        } catch let error as MappingError {
            expectResolves(error, "\(B.Value.self)'s rule")
        } catch {
            fail("\(B.Value.self)'s rule threw \(Swift.type(of: error)), not a MappingError: \(error)")
        }
    }

    func lenient<T: JSONReaderInitializable>(_: T.Type, _ mapper: Mapper) {
        let (_, context) = mapper.read(T.self, from: root)
        if !context.isValid { fail("a reader context over a parsed document is invalid") }
        expectResolves(context.problems, "\(T.self)'s reader")
    }

    func codable<T: Decodable>(_: T.Type, _ mapper: Mapper) {
        let decoder = JSONMappingDecoder(mapper: mapper)
        decoder.dateDecodingStrategy = .iso8601
        do {
            _ = try decoder.decode(T.self, from: root)
        } catch let error as DecodingError {
            let context: DecodingError.Context
            var codingPath: [any CodingKey]
            var lastMayFail = false
            switch error {
            case .keyNotFound(let key, let found):
                (context, codingPath, lastMayFail) = (found, found.codingPath + [key], true)
            case .typeMismatch(_, let found):
                (context, codingPath, lastMayFail) = (found, found.codingPath, true)
            case .valueNotFound(_, let found), .dataCorrupted(let found):
                (context, codingPath) = (found, found.codingPath)
            @unknown default:
                fail("Codable \(T.self) threw an unknown DecodingError: \(error)")
            }
            guard let underlying = context.underlyingError as? MappingError else {
                fail("Codable \(T.self)'s \(error) has no MappingError under it")
            }
            expectResolves(underlying, "Codable \(T.self)")
            let path = jsonPath(ofCodingPath: codingPath, in: root)
            expectResolves(path, lastMayFail: lastMayFail, "Codable \(T.self)'s coding path")
            // Foundation reports some data errors at an enclosing container (a bad ISO 8601 date, a
            // number no Swift type holds); the `MappingError` underneath keeps the exact place, so the
            // coding path must lead to it.
            if case .dataCorrupted = error, !underlying.path.components.starts(with: path.components) {
                fail("Codable \(T.self): dataCorrupted at \(path) for an error at \(underlying.path), not inside it")
            }
        } catch {
            fail("Codable \(T.self) threw \(Swift.type(of: error)), not a DecodingError: \(error)")
        }
    }
}

extension Checker {
    /// A `@JSONModel` type read directly (the mapper) and through its generated `Codable`
    /// conformance (`JSONMappingDecoder` with an identity `.custom` key strategy, under which
    /// `init(from:)` reads through the containers at every level instead of taking the direct
    /// path): both decode to the same value, or both fail with the same code at the same path,
    /// one that resolves.
    func macro<T: Bridgeable & Decodable & Equatable>(_: T.Type, _ mapper: Mapper) {
        if mapper.options.collectsAllErrors {
            let report = mapper.decodeWithReport(T.self, from: root)
            if let error = report.error { expectResolves(error, "@JSONModel \(T.self)") }
            expectResolves(report.entries, "@JSONModel \(T.self)")
            return
        }
        let direct: Result<T, MappingError>
        do {
            direct = .success(try mapper.decode(T.self, from: root))
        } catch let error as MappingError {
            expectResolves(error, "@JSONModel \(T.self)")
            direct = .failure(error)
        } catch {
            fail("@JSONModel \(T.self) threw \(Swift.type(of: error)), not a MappingError: \(error)")
        }
        let codable: Result<T, MappingError>
        do {
            codable = .success(try containerDecoder(mapper).decode(ThroughCodable<T>.self, from: root).value)
        } catch let error as DecodingError {
            guard let underlying = underlyingMappingError(error) else {
                fail("@JSONModel \(T.self)'s Codable path threw \(error) with no MappingError under it")
            }
            codable = .failure(underlying)
        } catch {
            fail("@JSONModel \(T.self)'s Codable path threw \(Swift.type(of: error)): \(error)")
        }
        switch (direct, codable) {
        case (.success(let read), .success(let decoded)):
            if read != decoded { fail("@JSONModel \(T.self): read \(read), but Codable decoded \(decoded)") }
        case (.failure(let read), .failure(let decoded)):
            if read.code != decoded.code || read.path != decoded.path {
                fail(
                    "@JSONModel \(T.self): read fails with \(read.code) at \(read.path), "
                        + "Codable with \(decoded.code) at \(decoded.path)"
                )
            }
        case (.success(let read), .failure(let decoded)):
            fail("@JSONModel \(T.self): read \(read), but Codable fails with \(decoded.code) at \(decoded.path)")
        case (.failure(let read), .success(let decoded)):
            fail("@JSONModel \(T.self): read fails with \(read.code) at \(read.path), but Codable decoded \(decoded)")
        }
    }

    /// A decoder over `mapper` whose key strategy names every key as written but is not the
    /// default, so that a `@JSONModel` type's `init(from:)` reads through its containers.
    private func containerDecoder(_ mapper: Mapper) -> JSONMappingDecoder {
        let decoder = JSONMappingDecoder(mapper: mapper)
        decoder.keyDecodingStrategy = .custom { path in path[path.count - 1] }
        return decoder
    }

    private func underlyingMappingError(_ error: DecodingError) -> MappingError? {
        switch error {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            context.underlyingError as? MappingError
        @unknown default:
            nil
        }
    }
}

/// Decodes `T` through its `Codable` conformance alone: `T.init(from:)` called directly, so that a
/// decoder that reads `@JSONModel` types directly takes the generated `Codable` path.
private struct ThroughCodable<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        value = try T(from: decoder)
    }
}

@main enum MappingFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
