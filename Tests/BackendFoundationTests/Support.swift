import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

/// A mapper over the backend under test.
func foundationMapper(_ options: ParseOptions = ParseOptions()) throws -> Mapper {
    try Mapper(backend: FoundationBackend(), parseOptions: options)
}

// MARK: - Corpus

/// Whether the corpus folder is there; tests that need it are skipped with a message otherwise.
let corpusAvailable = Corpus.isAvailable

/// The names of the `.json` files in the corpus, sorted; empty when the folder is absent.
let corpusFiles = Corpus.jsonFiles

func corpusBytes(_ name: String) throws -> [UInt8] {
    try Corpus.bytes(name)
}

// MARK: - Exact comparison

/// Compares two views exactly, unlike the semantic `JSON ==`: the same kinds, booleans, strings
/// by their UTF-8, numbers by their `Double` bit pattern and their exact integer readings, arrays
/// element by element, and objects with the same keys in the same order (or, with
/// `sortedKeys`, `right`'s keys being `left`'s in UTF-8 order).
///
/// - Returns: A description of the first difference, with its path; `nil` when equal.
func exactDifference(_ left: JSON, _ right: JSON, sortedKeys: Bool = false, at path: JSONPath = .root) -> String? {
    let where_ = path.isRoot ? "the root" : path.description
    guard let kind = left.kind, let otherKind = right.kind else { return "a missing value at \(where_)" }
    guard kind == otherKind else { return "\(kind) vs \(otherKind) at \(where_)" }
    let (a, b) = (left.document, right.document)
    switch kind {
    case .null:
        return nil
    case .bool:
        return a.bool(left.node) == b.bool(right.node) ? nil : "different booleans at \(where_)"
    case .number:
        guard let x = a.double(left.node), let y = b.double(right.node) else {
            return "an unreadable number at \(where_)"
        }
        guard x.bitPattern == y.bitPattern else { return "\(x) vs \(y) (bits differ) at \(where_)" }
        guard a.int64(left.node) == b.int64(right.node), a.uint64(left.node) == b.uint64(right.node) else {
            return "different integer readings at \(where_)"
        }
        return nil
    case .string:
        guard let x = a.string(left.node), let y = b.string(right.node) else {
            return "an unreadable string at \(where_)"
        }
        return x.utf8.elementsEqual(y.utf8) ? nil : "\(x.debugDescription) vs \(y.debugDescription) at \(where_)"
    case .array:
        guard left.count == right.count else { return "\(left.count) vs \(right.count) elements at \(where_)" }
        for index in 0..<left.count {
            if let difference = exactDifference(
                left[index],
                right[index],
                sortedKeys: sortedKeys,
                at: path / .index(index)
            ) {
                return difference
            }
        }
        return nil
    case .object:
        var expectedKeys = left.keys
        if sortedKeys {
            expectedKeys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        let keys = right.keys
        guard keys.count == left.count, keys.count == right.count else {
            return "\(left.count) vs \(right.count) members at \(where_)"
        }
        guard keys.elementsEqual(expectedKeys, by: { $0.utf8.elementsEqual($1.utf8) }) else {
            return "member order \(keys) vs \(expectedKeys) at \(where_)"
        }
        for key in keys {
            if let difference = exactDifference(left[key], right[key], sortedKeys: sortedKeys, at: path / .key(key)) {
                return difference
            }
        }
        return nil
    }
}

/// Calls `body` with every number in the document, with its path.
func forEachNumber(in json: JSON, at path: JSONPath = .root, _ body: (JSON, JSONPath) throws -> Void) rethrows {
    switch json.kind {
    case .number?:
        try body(json, path)
    case .array?:
        for (index, element) in json.elements.enumerated() {
            try forEachNumber(in: element, at: path / .index(index), body)
        }
    case .object?:
        for (key, value) in json.members {
            try forEachNumber(in: value, at: path / .key(key), body)
        }
    default:
        break
    }
}

/// Writes a view through the writer's typed events — numbers as `int64` / `uint64` / `double`
/// values rather than their source text — so that a round trip checks the writer's own number
/// output (shortest round-trip doubles) instead of copying text.
func writeByValue(_ json: JSON, to writer: some JSONWriting) throws {
    let document = json.document
    let node = json.node
    switch json.kind {
    case nil:
        throw MappingError(code: .invalidWriterState, message: "a missing value")
    case .null?:
        try writer.null()
    case .bool?:
        guard let value = document.bool(node) else {
            throw MappingError(code: .typeMismatch, message: "an unreadable boolean")
        }
        try writer.bool(value)
    case .number?:
        let double = try #require(document.double(node))
        if double == 0, double.sign == .minus {
            try writer.double(double)
        } else if let value = document.int64(node) {
            try writer.int64(value)
        } else if let value = document.uint64(node) {
            try writer.uint64(value)
        } else {
            try writer.double(double)
        }
    case .string?:
        try writer.string(try #require(document.string(node)))
    case .array?:
        try writer.beginArray()
        for element in json.elements {
            try writeByValue(element, to: writer)
        }
        try writer.endArray()
    case .object?:
        try writer.beginObject()
        for (key, value) in json.members {
            try writer.key(key)
            try writeByValue(value, to: writer)
        }
        try writer.endObject()
    }
}
