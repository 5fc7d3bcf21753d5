@_spi(Testing) import MapCore
import MapTestSupport
import Testing

/// The indexed scan (the 64-byte first stage, then the grammar over its positions) against the
/// byte-at-a-time scan: the same tape, entry for entry, for every input the latter accepts, and
/// no tape for any input it refuses.
@Suite struct IndexedScanTests {
    /// What one scan made of an input: its tape's entries, or the code of its error.
    enum Outcome: Equatable, CustomStringConvertible {
        case tape([Entry], numbersToCheck: Int)
        case refused(ParseError.Code)
        case declined

        var description: String {
            switch self {
            case .tape(let entries, let numbersToCheck): "tape of \(entries.count) (\(numbersToCheck) to check)"
            case .refused(let code): "refused: \(code)"
            case .declined: "declined"
            }
        }
    }

    struct Entry: Equatable {
        let offset: UInt32
        let length: UInt32
        let extra: UInt32
        let kind: TapeKind
        let flags: UInt8
    }

    static func entries(_ tape: ValueTape) -> Outcome {
        .tape(
            (0..<tape.count).map { index in
                let entry = tape.entries[index]
                return Entry(
                    offset: entry.offset,
                    length: entry.length,
                    extra: entry.extra,
                    kind: entry.kind,
                    flags: entry.flags
                )
            },
            numbersToCheck: tape.numbersToCheck
        )
    }

    static func scalar(_ bytes: [UInt8], _ options: ParseOptions) -> Outcome {
        bytes.withUnsafeBytes { input in
            let storage = ValueTapeStorage()
            do throws(ParseError) {
                let tape = try JSONScanner.scalarValueTape(input, options: options, storage: storage)
                return withExtendedLifetime(storage) { entries(tape) }
            } catch {
                return .refused(error.code)
            }
        }
    }

    static func indexed(_ bytes: [UInt8], _ options: ParseOptions) -> Outcome {
        bytes.withUnsafeBytes { input in
            let storage = ValueTapeStorage()
            let tape = JSONScanner.indexedValueTape(input, options: options, storage: storage)
            return withExtendedLifetime(storage) { tape.map(entries) ?? .declined }
        }
    }

    /// Checks that the indexed scan agrees with the scalar one on `bytes`; returns whether the input is valid.
    @discardableResult
    static func expectAgreement(
        _ bytes: [UInt8],
        _ options: ParseOptions = ParseOptions(),
        _ label: @autoclosure () -> String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let expected = scalar(bytes, options)
        let actual = indexed(bytes, options)
        let validated = bytes.withUnsafeBytes { JSONScanner.indexedValidate($0, options: options) }
        if case .refused = expected {
            #expect(
                actual == .declined,
                "\(label()): \(String(decoding: bytes.prefix(200), as: UTF8.self))",
                sourceLocation: sourceLocation
            )
            #expect(!validated, "\(label())", sourceLocation: sourceLocation)
            return false
        }
        #expect(validated || options.duplicateKeys == .reject, "\(label())", sourceLocation: sourceLocation)
        var difference = ""
        if case .tape(let got, _) = actual, case .tape(let wanted, _) = expected,
            let index = zip(got, wanted).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
        {
            difference = "entry \(index): \(got[index]) against \(wanted[index])"
        }
        #expect(
            actual == expected,
            "\(label()): \(difference) \(String(decoding: bytes.prefix(200), as: UTF8.self))",
            sourceLocation: sourceLocation
        )
        return true
    }

    @Test(
        "every corpus file: the indexed scan's tape is the byte-at-a-time scan's",
        .enabled(if: Corpus.isAvailable)
    )
    func corpus() throws {
        #expect(Corpus.jsonFiles.count >= 5)
        for name in Corpus.jsonFiles {
            let bytes = try Corpus.bytes(name)
            let outcome = IndexedScanTests.indexed(bytes, ParseOptions())
            guard case .tape(let entries, _) = outcome else {
                Issue.record("\(name): \(outcome)")
                continue
            }
            #expect(entries.count > 1000, "\(name)")
            #expect(IndexedScanTests.scalar(bytes, ParseOptions()) == outcome, "\(name)")
        }
    }

    @Test("the scanner's accepted documents give the same tape", arguments: JSONScannerTests.accepted)
    func accepted(text: String) {
        let valid = IndexedScanTests.expectAgreement(Array(text.utf8), ParseOptions(), text)
        #expect(valid)
        #expect(IndexedScanTests.indexed(Array(text.utf8), ParseOptions()) != .declined)
    }

    @Test("the scanner's malformed documents are declined", arguments: JSONScannerTests.malformed)
    func malformed(input: MalformedInput) {
        #expect(IndexedScanTests.indexed(input.bytes, ParseOptions()) == .declined)
        if case .refused(let code) = IndexedScanTests.scalar(input.bytes, ParseOptions()) {
            #expect(code == input.code)
        } else {
            Issue.record("the byte-at-a-time scan accepted \(input.label)")
        }
    }

    @Test("options: depth, top-level scalars, NUL escapes, repeated keys")
    func options() {
        let nested = Array("[[[[1]]]]".utf8)
        #expect(IndexedScanTests.indexed(nested, ParseOptions(maxDepth: 4)) != .declined)
        #expect(IndexedScanTests.indexed(nested, ParseOptions(maxDepth: 3)) == .declined)
        #expect(IndexedScanTests.scalar(nested, ParseOptions(maxDepth: 3)) == .refused(.depthLimitExceeded))

        let scalarText = Array("  42 ".utf8)
        #expect(IndexedScanTests.indexed(scalarText, ParseOptions(allowsTopLevelScalars: false)) == .declined)
        IndexedScanTests.expectAgreement(scalarText)

        let nul = Array(#"["a\u0000b"]"#.utf8)
        #expect(IndexedScanTests.indexed(nul, ParseOptions(allowsNULInStrings: false)) == .declined)
        #expect(IndexedScanTests.scalar(nul, ParseOptions(allowsNULInStrings: false)) == .refused(.nulInString))
        IndexedScanTests.expectAgreement(nul)

        let repeated = Array(#"{"a":1,"a":2}"#.utf8)
        #expect(IndexedScanTests.indexed(repeated, ParseOptions(duplicateKeys: .reject)) == .declined)
        IndexedScanTests.expectAgreement(repeated)

        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":[1,2]}"#.utf8)
        #expect(IndexedScanTests.expectAgreement(bom))
        #expect(IndexedScanTests.indexed(bom, ParseOptions()) != .declined)
    }

    /// Text placed so that each interesting byte falls on every position of a 64-byte block,
    /// including the last (a backslash escaping the next block's first byte, a character split
    /// between blocks, a number or literal running into the next block).
    @Test("block boundaries: escapes, characters, strings and numbers split between blocks")
    func blockBoundaries() {
        let pieces = [
            #"["ab\"c\\d\/e"]"#, #"["\\\\\"",1]"#, #"{"k\u00e9y":"v\uD83D\uDE00"}"#, #"["é日本😀"]"#,
            "[123456.789e-12,true,false,null]", #"{"a":{"b":[]}}"#, #"["\\"]"#, #"["\""]"#,
        ]
        var checked = 0
        for piece in pieces {
            for shift in 0..<80 {
                let text = Array(String(repeating: " ", count: shift).utf8) + Array(piece.utf8)
                #expect(IndexedScanTests.expectAgreement(text, ParseOptions(), "\(shift): \(piece)"))
                #expect(IndexedScanTests.indexed(text, ParseOptions()) != .declined)
                // Cut short, and with one byte too many, it must be refused by both.
                IndexedScanTests.expectAgreement(Array(text.dropLast()), ParseOptions(), "cut \(shift): \(piece)")
                IndexedScanTests.expectAgreement(text + [UInt8(ascii: "x")], ParseOptions(), "+x \(shift)")
                checked += 3
            }
        }
        #expect(checked == pieces.count * 80 * 3)
    }

    @Test("the scan copies what it classifies: every byte, a byte-order mark and a last partial block included")
    func copiesInput() throws {
        var inputs: [[UInt8]] = [[0xEF, 0xBB, 0xBF] + Array(#"{"a":[1,2]}"#.utf8)]
        for size in 1...200 {
            inputs.append(Array("[".utf8) + Array(repeating: UInt8(ascii: " "), count: size) + Array("\"é\"]".utf8))
        }
        if Corpus.isAvailable { inputs.append(try Corpus.bytes("twitter.json")) }
        for input in inputs {
            var copy = [UInt8](repeating: 0xAA, count: input.count)
            let storage = ValueTapeStorage()
            let accepted = input.withUnsafeBytes { bytes in
                copy.withUnsafeMutableBytes { target in
                    JSONScanner.indexedValueTape(
                        bytes,
                        options: ParseOptions(),
                        storage: storage,
                        copyingTo: target.baseAddress
                    ) != nil
                }
            }
            #expect(accepted)
            #expect(copy == input, "\(input.count) bytes")
        }
    }

    /// RFC 3629's boundaries: the narrower second byte after 0xE0, 0xED, 0xF0 and 0xF4, the bytes
    /// UTF-8 never uses, and sequences cut short or run long, at every position of a block.
    @Test("UTF-8 at every position of a block: valid and invalid sequences")
    func utf8() {
        let valid: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF3, 0xBF, 0xBF, 0xBF],
            [0xE3, 0x81, 0x82, 0xE3, 0x81, 0x84, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80],
        ]
        let invalid: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF, 0xBF], [0xC3],
            [0xE3, 0x81], [0xF0, 0x9F, 0x98], [0xC3, 0xA9, 0xA9], [0xE3, 0x41, 0x82], [0xC3, 0xC3, 0xA9],
        ]
        for (sequences, accepted) in [(valid, true), (invalid, false)] {
            for sequence in sequences {
                for shift in 0..<80 {
                    let text =
                        Array(String(repeating: " ", count: shift).utf8) + [0x5B, 0x22] + sequence + [0x22, 0x5D]
                    let isValid = IndexedScanTests.expectAgreement(text, ParseOptions(), "\(shift): \(sequence)")
                    #expect(isValid == accepted, "\(shift): \(sequence)")
                    // The sequence as the input's last bytes, outside any string: refused by both.
                    IndexedScanTests.expectAgreement(Array(text.dropLast(2)), ParseOptions(), "end \(shift)")
                }
            }
        }
    }

    @Test("a document larger than the first stage's window: strings and escapes across windows")
    func windows() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<4 {
            var document = Array("[0".utf8)
            while document.count < 1 << 16 {
                document += Array(",".utf8) + IndexedScanTests.randomDocument(depth: 0, &rng, breadth: 8)
            }
            document +=
                Array(",".utf8)
                + Array(repeating: UInt8(ascii: " "), count: Int(rng.next() % 40_000))
                + Array(#""long \" string\\"]"#.utf8)
            #expect(document.count > 1 << 15)
            #expect(IndexedScanTests.expectAgreement(document))
        }
    }

    @Test("random documents and their mutations: the same tape or both refuse")
    func randomDocuments() {
        var rng = SplitMix64(seed: 7)
        let options = [
            ParseOptions(), ParseOptions(maxDepth: 3), ParseOptions(allowsTopLevelScalars: false),
            ParseOptions(allowsNULInStrings: false),
        ]
        let replacements: [UInt8] =
            Array(#""\,:[]{}x0-e.E+ "#.utf8) + [
                0x01, 0x09, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xC3,
                0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0x00,
            ]
        var valid = 0
        var refused = 0
        for round in 0..<3000 {
            let document = IndexedScanTests.randomDocument(depth: 0, &rng, breadth: 6)
            let chosen = options[round % options.count]
            if IndexedScanTests.expectAgreement(document, chosen, "round \(round)") { valid += 1 }
            var mutated = document
            for _ in 0...(rng.next() % 3) where !mutated.isEmpty {
                let index = Int(rng.next() % UInt64(mutated.count))
                switch rng.next() % 4 {
                case 0: mutated.remove(at: index)
                case 1: mutated.insert(replacements[Int(rng.next() % UInt64(replacements.count))], at: index)
                case 2: mutated = Array(mutated[..<index])
                default: mutated[index] = replacements[Int(rng.next() % UInt64(replacements.count))]
                }
            }
            if !IndexedScanTests.expectAgreement(mutated, chosen, "round \(round), mutated") { refused += 1 }
        }
        #expect(valid > 2000)
        #expect(refused > 1000)
    }

    // MARK: Cutting an array's elements

    /// The spans of an array's elements from just inside its `[`: cut in one classification when
    /// `indexed`, otherwise as the byte-at-a-time scan cuts them
    /// (``ScanComparison/elementsByValueEnd(_:from:isFinal:options:maxLength:)``).
    static func cut(
        _ bytes: [UInt8],
        indexed: Bool,
        isFinal: Bool = true,
        options: ParseOptions = ParseOptions(),
        maxLength: Int = .max
    ) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        bytes.withUnsafeBytes { input in
            if indexed {
                JSONScanner.indexedElements(
                    in: input,
                    from: 1,
                    isFinal: isFinal,
                    options: options,
                    maxLength: maxLength,
                    into: &spans
                )
                return
            }
            spans = ScanComparison.elementsByValueEnd(
                input,
                from: 1,
                isFinal: isFinal,
                options: options,
                maxLength: maxLength
            )
        }
        return spans
    }

    @Test(
        "cutting an array's elements in one classification: the spans the byte-at-a-time scan cuts, element by element"
    )
    func elements() throws {
        // Every element of a valid array whose input has ended, strings and escapes across blocks.
        let items = (0..<300).map { index in
            #"{"id": \#(index), "name": "n\#(index) é 日本 😀", "tags": ["a,b", "]}"], "x": \#(index % 7 == 0 ? "null" : "[1, 2.5e3]")}"#
        }
        let whole = Array(("[" + items.joined(separator: ",\n ") + "]").utf8)
        let spans = IndexedScanTests.cut(whole, indexed: true)
        #expect(spans.count == 300)
        #expect(spans == IndexedScanTests.cut(whole, indexed: false))
        #expect(spans.first.map { String(decoding: whole[$0], as: UTF8.self) } == items[0])
        #expect(spans.last.map { String(decoding: whole[$0], as: UTF8.self) } == items[299])

        // Input still arriving: a number at the end may go on, a container cut short is not whole.
        let scalars = Array("[1, \"two\", [3], 44".utf8)
        #expect(IndexedScanTests.cut(scalars, indexed: true, isFinal: false) == [1..<2, 4..<9, 11..<14])
        #expect(IndexedScanTests.cut(scalars, indexed: true) == [1..<2, 4..<9, 11..<14, 16..<18])
        let cutShort = Array(whole[0..<(spans[200].lowerBound + 20)])
        #expect(IndexedScanTests.cut(cutShort, indexed: true, isFinal: false) == Array(spans[0..<200]))

        // It stops before an element longer than the limit, one it refuses, and one too deep.
        let limit = spans[3].count - 1
        let firstTooLong = (0..<300).firstIndex { spans[$0].count > limit }
        #expect(IndexedScanTests.cut(whole, indexed: true, maxLength: limit).count == firstTooLong)
        var bad = whole
        bad[spans[120].lowerBound + 5] = UInt8(ascii: "?")  // the colon after "id"
        #expect(IndexedScanTests.cut(bad, indexed: true) == Array(spans[0..<120]))
        #expect(IndexedScanTests.cut(whole, indexed: true, options: ParseOptions(maxDepth: 1)).isEmpty)
    }

    @Test(
        "random arrays and their mutations: the indexed cut is the byte-at-a-time cut, or where it stops a prefix of it"
    )
    func randomElements() {
        var rng = SplitMix64(seed: 11)
        let options = [ParseOptions(), ParseOptions(maxDepth: 3), ParseOptions(allowsNULInStrings: false)]
        let replacements: [UInt8] = Array(#""\,:[]{}x0- "#.utf8) + [0x01, 0x0A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF, 0x00]
        var complete = 0
        for round in 0..<1500 {
            var array = Array("[".utf8)
            for index in 0..<(1 + rng.next() % 40) {
                if index > 0 {
                    array += Array(",".utf8) + Array(IndexedScanTests.pick(IndexedScanTests.spaces, &rng).utf8)
                }
                array += IndexedScanTests.randomDocument(depth: 1, &rng, breadth: 5)
            }
            array += Array("]".utf8)
            let chosen = options[round % options.count]
            let isFinal = round % 4 != 0
            let maxLength = round % 5 == 0 ? 40 : .max
            let reference = IndexedScanTests.cut(
                array,
                indexed: false,
                isFinal: isFinal,
                options: chosen,
                maxLength: maxLength
            )
            let cut = IndexedScanTests.cut(
                array,
                indexed: true,
                isFinal: isFinal,
                options: chosen,
                maxLength: maxLength
            )
            if cut == reference { complete += 1 }
            #expect(cut == Array(reference.prefix(cut.count)), "round \(round)")

            var mutated = array
            let index = 1 + Int(rng.next() % UInt64(mutated.count - 1))
            mutated[index] = replacements[Int(rng.next() % UInt64(replacements.count))]
            let mutatedReference = IndexedScanTests.cut(
                mutated,
                indexed: false,
                isFinal: isFinal,
                options: chosen,
                maxLength: maxLength
            )
            let mutatedCut = IndexedScanTests.cut(
                mutated,
                indexed: true,
                isFinal: isFinal,
                options: chosen,
                maxLength: maxLength
            )
            #expect(mutatedCut == Array(mutatedReference.prefix(mutatedCut.count)), "round \(round), mutated")
        }
        // Only a NUL in a string (let through by the byte-at-a-time scan) keeps the cut short of it.
        #expect(complete > 1400)
    }

    @Test(
        "random arrays and their mutations cut by brackets: each valid element where valueEnd ends it, a refused one with its error"
    )
    func randomElementsByBrackets() {
        var rng = SplitMix64(seed: 12)
        let options = [ParseOptions(), ParseOptions(maxDepth: 3), ParseOptions(allowsNULInStrings: false)]
        let replacements: [UInt8] = Array(#""\,:[]{}x0- "#.utf8) + [0x01, 0x0A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF, 0x00]
        var refusedSpans = 0
        var wholeArrays = 0
        for round in 0..<1500 {
            var array = Array("[".utf8)
            for index in 0..<(1 + rng.next() % 40) {
                if index > 0 {
                    array += Array(",".utf8) + Array(IndexedScanTests.pick(IndexedScanTests.spaces, &rng).utf8)
                }
                // Containers only, as arrays of records are: the cut stops at any other element.
                array += Array("[".utf8) + IndexedScanTests.randomDocument(depth: 1, &rng, breadth: 5) + Array("]".utf8)
            }
            array += Array("]".utf8)
            let chosen = options[round % options.count]
            for input in [array, Self.mutate(array, replacements, &rng)] {
                input.withUnsafeBytes { bytes in
                    let difference = ScanComparison.bracketedElementsDifference(bytes, from: 1, options: chosen)
                    #expect(
                        difference == nil,
                        "round \(round): \(String(decoding: input, as: UTF8.self).debugDescription)"
                    )
                    var spans: [Range<Int>] = []
                    JSONScanner.bracketedElements(
                        in: bytes,
                        from: 1,
                        isFinal: true,
                        options: chosen,
                        maxLength: .max,
                        into: &spans
                    )
                    let scalar = ScanComparison.elementsByValueEnd(bytes, from: 1, isFinal: true, options: chosen)
                    if spans.count > scalar.count { refusedSpans += 1 }
                    if input == array, spans == scalar, let last = spans.last,
                        bytes[last.upperBound] == UInt8(ascii: "]")
                    {
                        wholeArrays += 1
                    }
                }
            }
        }
        // Refused spans are met, and a valid array of containers is cut whole (bar a NUL the
        // strict options refuse, and depth past the limit of 3).
        #expect(refusedSpans > 200)
        #expect(wholeArrays > 600)
    }

    /// `bytes` with one byte after the first replaced.
    static func mutate(_ bytes: [UInt8], _ replacements: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var mutated = bytes
        let index = 1 + Int(rng.next() % UInt64(mutated.count - 1))
        mutated[index] = replacements[Int(rng.next() % UInt64(replacements.count))]
        return mutated
    }

    // MARK: Generated documents

    static let stringPieces = [
        "a", "key", "Hello, world", " ", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\uD83D\\uDE00", "\\u0000",
        "é", "日本語", "😀", "{[,:]}", "\\t", "0123456789",
    ]
    static let numbers = [
        "0", "-0", "7", "-12", "3.25", "6.02e23", "1E-5", "-0.5e+2", "123456789012345678901234567890",
        "1e400",
    ]
    static let spaces = ["", "", " ", "\n", "\t", "\r\n", "  ", String(repeating: " ", count: 61)]

    static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T {
        values[Int(rng.next() % UInt64(values.count))]
    }

    static func randomString(_ rng: inout SplitMix64) -> [UInt8] {
        var text = "\""
        for _ in 0..<(rng.next() % 6) { text += pick(stringPieces, &rng) }
        return Array((text + "\"").utf8)
    }

    static func randomDocument(depth: Int, _ rng: inout SplitMix64, breadth: Int) -> [UInt8] {
        let space = { (rng: inout SplitMix64) in Array(pick(spaces, &rng).utf8) }
        let choice = depth > 4 ? 2 + rng.next() % 4 : rng.next() % 6
        switch choice {
        case 0:
            var out = Array("{".utf8) + space(&rng)
            for index in 0..<(rng.next() % UInt64(breadth)) {
                if index > 0 { out += Array(",".utf8) + space(&rng) }
                out += randomString(&rng) + space(&rng) + Array(":".utf8) + space(&rng)
                out += randomDocument(depth: depth + 1, &rng, breadth: breadth) + space(&rng)
            }
            return out + Array("}".utf8)
        case 1:
            var out = Array("[".utf8) + space(&rng)
            for index in 0..<(rng.next() % UInt64(breadth)) {
                if index > 0 { out += Array(",".utf8) + space(&rng) }
                out += randomDocument(depth: depth + 1, &rng, breadth: breadth) + space(&rng)
            }
            return out + Array("]".utf8)
        case 2: return randomString(&rng)
        case 3: return Array(pick(numbers, &rng).utf8)
        case 4: return Array(pick(["true", "false", "null"], &rng).utf8)
        default: return space(&rng) + randomDocument(depth: depth + 1, &rng, breadth: breadth) + space(&rng)
        }
    }
}
