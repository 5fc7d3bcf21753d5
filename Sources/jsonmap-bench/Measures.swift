import ArgumentParser
import BackendFoundation
import Foundation
import MapCore

/// What can be timed. Every measure reads the whole input and returns a checksum of what it read.
enum Measure: String, CaseIterable, ExpressibleByArgument {
    /// Reference: Foundation's JSONDecoder decoding the whole document into a generic Decodable tree.
    case jsondecoder
    /// JSONSerialization.jsonObject alone.
    case jsonserialization
    /// The package's validating scan alone, recording its tape (the first step of `parse`).
    case scan
    /// BackendFoundation's parse: scan, JSONSerialization, collecting its strings.
    case parse
    /// Reading every value of a parsed document through `JSON` views and the built-in bridges.
    case walk
    /// The same walk written by hand over JSONSerialization's `Any` with `as?` casts.
    case handwalk

    func run(_ input: Prepared) throws -> UInt64 {
        var sum = Checksum()
        switch self {
        case .jsondecoder:
            let value = try JSONDecoder().decode(AnyDecodable.self, from: input.data)
            sum.add(value.count)
        case .jsonserialization:
            let object = try JSONSerialization.jsonObject(with: input.data, options: [.fragmentsAllowed])
            sum.add(object is [Any] ? 1 : 2)
        case .scan:
            let tape = try input.bytes.withUnsafeBytes { try JSONScanner.tape($0, options: ParseOptions()) }
            sum.add(tape.entries.count)
        case .parse:
            let json = try input.mapper.parse(input.bytes)
            sum.add(json.count)
        case .walk:
            let context = MappingContext()
            try Walks.walk(input.parsed, context, &sum)
        case .handwalk:
            Walks.handWalk(input.serialized, &sum)
        }
        return sum.value
    }
}

/// One corpus file with everything the measures start from, made before timing.
struct Prepared {
    let name: String
    let bytes: [UInt8]
    let data: Data
    let mapper: Mapper
    let parsed: JSON
    let serialized: Any

    init(_ input: CorpusFile) throws {
        name = input.name
        bytes = input.bytes
        data = Data(input.bytes)
        mapper = try Mapper(backend: FoundationBackend())
        parsed = try mapper.parse(bytes)
        serialized = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }
}

enum Walks {
    /// Every value read through `JSON` views and bridges, as mapping code reads them.
    static func walk(_ json: JSON, _ context: MappingContext, _ sum: inout Checksum) throws {
        switch json.kind {
        case .object?:
            try json.forEachMember { key, value in
                sum.add(key.utf8.count)
                try walk(value, context, &sum)
            }
        case .array?:
            for element in json.elements {
                try walk(element, context, &sum)
            }
        case .string?:
            sum.add(try StringBridge().decode(json, in: context).utf8.count)
        case .number?:
            sum.add(try DoubleBridge().decode(json, in: context))
        case .bool?:
            sum.add(try BoolBridge().decode(json, in: context) ? 1 : 0)
        case .null?, nil:
            sum.add(0)
        }
    }

    private static let trueNumber = NSNumber(value: true)
    private static let falseNumber = NSNumber(value: false)

    /// The same walk the way the older mappers read JSONSerialization's output.
    static func handWalk(_ value: Any, _ sum: inout Checksum) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                sum.add(key.utf8.count)
                handWalk(member, &sum)
            }
        } else if let array = value as? [Any] {
            for element in array {
                handWalk(element, &sum)
            }
        } else if let string = value as? String {
            sum.add(string.utf8.count)
        } else if let number = value as? NSNumber {
            if number === trueNumber {
                sum.add(1)
            } else if number === falseNumber {
                sum.add(0)
            } else {
                sum.add(number.doubleValue)
            }
        } else {
            sum.add(0)
        }
    }
}

/// Any JSON value, decoded with Codable: the reference row's target.
enum AnyDecodable: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyDecodable])
    case object([String: AnyDecodable])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyDecodable] = []
            while !array.isAtEnd { elements.append(try array.decode(AnyDecodable.self)) }
            self = .array(elements)
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: AnyDecodable] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(AnyDecodable.self, forKey: key) }
            self = .object(members)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    var count: Int {
        switch self {
        case .array(let elements): elements.count
        case .object(let members): members.count
        default: 1
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
