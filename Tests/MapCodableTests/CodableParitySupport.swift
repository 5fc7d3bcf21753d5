import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// What a decode came to, in a form two decoders' results compare by: the value, or the error's
/// case, coding path (as string and int values) and, for `keyNotFound`, the key.
enum DecodeOutcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case failure(kind: String, path: [String], key: String?)
    case other(String)

    init(_ body: () throws -> Value) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let context):
                self = .failure(kind: "typeMismatch", path: Self.names(context.codingPath), key: nil)
            case .valueNotFound(_, let context):
                self = .failure(kind: "valueNotFound", path: Self.names(context.codingPath), key: nil)
            case .keyNotFound(let key, let context):
                self = .failure(kind: "keyNotFound", path: Self.names(context.codingPath), key: key.stringValue)
            case .dataCorrupted(let context):
                self = .failure(kind: "dataCorrupted", path: Self.names(context.codingPath), key: nil)
            @unknown default:
                self = .other("\(error)")
            }
        } catch {
            self = .other("\(error)")
        }
    }

    /// Whether this outcome (ours) is Foundation's: the same value, or the same error case with
    /// the same coding path (and key, for `keyNotFound`). A drop-in keeps Foundation's paths
    /// exactly; the precise JSON path is in the `MappingError` underneath.
    func matches(foundation: DecodeOutcome) -> Bool {
        self == foundation
    }

    static func names(_ path: [any CodingKey]) -> [String] {
        path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
    }

    var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .failure(let kind, let path, let key): "\(kind) at \(path)\(key.map { " key \($0)" } ?? "")"
        case .other(let text): "other \(text)"
        }
    }
}

/// A `JSONMappingDecoder` over the named backend, configured as `configure` says, and a Foundation
/// `JSONDecoder` configured the same way.
struct DecoderPair {
    let ours: JSONMappingDecoder
    let foundation: JSONDecoder

    init(backend: String, _ configure: (inout CodableDecodingOptions) -> Void = { _ in }) throws {
        ours = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        var options = CodableDecodingOptions()
        configure(&options)
        ours.options = options
        foundation = JSONDecoder()
        foundation.keyDecodingStrategy = options.keyDecodingStrategy
        foundation.dateDecodingStrategy = options.dateDecodingStrategy
        foundation.dataDecodingStrategy = options.dataDecodingStrategy
        foundation.nonConformingFloatDecodingStrategy = options.nonConformingFloatDecodingStrategy
        foundation.userInfo = options.userInfo
    }

    /// Both outcomes of decoding `text` as `T`.
    func outcomes<T: Decodable & Equatable>(_ type: T.Type, _ text: String) -> (
        ours: DecodeOutcome<T>, foundation: DecodeOutcome<T>
    ) {
        let data = Data(text.utf8)
        return (
            DecodeOutcome { try ours.decode(T.self, from: data) },
            DecodeOutcome { try foundation.decode(T.self, from: data) }
        )
    }
}

/// A `JSONMappingEncoder` and a Foundation `JSONEncoder` configured the same way.
struct EncoderPair {
    let ours: JSONMappingEncoder
    let foundation: JSONEncoder

    init(_ configure: (inout CodableEncodingOptions) -> Void = { _ in }) throws {
        ours = JSONMappingEncoder(mapper: try Mapper(backendNamed: "foundation"))
        var options = CodableEncodingOptions()
        options.outputFormatting = [.sortedKeys]
        configure(&options)
        ours.options = options
        foundation = JSONEncoder()
        foundation.outputFormatting = options.outputFormatting
        foundation.keyEncodingStrategy = options.keyEncodingStrategy
        foundation.dateEncodingStrategy = options.dateEncodingStrategy
        foundation.dataEncodingStrategy = options.dataEncodingStrategy
        foundation.nonConformingFloatEncodingStrategy = options.nonConformingFloatEncodingStrategy
        foundation.userInfo = options.userInfo
    }

    /// Both encodings of `value`, as text (or the error's description).
    func texts<T: Encodable>(_ value: T) -> (ours: String, foundation: String) {
        func text(_ body: () throws -> Data) -> String {
            do { return String(decoding: try body(), as: UTF8.self) } catch { return "error: \(type(of: error))" }
        }
        return (text { try ours.encode(value) }, text { try foundation.encode(value) })
    }
}
