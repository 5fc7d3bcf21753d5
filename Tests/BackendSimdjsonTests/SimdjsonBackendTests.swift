// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// The backend's own surface: its name and limits, and `parse(padded:options:)`, which parses in
    /// place input that is followed by simdjson's padding instead of copying it.
    @Suite struct SimdjsonBackendTests {
        @Test("A document's values read back from the tape")
        func reads() throws {
            let mapper = try simdjsonMapper()
            let json = try mapper.parse(#"{"a": [1, -2, 18446744073709551615, 2.5, "xy"], "b": {"c": true}}"#)
            #expect(json["a"][0].int == 1)
            #expect(try json["a"][1].decode(Int64.self) == -2)
            #expect(try json["a"][2].decode(UInt64.self) == .max)
            #expect(try json["a"][3].decode(Double.self) == 2.5)
            #expect(try json["a"][4].decode(String.self) == "xy")
            #expect(try json["b"]["c"].decode(Bool.self) == true)
            #expect(json.count == 2)
            #expect(json["b"]["c"].path == ["b", "c"])
        }

        @Test("The backend is named simdjson, holds nesting to 2047 and needs 64 bytes of padding")
        func nameAndLimits() throws {
            let backend = SimdjsonBackend()
            #expect(backend.name == "simdjson")
            #expect(backend.maxSupportedDepth == 2047)
            #expect(SimdjsonBackend.requiredPadding == 64)
            #expect(backend.readablePadding == 64)
            let json = try simdjsonParse("[1]")
            #expect(json.document.backendName == "simdjson")
            #expect(json.document.origin?.backend.name == "simdjson")
            #expect(json.document.origin?.options == ParseOptions())
        }

        @Test("A maxDepth above 2047 given to the backend directly is held to 2047")
        func depthClampedToSupported() throws {
            let options = ParseOptions(maxDepth: 5000)
            let deepest = try simdjsonParse(nestedArrays(2047, innermost: "7"), options: options)
            #expect(deepest.document.origin?.options.maxDepth == 2047)
            var innermost = deepest
            for _ in 0..<2047 { innermost = innermost[0] }
            #expect(try innermost.decode(Int.self) == 7)
            #expect(innermost.path.components.count == 2047)

            let error = try #require(throws: ParseError.self) {
                try simdjsonParse(nestedArrays(2048, innermost: "7"), options: options)
            }
            #expect(error.code == .depthLimitExceeded)
            #expect(error.line == 1)
            #expect(error.column == 2048)
            #expect(error.offset == 2047)
        }

        // MARK: Padded input

        static let paddedCases: [String] = [
            #"{"a": [1, -2, 18446744073709551615, 2.5, "xy\u0000z"], "b": {"c": true, "d": null}}"#,
            "[]",
            "  42  ",
            #""text""#,
            "\u{FEFF}[1]",
            #"{"a": 1, "a": 2}"#,
            String(repeating: "[1, 2.5, \"s\"],", count: 200) + "[]",
            "[" + String(repeating: "[1, 2.5, \"s\"],", count: 200) + "[]]",
            "[1,\n 2,]",
            #"{"a": [1, 2"#,
            "[1e400]",
            "[18446744073709551616]",
            "",
            "   ",
            "[1] x",
            "[\"a\tb\"]",
            nestedArrays(600),
        ]

        @Test(
            "parse(padded:) gives what parse(_:) gives: the same values, or the same error",
            arguments: paddedCases
        )
        func paddedMatchesCopied(text: String) throws {
            let bytes = Array(text.utf8)
            let copied = Outcome { () throws(ParseError) in try simdjsonParse(bytes) }
            let padded = Outcome { () throws(ParseError) in try simdjsonParse(bytes, padding: 0) }
            #expect(padded == copied)
            // Where the scan rejects the text, both give the scan's error.
            if let scanned = scanError(bytes) {
                let expected = Outcome.error(
                    code: scanned.code,
                    line: scanned.line,
                    column: scanned.column,
                    offset: scanned.offset,
                    message: scanned.message
                )
                #expect(copied == expected)
            }
        }

        @Test(
            "A mapper parses an array in place through its spare capacity, whose bytes it ignores",
            arguments: [
                ("[1, 2", UInt8(ascii: "]"), ParseError.Code.unexpectedEndOfInput, 1, 6, 5),
                (#"{"a": "b"#, UInt8(ascii: "\""), .unexpectedEndOfInput, 1, 7, 6),
                ("12", UInt8(ascii: "3"), nil, 0, 0, 0),
                (#"{"a":[1,2]}"#, UInt8(ascii: "]"), nil, 0, 0, 0),
            ] as [(String, UInt8, ParseError.Code?, Int, Int, Int)]
        )
        func mapperParsesArrayInPlace(
            text: String,
            spare: UInt8,
            code: ParseError.Code?,
            line: Int,
            column: Int,
            offset: Int
        ) throws {
            // The spare capacity holds bytes that would complete the document, written and then removed.
            var bytes = Array(text.utf8)
            bytes.append(contentsOf: [UInt8](repeating: spare, count: SimdjsonBackend.requiredPadding))
            bytes.removeLast(SimdjsonBackend.requiredPadding)
            #expect(bytes.capacity - bytes.count >= SimdjsonBackend.requiredPadding)
            let mapper = try simdjsonMapper()
            guard let code else {
                #expect(try mapper.parse(bytes).description == text)
                return
            }
            let error = try #require(throws: ParseError.self) { try mapper.parse(bytes) }
            #expect(error.code == code)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
        }

        @Test(
            "parse(padded:) ignores the padding's bytes, even ones that would complete the document",
            arguments: [
                ("[1, 2", UInt8(ascii: "]"), ParseError.Code.unexpectedEndOfInput, 1, 6, 5),
                (#"{"a": "b"#, UInt8(ascii: "\""), .unexpectedEndOfInput, 1, 7, 6),
                ("[tru", UInt8(ascii: "e"), .unexpectedEndOfInput, 1, 5, 4),
                ("12", UInt8(ascii: "3"), nil, 0, 0, 0),
                ("[1]", UInt8(ascii: ","), nil, 0, 0, 0),
            ] as [(String, UInt8, ParseError.Code?, Int, Int, Int)]
        )
        func paddingBytesIgnored(
            text: String,
            padding: UInt8,
            code: ParseError.Code?,
            line: Int,
            column: Int,
            offset: Int
        ) throws {
            let bytes = Array(text.utf8)
            guard let code else {
                let json = try simdjsonParse(bytes, padding: padding)
                #expect(json.description == (try simdjsonParse(bytes)).description)
                #expect(json.description == text)
                return
            }
            let error = try #require(throws: ParseError.self) { try simdjsonParse(bytes, padding: padding) }
            #expect(error.code == code)
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.offset == offset)
            #expect(error.offset == scanError(bytes)?.offset)
        }

        @Test("A document parsed in place does not borrow the input: it reads the same after the buffer is overwritten")
        func paddedDocumentOwnsItsValues() throws {
            let text = #"{"name": "Ada \"L\" Lovelace", "ids": [1, 2, 3], "nested": {"k": "v"}}"#
            let padding = SimdjsonBackend.requiredPadding
            var buffer = Array(text.utf8) + [UInt8](repeating: 0, count: padding)
            let result: Result<any JSONDocument, ParseError> = buffer.withUnsafeBytes { whole in
                let input = UnsafeRawBufferPointer(rebasing: whole[..<(whole.count - padding)])
                return Result { () throws(ParseError) -> any JSONDocument in
                    try SimdjsonBackend().parse(padded: input, options: ParseOptions())
                }
            }
            let json = JSON(document: try result.get())
            for index in buffer.indices { buffer[index] = UInt8(ascii: "x") }
            #expect(buffer.allSatisfy { $0 == UInt8(ascii: "x") })
            #expect(try json["name"].decode(String.self) == #"Ada "L" Lovelace"#)
            #expect(try json["ids"].decode([Int].self) == [1, 2, 3])
            #expect(try json["nested"]["k"].decode(String.self) == "v")
            #expect(json["nested"]["k"].path == ["nested", "k"])
        }

        @Test("The catalog's example of parse(padded:) reads its payload")
        func catalogPaddedExample() throws {
            let padding = SimdjsonBackend.requiredPadding
            var buffer = Array(#"{"id": 7}"#.utf8)
            buffer.append(contentsOf: repeatElement(0, count: padding))
            let document = try buffer.withUnsafeBytes { bytes in
                let input = UnsafeRawBufferPointer(rebasing: bytes.dropLast(padding))
                return try SimdjsonBackend().parse(padded: input, options: ParseOptions())
            }
            let id = try JSON(document: document)["id"].decode(Int.self)
            #expect(id == 7)
            #expect(JSON(document: document)["id"].path == ["id"])
            #expect(document.backendName == "simdjson")
        }

        @Test("parse(padded:) honours maxInputSize and the options, as parse(_:) does")
        func paddedHonoursOptions() throws {
            let tooLarge = try #require(throws: ParseError.self) {
                try simdjsonParse("[1, 2, 3]", padding: 0, options: ParseOptions(maxInputSize: 8))
            }
            #expect(tooLarge.code == .inputTooLarge)
            #expect(tooLarge.offset == 0)
            #expect(tooLarge.backend == "simdjson")

            let repeated = try #require(throws: ParseError.self) {
                try simdjsonParse(#"{"a": 1,"a": 2}"#, padding: 0, options: ParseOptions(duplicateKeys: .reject))
            }
            #expect(repeated.code == .duplicateKey)
            #expect(repeated.line == 1)
            #expect(repeated.column == 9)
            #expect(repeated.offset == 8)

            let scalar = try #require(throws: ParseError.self) {
                try simdjsonParse(" 1", padding: 0, options: ParseOptions(allowsTopLevelScalars: false))
            }
            #expect(scalar.code == .topLevelScalarNotAllowed)
            #expect(scalar.column == 2)
            #expect(scalar.offset == 1)
        }
    }
#endif
