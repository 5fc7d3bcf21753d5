public import FoundationEssentials
public import MapCore

// The spellings of file and compressed input before every input became a `JSONInput`. Each
// forwards to its replacement and behaves as it does.

extension Mapper {
    /// Decodes a value from a file.
    @available(*, deprecated, message: "use decode(_:from: JSONFile(path, compression:))")
    public func decode<T: Bridgeable>(
        _ type: T.Type = T.self,
        fromFile path: String,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try decode(type, from: JSONFile(path, compression: compression), file: file, line: line, function: function)
    }

    /// Decodes through a bridge from a file.
    @available(*, deprecated, message: "use decode(with:from: JSONFile(path, compression:))")
    public func decode<B: JSONBridge>(
        with bridge: B,
        fromFile path: String,
        compression: Compression = .automatic,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> B.Value {
        try decode(with: bridge, from: JSONFile(path, compression: compression), file: file, line: line, function: function)
    }

    /// Parses a file.
    @available(*, deprecated, message: "use parse(JSONFile(path, compression:))")
    public func parse(contentsOfFile path: String, compression: Compression = .automatic) throws(ParseError) -> JSON {
        try parse(JSONFile(path, compression: compression))
    }

    /// Parses bytes compressed as `compression` says.
    @available(*, deprecated, message: "use parse(JSONBytes(bytes, compression:))")
    public func parse(_ bytes: some ContiguousBytes, compression: Compression) throws(ParseError) -> JSON {
        try parse(JSONBytes(bytes, compression: compression))
    }

    /// Reads a byte source to its end and parses it.
    @available(*, deprecated, message: "use parse(source); wrap it in an InflatingByteSource for a given compression")
    public func parse(from source: some ByteSource, compression: Compression = .automatic) throws(ParseError) -> JSON {
        try parseText(readText(from: source, compression: compression))
    }

    /// A feed of JSON records read from a file.
    @available(*, deprecated, message: "use feed(from: JSONFile(path)), which throws when the file cannot be opened")
    public func feed(
        contentsOfFile path: String,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<JSON> {
        try feed(from: JSONFile(path), options: options, onError: onError, file: file, line: line, function: function)
    }

    /// A feed of `T`s read from a file.
    @available(*, deprecated, message: "use feed(_:from: JSONFile(path)), which throws when the file cannot be opened")
    public func feed<T: Bridgeable & Sendable>(
        _ type: T.Type,
        contentsOfFile path: String,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<T> {
        try feed(type, from: JSONFile(path), options: options, onError: onError, file: file, line: line, function: function)
    }
}
