import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

/// One input decoded by `JSONMappingDecoder` and by Foundation's `JSONDecoder`: both outcomes, and
/// the ``MappingError`` under ours when it failed with a `DecodingError`.
struct Parity<Value: Equatable>: CustomStringConvertible {
    let input: String
    let ours: DecodeOutcome<Value>
    let foundation: DecodeOutcome<Value>
    /// The underlying error of our `DecodingError`.
    let mapping: MappingError?

    var description: String { "\(input): ours \(ours), Foundation \(foundation)" }

    /// Whether ours is Foundation's, by the parity rules of `DecodeOutcome.matches(foundation:)`.
    var agrees: Bool { ours.matches(foundation: foundation) }
}

extension DecodingError {
    /// The context of any case.
    var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context
        @unknown default:
            nil
        }
    }
}

extension DecoderPair {
    /// Decodes `bytes` as `T` with both decoders; `view` turns a decoded value into what is compared
    /// (a bit pattern for floating point, the scalars of a string).
    func parity<T: Decodable, V: Equatable>(_ type: T.Type, bytes: [UInt8], shown: String? = nil, view: (T) -> V)
        -> Parity<V>
    {
        let data = Data(bytes)
        var mapping: MappingError?
        let ours = DecodeOutcome<V> {
            do {
                return view(try self.ours.decode(T.self, from: data))
            } catch let error as DecodingError {
                mapping = error.context?.underlyingError as? MappingError
                throw error
            }
        }
        let foundation = DecodeOutcome<V> { view(try self.foundation.decode(T.self, from: data)) }
        return Parity(
            input: shown ?? String(decoding: bytes, as: UTF8.self),
            ours: ours,
            foundation: foundation,
            mapping: mapping
        )
    }

    func parity<T: Decodable, V: Equatable>(_ type: T.Type, _ text: String, view: (T) -> V) -> Parity<V> {
        parity(type, bytes: Array(text.utf8), view: view)
    }

    func parity<T: Decodable & Equatable>(_ type: T.Type, _ text: String) -> Parity<T> {
        parity(type, bytes: Array(text.utf8), view: { $0 })
    }

    /// Expects both decoders to agree on `text`, ours to come to `expected`, and — when `code` is
    /// given — our `MappingError` to have that code at `path`.
    @discardableResult
    func expect<T: Decodable & Equatable>(
        _ type: T.Type,
        _ text: String,
        _ expected: DecodeOutcome<T>,
        code: MappingError.Code? = nil,
        at path: JSONPath? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Parity<T> {
        let parity = parity(type, text)
        check(parity, expected, code: code, at: path, sourceLocation: sourceLocation)
        return parity
    }
}

/// Expects ours to have failed as a backend fails on a document it refuses, whatever Foundation did:
/// `dataCorrupted` at the root, with an `invalidJSON` MappingError (a documented parity row).
func expectRefused<V>(_ parity: Parity<V>, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(parity.ours == .dataCorrupted(), "\(parity)", sourceLocation: sourceLocation)
    #expect(parity.mapping?.code == .invalidJSON, "\(parity)", sourceLocation: sourceLocation)
    #expect(parity.mapping?.path == .root, "\(parity)", sourceLocation: sourceLocation)
}

/// The checks of ``DecoderPair/expect(_:_:_:code:at:sourceLocation:)`` on an outcome already had.
func check<V>(
    _ parity: Parity<V>,
    _ expected: DecodeOutcome<V>,
    code: MappingError.Code? = nil,
    at path: JSONPath? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(parity.agrees, "\(parity)", sourceLocation: sourceLocation)
    #expect(
        parity.ours == expected,
        "\(parity.input): ours \(parity.ours), expected \(expected)",
        sourceLocation: sourceLocation
    )
    if let code {
        #expect(
            parity.mapping?.code == code,
            "\(parity.input): code \(String(describing: parity.mapping?.code))",
            sourceLocation: sourceLocation
        )
    }
    if let path {
        #expect(
            parity.mapping?.path == path,
            "\(parity.input): path \(String(describing: parity.mapping?.path))",
            sourceLocation: sourceLocation
        )
    }
}

/// Shorthands for expected outcomes.
extension DecodeOutcome {
    static func typeMismatch(_ path: [String] = []) -> Self { .failure(kind: "typeMismatch", path: path, key: nil) }
    static func valueNotFound(_ path: [String] = []) -> Self { .failure(kind: "valueNotFound", path: path, key: nil) }
    static func dataCorrupted(_ path: [String] = []) -> Self { .failure(kind: "dataCorrupted", path: path, key: nil) }
    static func keyNotFound(_ key: String, _ path: [String] = []) -> Self {
        .failure(kind: "keyNotFound", path: path, key: key)
    }
}

/// A one-member object, `{"v": …}`: puts a value under a key, so that its errors have a path.
struct Box<Value> {
    var v: Value
}

extension Box: Encodable where Value: Encodable {}
extension Box: Decodable where Value: Decodable {}
extension Box: Equatable where Value: Equatable {}

/// A transcript of what a probing `init(from:)` or `encode(to:)` saw, line by line: what both
/// coders are compared by when the value alone would not show a difference (coding paths, cursor
/// positions, errors caught and carried on from).
final class Transcript: Sendable {
    private let lines = Mutex<[String]>([])

    init() {}

    func note(_ line: String) { lines.withLock { $0.append(line) } }

    /// The lines so far, and an empty transcript after.
    func take() -> [String] {
        lines.withLock { lines in
            defer { lines = [] }; return lines
        }
    }
}

/// A coding path as text: `a.[0].b`.
func pathText(_ path: [any CodingKey]) -> String {
    DecodeOutcome<Int>.names(path).joined(separator: ".")
}

/// What a thrown error was, in the terms both coders share: the `DecodingError` or `EncodingError`
/// case and coding path, or the error's own description.
func summary(_ error: any Error) -> String {
    switch error {
    case let error as DecodingError:
        switch error {
        case .typeMismatch(_, let context): "typeMismatch at \(pathText(context.codingPath))"
        case .valueNotFound(_, let context): "valueNotFound at \(pathText(context.codingPath))"
        case .keyNotFound(let key, let context): "keyNotFound \(key.stringValue) at \(pathText(context.codingPath))"
        case .dataCorrupted(let context): "dataCorrupted at \(pathText(context.codingPath))"
        @unknown default: "\(error)"
        }
    case let error as EncodingError:
        switch error {
        case .invalidValue(_, let context): "invalidValue at \(pathText(context.codingPath))"
        @unknown default: "\(error)"
        }
    default:
        "\(error)"
    }
}

/// The key userInfo carries a ``Transcript`` under, for probing types.
let transcriptKey = CodingUserInfoKey(rawValue: "transcript")!

extension Decoder {
    /// Notes a line in the transcript the decode carries, if any.
    func note(_ line: String) { (userInfo[transcriptKey] as? Transcript)?.note(line) }
}

extension Encoder {
    /// Notes a line in the transcript the encode carries, if any.
    func note(_ line: String) { (userInfo[transcriptKey] as? Transcript)?.note(line) }
}

/// Runs `body`, noting its value or its error's summary.
func noting<T>(_ decoder: any Decoder, _ label: String, _ body: () throws -> T) {
    do {
        decoder.note("\(label): \(try body())")
    } catch {
        decoder.note("\(label): \(summary(error))")
    }
}

/// The transcripts of decoding `text` as `T` with both decoders, which carry a transcript in
/// their user info, and the outcomes.
func transcripts<T: Decodable & Equatable>(
    _ type: T.Type,
    _ text: String,
    backend: String,
    _ configure: (inout CodableDecodingOptions) -> Void = { _ in }
) throws -> (ours: [String], foundation: [String], parity: Parity<T>) {
    let transcript = Transcript()
    let pair = try DecoderPair(backend: backend) { options in
        configure(&options)
        options.userInfo[transcriptKey] = transcript
    }
    let data = Data(text.utf8)
    let ours = DecodeOutcome { try pair.ours.decode(T.self, from: data) }
    let oursLines = transcript.take()
    let foundation = DecodeOutcome { try pair.foundation.decode(T.self, from: data) }
    let foundationLines = transcript.take()
    return (oursLines, foundationLines, Parity(input: text, ours: ours, foundation: foundation, mapping: nil))
}

extension EncoderPair {
    /// Both encodings of `value`: the text, or the error's case and coding path.
    func outcomes<T: Encodable>(_ value: T) -> (ours: String, foundation: String) {
        func outcome(_ body: () throws -> Data) -> String {
            do { return String(decoding: try body(), as: UTF8.self) } catch { return "error: \(summary(error))" }
        }
        return (outcome { try ours.encode(value) }, outcome { try foundation.encode(value) })
    }

    /// Expects both encodings of `value` to be the same bytes, and ours to be `expected` when given.
    @discardableResult
    func expectSame<T: Encodable>(
        _ value: T,
        _ expected: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let (ours, foundation) = outcomes(value)
        #expect(ours == foundation, "\(T.self)", sourceLocation: sourceLocation)
        if let expected { #expect(ours == expected, sourceLocation: sourceLocation) }
        return ours
    }

    /// Expects both encodings of `value` to be the same JSON once each is parsed and written again
    /// with sorted keys, as when the encoders order keys differently.
    func expectEquivalent<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        let (ours, foundation) = outcomes(value)
        #expect(
            canonical(ours) == canonical(foundation),
            "\(ours) against \(foundation)",
            sourceLocation: sourceLocation
        )
    }
}

/// `text` parsed and written again compactly with sorted keys; the text itself when it is not JSON.
func canonical(_ text: String) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed),
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    else { return text }
    return String(decoding: data, as: UTF8.self)
}

/// Foundation's transcript lines as ours should read them: where `JSONDecoder` threw its internal
/// `JSONError.numberIsNotRepresentableInSwift` inside `init(from:)` (it becomes a `dataCorrupted` at
/// the root only when the decode ends), ours throws `dataCorrupted` at the number itself, which
/// `DecodeOutcome.matches(foundation:)` allows; such a line of ours stands for Foundation's.
func reconciled(_ foundation: [String], with ours: [String]) -> [String] {
    foundation.enumerated().map { index, line in
        guard line.contains("numberIsNotRepresentableInSwift"), index < ours.count,
            let separator = line.range(of: ": "),
            ours[index].hasPrefix(line[..<separator.lowerBound] + ": dataCorrupted at ")
        else { return line }
        return ours[index]
    }
}

/// The parity-table rows of `Docs/Backends.md` that make a backend read a number differently.
enum NumberRow {
    /// `bigIntegers`: whether `backend` rejects the document for this integer text (one written
    /// without fraction or exponent): jansson beyond `Int64`, simdjson beyond `Int64.min…UInt64.max`.
    static func rejects(_ text: String, backend: String) -> Bool {
        guard !text.contains(where: { ".eE".contains($0) }), let value = Int128(text) else { return false }
        switch backend {
        case "jansson": return value > Int128(Int64.max) || value < Int128(Int64.min)
        case "simdjson": return value > Int128(UInt64.max) || value < Int128(Int64.min)
        default: return false
        }
    }

    /// `negativeZero`: whether `backend` reads this text, `-0`, as the `Double` `+0.0` (jansson
    /// and simdjson, which hold it as the integer 0; a `Float` or `Decimal` is read from the text).
    static func dropsSign(_ text: String, backend: String) -> Bool {
        text == "-0" && ["jansson", "simdjson"].contains(backend)
    }
}

/// A coding key made from a string, for strategies that return one.
struct CodableKeyForTests: CodingKey {
    var stringValue: String
    var intValue: Int? { Int(stringValue) }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = "\(intValue)" }
}
