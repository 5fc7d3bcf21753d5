import Foundation
import JSONMapping
import MapCore
import MapTestSupport
import Testing

/// The token reader against the whole-document parse and the validating scanner, under every
/// chunking.
@Suite struct JSONTokenReaderTests {
    /// Every token of `bytes`, fed `chunk` bytes at a time; the error the reader throws, if any.
    static func tokens(
        _ bytes: [UInt8],
        chunk: Int,
        options: ParseOptions = ParseOptions()
    ) -> (tokens: [JSONTokenReader.Token], error: ParseError?) {
        tokens(bytes, chunks: { _ in chunk }, options: options)
    }

    /// Every token of `bytes`, fed in chunks whose sizes `chunks` gives for the offset each starts
    /// at; the error the reader throws, if any.
    static func tokens(
        _ bytes: [UInt8],
        chunks: (_ offset: Int) -> Int,
        options: ParseOptions = ParseOptions()
    ) -> (tokens: [JSONTokenReader.Token], error: ParseError?) {
        var reader = JSONTokenReader(options: options)
        var tokens: [JSONTokenReader.Token] = []
        var position = 0
        do {
            while true {
                switch try reader.next() {
                case .token(let token):
                    tokens.append(token)
                case .needsMoreInput:
                    if position < bytes.count {
                        let end = min(bytes.count, position + max(1, chunks(position)))
                        reader.feed(bytes[position..<end])
                        position = end
                    } else {
                        reader.finish()
                    }
                case .end:
                    return (tokens, nil)
                }
            }
        } catch {
            return (tokens, error)
        }
    }

    /// The tokens a walk of the native backend's document gives: kinds, number texts and paths.
    static func reference(_ json: JSON) -> [String] {
        var out: [String] = []
        let document = json.document
        func walk(_ node: JSONNode, _ path: JSONPath) {
            let shown = path.isRoot ? "$" : path.description
            switch document.kind(of: node) {
            case .object:
                out.append("\(shown) {")
                document.forEachMember(of: node) { key, value in
                    let member = path.appending(.key(key.string))
                    out.append("\(member) key \(key.string.debugDescription)")
                    walk(value, member)
                }
                out.append("\(shown) }")
            case .array:
                out.append("\(shown) [")
                var index = 0
                document.forEachElement(of: node) { element in
                    walk(element, path.appending(.index(index)))
                    index += 1
                }
                out.append("\(shown) ]")
            case .string: out.append("\(shown) string \((document.string(node) ?? "").debugDescription)")
            case .number:
                out.append(
                    "\(shown) number \(document.withNumberText(node) { String(decoding: $0, as: UTF8.self) } ?? "?")"
                )
            case .bool: out.append("\(shown) \(document.bool(node) == true)")
            case .null: out.append("\(shown) null")
            }
        }
        walk(json.node, JSONPath())
        return out
    }

    /// How much of each corpus file is fed one byte at a time, so that every offset in it is a
    /// chunk's end: long enough to hold every kind of token and escape the files have.
    static let byteByByte = 64 * 1024

    @Test(
        """
        every corpus file tokenized in chunks of 4096 bytes, of random sizes from 1 to 97, and one byte at a time \
        over its first 64 KiB, gives the document's tokens, the same each way
        """,
        .enabled(if: Corpus.isAvailable),
        arguments: Corpus.jsonFiles
    )
    func corpusFiles(file: String) throws {
        let bytes = try Corpus.bytes(file)
        // Repeated keys are kept by the reader, which reports every member; the walk shows them too
        // when the document keeps them all, which the corpus's files, without repeats, make moot.
        let expected = Self.reference(try Mapper(backendNamed: "native").parse(bytes))
        var generator = SplitMix64(seed: UInt64(bytes.count))
        let plans: [(name: String, chunks: (Int) -> Int)] = [
            ("chunks of 4096", { _ in 4096 }),
            ("chunks of random sizes", { _ in Int.random(in: 1...97, using: &generator) }),
            ("one byte at a time, then 4096", { $0 < Self.byteByByte ? 1 : 4096 }),
        ]
        var streams: [[JSONTokenReader.Token]] = []
        for plan in plans {
            let (tokens, error) = Self.tokens(bytes, chunks: plan.chunks)
            #expect(error == nil, "\(file) in \(plan.name): \(String(describing: error))")
            streams.append(tokens)
        }
        let shown = streams[0].map { "\($0.path.isRoot ? "$" : $0.path.description) \($0.kind)" }
        #expect(shown.count == expected.count)
        if let index = zip(shown, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(file): token \(index) is \(shown[index]), the document says \(expected[index])")
        }
        for (plan, stream) in zip(plans, streams).dropFirst() {
            #expect(stream == streams[0], "\(file): \(plan.name) differ from chunks of 4096")
        }
        // Each token's position is where its text starts in the file.
        for token in streams[0].prefix(2000) {
            let first = bytes[token.offset]
            switch token.kind {
            case .beginObject: #expect(first == UInt8(ascii: "{"))
            case .endObject: #expect(first == UInt8(ascii: "}"))
            case .beginArray: #expect(first == UInt8(ascii: "["))
            case .endArray: #expect(first == UInt8(ascii: "]"))
            case .key, .string: #expect(first == UInt8(ascii: "\""))
            case .number(let text): #expect(bytes[token.offset...].starts(with: Array(text.utf8)))
            case .bool(let value): #expect(first == (value ? UInt8(ascii: "t") : UInt8(ascii: "f")))
            case .null: #expect(first == UInt8(ascii: "n"))
            }
        }
        // Lines and columns counted once over the file: a line per LF, a column per scalar.
        var line = 1
        var column = 1
        var index = 0
        for token in streams[0].prefix(5000) {
            while index < token.offset {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[index] & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            #expect(token.line == line && token.column == column, "\(file): \(token) at offset \(token.offset)")
        }
    }

    static let malformed: [String] = [
        "", "   ", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{1:2}", "[", "{", "[1,",
        "{\"a\":", "\"unterminated", "[-]", "[01]", "[1.]", "[.5]", "[1e]", "[1e+]", "-", "tru", "[tru]", "[nul,1]",
        "[truex]", "nulll", "[1]x", "{} {}", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\ud800\"]", "[\"a\u{01}b\"]",
        "\n\n  [1,\n 2,,3]", "[\"é\", é]", "{\"é\":1,\"é\":2}", "\u{FEFF}[1,]", "[1]\n\n  ]",
        "[[[[[[1]]]]]]", "{\"a\":{\"b\":[1,2,{\"c\":}]}}", "[\"\\u0000\"]", "[1,2", "{\"a\":1", "[\"a\"",
    ]

    @Test(
        "malformed input is refused with the scanner's code, message, line, column and offset, however it is cut",
        arguments: malformed
    )
    func malformedInput(text: String) throws {
        let bytes = Array(text.utf8)
        let options = ParseOptions(
            maxDepth: 4,
            duplicateKeys: .reject,
            allowsTopLevelScalars: true,
            allowsNULInStrings: false
        )
        let scanned: Result<Void, ParseError> = bytes.withUnsafeBytes { raw in
            Result { () throws(ParseError) in try JSONScanner.validate(raw, options: options, backend: "native") }
        }
        guard case .failure(let expected) = scanned else {
            Issue.record("the scanner accepts \(text.debugDescription)")
            return
        }
        for chunk in [1, 7, 4096] {
            let error = try #require(Self.tokens(bytes, chunk: chunk, options: options).error, "chunks of \(chunk)")
            #expect(error.code == expected.code, "\(text.debugDescription) in chunks of \(chunk)")
            #expect(error.message == expected.message, "\(text.debugDescription) in chunks of \(chunk)")
            let position: [Int] = [error.line, error.column, error.offset]
            #expect(
                position == [expected.line, expected.column, expected.offset],
                "\(text.debugDescription) in chunks of \(chunk): \(error) vs \(expected)"
            )
            #expect(error.backend == "native")
        }
    }

    /// Strings whose last character is a UTF-8 sequence that their closing quote cuts short, inside
    /// the document and at the input's end.
    static let cutSequences: [[UInt8]] = [
        Array(#"{"url"#.utf8) + [0xF3] + Array(#"": []}"#.utf8),
        Array(#"["a"#.utf8) + [0xE2, 0x82] + Array(#"", 1]"#.utf8),
        Array(#"[""#.utf8) + [0xC3] + Array(#""]"#.utf8),
        Array(#"[""#.utf8) + [0xF0, 0x9F] + Array(#"""#.utf8),
    ]

    @Test(
        "a UTF-8 sequence cut by a string's closing quote is refused with the scanner's message, however it is cut",
        arguments: cutSequences
    )
    func cutSequence(bytes: [UInt8]) throws {
        let scanned: Result<Void, ParseError> = bytes.withUnsafeBytes { raw in
            Result { () throws(ParseError) in
                try JSONScanner.validate(raw, options: ParseOptions(), backend: "native")
            }
        }
        guard case .failure(let expected) = scanned else {
            Issue.record("the scanner accepts \(bytes)")
            return
        }
        #expect(expected.code == .invalidUTF8)
        for chunk in [1, 2, 7, 4096] {
            let error = try #require(Self.tokens(bytes, chunk: chunk).error, "chunks of \(chunk)")
            #expect(error.code == .invalidUTF8)
            #expect(error.message == expected.message, "\(bytes) in chunks of \(chunk)")
            let position: [Int] = [error.line, error.column, error.offset]
            #expect(position == [expected.line, expected.column, expected.offset], "\(bytes) in chunks of \(chunk)")
        }
    }

    @Test("tokens carry their path, offset, line and column, and a number at a chunk's end waits for more input")
    func tokensAndBoundaries() throws {
        var reader = JSONTokenReader()
        reader.feed(Array(#"{"data": {"items": [1.5, "x"], "n": 12"#.utf8))
        var shown: [String] = []
        while case .token(let token) = try reader.next() {
            shown.append("\(token.offset) \(token)")
        }
        #expect(
            shown == [
                "0 1:1 $ {", #"1 1:2 data key "data""#, "9 1:10 data {", #"10 1:11 data.items key "items""#,
                "19 1:20 data.items [", "20 1:21 data.items[0] number 1.5", #"25 1:26 data.items[1] string "x""#,
                "28 1:29 data.items ]", #"31 1:32 data.n key "n""#,
            ]
        )
        // `12` may go on: the reader waits, then reads `123` once the next chunk says where it ends.
        #expect(try reader.next() == .needsMoreInput)
        reader.feed(Array("3}\n}".utf8))
        reader.finish()
        var rest: [String] = []
        while case .token(let token) = try reader.next() { rest.append("\(token)") }
        #expect(rest == ["1:37 data.n number 123", "1:40 data }", "2:1 $ }"])
        #expect(try reader.next() == .end)
        #expect(reader.offset == 42)
    }

    @Test("nesting past maxDepth is refused where the scanner refuses it, and the reader stays in error")
    func depthLimit() throws {
        let bytes = Array("[[[1]]]".utf8)
        let (tokens, error) = Self.tokens(bytes, chunk: 3, options: ParseOptions(maxDepth: 2))
        #expect(tokens.map(\.kind) == [.beginArray, .beginArray])
        let refused = try #require(error)
        #expect(refused.code == .depthLimitExceeded)
        #expect(refused.offset == 2 && refused.column == 3)
        #expect(refused.message == "nesting deeper than the limit of 2")
        var reader = JSONTokenReader(options: ParseOptions(maxDepth: 2))
        reader.feed(bytes)
        _ = try reader.next()
        _ = try reader.next()
        #expect(throws: refused) { try reader.next() }
        #expect(throws: refused) { try reader.next() }
    }

    @Test("input past maxInputSize is refused with inputTooLarge")
    func inputLimit() throws {
        var options = ParseOptions()
        options.maxInputSize = 8
        let (tokens, error) = Self.tokens(Array("[1, 2, 3, 4, 5]".utf8), chunk: 4, options: options)
        // `1` waits for the bytes after it (a number may go on), and the third chunk passes the limit.
        #expect(error?.code == .inputTooLarge)
        #expect(tokens.map(\.kind) == [.beginArray])
    }
}
