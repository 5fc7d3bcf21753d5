public import MapCore

/// A model made from a reader context (JSONMapper's `JSONSerializable`).
///
/// ```swift
/// final class Person: JSONReaderInitializable {
///     let name: String?
///     let address: Address?
///     let roles: [String]
///
///     init(_ context: JSONReaderContext) {
///         name = context.getString("name")
///         address = context.getObject("address", ofClass: Address.self)
///         roles = context.getArray("roles")          // [] when missing
///     }
/// }
///
/// let context = mapper.readerContext(data)
/// let person = Person(context)
/// if !context.isValid { … }                          // the input was not JSON
/// ```
public protocol JSONReaderInitializable {
    /// A model from whatever the context holds; never fails.
    init(_ context: JSONReaderContext)
}

/// Lenient typed reads of one JSON object (JSONMapper's `JSONDeserializationContext`).
///
/// Every getter answers: scalars and objects with `nil`, arrays with `[]` when the key is
/// missing, `null`, or holds something else. Missing and unknown keys are ignored, as JSONMapper
/// ignores them; a value of the wrong kind (and an array element that is not a `T`, `null`
/// included) is recorded as a warning in ``problems`` — and, for a model made by
/// `Mapper.read(_:from:file:line:function:)`, handed to the mapper's diagnostics handler — so
/// nothing lenient is silent.
///
/// When the input is not JSON at all, ``isValid`` is `false` and ``parseError`` says why — and
/// the context still reads (as an empty object), so the model is still created: JSONMapper's
/// documented choice.
public final class JSONReaderContext {
    /// The object read; an empty object when the input did not parse.
    public let json: JSON
    /// Whether the input was JSON.
    public let isValid: Bool
    /// Why the input was not JSON.
    public let parseError: ParseError?
    /// Values that were there but of the wrong kind, as warning entries with their paths.
    public private(set) var problems: [LogEntry] = []
    private let context: MappingContext

    /// A context over an already parsed value.
    public init(_ json: JSON, options: MappingOptions = MappingOptions()) {
        self.json = json
        self.isValid = true
        self.parseError = nil
        self.context = MappingContext(options: options, base: json, collectsDiagnostics: true)
    }

    /// A context for an object inside another's: the same mapping context, so that key reads
    /// and problems are the whole read's.
    private init(child json: JSON, context: MappingContext) {
        self.json = json
        self.isValid = true
        self.parseError = nil
        self.context = context
    }

    /// A context over input that did not parse: it reads as an empty object.
    public init(invalid error: ParseError, options: MappingOptions = MappingOptions()) {
        let empty: JSON = [:]
        self.json = empty
        self.isValid = false
        self.parseError = error
        self.context = MappingContext(options: options, base: empty, collectsDiagnostics: true)
    }

    /// The string at `key`, or `nil`.
    public func getString(_ key: String) -> String? { get(key) }
    /// The integer at `key`, or `nil` (also for a number with a fraction or beyond `Int`).
    public func getInt(_ key: String) -> Int? { get(key) }
    /// The number at `key` as a `Double`, or `nil`.
    public func getDouble(_ key: String) -> Double? { get(key) }
    /// The Boolean at `key`, or `nil`.
    public func getBool(_ key: String) -> Bool? { get(key) }
    /// Any bridgeable value at `key`, or `nil`.
    public func get<T: Bridgeable>(_ key: String, as type: T.Type = T.self) -> T? {
        context.noteKeyRead(key, in: json)
        return read(json[key], with: ImplicitBridge<T>())
    }

    /// The object at `key` made into a `T` through a context of its own (which shares this one's
    /// problems), or `nil` when it is missing or not an object.
    public func getObject<T: JSONReaderInitializable>(_ key: String, ofClass type: T.Type) -> T? {
        context.noteKeyRead(key, in: json)
        let value = json[key]
        guard let kind = value.kind, kind != .null else { return nil }
        guard kind == .object else {
            noteWrongKind(value, expected: .object, type: "\(T.self)")
            return nil
        }
        let child = JSONReaderContext(child: value, context: context)
        let object = T(child)
        problems += child.problems
        return object
    }

    /// The array at `key` with each element as a `T`; `[]` when it is missing or not an array.
    /// Elements that are not `T`s are left out, each recorded as a problem.
    public func getArray<T: Bridgeable>(_ key: String, of type: T.Type = T.self) -> [T] {
        context.noteKeyRead(key, in: json)
        let value = json[key]
        guard let kind = value.kind, kind != .null else { return [] }
        guard kind == .array else {
            noteWrongKind(value, expected: .array, type: "[\(T.self)]")
            return []
        }
        return value.elements.compactMap { element in
            if element.kind == .null {
                noteWrongKind(element, expected: ImplicitBridge<T>().kind ?? .null, type: "\(T.self)")
                return nil
            }
            return read(element, with: ImplicitBridge<T>())
        }
    }

    /// The array at `key` with each object element made into a `T`; `[]` when it is missing.
    public func getArray<T: JSONReaderInitializable>(_ key: String, ofClass type: T.Type) -> [T] {
        context.noteKeyRead(key, in: json)
        let value = json[key]
        guard let kind = value.kind, kind != .null else { return [] }
        guard kind == .array else {
            noteWrongKind(value, expected: .array, type: "[\(T.self)]")
            return []
        }
        return value.elements.compactMap { element in
            guard element.kind == .object else {
                noteWrongKind(element, expected: .object, type: "\(T.self)")
                return nil
            }
            let child = JSONReaderContext(child: element, context: context)
            let object = T(child)
            problems += child.problems
            return object
        }
    }

    /// Adds the keys no getter read, as `LogEntry.Kind.unknownKey` warnings, when the options
    /// track key reads (`MappingOptions.reportsUnknownKeys` or the verbose log level).
    func noteUnreadKeys() {
        problems += context.unknownKeyEntries(below: json)
    }

    private func read<B: JSONBridge>(_ value: JSON, with bridge: B) -> B.Value? {
        guard let kind = value.kind, kind != .null else { return nil }
        do {
            return try bridge.decode(value, in: context)
        } catch {
            let failure = context.wrap(error, at: value, targetType: "\(B.Value.self)")
            note(LogEntry.Kind(code: failure.code), at: value, message: "read as nil: \(failure.message)")
            return nil
        }
    }

    private func noteWrongKind(_ value: JSON, expected: JSONKind, type: String) {
        let found = value.kind.map { "\($0)" } ?? "nothing"
        note(.wrongType, at: value, message: "expected \(expected) for \(type), found \(found); read as empty")
    }

    private func note(_ kind: LogEntry.Kind, at value: JSON, message: String) {
        let entry = LogEntry(severity: .warning, kind: kind, path: context.path(of: value), message: message)
        problems.append(entry)
        MappingContext.current?.record(entry)
    }
}

// One context per model being read; its problems grow as it reads.
@available(*, unavailable)
extension JSONReaderContext: Sendable {}

extension Mapper {
    /// A reader context over `input`: parsed with this mapper's backend, or — when the input is
    /// not JSON — an invalid context that reads as an empty object (the parse error is recorded
    /// in the diagnostics too).
    public func readerContext(
        _ input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> JSONReaderContext {
        let callSite = CallSite(file: file, line: line, function: function)
        do {
            return JSONReaderContext(try input.parsed(by: self), options: options)
        } catch {
            _ = MappingContext.parseFailure(
                error,
                options: options,
                typeName: "JSONReaderContext",
                callSite: callSite,
                text: { input.diagnosticsText }
            )
            return JSONReaderContext(invalid: error, options: options)
        }
    }

    /// A model made from a reader context over `input` (see ``readerContext(_:file:line:function:)``).
    ///
    /// When the model is made, the context's ``JSONReaderContext/problems`` go to the mapper's
    /// diagnostics handler and the log as one report (not when the input did not parse: that was
    /// reported).
    public func read<T: JSONReaderInitializable>(
        _ type: T.Type,
        from input: some JSONInput,
        file: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) -> (value: T, context: JSONReaderContext) {
        let context = readerContext(input, file: file, line: line, function: function)
        let value = T(context)
        if context.isValid { context.noteUnreadKeys() }
        if context.isValid, !context.problems.isEmpty {
            options.deliver(succeeded: true) {
                DiagnosticsReport(
                    operation: .decode,
                    entries: context.problems,
                    succeeded: true,
                    typeName: "\(T.self)",
                    callSite: CallSite(file: file, line: line, function: function),
                    text: input.diagnosticsText
                )
            }
        }
        return (value, context)
    }
}
