public import FoundationEssentials
import MapCodable
public import MapCore

/// Anything a feed reads its records from: a byte source as it is, bytes in memory, a file.
///
/// The conformers here: every ``ByteSource``, `[UInt8]`, `ArraySlice<UInt8>`, `Data` (read
/// through a ``MemoryByteSource``) and ``JSONFile`` (opened through a ``FileByteSource``);
/// `BackendFoundation` adds `FileHandle`. Gzip is detected as ``FeedOptions/compression`` says.
public protocol FeedInput {
    /// The source a feed reads.
    associatedtype Source: ByteSource

    /// The source, opened: a file is opened here, so that a file that cannot be read fails the
    /// feed before its first record.
    ///
    /// - Throws: `ParseError` with code `ParseError.Code.unreadableInput` naming what could not
    ///   be opened.
    func makeByteSource() throws(ParseError) -> Source
}

extension ByteSource {
    /// The source itself.
    public func makeByteSource() -> Self { self }
}

extension Array: FeedInput where Element == UInt8 {
    /// The bytes, read from memory.
    public func makeByteSource() -> MemoryByteSource { MemoryByteSource(self) }
}

extension ArraySlice: FeedInput where Element == UInt8 {
    /// The bytes, read from memory.
    public func makeByteSource() -> MemoryByteSource { MemoryByteSource(self) }
}

extension Data: FeedInput {
    /// The bytes, read from memory.
    public func makeByteSource() -> MemoryByteSource { MemoryByteSource(self) }
}

extension JSONFile: FeedInput {
    /// The file, opened. Its ``JSONFile/compression`` is not applied here: a feed inflates as its
    /// ``FeedOptions/compression`` says.
    ///
    /// - Throws: `ParseError` with code `ParseError.Code.unreadableInput` when the file cannot
    ///   be opened.
    public func makeByteSource() throws(ParseError) -> FileByteSource { try FileByteSource(path: path) }
}

extension Mapper {
    /// A feed of `JSON` records — NDJSON or a top-level array, as ``FeedOptions/format`` says —
    /// from a byte source, bytes in memory or a file, gzip detected as ``FeedOptions/compression`` says.
    ///
    /// ```swift
    /// for try await order in try mapper.feed(Order.self, from: JSONFile("orders.ndjson.gz")).async { … }
    /// ```
    ///
    /// - Parameters:
    ///   - input: Where the feed's bytes come from.
    ///   - options: Format, error policy and limits.
    ///   - onError: Receives each record skipped under ``FeedOptions/ErrorPolicy/skip``.
    ///   - file: The caller's file, for the diagnostics; leave the default.
    ///   - line: The caller's line, for the diagnostics; leave the default.
    ///   - function: The caller's function, for the diagnostics; leave the default.
    /// - Throws: `MappingError` with code `MappingError.Code.unreadableInput` when the input
    ///   cannot be opened (a missing file); the records' own failures come from the reader.
    public func feed(
        from input: some FeedInput,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<JSON> {
        try feed(from: input, options: options, onError: onError, file: file, line: line, function: function) { $0 }
    }

    /// A feed of `T`s, each record decoded through `T`'s bridge (a map, a `JSONDecodable`, a rule
    /// type: any `Bridgeable`).
    ///
    /// - Throws: `MappingError` as ``feed(from:options:onError:file:line:function:)`` does.
    public func feed<T: Bridgeable & Sendable>(
        _ type: T.Type,
        from input: some FeedInput,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<T> {
        try feed(
            with: ImplicitBridge<T>(),
            from: input,
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// A feed of `Decodable` values, each record decoded by the type's own `init(from:)` on the
    /// record's document (see `JSONMappingDecoder`): Codable models as they are. A type that is
    /// also `Bridgeable` is read through its bridge instead.
    ///
    /// - Throws: `MappingError` as ``feed(from:options:onError:file:line:function:)`` does.
    @_disfavoredOverload
    public func feed<T: Decodable & Sendable>(
        _ type: T.Type,
        from input: some FeedInput,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<T> {
        try feed(
            with: CodableBridge<T>(),
            from: input,
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// A feed of values read by `bridge` — a rule, any `JSONBridge` — one per record.
    ///
    /// - Throws: `MappingError` as ``feed(from:options:onError:file:line:function:)`` does.
    public func feed<B: JSONBridge>(
        with bridge: B,
        from input: some FeedInput,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<B.Value> where B.Value: Sendable {
        let recordMapper = feedRecordMapper()
        return try feed(from: input, options: options, onError: onError, file: file, line: line, function: function) {
            json in try recordMapper.decode(with: bridge, from: json, file: file, line: line, function: function)
        }
    }

    /// A feed of whatever `transform` makes of each record: any idiom — a rule
    /// (`mapper.decode(with: rule, from: json)`), a `JSONDecodable`, a reader context.
    ///
    /// A bad record's error is logged by the feed, rate-limited; a `transform` that decodes with
    /// a mapper whose log level is above `LogLevel.none` logs it once more, unlimited — decode
    /// with a mapper that does not log failures, or let the feed's log be the one.
    ///
    /// - Throws: `MappingError` as ``feed(from:options:onError:file:line:function:)`` does.
    public func feed<Input: FeedInput, Element: Sendable>(
        from input: Input,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function,
        transform: @escaping @Sendable (JSON) throws -> Element
    ) throws(MappingError) -> FeedReader<Element> {
        let source: Input.Source
        do throws(ParseError) {
            source = try input.makeByteSource()
        } catch {
            throw MappingError(parseError: error)
        }
        return FeedReader(
            source: source,
            mapper: self,
            options: options,
            callSite: CallSite(file: file, line: line, function: function),
            onError: onError,
            transform: transform
        )
    }

    /// This mapper for a feed's records: the feed logs a record's failure itself (rate-limited),
    /// so the record's own decode logs only its warnings.
    func feedRecordMapper() -> Mapper {
        var quiet = options
        quiet.leavesFailuresToCaller = true
        return withOptions(quiet)
    }
}
