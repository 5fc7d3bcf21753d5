import Foundation
import JSONMapping

/// A FILE argument: a path, or `-` for standard input (read to its end). Gzip is inflated on
/// the way in either way.
struct InputFile {
    /// The argument as given.
    let argument: String

    /// Whether the argument is `-`, standard input.
    var isStandardInput: Bool { argument == "-" }

    /// The name diagnostics show: the path as given, or `<stdin>`.
    var displayName: String { isStandardInput ? "<stdin>" : argument }

    /// Reads and parses the input.
    ///
    /// - Throws: `ParseError`: `unreadableInput` naming the path, the compressed-data codes, or a
    ///   JSON error with line and column in the (inflated) text.
    func parse(with mapper: Mapper) throws(ParseError) -> JSON {
        if isStandardInput { return try mapper.parse(FileHandle.standardInput) }
        return try mapper.parse(JSONFile(argument))
    }

    /// Reads the input's text, inflated when it is compressed (within the default
    /// `ParseOptions.maxInflatedSize`), without parsing it.
    ///
    /// - Throws: `ParseError`: `unreadableInput` naming the path, or the compressed-data codes.
    func text() throws(ParseError) -> [UInt8] {
        if isStandardInput { return try Self.readAll(InflatingByteSource(FileHandleByteSource(.standardInput))) }
        return try Self.readAll(InflatingByteSource(FileByteSource(path: argument)))
    }

    private static func readAll(_ source: some ByteSource) throws(ParseError) -> [UInt8] {
        var source = source
        var text: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { return text }
            text.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
