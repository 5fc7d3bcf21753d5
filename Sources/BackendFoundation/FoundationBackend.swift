import Foundation
public import MapCore

/// A backend over Foundation's `JSONSerialization`, with no system dependency.
///
/// JSONSerialization on Linux falls short of the `JSONDocument` contract and of RFC 8259: it
/// accepts `[1,]` and `{"a":1,}`, keeps no member order, cannot reject duplicate keys, stops at
/// 512 levels of nesting, reports positions only in English text, and hands back long numbers
/// as `NSDecimalNumber`s whose `doubleValue` misrounds. So a parse runs in three steps:
///
/// 1. The package's validating scan checks the UTF-8 strictly, enforces the `ParseOptions`,
///    gives every syntax error its line and column, and records each value's kind and span in
///    document order (a tape).
/// 2. `JSONSerialization` builds the values.
/// 3. Its strings — values and keys — are collected in tape order.
///
/// The document then answers every read from the tape and those strings; numbers are read from
/// their source text, so integers are exact and doubles correctly rounded (`-0` stays `-0.0`).
///
/// Differences from other backends: ``maxSupportedDepth`` is 512, JSONSerialization's limit;
/// an object whose keys differ only in Unicode normalization (`"é"` written precomposed and
/// decomposed) is rejected, because JSONSerialization merges such keys; and a string or key with
/// a raw U+FEFF (the byte-order mark's character) at its start or right after an escape is
/// rejected, because JSONSerialization silently drops that character. Both are
/// `ParseError.Code.backendFailure`, and rows of the parity table in `Docs/Backends.md`.
public struct FoundationBackend: JSONBackend {
    public init() {}

    public var name: String { "foundation" }

    /// JSONSerialization rejects nesting deeper than 512.
    public var maxSupportedDepth: Int { 512 }

    public func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        guard options.syntax == .json else { throw ParseError.unsupportedSyntax(options.syntax, backend: name) }
        if input.count > options.maxInputSize {
            throw ParseError.inputTooLarge(input.count, limit: options.maxInputSize, backend: name)
        }
        var limited = options
        limited.maxDepth = min(options.maxDepth, maxSupportedDepth)
        let tape = try JSONScanner.tape(input, options: limited, backend: name)
        return try FoundationDocument(
            input: input,
            tape: tape,
            backend: name,
            origin: DocumentOrigin(backend: self, options: options)
        )
    }
}

/// A parsed document: the source bytes, the scan's tape, and JSONSerialization's strings.
///
/// Node handles are tape entry indices. Every stored property is immutable after `init`;
/// the source buffer is written once there and only read afterwards, which is why sharing the
/// document between tasks is safe (`@unchecked` only because of the raw buffer).
final class FoundationDocument: JSONDocument, @unchecked Sendable {
    /// A copy of the input, owned by the document.
    private let source: UnsafeMutableRawPointer
    private let entries: [TapeEntry]
    private let children: [UInt32]
    private let strings: [String]
    /// The mark on every node handed out (`NodeSeal`): another document's node is never read.
    private let seal = NodeSeal()
    let backendName: String
    let origin: DocumentOrigin?

    init(input: UnsafeRawBufferPointer, tape: ScanTape, backend: String, origin: DocumentOrigin?) throws(ParseError) {
        self.origin = origin
        let source = UnsafeMutableRawPointer.allocate(byteCount: max(input.count, 1), alignment: 8)
        if let base = input.baseAddress, input.count > 0 {
            source.copyMemory(from: base, byteCount: input.count)
        }
        let visible = UnsafeRawBufferPointer(start: source, count: input.count)
        do throws(ParseError) {
            let object = try FoundationDocument.serialize(visible, backend: backend, tape: tape)
            // JSONSerialization never reads a value a later duplicate key replaced, so the numbers
            // the scan marked as possibly beyond Double's range are checked on the tape, as the
            // native backend checks them: every backend refuses such a number, replaced or not.
            if tape.numbersToCheck > 0,
                let hidden = JSONScanner.numberOutOfRange(
                    in: visible,
                    tape: tape,
                    integersBeyond64Bits: false,
                    backend: backend
                )
            {
                throw hidden
            }
            var gatherer = StringGatherer(source: visible, tape: tape, backend: backend)
            gatherer.checksByteOrderMarks = containsByteOrderMark(
                visible,
                from: (try? JSONScanner.contentStart(of: visible)) ?? 0
            )
            try gatherer.gather(entry: 0, value: object)
            self.strings = gatherer.strings
        } catch {
            source.deallocate()
            throw error
        }
        self.source = source
        self.entries = tape.entries
        self.children = tape.children
        self.backendName = backend
    }

    deinit {
        source.deallocate()
    }

    /// Runs JSONSerialization over the bytes after any byte-order mark, without copying them.
    private static func serialize(_ input: UnsafeRawBufferPointer, backend: String, tape: ScanTape) throws(ParseError)
        -> Any
    {
        let start = (try? JSONScanner.contentStart(of: input)) ?? 0
        guard let base = input.baseAddress, input.count > start else {
            throw ParseError(
                code: .emptyInput,
                message: "the input holds no JSON value",
                offset: 0,
                in: input,
                backend: backend
            )
        }
        let data = Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: base + start),
            count: input.count - start,
            deallocator: .none
        )
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // The scan accepted the text, so what is left is a value JSONSerialization cannot
            // hold: a number beyond Double's range.
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let error = JSONScanner.numberOutOfRange(
                in: input,
                tape: tape,
                integersBeyond64Bits: false,
                backend: backend
            ) {
                throw error
            }
            throw ParseError(
                code: .backendFailure,
                message: "JSONSerialization: \(reason)",
                offset: start,
                in: input,
                backend: backend
            )
        }
    }

    // MARK: Reads

    var root: JSONNode { seal.node(0) }

    func contains(_ node: JSONNode) -> Bool {
        entry(node) != nil
    }

    @inline(__always)
    private func entry(_ node: JSONNode) -> TapeEntry? {
        guard let index = seal.position(node), index < entries.count else { return nil }
        return entries[index]
    }

    @inline(__always)
    private func span(_ entry: TapeEntry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: source + Int(entry.offset), count: Int(entry.length))
    }

    func kind(of node: JSONNode) -> JSONKind {
        entry(node)?.kind.jsonKind ?? .null
    }

    func bool(_ node: JSONNode) -> Bool? {
        entry(node)?.kind.boolValue
    }

    func int64(_ node: JSONNode) -> Int64? {
        guard let entry = entry(node), entry.kind == .number else { return nil }
        return NumberText.int64(span(entry))
    }

    func uint64(_ node: JSONNode) -> UInt64? {
        guard let entry = entry(node), entry.kind == .number else { return nil }
        return NumberText.uint64(span(entry))
    }

    func double(_ node: JSONNode) -> Double? {
        guard let entry = entry(node), entry.kind == .number else { return nil }
        return NumberText.double(span(entry), isIntegerSyntax: entry.flags & TapeEntry.integer != 0)
    }

    func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let entry = entry(node), entry.kind == .number else { return nil }
        return try body(span(entry))
    }

    func string(_ node: JSONNode) -> String? {
        guard let entry = entry(node), entry.kind == .string else { return nil }
        return strings[Int(entry.extra)]
    }

    func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let entry = entry(node), entry.kind == .string else { return nil }
        if entry.flags & TapeEntry.escaped == 0 {
            return try body(span(entry))
        }
        var string = strings[Int(entry.extra)]
        return try string.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }

    func count(of node: JSONNode) -> Int {
        guard let entry = entry(node), entry.kind == .array || entry.kind == .object else { return 0 }
        return Int(entry.length)
    }

    func element(of node: JSONNode, at index: Int) -> JSONNode? {
        guard let entry = entry(node), entry.kind == .array, index >= 0, index < Int(entry.length) else { return nil }
        return seal.node(Int(children[Int(entry.extra) + index]))
    }

    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
        guard let entry = entry(node), entry.kind == .object else { return nil }
        let start = Int(entry.extra)
        for position in start..<(start + Int(entry.length)) {
            let keyIndex = Int(children[position])
            let keyEntry = entries[keyIndex]
            let matches: Bool
            if keyEntry.flags & TapeEntry.escaped == 0 {
                matches = Int(keyEntry.length) == key.count && memcmpEqual(span(keyEntry), key)
            } else {
                matches = DecodedStringBytes(literal: span(keyEntry)).elementsEqual(key)
            }
            if matches { return seal.node(keyIndex + 1) }
        }
        return nil
    }

    func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
        guard let entry = entry(node), entry.kind == .array else { return }
        let start = Int(entry.extra)
        for position in start..<(start + Int(entry.length)) {
            try body(seal.node(Int(children[position])))
        }
    }

    func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
        guard let entry = entry(node), entry.kind == .object else { return }
        let start = Int(entry.extra)
        for position in start..<(start + Int(entry.length)) {
            let keyIndex = Int(children[position])
            let keyEntry = entries[keyIndex]
            let value = seal.node(keyIndex + 1)
            let name = strings[Int(keyEntry.extra)]
            if keyEntry.flags & TapeEntry.escaped == 0 {
                try body(JSONKey(utf8: span(keyEntry), string: name), value)
            } else {
                var copy = name
                try copy.withUTF8 { try body(JSONKey(utf8: UnsafeRawBufferPointer($0), string: name), value) }
            }
        }
    }
}

/// Walks JSONSerialization's output in tape order and keeps its strings by ordinal.
private struct StringGatherer {
    let source: UnsafeRawBufferPointer
    let tape: ScanTape
    let backend: String
    var strings: [String]
    /// Whether strings must be checked for a U+FEFF that JSONSerialization dropped (only when
    /// the input holds one past a leading byte-order mark, so other documents pay nothing).
    var checksByteOrderMarks = false

    init(source: UnsafeRawBufferPointer, tape: ScanTape, backend: String) {
        self.source = source
        self.tape = tape
        self.backend = backend
        self.strings = Array(repeating: "", count: tape.stringCount)
    }

    private func span(_ entry: TapeEntry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: source[Int(entry.offset)..<Int(entry.offset + entry.length)])
    }

    private func mismatch(_ entry: TapeEntry, _ what: String) -> ParseError {
        ParseError(code: .backendFailure, message: what, offset: Int(entry.offset), in: source, backend: backend)
    }

    /// The error for a string or key JSONSerialization changed by dropping a U+FEFF, at its opening quote.
    private func droppedByteOrderMark(_ entry: TapeEntry, key: Bool) -> ParseError {
        ParseError(
            code: .backendFailure,
            message: "JSONSerialization drops the U+FEFF at the start of this \(key ? "key" : "string") or after "
                + "one of its escapes; parse this document with another backend",
            offset: max(0, Int(entry.offset) - 1),
            in: source,
            backend: backend
        )
    }

    /// Whether JSONSerialization's `string` differs from the string the entry spells, when a U+FEFF is involved.
    private func lostByteOrderMark(_ entry: TapeEntry, _ string: String) -> Bool {
        guard checksByteOrderMarks, containsByteOrderMark(span(entry), from: 0) else { return false }
        return !DecodedStringBytes(literal: span(entry)).elementsEqual(string.utf8)
    }

    mutating func gather(entry index: Int, value: Any) throws(ParseError) {
        let entry = tape.entries[index]
        switch entry.kind {
        case .string:
            guard let string = value as? String else {
                throw mismatch(entry, "JSONSerialization returned \(type(of: value)) for a string")
            }
            if lostByteOrderMark(entry, string) { throw droppedByteOrderMark(entry, key: false) }
            strings[Int(entry.extra)] = string
        case .array:
            guard let array = value as? [Any], array.count == Int(entry.length) else {
                throw mismatch(entry, "JSONSerialization returned \(type(of: value)) for an array")
            }
            let start = Int(entry.extra)
            for position in 0..<array.count {
                try gather(entry: Int(tape.children[start + position]), value: array[position])
            }
        case .object:
            guard let object = value as? [String: Any] else {
                throw mismatch(entry, "JSONSerialization returned \(type(of: value)) for an object")
            }
            guard object.count == Int(entry.length) else {
                throw mismatch(
                    entry,
                    "this object has keys that differ only in Unicode normalization, which JSONSerialization "
                        + "merges; parse it with another backend"
                )
            }
            let start = Int(entry.extra)
            for position in start..<(start + Int(entry.length)) {
                let keyIndex = Int(tape.children[position])
                let keyEntry = tape.entries[keyIndex]
                let key: String?
                if keyEntry.flags & TapeEntry.escaped == 0 {
                    key = String(decoding: span(keyEntry), as: UTF8.self)
                } else {
                    let decoded = DecodedStringBytes(literal: span(keyEntry))
                    key = object.keys.first { decoded.elementsEqual($0.utf8) }
                }
                guard let key, let member = object[key] else {
                    if checksByteOrderMarks, containsByteOrderMark(span(keyEntry), from: 0) {
                        throw droppedByteOrderMark(keyEntry, key: true)
                    }
                    throw mismatch(keyEntry, "JSONSerialization's object lacks a key the scan found")
                }
                strings[Int(keyEntry.extra)] = key
                try gather(entry: keyIndex + 1, value: member)
            }
        default:
            break  // Numbers come from their text; true, false and null from the tape.
        }
    }
}

/// Whether the bytes hold U+FEFF's UTF-8 (EF BB BF) at or after `start`.
private func containsByteOrderMark(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
    guard let base = bytes.baseAddress, bytes.count >= start + 3 else { return false }
    var position = start
    while position + 3 <= bytes.count {
        guard let found = memchr(base + position, 0xEF, bytes.count - position - 2) else { return false }
        let index = base.distance(to: UnsafeRawPointer(found))
        if bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return true }
        position = index + 1
    }
    return false
}
