import FoundationEssentials
import MapCore
import MapIO
import Testing

/// A backend that checks the text with the package's scanner and hands back the whole text as one
/// JSON string: two parses are equal exactly when the backend was given the same text.
struct TextBackend: JSONBackend {
    var name: String { "text" }
    var maxSupportedDepth: Int { 1000 }

    func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        if let error = ParseError.validating(input, options: options, backend: name) { throw error }
        let builder = JSONBuilder()
        do {
            try builder.string(String(decoding: input, as: UTF8.self))
            return try builder.makeJSON().document
        } catch {
            throw ParseError(code: .backendFailure, message: "\(error)", line: 1, column: 1, offset: 0)
        }
    }
}

/// The shared test corpus (`../shared/corpus` from the package root), or `nil` when it is absent.
enum Corpus {
    static let directory: String? = {
        // …/Tests/MapCoreTests/Input/InputTestSupport.swift → the package root is four levels up.
        var root = "\(#filePath)"
        for _ in 0..<4 {
            guard let slash = root.lastIndex(of: "/") else { return nil }
            root = String(root[..<slash])
        }
        let candidates = [root + "/../shared/corpus", "/work/shared/corpus"]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/twitter.json") }
    }()

    /// The corpus's JSON files that have a `.gz` copy made by the system's gzip.
    static let names = ["canada.json", "citm_catalog.json", "github_events.json", "gsoc-2018.json", "twitter.json"]

    static func bytes(_ name: String) throws -> [UInt8] {
        let directory = try #require(directory, "the corpus (../shared/corpus) is absent")
        return Array(try #require(FileManager.default.contents(atPath: directory + "/" + name)))
    }

    static func path(_ name: String) throws -> String {
        try #require(directory, "the corpus (../shared/corpus) is absent") + "/" + name
    }
}

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

/// The text mapper: scanner-checked parses that compare by text.
func textMapper(_ options: ParseOptions = ParseOptions()) throws -> Mapper {
    try Mapper(backend: TextBackend(), parseOptions: options)
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
