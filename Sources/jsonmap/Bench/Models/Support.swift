import Foundation
import MapCore

/// A corpus's top-level model, in any of the model families.
protocol ModelChecksum {
    /// A number that depends on every field read, so no mapping can skip work unnoticed. Every
    /// family of one corpus computes it with the same formula, so their checksums must agree.
    var checksum: Int { get }
}

/// One corpus's model: decodable by JSONDecoder, by bridges through `JSON` views, and by hand
/// from JSONSerialization's `Any` — the same struct types in all three.
protocol BenchModel: Codable, Bridgeable, ModelChecksum {
    /// The hand-written `as?` mapping the older libraries used; `nil` when a field is missing or mistyped.
    init?(handMapped value: Any)
}

/// The corpus models again as ``JSONConvertible`` types (`*Mapped.swift`): the same fields and
/// keys, decoded and encoded by one `map` function each, nested models through their own maps.
/// A type's implicit bridge belongs to the type, so the idiom needs types of its own.
enum Mapped {}

/// The corpus models again as ``JSONDecodable`` types (`*Decodable.swift`): the same fields and
/// keys, built from `=>` and `=>?` reads, nested models through their own `decode(_:)`.
enum Decoded {}

/// Shorthands for hand-written bridges: each reads one member with the field type's own bridge.
extension MappingContext {
    @inline(__always)
    func field<T: Bridgeable>(_ json: JSON, _ key: String) throws -> T {
        try decode(T.self, from: json[key])
    }

    @inline(__always)
    func field<T: Bridgeable>(_ value: T, _ key: String, to writer: some JSONWriting) throws {
        try writer.key(key)
        try encode(value, to: writer)
    }
}

/// Hand mapping helpers in the style of the older libraries.
enum Hand {
    @inline(__always)
    static func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }

    @inline(__always)
    static func array(_ value: Any?) -> [Any]? { value as? [Any] }

    @inline(__always)
    static func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

    @inline(__always)
    static func uint64(_ value: Any?) -> UInt64? { (value as? NSNumber)?.uint64Value }

    @inline(__always)
    static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @inline(__always)
    static func bool(_ value: Any?) -> Bool? { (value as? NSNumber)?.boolValue }

    @inline(__always)
    static func string(_ value: Any?) -> String? { value as? String }

    static func ints(_ value: Any?) -> [Int]? {
        guard let array = value as? [Any] else { return nil }
        var result: [Int] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let int = int(element) else { return nil }
            result.append(int)
        }
        return result
    }

    static func list<T>(_ value: Any?, _ map: (Any) -> T?) -> [T]? {
        guard let array = value as? [Any] else { return nil }
        var result: [T] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let mapped = map(element) else { return nil }
            result.append(mapped)
        }
        return result
    }

    static func strings(_ value: Any?) -> [String: String]? {
        guard let object = value as? [String: Any] else { return nil }
        var result: [String: String] = [:]
        for (key, element) in object {
            guard let string = element as? String else { return nil }
            result[key] = string
        }
        return result
    }
}
