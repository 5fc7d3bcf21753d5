import FoundationEssentials
import MapCore
import MapTestSupport
import Testing

@testable import MapIO

/// Reading a whole source into one array: sized by what the source expects, right or wrong,
/// held to the limit to the byte, with the backend's read-ahead free past the end.
@Suite struct ReadAllTests {
    /// Bytes in memory that expect to give `expected` bytes (nil: cannot tell), handed out at
    /// most `step` at a time.
    struct Guessing: ByteSource, ExpectsLength {
        let bytes: [UInt8]
        let expected: Int?
        var step = Int.max
        var position = 0

        var expectedRemainingCount: Int? { expected.map { max(0, $0 - position) } }

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
            let count = min(buffer.count, bytes.count - position, step)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { all in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[position..<(position + count)]))
            }
            position += count
            return count
        }
    }

    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) } }

    @Test(
        "every byte comes back whatever the source expects: right, too few, too many, nothing, or unknown",
        arguments: [0, 1, 65_535, 65_536, 65_537, 300_001]
    )
    func anyGuess(count: Int) throws {
        let bytes = Self.bytes(count)
        for expected in [count, count / 3, count * 5 + 7, 0, nil] {
            for step in [Int.max, 4_093] {
                var source = Guessing(bytes: bytes, expected: expected, step: step)
                let read = try source.readAll(limit: .max, padding: 64)
                #expect(read == bytes, "expected \(String(describing: expected)), step \(step)")
            }
        }
    }

    @Test("a source that gives what it expected leaves the padding free past the end")
    func paddingKept() throws {
        for count in [0, 10, 65_536, 200_000] {
            var source = Guessing(bytes: Self.bytes(count), expected: count)
            let read = try source.readAll(limit: .max, padding: 64)
            #expect(read.count == count)
            #expect(read.capacity - read.count >= 64)
        }
    }

    @Test("the limit holds to the byte, and no more than one byte past it is ever read")
    func limit() throws {
        for (count, expected) in [(1_000, 1_000), (1_000, 10), (1_000, nil), (200_000, 200_000), (200_000, nil)] {
            var exact = Guessing(bytes: Self.bytes(count), expected: expected)
            #expect(try exact.readAll(limit: count) == Self.bytes(count))

            var over = Guessing(bytes: Self.bytes(count), expected: expected)
            let error = parseError { () throws(ParseError) in _ = try over.readAll(limit: count - 1, backend: "b") }
            #expect(error?.code == .inputTooLarge)
            #expect(error?.message == "the input is more than \(count - 1) bytes, the limit (maxInputSize)")
            #expect(error?.backend == "b")
            #expect(over.position == count)
        }
    }

    @Test("a regular file expects its size less what was read; standard input cannot tell")
    func fileExpects() throws {
        let bytes = Self.bytes(12_345)
        let path = FileManager.default.temporaryDirectory.path + "/readall-\(UInt64.random(in: 0...UInt64.max)).bin"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try FileByteSource(path: path)
        #expect(file.expectedRemainingCount == 12_345)
        var buffer = [UInt8](repeating: 0, count: 345)
        _ = try buffer.withUnsafeMutableBytes { chunk throws(ParseError) in try file.read(into: chunk) }
        #expect(file.expectedRemainingCount == 12_000)

        let plain = InflatingByteSource(try FileByteSource(path: path))
        #expect(plain.expectedRemainingCount == 12_345)
        var text = plain
        #expect(try text.readAll(limit: .max) == bytes)
        #expect(plain.expectedRemainingCount == 0)

        let gzip = InflatingByteSource(MemoryByteSource(try Compression.gzip.compress(bytes)))
        _ = try buffer.withUnsafeMutableBytes { chunk throws(ParseError) in try gzip.read(into: chunk) }
        #expect(gzip.expectedRemainingCount == nil)
        var rest = gzip
        #expect(try rest.readAll(limit: .max) == Array(bytes[345...]))
    }

    @Test("a file as large as maxInputSize parses; one byte larger is inputTooLarge naming the limit")
    func fileLimit() throws {
        let text = Array(#"{"items": [1, 2, 3], "name": "limit"}"#.utf8)
        let path = FileManager.default.temporaryDirectory.path + "/readall-\(UInt64.random(in: 0...UInt64.max)).json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fits = try textMapper(ParseOptions(maxInputSize: text.count))
        #expect(try fits.parse(JSONFile(path)) == fits.parse(text))
        let tooSmall = try textMapper(ParseOptions(maxInputSize: text.count - 1))
        let error = parseError { () throws(ParseError) in _ = try tooSmall.parse(JSONFile(path)) }
        #expect(error?.code == .inputTooLarge)
        #expect(error?.message.contains("more than \(text.count - 1) bytes") == true)
    }
}
