import BackendFoundation
import FoundationEssentials
import MapCore
import MapIO
import MapTestSupport
import Synchronization
import Testing

/// A backend that asks for 64 bytes of padding and records, for each parse, whether it came
/// through `parse(padded:)` and whether the promised bytes past the end were there to read.
final class PaddingRecorder: JSONBackend, Sendable {
    let calls = Mutex<[(padded: Bool, text: String)]>([])

    var name: String { "padding" }
    var maxSupportedDepth: Int { 1000 }
    var readablePadding: Int { 64 }

    func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        calls.withLock { $0.append((false, String(decoding: input, as: UTF8.self))) }
        return try FoundationBackend().parse(input, options: options)
    }

    func parse(padded input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        // Reading the padding must be possible; its values do not matter.
        let past = UnsafeRawBufferPointer(start: input.baseAddress.map { $0 + input.count }, count: readablePadding)
        _ = past.reduce(0 as UInt8) { $0 &+ $1 }
        calls.withLock { $0.append((true, String(decoding: input, as: UTF8.self))) }
        return try FoundationBackend().parse(input, options: options)
    }
}

@Suite struct PaddedParseTests {
    static let text = #"{"name": "padded", "ids": [1, 2, 3]}"#

    @Test("Text the mapper inflated itself is parsed in place by a backend that wants padding")
    func inflatedTextIsParsedPadded() throws {
        let recorder = PaddingRecorder()
        let mapper = try Mapper(backend: recorder)
        let gzip = try Compression.gzip.compress(Array(Self.text.utf8))
        let json = try mapper.parse(gzip)
        #expect(try json["name"].decode(String.self) == "padded")
        let calls = recorder.calls.withLock { $0 }
        #expect(calls.map(\.padded) == [true])
        #expect(calls.map(\.text) == [Self.text])
    }

    @Test("A file the mapper read is parsed in place; the caller's Data and short arrays are copied")
    func fileIsParsedPaddedCallerBytesAreNot() throws {
        let recorder = PaddingRecorder()
        let mapper = try Mapper(backend: recorder)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("padded-\(UUID()).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.text.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try mapper.parse(JSONFile(path))
        _ = try mapper.parse(Data(Self.text.utf8))
        var short = Array(Self.text.utf8)
        short.reserveCapacity(short.count + 63)
        let spare = short.capacity - short.count
        _ = try mapper.parse(short)
        let calls = recorder.calls.withLock { $0 }
        #expect(calls.map(\.padded) == [true, false, spare >= 64])
        #expect(calls.map(\.text) == [Self.text, Self.text, Self.text])
    }

    @Test(
        "An array whose spare capacity covers the padding is parsed in place, with or without a compression argument",
        arguments: [Compression.none, .automatic]
    )
    func arrayWithSpareCapacityIsParsedPadded(compression: Compression) throws {
        let recorder = PaddingRecorder()
        let mapper = try Mapper(backend: recorder)
        var bytes = Array(Self.text.utf8)
        bytes.reserveCapacity(bytes.count + 64)
        let json = try compression == .none ? mapper.parse(JSONBytes(bytes, compression: .none)) : mapper.parse(bytes)
        #expect(try json["name"].decode(String.self) == "padded")
        let calls = recorder.calls.withLock { $0 }
        #expect(calls.map(\.padded) == [true])
        #expect(calls.map(\.text) == [Self.text])
    }

    @Test("Text over maxInputSize is refused before the padded parse")
    func paddedParseKeepsTheSizeLimit() throws {
        let recorder = PaddingRecorder()
        let mapper = try Mapper(backend: recorder, parseOptions: ParseOptions(maxInputSize: 8))
        let gzip = try Compression.gzip.compress(Array(Self.text.utf8))
        let error = try #require(throws: ParseError.self) { try mapper.parse(gzip) }
        #expect(error.code == .inputTooLarge)
        #expect(recorder.calls.withLock { $0.isEmpty })
    }
}
