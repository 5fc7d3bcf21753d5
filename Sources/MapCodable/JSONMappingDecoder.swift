import BackendNative
public import FoundationEssentials
public import MapCore
import Synchronization

/// A drop-in for Foundation's `JSONDecoder` that decodes `Decodable` types through the package's
/// parsers, reading the parsed document in place.
///
/// The API is `JSONDecoder`'s: the same strategy types (`keyDecodingStrategy`,
/// `dateDecodingStrategy`, `dataDecodingStrategy`, `nonConformingFloatDecodingStrategy`), the same
/// `userInfo`, and `decode(_:from:)`. Switching is a change of type name:
///
/// ```swift
/// let decoder = JSONMappingDecoder()          // was: JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let order = try decoder.decode(Order.self, from: data)
/// ```
///
/// The input is any `JSONInput`: `Data`, `[UInt8]`, `String`, a `JSONFile`, gzip detected. The
/// backend is the mapper's (``init(mapper:)``), or with `JSONMapping` the default one — but for
/// JSON5 (``allowsJSON5``), which the native backend reads when the mapper's backend does not.
///
/// A failure throws Swift's `DecodingError` with the case and coding path `JSONDecoder` gives;
/// its context's `underlyingError` is the package's `MappingError`, with the JSON path, the
/// failing value and, for malformed text, the line and column. Errors a type throws itself pass
/// through unchanged. Every failure reaches the mapper's log sinks as any decode's does.
///
/// Like `JSONDecoder`, the class is `open`: a subclass may override its properties and methods.
/// It is `@unchecked Sendable` for the same reason as Foundation's: its own state is behind a
/// lock, and a subclass that adds state takes on keeping it safe to share.
open class JSONMappingDecoder: @unchecked Sendable {
    /// Foundation's key strategies.
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy
    /// Foundation's date strategies (`.formatted` where Foundation is imported).
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// Foundation's data strategies.
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// Foundation's strategies for infinities and NaN written as strings.
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy

    /// The parser, limits and diagnostics the decoder runs with.
    public let mapper: Mapper
    private let state: Mutex<CodableDecodingOptions>
    private let syntax = Mutex(SyntaxChoice())

    /// What ``allowsJSON5`` and ``assumesTopLevelDictionary`` say.
    private struct SyntaxChoice {
        var allowsJSON5 = false
        var assumesTopLevelDictionary = false
    }

    /// A decoder over `mapper`'s backend, parse options and log sinks, with its strategies
    /// (`MappingOptions.codableDecoding`: `JSONDecoder`'s defaults unless they were set there).
    public required init(mapper: Mapper) {
        self.mapper = mapper
        self.state = Mutex(mapper.options.codableDecoding)
    }

    /// All the strategies and the user info at once.
    open var options: CodableDecodingOptions {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// How JSON keys are matched to coding keys. Default `.useDefaultKeys`.
    open var keyDecodingStrategy: KeyDecodingStrategy {
        get { state.withLock { $0.keyDecodingStrategy } }
        set { state.withLock { $0.keyDecodingStrategy = newValue } }
    }

    /// How dates are read. Default `.deferredToDate`.
    open var dateDecodingStrategy: DateDecodingStrategy {
        get { state.withLock { $0.dateDecodingStrategy } }
        set { state.withLock { $0.dateDecodingStrategy = newValue } }
    }

    /// How `Data` is read. Default `.base64`.
    open var dataDecodingStrategy: DataDecodingStrategy {
        get { state.withLock { $0.dataDecodingStrategy } }
        set { state.withLock { $0.dataDecodingStrategy = newValue } }
    }

    /// How strings standing for infinities and NaN are read. Default `.throw`.
    open var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { state.withLock { $0.nonConformingFloatDecodingStrategy } }
        set { state.withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// Whether the input may be JSON5 (spec.json5.org 1.0.0) rather than JSON, as
    /// `JSONDecoder.allowsJSON5`. Default `false`.
    ///
    /// When `true`, the input is read as `ParseOptions.Syntax.json5` with the mapper's other parse
    /// options, by the mapper's backend when it reads JSON5 (`JSONBackend.reads(_:)`) and by
    /// `NativeBackend` otherwise, whatever the default backend is. `Infinity`, `-Infinity` and
    /// `NaN` decode as those `Double` and `Float` values. Text that is not JSON5 is
    /// `DecodingError.dataCorrupted`, with the line and column in its `MappingError`. When `false`,
    /// the mapper's own `ParseOptions.syntax` is read.
    open var allowsJSON5: Bool {
        get { syntax.withLock { $0.allowsJSON5 } }
        set { syntax.withLock { $0.allowsJSON5 = newValue } }
    }

    /// Whether a top-level object may leave out its braces, as `JSONDecoder.assumesTopLevelDictionary`:
    /// `a: 1, b: 2` reads as `{a: 1, b: 2}`. Default `false`; it matters only when ``allowsJSON5`` is on.
    ///
    /// Text that starts with `{` is read as it is, so `{a: 1}` still reads, and braces must pair
    /// (`{a: 1` and `a: 1}` are refused); a trailing comma may end the members; an input with no
    /// member at all (empty, or only whitespace and comments) is an empty object.
    open var assumesTopLevelDictionary: Bool {
        get { syntax.withLock { $0.assumesTopLevelDictionary } }
        set { syntax.withLock { $0.assumesTopLevelDictionary = newValue } }
    }

    /// Values for `Decodable` implementations to read from `Decoder.userInfo`. Default empty.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }

    /// Decodes a `T` from any input.
    ///
    /// - Throws: `DecodingError` as `JSONDecoder` throws it — `dataCorrupted` at the root for
    ///   input that is not JSON — with a `MappingError` as its underlying error; or an error `T`
    ///   threw itself, unchanged.
    open func decode<T: Decodable>(
        _ type: T.Type,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try read(input, typeName: "\(T.self)", callSite: CallSite(file: file, line: line, function: function)) {
            json,
            options,
            context in
            try DocumentDecoder.decode(T.self, from: json.node, of: json.document, options: options, context: context)
        }
    }

    /// Decodes a `T` with `configuration`, as `JSONDecoder.decode(_:from:configuration:)` does.
    ///
    /// - Throws: As ``decode(_:from:file:line:function:)``.
    open func decode<T: DecodableWithConfiguration>(
        _ type: T.Type,
        from input: some JSONInput,
        configuration: T.DecodingConfiguration,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T {
        try read(input, typeName: "\(T.self)", callSite: CallSite(file: file, line: line, function: function)) {
            json,
            options,
            context in
            try DocumentDecoder.decode(from: json.node, of: json.document, options: options, context: context) {
                try T(from: $0, configuration: configuration)
            }
        }
    }

    /// Decodes a `T` with the configuration `configuration` provides.
    ///
    /// - Throws: As ``decode(_:from:file:line:function:)``.
    open func decode<T, C>(
        _ type: T.Type,
        from input: some JSONInput,
        configuration: C.Type,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> T
    where
        T: DecodableWithConfiguration, C: DecodingConfigurationProviding,
        T.DecodingConfiguration == C.DecodingConfiguration
    {
        try decode(
            type,
            from: input,
            configuration: C.decodingConfiguration,
            file: file,
            line: line,
            function: function
        )
    }

    /// Runs one decode: parses `input`, then `body` reads the document; a failure is the
    /// `DecodingError` Foundation's decoder throws, with the `MappingError` underneath.
    private func read<T>(
        _ input: some JSONInput,
        typeName: String,
        callSite: CallSite,
        _ body: (JSON, CodableDecodingOptions, MappingContext) throws -> T
    ) throws -> T {
        let options = self.options
        let json: JSON
        do {
            json = try readingMapper().parsedForDecoding(input, typeName: typeName, callSite: callSite)
        } catch {
            // Foundation's words for text that is not JSON; a backend that could not run says why.
            let description =
                error.parseError.flatMap { $0.code == .backendFailure ? $0.message : nil }
                ?? "The given data was not valid JSON."
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: description, underlyingError: error)
            )
        }
        do {
            return try MappingContext.decodeOperation(
                from: json,
                typeName: typeName,
                options: mapper.options,
                callSite: callSite,
                text: { input.diagnosticsText }
            ) { context in
                try body(json, options, context)
            }
        } catch let failure as MappingError {
            throw failure.rethrownByCodable
        }
    }
}

extension JSONMappingDecoder {
    /// The mapper that reads the input: ``mapper``, or under ``allowsJSON5`` one that reads JSON5
    /// with its options, over its backend when that reads JSON5 and over `NativeBackend` otherwise.
    private func readingMapper() throws(MappingError) -> Mapper {
        let choice = syntax.withLock { $0 }
        guard choice.allowsJSON5 else { return mapper }
        var parseOptions = mapper.parseOptions
        parseOptions.syntax = .json5
        parseOptions.assumesTopLevelObject = choice.assumesTopLevelDictionary
        if parseOptions == mapper.parseOptions { return mapper }
        let backend: any JSONBackend = mapper.backend.reads(.json5) ? mapper.backend : NativeBackend()
        return try Mapper(backend: backend, parseOptions: parseOptions, options: mapper.options)
    }
}

extension MappingError {
    /// What a Codable entry point throws for this failure: the `DecodingError` behind it, with this
    /// error as its underlying error; an error the type threw itself, as it was.
    var rethrownByCodable: any Error {
        switch underlyingError {
        case let decoding as DecodingError:
            var failure = self
            failure.underlyingError = decoding.replacingUnderlyingError(nil)
            return decoding.replacingUnderlyingError(failure)
        case let encoding as EncodingError:
            return encoding
        case let other? where code == .other:
            return other
        default:
            return DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: message, underlyingError: self)
            )
        }
    }
}
