import Foundation
import JSONMapping
import MapTestSupport
import Testing

@testable import MapIO

/// An array feed's elements that are objects or arrays are cut by their brackets alone and checked
/// by their parse only: what a feed gives must be what the validating cut gives, record for record
/// and error for error.
@Suite struct BracketCutTests {
    /// What reading `bytes` as a feed of `format` gives, `step` bytes at a time, with elements cut
    /// by their brackets or by the validating scanner: each record's text, or its error in full
    /// (`failed` when the policy decides, `ended` when it ends the feed whatever the policy).
    static func outcomes(
        _ bytes: [UInt8],
        format: FeedOptions.Format,
        mapper: Mapper,
        byBrackets: Bool,
        step: Int,
        maxRecordSize: Int = 1 << 20
    ) -> [String] {
        var splitter = FeedSplitter(
            format: format,
            maxRecordSize: maxRecordSize,
            parseOptions: mapper.parseOptions,
            backend: mapper.backend.name
        )
        #expect(splitter.cutsByBrackets, "the default options cut by brackets")
        splitter.cutsByBrackets = byBrackets
        var options = FeedOptions(format: format)
        options.maxRecordSize = maxRecordSize
        let processor = FeedRecordProcessor<String>(
            mapper: mapper,
            options: options,
            callSite: CallSite(file: #fileID, line: #line, function: #function),
            onError: nil,
            transform: { $0.description }
        )
        func describe(_ error: FeedError) -> String {
            let parse = error.error.parseError.map { "\($0.code) \($0.line):\($0.column) @\($0.offset) \($0.message)" }
            return "#\(error.recordIndex) \(error.line):\(error.column) @\(error.offset) \(error.error.code) "
                + (parse ?? "\(error.error.path) \(error.error.message)")
        }
        var fed = 0
        var out: [String] = []
        while true {
            let next: FeedSplitter.Step
            do {
                next = try splitter.next()
            } catch {
                out.append("ended " + describe(error))
                return out
            }
            switch next {
            case .record(let record):
                switch processor.decoder.decode(record, in: splitter.bytes) {
                case .success(let text):
                    out.append(text)
                case .failure(let error):
                    out.append((error.endsFeed ? "ended " : "failed ") + describe(error))
                    if error.endsFeed { return out }
                }
            case .failed(let error):
                out.append("failed " + describe(error))
            case .needsInput:
                if fed == bytes.count {
                    splitter.finish()
                } else {
                    let count = min(step, bytes.count - fed)
                    bytes[fed..<(fed + count)].withUnsafeBytes { splitter.append($0) }
                    fed += count
                }
            case .end:
                return out
            }
        }
    }

    /// Arrays of objects and arrays, with strings that look like structure, escapes, numbers of
    /// every form and characters of every UTF-8 length.
    static let seeds: [(String, FeedOptions.Format)] = [
        (
            #"[{"id": 1, "name": "a ] b [ c", "tags": [1, -2.5e3, true, null]},"#
                + #" {"id": 2, "name": "{\"x\": [1, 2]}, ]", "nested": {"deep": [[{}], []]}},"#
                + "\n  [3, \"\\\\\\\" } { \\u005d\", {\"k\": \"新しい 😀\"}], {\"id\": 4, \"e\": \"\\ud83d\\ude00\"}]",
            .array
        ),
        (
            #"{"meta": {"n": 2, "s": "] } ["}, "data": {"items": [{"id": 1, "v": [0.5, "x"]},"#
                + #" {"id": 2, "v": {"a": {"b": "é\t"}}}, [], {}], "after": [1]}, "end": true}"#,
            .nestedArray(at: "data" / "items")
        ),
    ]

    /// Elements longer than a block, whose strings, backslash runs and brackets fall at every
    /// offset from the element's start (where the cut's blocks start) across the first block's end.
    static let longElements: String = {
        var elements: [String] = []
        for length in 50..<80 {
            let text = String(repeating: "a", count: length)
            elements.append(#"{"k": "\#(text)\\\\\"] } [", "n": [[["\#(text.prefix(length % 7))"]]]}"#)
            let depth = length % 20 + 1
            elements.append(String(repeating: #"{"a": ["#, count: depth) + "1" + String(repeating: "]}", count: depth))
        }
        return "[" + elements.joined(separator: ",\n") + "]"
    }()

    /// Bytes a mutation puts in: structure, quotes, escapes, digits, letters, a control
    /// character, bytes that break UTF-8, whitespace.
    static let insertions = Array("{}[]\",:\\0-.etx u".utf8) + [0x01, 0x00, 0xFF, 0xC3, 0x80, 0x0A]

    @Test(
        "mutated feeds give the same records and errors cut by brackets as cut by the validating scanner",
        arguments: feedBackends
    )
    func bracketCutAgreesWithValidatingCut(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        var random = SplitMix64(seed: 0x5EED_CAFE)
        var compared = 0
        var ended = 0
        for (seed, format) in Self.seeds + [(Self.longElements, .array)] {
            let original = Array(seed.utf8)
            for round in 0..<400 {
                var bytes = original
                for _ in 0..<(1 + round % 3) {
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(Self.insertions[Int(random.next() % UInt64(Self.insertions.count))], at: at)
                    case 2: bytes[at] = Self.insertions[Int(random.next() % UInt64(Self.insertions.count))]
                    default:
                        let end = min(bytes.count, at + Int(random.next() % 12))
                        bytes.insert(contentsOf: bytes[at..<end], at: at)
                    }
                }
                let step = [bytes.count, 7, 1][round % 3]
                let cut = Self.outcomes(bytes, format: format, mapper: mapper, byBrackets: true, step: step)
                let checked = Self.outcomes(bytes, format: format, mapper: mapper, byBrackets: false, step: step)
                #expect(cut == checked, "\(backend), \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                compared += 1
                if checked.last?.hasPrefix("ended ") ?? false { ended += 1 }
            }
        }
        // The mutations reach the errors the cut must reproduce, not only valid feeds.
        #expect(compared == 1200)
        #expect(ended > 300)
    }

    @Test("the unmutated seeds read whole, each element a record", arguments: feedBackends)
    func seedsReadWhole(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let array = Self.outcomes(
            Array(Self.seeds[0].0.utf8),
            format: .array,
            mapper: mapper,
            byBrackets: true,
            step: 5
        )
        #expect(array.count == 4)
        #expect(array[0] == #"{"id":1,"name":"a ] b [ c","tags":[1,-2.5e3,true,null]}"#)
        #expect(array[3] == #"{"id":4,"e":"😀"}"#)
        let nested = Self.outcomes(
            Array(Self.seeds[1].0.utf8),
            format: Self.seeds[1].1,
            mapper: mapper,
            byBrackets: true,
            step: 5
        )
        let long = Self.outcomes(
            Array(Self.longElements.utf8),
            format: .array,
            mapper: mapper,
            byBrackets: true,
            step: 9
        )
        #expect(long.count == 60)
        #expect(long.first == #"{"k":"\#(String(repeating: "a", count: 50))\\\\\"] } [","n":[[["a"]]]}"#)
        #expect(long.last == String(repeating: #"{"a":["#, count: 20) + "1" + String(repeating: "]}", count: 20))
        #expect(nested == [#"{"id":1,"v":[0.5,"x"]}"#, #"{"id":2,"v":{"a":{"b":"é\t"}}}"#, "[]", "{}"])
    }

    @Test(
        "an element whose brackets close early or late ends the feed under skip with the scanner's error and place",
        arguments: feedBackends
    )
    func mismatchedBracketsEndFeed(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        // `[1}` brings the element's count to zero at `]`: the scanner refuses the `}` at line 3,
        // column 12.
        let text =
            "[\n  {\"id\": 1, \"name\": \"a\"},\n  {\"id\": [1}], \"name\": \"b\"},\n  {\"id\": 3, \"name\": \"c\"}\n]"
        let box = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: TricklingSource(Array(text.utf8)),
            options: FeedOptions(format: .array, errorPolicy: .skip),
            onError: { box.append($0) }
        )
        #expect(try reader.next() == Item(id: 1, name: "a"))
        do {
            _ = try reader.next()
            Issue.record("expected the syntax error")
        } catch {
            #expect(error.recordIndex == 1)
            #expect(error.line == 3)
            #expect(error.column == 12)
            #expect(error.offset == 39)
            #expect(error.error.code == .invalidJSON)
            #expect(error.error.parseError?.code == .unexpectedCharacter)
        }
        #expect(try reader.next() == nil)
        #expect(box.errors.isEmpty, "a syntax error is not reported to the handler as a skipped record")
    }

    @Test(
        "bad UTF-8 and a raw control character inside an element end the feed with the scanner's code and place",
        arguments: feedBackends
    )
    func invalidBytesInsideElement(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        for (bytes, code, column) in [
            (
                Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"#.utf8) + [0xFF] + Array(#""}]"#.utf8),
                ParseError.Code.invalidUTF8, 46
            ),
            (
                Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"#.utf8) + [0x01] + Array(#""}]"#.utf8),
                .controlCharacterInString, 46
            ),
        ] {
            let reader = try mapper.feed(
                Item.self,
                from: MemoryByteSource(bytes),
                options: FeedOptions(format: .array, errorPolicy: .skip)
            )
            #expect(try reader.next() == Item(id: 1, name: "a"))
            do {
                _ = try reader.next()
                Issue.record("expected \(code)")
            } catch {
                #expect(error.recordIndex == 1)
                #expect(error.error.parseError?.code == code)
                #expect(error.line == 1)
                #expect(error.column == column)
                #expect(error.offset == 45)
            }
            #expect(try reader.next() == nil)
        }
    }

    @Test(
        "a character cut short just before a string's closing quote is described as in the whole input, at the feed's end too",
        arguments: feedBackends
    )
    func characterCutShortBeforeQuote(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        let element = Array(#"{"a": "x"#.utf8) + [0xF3] + Array(#""}"#.utf8)
        let good = Array(#"{"a": "y"}"#.utf8)
        for bytes in [
            Array("[".utf8) + element + Array(", ".utf8) + good + Array("]".utf8),
            Array("[".utf8) + good + Array(", ".utf8) + element + Array("]".utf8),
            Array("[".utf8) + good + Array(",".utf8) + element,
            Array("[".utf8) + element + Array("]  ".utf8) + Array(repeating: UInt8(ascii: " "), count: 20),
        ] {
            for step in [bytes.count, 7, 1] {
                let cut = Self.outcomes(bytes, format: .array, mapper: mapper, byBrackets: true, step: step)
                let checked = Self.outcomes(bytes, format: .array, mapper: mapper, byBrackets: false, step: step)
                #expect(cut == checked, "\(String(decoding: bytes, as: UTF8.self).debugDescription) by \(step)")
                #expect(cut.last?.hasPrefix("ended ") ?? false)
                #expect(cut.last?.contains("invalidUTF8") ?? false)
            }
        }
    }

    @Test(
        "a short element refused near a small record limit gives its own error, read whole or a byte at a time",
        arguments: feedBackends
    )
    func shortElementNearRecordLimit(backend: String) throws {
        let mapper = try Mapper(backend: Backends.named(backend))
        // A raw NUL inside a key: the 9-byte element is refused, not too long for the 16-byte limit.
        let bytes = Array("[{\"\u{0}a\":1}, 2, \"x\",, 2, \"x\", [3],}]".utf8)
        for step in [bytes.count, 7, 1] {
            let cut = Self.outcomes(
                bytes,
                format: .array,
                mapper: mapper,
                byBrackets: true,
                step: step,
                maxRecordSize: 16
            )
            #expect(cut.count == 1)
            #expect(cut.first?.hasPrefix("ended #0 1:4 @3 invalidJSON controlCharacterInString") ?? false, "\(cut)")
        }
    }

    @Test("an element nested deeper than the limit left to the array's elements is refused as before")
    func depthLimitOfElements() throws {
        var parse = ParseOptions()
        parse.maxDepth = 4
        let mapper = try Mapper(parseOptions: parse)
        // The document's depth limit of 4 leaves an element of `data.items` one level.
        let text = #"{"data": {"items": [{"a": 1}, {"a": {"b": 2}}]}}"#
        let reader = try mapper.feed(
            from: MemoryByteSource(Array(text.utf8)),
            options: FeedOptions(format: .nestedArray(at: "data" / "items"), errorPolicy: .skip)
        )
        #expect(try reader.next()?.description == #"{"a":1}"#)
        do {
            _ = try reader.next()
            Issue.record("expected the depth error")
        } catch {
            #expect(error.recordIndex == 1)
            #expect(error.error.parseError?.code == .depthLimitExceeded)
            #expect(error.offset == 36)
        }
    }

    @Test("a record its backend alone refuses stays a skippable record")
    func backendRefusalIsSkippable() throws {
        guard Backends.names.contains("jansson") else { return }
        let mapper = try Mapper(backend: Backends.named("jansson"))
        let text = #"[{"id": 18446744073709551615, "name": "a"}, {"id": 2, "name": "b"}]"#
        let box = ErrorBox()
        let reader = try mapper.feed(
            Item.self,
            from: MemoryByteSource(Array(text.utf8)),
            options: FeedOptions(format: .array, errorPolicy: .skip),
            onError: { box.append($0) }
        )
        #expect(try reader.next() == Item(id: 2, name: "b"))
        #expect(try reader.next() == nil)
        #expect(box.errors.map(\.recordIndex) == [0])
        #expect(box.errors.first?.error.parseError?.code == .numberOutOfRange)
        #expect(box.errors.first?.column == 9)
    }
}
