public import Foundation
public import MapCore
public import MapIO

// The spellings of file-handle input before `FileHandle` became a `JSONInput`. Each forwards to
// its replacement and behaves as it does.

extension Mapper {
    /// Decodes a value from what a file handle holds from its current position.
    @available(*, deprecated, message: "use decode(_:from: handle); a handle is a JSONInput")
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        from handle: FileHandle,
        compression: Compression,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(with: ImplicitBridge<T>(), from: handle, compression: compression, file: file, line: line, function: function)
    }

    /// Decodes through a bridge from what a file handle holds from its current position.
    @available(*, deprecated, message: "use decode(with:from: handle); a handle is a JSONInput")
    public func decode<B: JSONBridge>(
        with bridge: B,
        from handle: FileHandle,
        compression: Compression,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        let json: JSON
        do {
            json = try parseText(readText(from: FileHandleByteSource(handle), compression: compression))
        } catch {
            throw MappingError(parseError: error)
        }
        return try decode(with: bridge, from: json, file: file, line: line, function: function)
    }

    /// Parses what a file handle holds from its current position.
    @available(*, deprecated, message: "use parse(handle); a handle is a JSONInput")
    public func parse(contentsOf handle: FileHandle, compression: Compression = .automatic) throws(ParseError) -> JSON {
        try parseText(readText(from: FileHandleByteSource(handle), compression: compression))
    }
}
