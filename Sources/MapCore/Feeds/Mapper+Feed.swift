public import FoundationEssentials

extension Mapper {
    /// A feed of ``JSON`` records from any byte source (a file, bytes in memory, a `FileHandle`),
    /// gzip detected as ``FeedOptions/compression`` says.
    ///
    /// - Parameters:
    ///   - source: Where the feed's bytes come from.
    ///   - options: Format, error policy and limits.
    ///   - onError: Receives each record skipped under ``FeedOptions/ErrorPolicy/skip``.
    ///   - file: The caller's file, for the diagnostics; leave the default.
    ///   - line: The caller's line, for the diagnostics; leave the default.
    ///   - function: The caller's function, for the diagnostics; leave the default.
    public func feed(
        from source: some ByteSource,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> FeedReader<JSON> {
        FeedReader(
            source: source,
            mapper: self,
            options: options,
            callSite: CallSite(file: file, line: line, function: function),
            onError: onError,
            transform: { $0 }
        )
    }

    /// A feed of `T`s, each record decoded through `T`'s bridge (a map, a `JSONDecodable`, a rule
    /// type: any ``Bridgeable``), from any byte source.
    public func feed<T: Bridgeable & Sendable>(
        _ type: T.Type,
        from source: some ByteSource,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> FeedReader<T> {
        let recordMapper = feedRecordMapper()
        return feed(from: source, options: options, onError: onError, file: file, line: line, function: function) {
            json in try recordMapper.decode(T.self, from: json, file: file, line: line, function: function)
        }
    }

    /// A feed of whatever `transform` makes of each record: any idiom — a rule
    /// (`mapper.decode(with: rule, from: json)`), a `JSONDecodable`, a reader context.
    ///
    /// A bad record's error is logged by the feed, rate-limited; a `transform` that decodes with
    /// a mapper whose log level is above ``LogLevel/none`` logs it once more, unlimited — decode
    /// with a mapper that does not log failures, or let the feed's log be the one.
    public func feed<Element: Sendable>(
        from source: some ByteSource,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function,
        transform: @escaping @Sendable (JSON) throws -> Element
    ) -> FeedReader<Element> {
        FeedReader(
            source: source,
            mapper: self,
            options: options,
            callSite: CallSite(file: file, line: line, function: function),
            onError: onError,
            transform: transform
        )
    }

    /// A feed of `T`s read from a file (gzip or not).
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/unreadableInput`` when the file
    ///   cannot be opened.
    public func feed<T: Bridgeable & Sendable>(
        _ type: T.Type,
        contentsOfFile path: String,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<T> {
        feed(
            type,
            from: try Self.openFeed(path),
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// A feed of ``JSON`` records read from a file (gzip or not).
    ///
    /// - Throws: ``MappingError`` with code ``MappingError/Code/unreadableInput`` when the file
    ///   cannot be opened.
    public func feed(
        contentsOfFile path: String,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws(MappingError) -> FeedReader<JSON> {
        feed(
            from: try Self.openFeed(path),
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// A feed of `T`s from bytes in memory (`[UInt8]`, `Data`).
    public func feed<T: Bridgeable & Sendable>(
        _ type: T.Type,
        from bytes: some ContiguousBytes,
        options: FeedOptions = FeedOptions(),
        onError: (@Sendable (FeedError) -> Void)? = nil,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> FeedReader<T> {
        feed(
            type,
            from: MemoryByteSource(bytes),
            options: options,
            onError: onError,
            file: file,
            line: line,
            function: function
        )
    }

    /// This mapper for a feed's records: the feed logs a record's failure itself (rate-limited),
    /// so the record's own decode logs only its warnings.
    func feedRecordMapper() -> Mapper {
        var quiet = options
        quiet.leavesFailuresToCaller = true
        return withOptions(quiet)
    }

    /// The file at `path`, opened for a feed.
    private static func openFeed(_ path: String) throws(MappingError) -> FileByteSource {
        do {
            return try FileByteSource(path: path)
        } catch {
            throw MappingError(parseError: error)
        }
    }
}
