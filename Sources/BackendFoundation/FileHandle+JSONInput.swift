public import Foundation
public import MapCore
public import MapIO

/// A `ByteSource` over a `FileHandle`: a file, a pipe, standard input.
///
/// It reads from the handle's current position and leaves the handle open: whoever opened it
/// closes it. Read failures are `ParseError`s with code `ParseError.Code.unreadableInput`.
public struct FileHandleByteSource: ByteSource, Sendable {
    /// The handle read from.
    public let handle: FileHandle

    /// A source reading `handle` from its current position.
    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// Reads the next bytes from the handle; 0 at its end.
    ///
    /// - Throws: `ParseError` with code `ParseError.Code.unreadableInput` and the system's reason.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        guard !buffer.isEmpty else { return 0 }
        let data: Data?
        do {
            data = try handle.read(upToCount: buffer.count)
        } catch {
            throw ParseError(
                code: .unreadableInput,
                message: "cannot read the file handle: \(error.localizedDescription)",
                line: 1,
                column: 1,
                offset: 0
            )
        }
        guard let data, !data.isEmpty else { return 0 }
        let count = min(data.count, buffer.count)
        data.prefix(count).withUnsafeBytes { buffer.copyMemory(from: $0) }
        return count
    }
}

extension FileHandle: JSONInput {
    /// Reads what the handle holds from its current position to its end, inflating it when it is
    /// gzip, and parses the text; the handle stays open.
    ///
    /// - Throws: `ParseError`: `unreadableInput` with the system's reason, the compressed-data
    ///   codes, `inputTooLarge`, or a JSON error positioned in the (inflated) text.
    public func parsed(by mapper: Mapper) throws(ParseError) -> JSON {
        try FileHandleByteSource(self).parsed(by: mapper)
    }

    /// None: a handle is read once, when it is parsed.
    public var diagnosticsText: DiagnosticsReport.Text { .none }
}

extension FileHandle: FeedInput {
    /// A source reading the handle from its current position; the handle stays open.
    public func makeByteSource() -> FileHandleByteSource { FileHandleByteSource(self) }
}
