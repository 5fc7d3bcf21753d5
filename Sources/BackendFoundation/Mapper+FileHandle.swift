public import Foundation
public import MapCore

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

extension Mapper {
    /// Parses what `handle` holds from its current position to its end, inflating it when it is
    /// gzip (or as `compression` says). The handle stays open.
    ///
    /// - Throws: `ParseError` as `parse(contentsOfFile:compression:)` does.
    public func parse(contentsOf handle: FileHandle, compression: Compression = .automatic) throws(ParseError) -> JSON {
        try parse(from: FileHandleByteSource(handle), compression: compression)
    }

    /// Decodes a `Bridgeable` value from what `handle` holds, gzip or not. The handle stays open.
    ///
    /// - Throws: `MappingError` as `decode(_:fromFile:compression:file:line:function:)` does.
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from handle: FileHandle,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(
            type,
            from: FileHandleByteSource(handle),
            compression: compression,
            file: file,
            line: line,
            function: function
        )
    }

    /// Decodes through a bridge from what `handle` holds, gzip or not. The handle stays open.
    ///
    /// - Throws: `MappingError` as `decode(with:fromFile:compression:file:line:function:)` does.
    public func decode<B: JSONBridge>(
        with bridge: B,
        from handle: FileHandle,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try decode(
            with: bridge,
            from: FileHandleByteSource(handle),
            compression: compression,
            file: file,
            line: line,
            function: function
        )
    }
}
