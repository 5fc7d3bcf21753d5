public import JSONMapping

/// The parity rows of `Docs/Backends.md` that let backends give different verdicts on the same
/// bytes, as rules over what an accepting backend's document shows.
///
/// The rows that only change readings (`negativeZero`, `numberText`) are applied by
/// ``firstDifference(among:)``; `maxDepth` cannot
/// split verdicts here, as every option set the targets use asks for at most foundation's 512.
public enum ParityRule: String, Sendable, CaseIterable {
    /// An integer written without fraction or exponent outside `Int64`: jansson refuses it, and
    /// simdjson beyond `UInt64`, with `numberOutOfRange`.
    case bigIntegers
    /// A key holding U+0000: jansson refuses it with `nulInKey`.
    case nulInKey
    /// Keys of one object equal under Unicode canonical equivalence but not byte for byte:
    /// foundation refuses them with `backendFailure`.
    case normalizationMergedKeys
    /// A raw U+FEFF at the start of a string or key or right after an escape: foundation refuses
    /// it with `backendFailure`. Shown here, conservatively, by any U+FEFF in a string or key,
    /// since a document no longer says whether the character was escaped.
    case byteOrderMarkInStrings

    /// Whether this row lets `backend` refuse a document with `code`.
    public func allows(_ code: ParseError.Code, from backend: String) -> Bool {
        switch self {
        case .bigIntegers: code == .numberOutOfRange && (backend == "jansson" || backend == "simdjson")
        case .nulInKey: code == .nulInKey && backend == "jansson"
        case .normalizationMergedKeys, .byteOrderMarkInStrings: code == .backendFailure && backend == "foundation"
        }
    }

    /// Whether some row lets `backend` refuse a document with `code` (the rows a refused
    /// document would show cannot be read from a document no backend made).
    public static func anyAllows(_ code: ParseError.Code, from backend: String) -> Bool {
        allCases.contains { $0.allows(code, from: backend) }
    }

    /// The rows the text of an accepted document shows in values the document itself may no
    /// longer hold: a member that a later one with the same key replaced (`lastWins`) is gone from
    /// the tree, but a backend that refuses big integers, byte-order marks or keys holding U+0000
    /// met it while parsing. Read from the text's numbers and strings; the text is valid JSON,
    /// since a backend accepted it.
    public static func shown(inText text: UnsafeRawBufferPointer) -> Set<ParityRule> {
        var rows: Set<ParityRule> = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < text.count, text[end] != UInt8(ascii: "\"") {
                    end += text[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                let literal = Array(text[(index + 1)..<Swift.min(end, text.count)])
                let escapes = String(decoding: literal, as: UTF8.self).lowercased()
                // The mark raw or escaped (an escaped backslash before `ufeff` counts too: the
                // rule may allow a little more than it must, never less).
                if literal.contains([0xEF, 0xBB, 0xBF]) || escapes.contains("\\ufeff") {
                    rows.insert(.byteOrderMarkInStrings)
                }
                // U+0000 can only be escaped in valid JSON; any string holding one counts, key or
                // not, for the same reason.
                if escapes.contains("\\u0000") { rows.insert(.nulInKey) }
                index = end + 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index
                while end < text.count, Self.numberBytes.contains(text[end]) { end += 1 }
                let token = Array(text[index..<end])
                if isIntegerSyntax(token), Int64(String(decoding: token, as: UTF8.self)) == nil {
                    rows.insert(.bigIntegers)
                }
                index = end
            } else {
                index += 1
            }
        }
        return rows
    }

    private static let numberBytes = Set(Array("+-0123456789.eE".utf8))

    /// The rows `document` shows, read through its public reads.
    public static func shown(by document: any JSONDocument) -> Set<ParityRule> {
        var rows: Set<ParityRule> = []
        var pending = [document.root]
        while let node = pending.popLast() {
            switch document.kind(of: node) {
            case .number:
                let integer =
                    document.withNumberText(node) { isIntegerSyntax(Array($0)) }
                    // Without the text, an integer beyond Int64 still reads as a UInt64.
                    ?? (document.uint64(node) != nil)
                if integer, document.int64(node) == nil { rows.insert(.bigIntegers) }
            case .string:
                if document.string(node)?.unicodeScalars.contains("\u{FEFF}") == true {
                    rows.insert(.byteOrderMarkInStrings)
                }
            case .array:
                document.forEachElement(of: node) { pending.append($0) }
            case .object:
                var keys: [[UInt8]] = []
                document.forEachMember(of: node) { key, value in
                    keys.append(Array(key.utf8))
                    pending.append(value)
                }
                if keys.contains(where: { $0.contains(0) }) { rows.insert(.nulInKey) }
                let strings = keys.map { String(decoding: $0, as: UTF8.self) }
                if strings.contains(where: { $0.unicodeScalars.contains("\u{FEFF}") }) {
                    rows.insert(.byteOrderMarkInStrings)
                }
                if Set(strings).count < Set(keys).count { rows.insert(.normalizationMergedKeys) }
            case .null, .bool:
                break
            }
        }
        return rows
    }
}

/// Checks what every parse error must satisfy: the reporting backend's name, an offset inside
/// the input, and the line and column of that offset (``lineAndColumn(of:in:)``). Returns what is
/// wrong, or nil.
public func malformation(of error: ParseError, backend: String, input: UnsafeRawBufferPointer) -> String? {
    if error.backend != backend { return "the error names \(error.backend), not \(backend)" }
    guard (0...input.count).contains(error.offset) else { return "offset \(error.offset) outside the input" }
    let (line, column) = lineAndColumn(of: error.offset, in: input)
    if error.line != line || error.column != column {
        return "line \(error.line) column \(error.column) at offset \(error.offset), expected \(line):\(column)"
    }
    return nil
}

/// The line and column (from 1) of `offset` in `input`: lines counted by `\n`, columns in Unicode
/// scalars from the line's start, a leading byte-order mark taking no column.
public func lineAndColumn(of offset: Int, in input: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
    var positions = TextPositions(input)
    return positions.lineAndColumn(of: offset)
}

/// ``lineAndColumn(of:in:)`` for offsets asked in increasing order, each answer counting on from
/// the last, so that the positions of every token of an input cost one pass over it.
public struct TextPositions {
    private let input: UnsafeRawBufferPointer
    private let startsWithByteOrderMark: Bool
    /// How far the count has gone, the line there, where that line starts, and the scalars
    /// between the line's start and `counted`.
    private var counted = 0
    private var line = 1
    private var lineStart = 0
    private var scalars = 0

    public init(_ input: UnsafeRawBufferPointer) {
        self.input = input
        startsWithByteOrderMark = input.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// The line and column of `offset`, which is not before the last offset asked.
    public mutating func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        precondition(offset >= counted, "offsets asked out of order")
        while counted < offset {
            if input[counted] == UInt8(ascii: "\n") {
                line += 1
                lineStart = counted + 1
                scalars = 0
            } else if input[counted] & 0xC0 != 0x80 {
                scalars += 1
            }
            counted += 1
        }
        // The mark's first byte starts a scalar, which takes no column.
        let mark = startsWithByteOrderMark && lineStart == 0 && offset >= 3 ? 1 : 0
        return (line, 1 + scalars - mark)
    }
}
