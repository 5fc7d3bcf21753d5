public import FoundationEssentials
public import MapCore
import Synchronization

/// A drop-in for Foundation's `JSONEncoder` that writes `Encodable` values straight to the
/// package's writer, with no tree in between.
///
/// The API is `JSONEncoder`'s: the same strategy types, `outputFormatting` (`.prettyPrinted`,
/// `.sortedKeys`, `.withoutEscapingSlashes`), `userInfo`, and `encode(_:)` returning `Data`.
/// With `.sortedKeys`, the output is byte for byte `JSONEncoder`'s: the same number text, the same
/// escapes (`\/` unless `.withoutEscapingSlashes`), the same pretty layout. Without it,
/// `JSONEncoder` orders keys as a hash table does, and this encoder in the order they are encoded.
///
/// ```swift
/// let encoder = JSONMappingEncoder()          // was: JSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// let data = try encoder.encode(order)
/// ```
///
/// A failure throws Swift's `EncodingError`, as `JSONEncoder` does. The encoder writes in the
/// order containers are used; a type that writes to a container after leaving a container it
/// opened inside it fails with `EncodingError.invalidValue` (see ``StreamEncoder``).
///
/// Like `JSONEncoder`, the class is `open`: a subclass may override its properties and methods.
/// It is `@unchecked Sendable` for the same reason as Foundation's: its own state is behind a
/// lock, and a subclass that adds state takes on keeping it safe to share.
open class JSONMappingEncoder: @unchecked Sendable {
    /// Foundation's key strategies.
    public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy
    /// Foundation's date strategies (`.formatted` where Foundation is imported).
    public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
    /// Foundation's data strategies.
    public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
    /// Foundation's strategies for infinities and NaN.
    public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy
    /// Foundation's output formatting.
    public typealias OutputFormatting = JSONEncoder.OutputFormatting

    /// The diagnostics the encoder reports to; its writer options are not used (see
    /// ``outputFormatting``).
    public let mapper: Mapper
    private let state: Mutex<CodableEncodingOptions>

    /// An encoder reporting to `mapper`'s log sinks, with its strategies and formatting
    /// (`MappingOptions.codableEncoding`: `JSONEncoder`'s defaults unless they were set there).
    public required init(mapper: Mapper) {
        self.mapper = mapper
        self.state = Mutex(mapper.options.codableEncoding)
    }

    /// All the strategies, the formatting and the user info at once.
    open var options: CodableEncodingOptions {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Layout: pretty, sorted keys, slashes unescaped. Default none.
    open var outputFormatting: OutputFormatting {
        get { state.withLock { $0.outputFormatting } }
        set { state.withLock { $0.outputFormatting = newValue } }
    }

    /// How coding keys become JSON keys. Default `.useDefaultKeys`.
    open var keyEncodingStrategy: KeyEncodingStrategy {
        get { state.withLock { $0.keyEncodingStrategy } }
        set { state.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// How dates are written. Default `.deferredToDate`.
    open var dateEncodingStrategy: DateEncodingStrategy {
        get { state.withLock { $0.dateEncodingStrategy } }
        set { state.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` is written. Default `.base64`.
    open var dataEncodingStrategy: DataEncodingStrategy {
        get { state.withLock { $0.dataEncodingStrategy } }
        set { state.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// How infinities and NaN are written. Default `.throw`.
    open var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { state.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { state.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// Values for `Encodable` implementations to read from `Encoder.userInfo`. Default empty.
    open var userInfo: [CodingUserInfoKey: any Sendable] {
        get { state.withLock { $0.userInfo } }
        set { state.withLock { $0.userInfo = newValue } }
    }

    /// The JSON of `value`.
    ///
    /// - Throws: `EncodingError` as `JSONEncoder` throws it (a non-finite number under `.throw`, a
    ///   top-level value that encodes nothing), with a `MappingError` underlying where the package
    ///   found the failure; or an error the type threw itself, unchanged.
    open func encode<T: Encodable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Data {
        Data(try encodeToBytes(value, file: file, line: line, function: function))
    }

    /// The JSON of `value`, as bytes.
    ///
    /// - Throws: As ``encode(_:file:line:function:)``.
    open func encodeToBytes<T: Encodable>(
        _ value: T,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> [UInt8] {
        try write(value, typeName: "\(T.self)", callSite: CallSite(file: file, line: line, function: function)) {
            try $0.encodeTopLevel(value)
        }
    }

    /// The JSON of `value`, encoded with `configuration`, as `JSONEncoder.encode(_:configuration:)`
    /// writes it.
    ///
    /// - Throws: As ``encode(_:file:line:function:)``.
    open func encode<T: EncodableWithConfiguration>(
        _ value: T,
        configuration: T.EncodingConfiguration,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Data {
        let callSite = CallSite(file: file, line: line, function: function)
        return Data(
            try write(value, typeName: "\(T.self)", callSite: callSite) { encoder in
                try encoder.encodeTopLevel(value) { try value.encode(to: $0, configuration: configuration) }
            }
        )
    }

    /// The JSON of `value`, encoded with the configuration `configuration` provides.
    ///
    /// - Throws: As ``encode(_:file:line:function:)``.
    open func encode<T, C>(
        _ value: T,
        configuration: C.Type,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Data
    where
        T: EncodableWithConfiguration, C: EncodingConfigurationProviding,
        T.EncodingConfiguration == C.EncodingConfiguration
    {
        try encode(value, configuration: C.encodingConfiguration, file: file, line: line, function: function)
    }

    /// Runs one encode: `body` writes the document through the stream encoder it is given.
    private func write<T>(
        _ value: T,
        typeName: String,
        callSite: CallSite,
        _ body: (StreamEncoder) throws -> Void
    ) throws -> [UInt8] {
        let options = self.options
        let writer = JSONWriter(options: options.writerOptions)
        do {
            try MappingContext.encodeOperation(
                into: writer,
                typeName: typeName,
                options: mapper.options,
                callSite: callSite
            ) { context in
                let encoder = StreamEncoder(
                    writer: writer,
                    options: options,
                    context: context,
                    readBackBy: mapper.backend
                )
                defer { encoder.finish() }
                do {
                    try body(encoder)
                } catch let error as EncodingError {
                    throw MappingError(encodingError: error, context: context)
                }
            }
            return try writer.finish()
        } catch let failure as MappingError {
            throw failure.rethrownByCodable
        }
    }
}

extension CodableEncodingOptions {
    /// The writer's layout for ``outputFormatting``, exactly as Foundation lays it out.
    var writerOptions: JSONWriter.Options {
        var writer = JSONWriter.Options(
            formatting: outputFormatting.contains(.prettyPrinted) ? .pretty(indent: 2) : .compact,
            sortsKeys: outputFormatting.contains(.sortedKeys),
            escapesSlashes: !outputFormatting.contains(.withoutEscapingSlashes)
        )
        writer.matchesFoundation = true
        return writer
    }
}
