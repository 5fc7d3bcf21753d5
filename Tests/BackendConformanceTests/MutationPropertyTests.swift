import BackendConformance
import MapCore
import MapIO
import PropertyBased
import Testing

// MARK: - Seeds and mutations

/// Valid documents the mutations start from: nesting, escapes, numbers at the edges, Unicode.
private let seeds: [[UInt8]] =
    [
        #"{"name": "Ada \"Lovelace\"", "born": 1815, "tags": ["math", "poetry\n"], "ratio": -1.5e-3, "ok": true, "none": null}"#,
        "[1, -0, 0.5, 1e2, 12345678901234, -9223372036854775808, 9223372036854775807, 1.7976931348623157e308, 5e-324]",
        #"{"a": {"b": {"c": [[[]], {}, [{"d": "\u00e9\ud83d\ude00\t\/\\"}]]}}}"#,
        #""top-level string with \\ and \u0041 and é漢😀""#,
        #"{"k1": [true, false, null], "k2": {"k1": 1, "k2": [0.1, 2E+3, -0.0]}, "\u006b3": "x", "": ""}"#,
        #"[{"id": 1, "v": [1.0, 2.0]}, {"id": 2, "v": []}, {"id": 3, "v": [3.25, 1e-7]}]"#,
        "{\n  \"list\": [\n    1,\n    2\n  ],\n  \"s\": \"x y\",\n  \"u\": \"\\u0000\"\n}",
        "42",
    ].map { Array($0.utf8) } + [
        [0xEF, 0xBB, 0xBF] + Array(#"{"bom": [1, "two", {"3": 4.5}]}"#.utf8)
    ]

/// Bytes the insertions favour: JSON's structural characters, digits and number syntax.
private let specialBytes = Array(#"{}[],:"\ 0123456789eE+-."#.utf8)

/// Short pieces worth inserting whole: edge-case escapes, numbers and bytes.
///
/// A byte-order mark is only ever prepended (``Mutation/Kind/prependByteOrderMark``): a raw U+FEFF at the
/// start of a string is lost by the foundation backend, a bug that
/// `StringConformanceTests.byteOrderMarkInsideValues` and `byteOrderMarkInsideKeys` show on their own.
private let tokens: [[UInt8]] =
    [
        #"\u0000"#, #"\ud800"#, #"\udc00"#, #"\ud83d\ude00"#, "1e400", "-1e400", "18446744073709551615",
        "-9223372036854775809", "-0", "1e-400", #"\""#, "true", "null", #"{"a":"#, #""a":1,"#, "[", "]", "{", "}",
    ].map { Array($0.utf8) } + [[0x00], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]]

/// One random edit of a byte string.
struct Mutation: Sendable, CustomStringConvertible {
    enum Kind: Sendable, CaseIterable {
        case deleteByte, insertRandomByte, insertSpecialByte, insertToken, swapBytes, duplicateSlice, truncate
        case prependByteOrderMark
    }

    let kind: Kind
    let first: UInt32
    let second: UInt32
    let byte: UInt8

    func apply(to bytes: inout [UInt8]) {
        let count = bytes.count
        let at = Int(first) % (count + 1)
        switch kind {
        case .deleteByte:
            if count > 0 { bytes.remove(at: Int(first) % count) }
        case .insertRandomByte:
            bytes.insert(byte, at: at)
        case .insertSpecialByte:
            bytes.insert(specialBytes[Int(byte) % specialBytes.count], at: at)
        case .insertToken:
            bytes.insert(contentsOf: tokens[Int(byte) % tokens.count], at: at)
        case .swapBytes:
            if count > 1 { bytes.swapAt(Int(first) % count, Int(second) % count) }
        case .duplicateSlice:
            guard count > 0 else { return }
            let start = Int(first) % count
            let length = 1 + Int(second) % min(16, count - start)
            bytes.insert(contentsOf: bytes[start..<(start + length)], at: start + length)
        case .truncate:
            if count > 0 { bytes.removeLast(count - Int(first) % count) }
        case .prependByteOrderMark:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        }
    }

    var description: String { "\(kind)(\(first), \(second), \(byte))" }
}

/// A seed with mutations applied.
struct MutatedInput: Sendable, CustomStringConvertible {
    let seed: Int
    let mutations: [Mutation]
    let bytes: [UInt8]

    init(seed: Int, mutations: [Mutation]) {
        self.seed = seed
        self.mutations = mutations
        var bytes = seeds[seed]
        for mutation in mutations { mutation.apply(to: &bytes) }
        self.bytes = bytes
    }

    var description: String {
        "seed \(seed) with \(mutations): \(String(decoding: bytes, as: UTF8.self).debugDescription) \(bytes)"
    }
}

private let mutatedInputs = zip(
    Gen.int(in: 0...(seeds.count - 1)),
    zip(Gen<Mutation.Kind>.case, Gen<UInt32>.value(), Gen<UInt32>.value(), Gen<UInt8>.value())
        .map { Mutation(kind: $0.0, first: $0.1, second: $0.2, byte: $0.3) }
        .array(of: 1...4)
)
.map { MutatedInput(seed: $0.0, mutations: $0.1) }

// MARK: - Parity rows an accepted document shows

/// The parity rows that explain why another backend could reject a document `document` accepted.
///
/// Read through the accepting document's public reads, not through the package's scanner (which
/// decides most rejections, so it cannot also be the judge of them):
/// an integer written without fraction or exponent that does not fit `Int64` is `bigIntegers`
/// (it needs the number's text, which foundation keeps); a key holding U+0000 is `nulInKey`; two
/// keys of one object that Swift finds equal (canonical equivalence) but whose bytes differ are
/// `normalizationMergedKeys`; a string or key holding U+FEFF is (conservatively) `byteOrderMarkInStrings`.
private func parityRows(shownBy document: any JSONDocument) -> Set<ParityRow> {
    var rows: Set<ParityRow> = []
    func walk(_ node: JSONNode) {
        switch document.kind(of: node) {
        case .number:
            let isIntegerSyntax = document.withNumberText(node) { text in
                !text.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
            }
            if isIntegerSyntax == true, document.int64(node) == nil { rows.insert(.bigIntegers) }
        case .string:
            if document.string(node)?.unicodeScalars.contains("\u{FEFF}") == true {
                rows.insert(.byteOrderMarkInStrings)
            }
        case .array:
            for element in elements(document, node) { walk(element) }
        case .object:
            let visited = members(document, node)
            if visited.contains(where: { $0.key.utf8.contains(0) }) { rows.insert(.nulInKey) }
            if visited.contains(where: { $0.key.unicodeScalars.contains("\u{FEFF}") }) {
                rows.insert(.byteOrderMarkInStrings)
            }
            if Set(visited.map(\.key)).count < Set(visited.map { Array($0.key.utf8) }).count {
                rows.insert(.normalizationMergedKeys)
            }
            for (_, value) in visited { walk(value) }
        default:
            break
        }
    }
    walk(document.root)
    return rows
}

/// The code a backend that rejects a document because of a parity row reports.
private func rejectionCode(for row: ParityRow) -> ParseError.Code? {
    switch row {
    case .bigIntegers: .numberOutOfRange
    case .nulInKey: .nulInKey
    case .normalizationMergedKeys, .byteOrderMarkInStrings: .backendFailure
    case .negativeZero, .numberText, .maxDepth, .relaxedSyntax: nil
    }
}

/// Everything a document says, normalised across the parity rows that change readings
/// (`negativeZero`: the sign of zero; `numberText`: integer readings of numbers written with a
/// fraction or exponent), so two backends' documents of the same text compare equal.
private func comparableSummary(of document: any JSONDocument) -> String {
    var out = ""
    func walk(_ node: JSONNode) {
        let kind = document.kind(of: node)
        out += "\(kind)#\(document.count(of: node)):"
        switch kind {
        case .bool: out += "\(document.bool(node) as Any)"
        case .number:
            let double = document.double(node)
            out += double.map { $0 == 0 ? "0" : "\($0)" } ?? "unreadable"
        case .string: out += (document.string(node) ?? "unreadable").debugDescription
        case .array:
            for element in elements(document, node) { walk(element) }
        case .object:
            for (key, value) in members(document, node) {
                out += key.debugDescription + (member(document, node, key) == value ? "=" : "≠")
                walk(value)
            }
        case .null: break
        }
        out += ";"
    }
    walk(document.root)
    return out
}

// MARK: - The property

/// Parse options with a name for the test report.
struct NamedOptions: Sendable, CustomTestStringConvertible {
    let name: String
    let options: ParseOptions

    init(_ name: String, _ options: ParseOptions) {
        self.name = name
        self.options = options
    }

    var testDescription: String { name }
}

/// Feeds mutated documents to every backend: each answers with a document or a well-formed
/// parse error, and all agree on the verdict — and on the error code — except where a
/// documented parity row explains the difference.
@Suite struct MutationPropertyTests {
    static let optionSets: [NamedOptions] = [
        NamedOptions("default options", ParseOptions()),
        NamedOptions(
            "strict options",
            ParseOptions(maxDepth: 4, duplicateKeys: .reject, allowsTopLevelScalars: false, allowsNULInStrings: false)
        ),
    ]

    @Test(
        "Mutated documents get the same verdict and error code from every backend, parity rows aside",
        arguments: optionSets
    )
    func mutatedDocuments(_ options: NamedOptions) async {
        await propertyCheck(count: 2000, input: mutatedInputs) { input in
            check(input.bytes, options: options.options, description: input.description)
        }
    }

    @Test("Every seed is valid and reads the same on every backend")
    func seedsAreValid() throws {
        for (index, seed) in seeds.enumerated() {
            let summaries = try backends.map { backend in
                comparableSummary(of: try accept(seed, with: backend))
            }
            #expect(Set(summaries).count == 1, "seed \(index)")
        }
    }
}

/// Parses `bytes` with every backend and checks the outcomes against each other.
///
/// - Every answer is a document or a well-formed parse error (see `checkWellFormed`).
/// - When every backend accepts, they read the same values (sign of zero and number text aside).
/// - When every backend rejects, they give the same code, and the same position — except for
///   `numberOutOfRange`, where jansson may stop at an integer beyond `Int64` (parity row
///   `bigIntegers`) before the number beyond `Double` that the others report, and except for
///   documents that fail at a parity row on one backend and elsewhere on another.
/// - When the verdicts split, an accepting backend's document shows a parity row, and every
///   rejecting backend reports that row's code.
private func check(_ bytes: [UInt8], options: ParseOptions, description: String) {
    var accepted: [(backend: RegisteredBackend, document: any JSONDocument)] = []
    var rejected: [(backend: RegisteredBackend, error: ParseError)] = []
    for backend in backends {
        switch parse(bytes, with: backend, options: options) {
        case .success(let document):
            #expect(document.backendName == backend.name)
            accepted.append((backend, document))
        case .failure(let error):
            checkWellFormed(error, input: bytes, backend: backend)
            rejected.append((backend, error))
        }
    }
    let rejections = rejected.map { "\($0.backend.name): \($0.error.debugDescription)" }

    if rejected.isEmpty {
        let summaries = Set(accepted.map { comparableSummary(of: $0.document) })
        #expect(summaries.count == 1, "the backends read \(description) differently")
    } else if accepted.isEmpty {
        let codes = Set(rejected.map(\.error.code))
        // Backends stop at the first problem they see. Syntax errors come from the same scan
        // everywhere; only a document the scan accepts can fail on one backend at a parity row
        // (a key holding NUL, a big integer) and on another at a number beyond `Double` or merged keys.
        #expect(
            codes.count == 1 || codes.isSubset(of: [.numberOutOfRange, .nulInKey, .backendFailure]),
            "codes differ for \(description): \(rejections)"
        )
        if codes.count == 1, codes.first != .numberOutOfRange {
            let positions = Set(rejected.map { Position(of: $0.error) })
            #expect(positions.count == 1, "positions differ for \(description): \(rejections)")
        }
    } else {
        let rows = accepted.reduce(into: Set<ParityRow>()) { $0.formUnion(parityRows(shownBy: $1.document)) }
        #expect(
            !rows.isEmpty,
            "\(accepted.map(\.backend.name)) accepted what \(rejections) rejected, with no parity row: \(description)"
        )
        let codes = Set(rows.compactMap(rejectionCode(for:)))
        for (backend, error) in rejected where !rows.isEmpty {
            #expect(
                codes.contains(error.code),
                "\(backend.name) rejected \(description) with \(error.code), not a code of \(rows)"
            )
        }
    }
}
