import BackendFoundation
import FoundationEssentials
import MapCore
import MapIO
import MapTestSupport
import Testing

/// `bytes` inflated through an ``InflatingByteSource`` read with buffers of `step` bytes.
func inflate(
    _ bytes: [UInt8],
    _ compression: Compression = .automatic,
    limit: Int = ParseOptions().maxInflatedSize,
    step: Int = 4096
) throws(ParseError) -> [UInt8] {
    let source = InflatingByteSource(MemoryByteSource(bytes), compression: compression, maxInflatedSize: limit)
    return try readAll(source, step: step)
}

/// Reads `source` to its end with buffers of `step` bytes.
func readAll(_ source: some ByteSource, step: Int = 4096) throws(ParseError) -> [UInt8] {
    var source = source
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: step)
    while true {
        let read: Result<Int, ParseError> = buffer.withUnsafeMutableBytes { chunk in
            Result { () throws(ParseError) -> Int in try source.read(into: chunk) }
        }
        let count = try read.get()
        if count == 0 { return result }
        result += buffer[0..<count]
    }
}

/// The error `body` throws; a test failure when it returns instead.
func parseError(_ body: () throws(ParseError) -> Void) -> ParseError? {
    do {
        try body()
        Issue.record("expected a ParseError, got a value")
        return nil
    } catch {
        return error
    }
}

/// A small JSON document of about `count` bytes.
func sampleJSON(_ count: Int = 10_000) -> [UInt8] {
    var text = "["
    var index = 0
    while text.utf8.count < count {
        if index > 0 { text += "," }
        text += #"{"id":\#(index),"name":"item \#(index)","tags":["a","b"]}"#
        index += 1
    }
    return Array((text + "]").utf8)
}

/// A mapper over a real document (the Foundation backend, which needs no system library): two
/// parses are equal exactly when they read the same JSON.
func textMapper(_ options: ParseOptions = ParseOptions()) throws -> Mapper {
    try Mapper(backend: FoundationBackend(), parseOptions: options)
}

/// This process's peak resident set size (VmHWM) in bytes, or `nil` where /proc is absent.
func peakResidentBytes() -> Int? {
    guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    return nil
}
