/// One mapping diagnostic: a failure or a lenient recovery, with where it happened.
///
/// Entries are data. A decode or encode collects them in its ``MappingContext``; the mapper hands
/// them to whatever consumes them — a diagnostics handler, a log sink, a test.
public struct LogEntry: Hashable, Sendable {
    /// How serious the entry is.
    public enum Severity: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
        /// Something was tolerated: an optional value skipped, a lenient conversion applied.
        case warning
        /// The operation failed because of it.
        case error

        /// ``LogEntry/Severity/warning`` sorts before ``LogEntry/Severity/error``.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

        /// `Warning` or `Error`, as ``LogEntry/description`` prints it.
        public var description: String { self == .warning ? "Warning" : "Error" }
    }

    /// What the entry is about. Extensible: match with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The value has another JSON kind than the mapping expects (null included).
        public static let wrongType = Kind(name: "Wrong Type")
        /// A required value is not there.
        public static let valueMissing = Kind(name: "Value Missing")
        /// A validation closure rejected the value.
        public static let validationFailed = Kind(name: "Validation Failed")
        /// A bridge could not convert the value.
        public static let bridgingFailed = Kind(name: "Bridging Failed")
        /// The input is not JSON.
        public static let dataToJSON = Kind(name: "Data to JSON")
        /// The input could not be read or decompressed, or is too large.
        public static let input = Kind(name: "Input")
        /// A lenient rule accepted a value a strict one would not, or replaced it.
        public static let lenientRecovery = Kind(name: "Lenient Recovery")
        /// A key is present in the JSON but no mapping read it.
        public static let unknownKey = Kind(name: "Unknown Key")

        /// The kind's name as printed: `Value Missing`.
        public var description: String { name }
    }

    /// How serious the entry is.
    public var severity: Severity
    /// What the entry is about.
    public var kind: Kind
    /// Where in the document; the root when the entry is about the input as a whole.
    public var path: JSONPath
    /// What happened, in a sentence.
    public var message: String
    /// Line of the problem in the input, for parse failures.
    public var line: Int?
    /// Column of the problem in the input, for parse failures.
    public var column: Int?
    /// The ``MappingError/Code`` or ``ParseError/Code`` behind an error entry.
    public var code: String?

    /// An entry from its parts; `line`, `column` and `code` default to `nil`.
    public init(
        severity: Severity,
        kind: Kind,
        path: JSONPath,
        message: String,
        line: Int? = nil,
        column: Int? = nil,
        code: String? = nil
    ) {
        self.severity = severity
        self.kind = kind
        self.path = path
        self.message = message
        self.line = line
        self.column = column
        self.code = code
    }

    /// The error entry for a failure, with its path, message and code, and the line and column of
    /// its ``MappingError/parseError``.
    ///
    /// The kind follows the code: ``Kind/valueMissing`` for a missing key or index,
    /// ``Kind/wrongType`` for `null` or a type mismatch, ``Kind/validationFailed``,
    /// ``Kind/dataToJSON`` for invalid JSON, ``Kind/input`` for input too large, unreadable or cut off, and
    /// ``Kind/bridgingFailed`` for every other code.
    public init(error: MappingError) {
        let kind: Kind
        switch error.code {
        case .missingKey, .indexOutOfRange: kind = .valueMissing
        case .nullValue, .typeMismatch: kind = .wrongType
        case .validationFailed: kind = .validationFailed
        case .invalidJSON: kind = .dataToJSON
        case .inputTooLarge, .unreadableInput, .cancelled: kind = .input
        default: kind = .bridgingFailed
        }
        self.init(
            severity: .error,
            kind: kind,
            path: error.path,
            message: error.message,
            line: error.parseError?.line,
            column: error.parseError?.column,
            code: error.code.description
        )
    }
}

extension LogEntry: CustomStringConvertible {
    /// `Error: Value Missing for key-path: name — …`; the root's path prints as `$`.
    public var description: String {
        var text = "\(severity): \(kind) for key-path: \(path.isRoot ? "$" : path.description)"
        if let line, let column { text += " (line \(line), column \(column))" }
        return text + " — " + message
    }
}

/// Where a decode or encode was called from: captured by every entry point's defaults.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` gives it: `MyApp/Feed.swift`.
    public var file: String
    /// The line, as `#line` gives it.
    public var line: Int
    /// The function, as `#function` gives it: `load(from:)`.
    public var function: String

    /// A call site from its parts.
    public init(file: String, line: Int, function: String) {
        self.file = file
        self.line = line
        self.function = function
    }

    /// `file:line function`: `MyApp/Feed.swift:42 load(from:)`.
    public var description: String { "\(file):\(line) \(function)" }
}

/// What one decode or encode produced for its diagnostics consumer.
public struct DiagnosticsReport: Sendable {
    /// Which way the mapping went.
    public enum Operation: Hashable, Sendable {
        /// A decode, from JSON to a value, or an encode, from a value to JSON.
        case decode, encode
    }

    /// The JSON text involved, as it was given: the input of a decode, the output of an encode.
    public enum Text: Sendable {
        /// UTF-8 bytes: the input of a decode from bytes, the output of an encode.
        case bytes([UInt8])
        /// A string: the input of a decode from a string, or the compact text of an already parsed view.
        case string(String)
        /// No text: the encode failed before producing any, the input cannot be read twice, or
        /// the failure has no place in the text (a size limit, corrupt compressed data).
        case none

        /// Whether `bytes` begins with gzip's magic number `0x1f 0x8b`, which JSON text never does.
        package static func startsWithGzipMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
            bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
        }
    }

    /// Whether it was a decode or an encode.
    public var operation: Operation
    /// The entries in the order they were recorded; the last is the error when the operation failed.
    public var entries: [LogEntry]
    /// Whether the operation produced its result.
    public var succeeded: Bool
    /// The Swift type decoded or encoded.
    public var typeName: String
    /// Where the operation was called from.
    public var callSite: CallSite
    /// The JSON text read or written.
    public var text: Text
    /// How many entries were left out once ``MappingOptions/maxCollectedEntries`` were kept.
    public var droppedCount: Int

    /// A report from its parts; `droppedCount` defaults to 0.
    public init(
        operation: Operation,
        entries: [LogEntry],
        succeeded: Bool,
        typeName: String,
        callSite: CallSite,
        text: Text,
        droppedCount: Int = 0
    ) {
        self.droppedCount = droppedCount
        self.operation = operation
        self.entries = entries
        self.succeeded = succeeded
        self.typeName = typeName
        self.callSite = callSite
        self.text = text
    }
}

extension LogEntry.Kind {
    /// The entry kind of a failure with this code.
    @usableFromInline
    package init(code: MappingError.Code) {
        self = LogEntry(error: MappingError(code: code, message: "")).kind
    }
}
