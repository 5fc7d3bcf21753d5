import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct InputErrorTests {
    @Test(
        "compressed and unreadable parse errors map to mapping codes and the Input log kind",
        arguments: [
            (ParseError.Code.corruptCompressedData, MappingError.Code.unreadableInput),
            (.truncatedCompressedData, .unreadableInput),
            (.unreadableInput, .unreadableInput),
            (.inflatedSizeExceeded, .inputTooLarge),
            (.inputTooLarge, .inputTooLarge),
            (.trailingComma, .invalidJSON),
        ]
    )
    func mapping(parseCode: ParseError.Code, mappingCode: MappingError.Code) {
        let parse = ParseError(code: parseCode, message: "it broke", line: 1, column: 1, offset: 42)
        let error = MappingError(parseError: parse)
        #expect(error.code == mappingCode)
        #expect(error.parseError == parse)
        let entry = LogEntry(error: error)
        #expect(entry.kind == (mappingCode == .invalidJSON ? .dataToJSON : .input))
        #expect(entry.code == mappingCode.description)
    }

    @Test("errors about compressed input describe themselves by message and compressed offset, not line and column")
    func descriptions() throws {
        var compressed = try Compression.gzip.compress(sampleJSON(1_000))
        compressed.removeLast(4)
        let error = try #require(parseError { () throws(ParseError) in _ = try inflate(compressed) })
        #expect(error.line == 1)
        #expect(error.column == 1)
        #expect(error.description == error.message)
        #expect(error.message.contains("\(compressed.count) compressed bytes"))
        #expect(
            error.debugDescription.hasPrefix(
                "ParseError(truncatedCompressedData) at compressed byte \(compressed.count)"
            )
        )
        let json = ParseError(code: .trailingComma, message: "m", line: 3, column: 14, offset: 40)
        #expect(json.description == "3:14: m")
    }
}
