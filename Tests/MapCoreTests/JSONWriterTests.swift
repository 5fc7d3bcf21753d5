import MapCore
import MapIO
import MapTestSupport
import Testing

/// A writer under test: the byte writer or the in-memory builder.
enum WriterKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case writer, builder

    func make() -> any JSONWriting {
        switch self {
        case .writer: JSONWriter()
        case .builder: JSONBuilder()
        }
    }

    var testDescription: String { rawValue }
}

@Suite struct JSONWriterTests {
    /// Writes a sample document through events.
    static func writeSample(to writer: some JSONWriting) throws {
        try writer.beginObject()
        try writer.key("b")
        try writer.int64(1)
        try writer.key("a")
        try writer.beginArray()
        try writer.bool(true)
        try writer.null()
        try writer.beginObject()
        try writer.key("z")
        try writer.string("x")
        try writer.key("y")
        try writer.double(1.5)
        try writer.endObject()
        try writer.endArray()
        try writer.key("empty object")
        try writer.beginObject()
        try writer.endObject()
        try writer.key("empty array")
        try writer.beginArray()
        try writer.endArray()
        try writer.endObject()
    }

    static func output(_ options: JSONWriter.Options) throws -> UTF8Text {
        let writer = JSONWriter(options: options)
        try writeSample(to: writer)
        return UTF8Text(try writer.finish())
    }

    @Test("compact output has no whitespace and keeps keys in the order written")
    func compact() throws {
        #expect(
            try Self.output(.init()) == #"{"b":1,"a":[true,null,{"z":"x","y":1.5}],"empty object":{},"empty array":[]}"#
        )
    }

    @Test("pretty output puts one member or element per line, indented")
    func pretty() throws {
        let expected = """
            {
              "b": 1,
              "a": [
                true,
                null,
                {
                  "z": "x",
                  "y": 1.5
                }
              ],
              "empty object": {},
              "empty array": []
            }
            """
        #expect(try Self.output(.pretty) == UTF8Text(expected))
    }

    @Test("pretty output honours the indent width")
    func prettyIndent() throws {
        let writer = JSONWriter(options: .init(formatting: .pretty(indent: 4)))
        try writer.beginArray()
        try writer.beginObject()
        try writer.key("a")
        try writer.int64(1)
        try writer.endObject()
        try writer.endArray()
        #expect(UTF8Text(try writer.finish()) == "[\n    {\n        \"a\": 1\n    }\n]")
    }

    @Test("sorted keys reorder every object, nested ones too, in compact output")
    func sortedCompact() throws {
        #expect(
            try Self.output(.init(sortsKeys: true))
                == #"{"a":[true,null,{"y":1.5,"z":"x"}],"b":1,"empty array":[],"empty object":{}}"#
        )
    }

    @Test("sorted keys reorder every object, nested ones too, in pretty output")
    func sortedPretty() throws {
        let expected = """
            {
              "a": [
                true,
                null,
                {
                  "y": 1.5,
                  "z": "x"
                }
              ],
              "b": 1,
              "empty array": [],
              "empty object": {}
            }
            """
        #expect(try Self.output(.init(formatting: .pretty(indent: 2), sortsKeys: true)) == UTF8Text(expected))
    }

    @Test("sorted keys follow Unicode code point order, not UTF-16 order, and compare unescaped keys")
    func sortOrder() throws {
        let writer = JSONWriter(options: .init(sortsKeys: true))
        try writer.beginObject()
        for key in ["🎉", "\u{FFFF}", "é", "z", "a", "Z", "a\"", "a\n", ""] {
            try writer.key(key)
            try writer.int64(0)
        }
        try writer.endObject()
        #expect(
            UTF8Text(try writer.finish())
                == UTF8Text("{\"\":0,\"Z\":0,\"a\":0,\"a\\n\":0,\"a\\\"\":0,\"z\":0,\"é\":0,\"\u{FFFF}\":0,\"🎉\":0}")
        )
    }

    @Test("sorting moves whole nested values, at every depth")
    func sortDeep() throws {
        let json: JSON = ["c": ["z": [["b": 1, "a": 2]], "y": nil], "a": [3, ["d": 4, "c": [5]]]]
        #expect(
            try UTF8Text(json.text(options: .init(sortsKeys: true)))
                == #"{"a":[3,{"c":[5],"d":4}],"c":{"y":null,"z":[{"a":2,"b":1}]}}"#
        )
    }

    // MARK: Escaping

    static func quoted(_ string: String, _ options: JSONWriter.Options = .init()) throws -> UTF8Text {
        let writer = JSONWriter(options: options)
        try writer.string(string)
        return UTF8Text(try writer.finish())
    }

    @Test("quote and backslash are escaped")
    func quoteAndBackslash() throws {
        #expect(try Self.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    }

    @Test("every control character is escaped, with short forms where JSON has them")
    func controlCharacters() throws {
        let input = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        let short: [UInt8: String] = [0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"]
        let hex = Array("0123456789abcdef")
        let expected = (0..<0x20).map { (byte: UInt8) in
            short[byte] ?? "\\u00\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
        }.joined()
        #expect(try Self.quoted(input) == UTF8Text("\"" + expected + "\""))
        #expect(try Self.quoted("\u{7F}") == "\"\u{7F}\"")
    }

    @Test("U+2028 and U+2029 are escaped; other non-ASCII is written raw by default")
    func lineSeparators() throws {
        #expect(try Self.quoted("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        #expect(try Self.quoted("é€🎉\u{2027}\u{202A}") == "\"é€🎉\u{2027}\u{202A}\"")
    }

    @Test("slash is written raw by default and escaped on request")
    func slashes() throws {
        #expect(try Self.quoted("a/b") == #""a/b""#)
        #expect(try Self.quoted("a/b", .init(escapesSlashes: true)) == #""a\/b""#)
    }

    @Test("non-ASCII is escaped on request, with surrogate pairs beyond the BMP")
    func nonASCIIEscaped() throws {
        let options = JSONWriter.Options(escapesNonASCII: true)
        #expect(try Self.quoted("aé€🎉\u{10FFFF}\u{2028}", options) == #""a\u00e9\u20ac\ud83c\udf89\udbff\udfff\u2028""#)
    }

    /// Each character escaped as the rules say, one at a time: what the writer's block-wise
    /// scan must match.
    static func referenceQuoted(_ string: String, _ options: JSONWriter.Options) -> String {
        func escape(_ unit: UInt32) -> String {
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "/" where options.escapesSlashes: text += "\\/"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{00}"..<"\u{20}", "\u{2028}", "\u{2029}": text += escape(scalar.value)
            case "\u{80}"... where options.escapesNonASCII:
                if scalar.value >= 0x10000 {
                    let value = scalar.value - 0x10000
                    text += escape(0xD800 + (value >> 10)) + escape(0xDC00 + (value & 0x3FF))
                } else {
                    text += escape(scalar.value)
                }
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    @Test(
        "every character is escaped the same at any place in a string of any length, under every option",
        arguments: [
            "\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "\u{7F}", "é", "€", "\u{2027}", "\u{2028}", "\u{2029}", "🎉",
        ]
    )
    func escapingAtEveryPlace(special: String) throws {
        let options: [JSONWriter.Options] = [
            .init(), .init(escapesSlashes: true), .init(escapesNonASCII: true),
            .init(escapesSlashes: true, escapesNonASCII: true),
        ]
        for before in 0..<34 {
            for after in 0..<34 {
                let string = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
                for option in options {
                    #expect(try Self.quoted(string, option) == UTF8Text(Self.referenceQuoted(string, option)))
                }
            }
        }
        let mixed = String(repeating: special + "ab\u{2028}\u{E9}c\"", count: 9)
        for option in options {
            #expect(try Self.quoted(mixed, option) == UTF8Text(Self.referenceQuoted(mixed, option)))
        }
    }

    @Test("keys are escaped the same way as strings")
    func keysEscaped() throws {
        let writer = JSONWriter()
        try writer.beginObject()
        try writer.key("a\"b\n\u{2028}")
        try writer.null()
        try writer.endObject()
        #expect(UTF8Text(try writer.finish()) == #"{"a\"b\n\u2028":null}"#)
    }

    // MARK: Numbers

    @Test("integers are written exactly across the whole Int64 and UInt64 range")
    func integers() throws {
        let writer = JSONWriter()
        try writer.beginArray()
        for value in [Int64.min, -1, 0, 9, 10, Int64.max] { try writer.int64(value) }
        for value in [UInt64.min, UInt64.max] { try writer.uint64(value) }
        try writer.endArray()
        #expect(
            UTF8Text(try writer.finish())
                == "[-9223372036854775808,-1,0,9,10,9223372036854775807,0,18446744073709551615]"
        )
    }

    static let doubles: [(Double, String)] = [
        (0.1, "0.1"),
        (1.5, "1.5"),
        (100, "100.0"),
        (-0.0, "-0.0"),
        (1e-7, "1e-07"),
        (.leastNonzeroMagnitude, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (0.30000000000000004, "0.30000000000000004"),
        (1e16, "1e+16"),
        (123456789012345.6, "123456789012345.6"),
    ]

    @Test("doubles are written in their shortest form and read back bit for bit", arguments: doubles)
    func shortestDoubles(value: Double, text: String) throws {
        let writer = JSONWriter()
        try writer.double(value)
        let bytes = try writer.finish()
        #expect(UTF8Text(bytes) == UTF8Text(text))
        #expect(bytes.withUnsafeBytes { NumberText.isValidJSONNumber($0) })
        let back = try #require(Double(String(decoding: bytes, as: UTF8.self)))
        #expect(back.bitPattern == value.bitPattern)
        #expect(try number(String(decoding: bytes, as: UTF8.self)).decode(Double.self).bitPattern == value.bitPattern)
    }

    @Test("NaN and infinities are not representable and nothing is written", arguments: WriterKind.allCases)
    func nonFinite(kind: WriterKind) throws {
        for value in [Double.nan, .infinity, -.infinity] {
            let writer = kind.make()
            try writer.beginArray()
            let error = try #require(throws: MappingError.self) { try writer.double(value) }
            #expect(error.code == .notRepresentable)
            try writer.endArray()
            if let bytes = (writer as? JSONWriter)?.bytes {
                #expect(UTF8Text(bytes) == "[]")
            }
        }
    }

    @Test("number text is checked and then written as is", arguments: WriterKind.allCases)
    func numberText(kind: WriterKind) throws {
        let writer = kind.make()
        try writer.beginArray()
        for text in ["12.50", "-0", "1E+2", "123456789012345678901234567890"] { try writer.number(text: text) }
        for text in ["01", "1.", "+1", "NaN", "", "1 ", "0x1"] {
            let error = try #require(throws: MappingError.self, "\(text)") { try writer.number(text: text) }
            #expect(error.code == .unsupportedValue)
        }
        try writer.endArray()
        let output: UTF8Text
        if let builder = writer as? JSONBuilder {
            output = UTF8Text(Array(try builder.makeJSON().text().utf8))
        } else {
            output = UTF8Text(try (writer as! JSONWriter).finish())
        }
        #expect(output == "[12.50,-0,1E+2,123456789012345678901234567890]")
    }

    // MARK: Event order

    typealias Events = @Sendable (any JSONWriting) throws -> Void

    static let outOfOrder: [(String, Events)] = [
        (
            "a value where a key is due",
            {
                try $0.beginObject(); try $0.int64(1)
            }
        ),
        (
            "a container where a key is due",
            {
                try $0.beginObject(); try $0.beginArray()
            }
        ),
        (
            "a key in an array",
            {
                try $0.beginArray(); try $0.key("a")
            }
        ),
        ("a key at the top level", { try $0.key("a") }),
        (
            "two keys in a row",
            {
                try $0.beginObject(); try $0.key("a"); try $0.key("b")
            }
        ),
        (
            "an object closed while a value is due",
            {
                try $0.beginObject(); try $0.key("a"); try $0.endObject()
            }
        ),
        (
            "an array closed with endObject",
            {
                try $0.beginArray(); try $0.endObject()
            }
        ),
        (
            "an object closed with endArray",
            {
                try $0.beginObject(); try $0.endArray()
            }
        ),
        ("endArray with nothing open", { try $0.endArray() }),
        ("endObject with nothing open", { try $0.endObject() }),
        (
            "endArray after the top-level value",
            {
                try $0.beginArray(); try $0.endArray(); try $0.endArray()
            }
        ),
        (
            "a second top-level scalar",
            {
                try $0.int64(1); try $0.int64(2)
            }
        ),
        (
            "a second top-level container",
            {
                try $0.beginArray(); try $0.endArray(); try $0.beginObject()
            }
        ),
        (
            "a scalar after a top-level container",
            {
                try $0.beginObject(); try $0.endObject(); try $0.null()
            }
        ),
    ]

    @Test("every out-of-order event is an invalid writer state", arguments: WriterKind.allCases, outOfOrder.indices)
    func eventsOutOfOrder(kind: WriterKind, index: Int) throws {
        let (label, events) = Self.outOfOrder[index]
        let writer = kind.make()
        let error = try #require(throws: MappingError.self, "\(label)") { try events(writer) }
        #expect(error.code == .invalidWriterState, "\(label)")
    }

    @Test("finishing with open containers or nothing written is an invalid writer state")
    func finishTooEarly() throws {
        let empty = JSONWriter()
        let nothing = try #require(throws: MappingError.self) { try empty.finish() }
        #expect(nothing.code == .invalidWriterState)

        let open = JSONWriter()
        try open.beginArray()
        try open.beginObject()
        let unclosed = try #require(throws: MappingError.self) { try open.finish() }
        #expect(unclosed.code == .invalidWriterState)

        let builder = JSONBuilder()
        try builder.beginArray()
        #expect(!builder.isComplete)
        let unfinished = try #require(throws: MappingError.self) { try builder.makeJSON() }
        #expect(unfinished.code == .invalidWriterState)
    }

    @Test("a JSON value writes itself through the writer")
    func jsonText() throws {
        let json: JSON = ["a": [1, 2.5, "x", true, nil], "b": [:]]
        #expect(try json.text() == #"{"a":[1,2.5,"x",true,null],"b":{}}"#)
        #expect(json.description == #"{"a":[1,2.5,"x",true,null],"b":{}}"#)
        #expect(json["missing"].description == "(missing)")
        #expect(try json["a"].text(options: .pretty) == "[\n  1,\n  2.5,\n  \"x\",\n  true,\n  null\n]")
    }
}
