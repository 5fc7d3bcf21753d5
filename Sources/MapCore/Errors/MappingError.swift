/// Why a value could not be decoded or encoded, and where.
///
/// Every mapping failure is one of these: a ``Code`` to match on, the ``path`` of the value
/// that failed, the failing ``value`` itself (for a snippet) and the document's ``root``. The
/// ``description`` is one line; the ``debugDescription`` walks from the root to the failure,
/// one step per line, so the chain of causes reads top to bottom.
///
/// ```swift
/// do {
///     _ = try mapper.decode(Tweet.self, from: bytes)
/// } catch let error as MappingError where error.code == .typeMismatch {
///     print(error.path)   // statuses[3].user.id
/// }
/// ```
public struct MappingError: Error, Sendable {
    /// What kind of failure it was. Extensible: match with `==`, never exhaustively.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case missingKey, indexOutOfRange, nullValue, typeMismatch, notRepresentable
            case validationFailed, bridgingFailed, rawRepresentableInitialization
            case invalidJSON, inputTooLarge, unsupportedValue, invalidWriterState, other
            case unknownDiscriminator, noMatchingCandidate, unreadableInput, cancelled, unknownMember
        }

        let base: Base

        /// The code's name: `typeMismatch`.
        public var description: String { base.rawValue }

        /// A required key is not in the object.
        public static let missingKey = Code(base: .missingKey)
        /// An array has no element at the index asked for.
        public static let indexOutOfRange = Code(base: .indexOutOfRange)
        /// The value is `null` where a value was required.
        public static let nullValue = Code(base: .nullValue)
        /// The value is of another JSON kind than expected (``MappingError/expected`` and ``MappingError/actual``).
        public static let typeMismatch = Code(base: .typeMismatch)
        /// A number does not fit the target: 300 into `Int8`, 1.5 into `Int`, a non-finite `Double` into JSON.
        public static let notRepresentable = Code(base: .notRepresentable)
        /// A validation closure rejected the value.
        public static let validationFailed = Code(base: .validationFailed)
        /// A bridge could not convert the value: an unparsable date, URL, UUID or base64 string,
        /// or a custom bridge's decoder returning `nil`.
        public static let bridgingFailed = Code(base: .bridgingFailed)
        /// `RawRepresentable.init(rawValue:)` returned `nil`; ``MappingError/value`` holds the raw value.
        public static let rawRepresentableInitialization = Code(base: .rawRepresentableInitialization)
        /// The input is not JSON; ``MappingError/parseError`` says where.
        public static let invalidJSON = Code(base: .invalidJSON)
        /// The input exceeds ``ParseOptions/maxInputSize``, or compressed input inflates to more than
        /// ``ParseOptions/maxInflatedSize``; ``MappingError/parseError`` says which.
        public static let inputTooLarge = Code(base: .inputTooLarge)
        /// The input could not be read (a missing file, an I/O error) or decompressed (corrupt or
        /// truncated compressed data); ``MappingError/parseError`` has the path or the compressed
        /// byte offset.
        public static let unreadableInput = Code(base: .unreadableInput)
        /// An encoder produced something that is not JSON.
        public static let unsupportedValue = Code(base: .unsupportedValue)
        /// Writer events out of order: a value where a key was due, an unbalanced end.
        public static let invalidWriterState = Code(base: .invalidWriterState)
        /// An error thrown by user code inside a bridge; ``MappingError/underlyingError`` holds it.
        public static let other = Code(base: .other)
        /// A discriminator (a `"type"` key, say) names no registered case and there is no fallback;
        /// ``MappingError/value`` holds the discriminator.
        public static let unknownDiscriminator = Code(base: .unknownDiscriminator)
        /// No candidate of an untagged polymorphic bridge decoded the value;
        /// ``MappingError/collected`` holds each candidate's own error.
        public static let noMatchingCandidate = Code(base: .noMatchingCandidate)
        /// An object that refuses members its type does not name has some; the error's path is the
        /// object's, and ``MappingError/collected`` holds one entry per such member, each at its path.
        public static let unknownMember = Code(base: .unknownMember)
        /// Reading stopped before the input's end and not because of the input: the reading task
        /// was cancelled, or the input's source broke off (a client that disconnected mid-body, a
        /// connection its server closed for idleness). ``MappingError/underlyingError`` holds the
        /// source's own error, if it threw one.
        public static let cancelled = Code(base: .cancelled)
    }

    /// A ``Code/cancelled`` error for reading `input` ("the feed", "the request body") that
    /// stopped before its end. Without a `source` error, or with a `CancellationError`, the
    /// reading task was cancelled; with any other, the input's source broke off, and `source` is
    /// the ``underlyingError``.
    package init(cancelledReading input: String, by source: (any Error)? = nil) {
        let message: String
        if let source, !(source is CancellationError) {
            message = "\(input) broke off before its end: \(source)"
        } else {
            message = "the task reading \(input) was cancelled"
        }
        self.init(code: .cancelled, message: message, underlyingError: source)
    }

    /// The fields, boxed: an error is one reference wide however much context it carries, so that
    /// an optional error held on the success path (a map's first failure, a bridge's `throws`)
    /// costs a word, and copying one is a retain. Copy-on-write: a setter copies the box first
    /// unless this error holds the only reference.
    @usableFromInline var storage: Storage

    /// What kind of failure it was.
    public var code: Code {
        get { storage.code }
        set { mutableStorage.code = newValue }
    }
    /// Where the failing value is (or would be) in the document.
    public var path: JSONPath {
        get { storage.path }
        set { mutableStorage.path = newValue }
    }
    /// What went wrong, in a sentence.
    public var message: String {
        get { storage.message }
        set { mutableStorage.message = newValue }
    }
    /// The JSON kind that was expected, when one was.
    public var expected: JSONKind? {
        get { storage.expected }
        set { mutableStorage.expected = newValue }
    }
    /// The JSON kind that was found; `nil` when the value is missing.
    public var actual: JSONKind? {
        get { storage.actual }
        set { mutableStorage.actual = newValue }
    }
    /// The Swift type being decoded or encoded, when known (`"Int8"`).
    public var targetType: String? {
        get { storage.targetType }
        set { mutableStorage.targetType = newValue }
    }
    /// The failing value; `nil` when it is missing or the failure is not about a JSON value.
    public var value: JSON? {
        get { storage.value }
        set { mutableStorage.value = newValue }
    }
    /// The root of the document the failure happened in.
    public var root: JSON? {
        get { storage.root }
        set { mutableStorage.root = newValue }
    }
    /// The error this one wraps: a ``ParseError`` for ``Code/invalidJSON``, the user's error for ``Code/other``.
    public var underlyingError: (any Error)? {
        get { storage.underlyingError }
        set { mutableStorage.underlyingError = newValue }
    }
    /// The rules the failure passed through, outermost first: the fields, items and members of
    /// the declarative rules that led to it. Empty for a failure outside rules. ``causalChain``
    /// reads it as a sentence.
    public var ruleTrail: [RuleStep] {
        get { storage.ruleTrail }
        set { mutableStorage.ruleTrail = newValue }
    }
    /// Every entry of a decode that collected them (``MappingOptions/collectsAllErrors``): each
    /// failure, with its path, and each lenient recovery, in the order they happened; empty
    /// otherwise.
    public var collected: [LogEntry] {
        get { storage.collected }
        set { mutableStorage.collected = newValue }
    }
    /// How many entries a collecting decode left out of ``collected`` once it held
    /// ``MappingOptions/maxCollectedEntries``.
    public var droppedCount: Int {
        get { storage.droppedCount }
        set { mutableStorage.droppedCount = newValue }
    }
    /// For ``Code/noMatchingCandidate``: each candidate tried, with its own failure.
    public var candidateErrors: [(candidate: String, error: MappingError)] {
        get { storage.candidateErrors }
        set { mutableStorage.candidateErrors = newValue }
    }

    /// An error from its parts; everything but `code` and `message` defaults to unknown (`nil`, and
    /// ``JSONPath/root`` for the path). Bridges use
    /// ``MappingContext/error(_:at:message:expected:targetType:underlyingError:)`` instead, which
    /// fills in the path, the value and the root.
    public init(
        code: Code,
        path: JSONPath = .root,
        message: String,
        expected: JSONKind? = nil,
        actual: JSONKind? = nil,
        targetType: String? = nil,
        value: JSON? = nil,
        root: JSON? = nil,
        underlyingError: (any Error)? = nil
    ) {
        storage = Storage(
            code: code,
            path: path,
            message: message,
            expected: expected,
            actual: actual,
            targetType: targetType,
            value: value,
            root: root,
            underlyingError: underlyingError
        )
    }

    /// The storage, copied first when another error shares it.
    private var mutableStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The fields of a ``MappingError``.
    ///
    /// `@unchecked Sendable`: an error mutates its storage only through ``mutableStorage``, which
    /// first makes the reference unique, so storage that another error or task can see is never
    /// written.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        var code: Code
        var path: JSONPath
        var message: String
        var expected: JSONKind?
        var actual: JSONKind?
        var targetType: String?
        var value: JSON?
        var root: JSON?
        var underlyingError: (any Error)?
        var ruleTrail: [RuleStep] = []
        var collected: [LogEntry] = []
        var droppedCount = 0
        var candidateErrors: [(candidate: String, error: MappingError)] = []

        init(
            code: Code,
            path: JSONPath,
            message: String,
            expected: JSONKind?,
            actual: JSONKind?,
            targetType: String?,
            value: JSON?,
            root: JSON?,
            underlyingError: (any Error)?
        ) {
            self.code = code
            self.path = path
            self.message = message
            self.expected = expected
            self.actual = actual
            self.targetType = targetType
            self.value = value
            self.root = root
            self.underlyingError = underlyingError
        }

        func copy() -> Storage {
            let copy = Storage(
                code: code,
                path: path,
                message: message,
                expected: expected,
                actual: actual,
                targetType: targetType,
                value: value,
                root: root,
                underlyingError: underlyingError
            )
            copy.ruleTrail = ruleTrail
            copy.collected = collected
            copy.droppedCount = droppedCount
            copy.candidateErrors = candidateErrors
            return copy
        }
    }

    /// The parse error behind an ``Code/invalidJSON`` or ``Code/inputTooLarge`` failure.
    public var parseError: ParseError? {
        underlyingError as? ParseError
    }

    /// Wraps a parse failure: code ``Code/inputTooLarge`` for a ``ParseError/Code/inputTooLarge`` or
    /// ``ParseError/Code/inflatedSizeExceeded``, ``Code/unreadableInput`` for
    /// ``ParseError/Code/unreadableInput``, ``ParseError/Code/corruptCompressedData`` and
    /// ``ParseError/Code/truncatedCompressedData``, ``Code/invalidJSON`` for any other; the path is
    /// the root and ``underlyingError`` is `parseError`.
    public init(parseError: ParseError) {
        let code: Code
        switch parseError.code {
        case .inputTooLarge, .inflatedSizeExceeded: code = .inputTooLarge
        case .unreadableInput, .corruptCompressedData, .truncatedCompressedData: code = .unreadableInput
        default: code = .invalidJSON
        }
        self.init(
            code: code,
            message: parseError.description,
            underlyingError: parseError
        )
    }
}

extension MappingError: CustomStringConvertible, CustomDebugStringConvertible {
    /// One line: the code, the path and the message.
    public var description: String {
        if let parseError {
            return "\(code): \(parseError.description)"
        }
        return "\(code) at \(path.isRoot ? "the root" : path.description): \(message)"
    }

    /// The chain from the root down to the failure, one step per line.
    public var debugDescription: String {
        if let parseError {
            return "MappingError.\(code): \(parseError.debugDescription)"
        }
        var lines: [String] = []
        var head = "MappingError.\(code)"
        if let targetType { head += " decoding \(targetType)" }
        lines.append(head + " at \(path.isRoot ? "the root" : path.description)")
        var current = root
        lines.append("  root" + (current.map { ": " + $0.summary() } ?? ""))
        for (depth, component) in path.components.enumerated() {
            let indent = String(repeating: "  ", count: depth + 1)
            let step: String
            switch component {
            case .key(let key): step = "key \"\(key)\""
            case .index(let index): step = "element [\(index)]"
            }
            current = current?[JSONPath([component])]
            let isLast = depth == path.components.count - 1
            var line = "  \(indent)→ \(step)"
            if let current, !current.isMissing, !isLast {
                line += ": " + current.summary()
            } else if let current, current.isMissing, !isLast {
                line += ": missing"
            }
            if isLast { line += ": " + message }
            lines.append(line)
        }
        if path.isRoot { lines[lines.count - 1] += " — " + message }
        if let underlyingError { lines.append("  caused by: \(underlyingError)") }
        if !ruleTrail.isEmpty { lines.append("  through rules: \(causalChain)") }
        for (candidate, error) in candidateErrors { lines.append("  as \(candidate): \(error)") }
        if !collected.isEmpty {
            lines.append(
                "  \(collected.count) entries collected\(droppedCount > 0 ? ", \(droppedCount) dropped" : ""):"
            )
            for entry in collected { lines.append("    \(entry)") }
        }
        return lines.joined(separator: "\n")
    }
}

extension MappingError: Equatable {
    /// Two errors are equal when they describe the same failure: the same ``code``, ``path``,
    /// ``message``, ``expected`` and ``actual`` kinds, ``targetType``, ``ruleTrail`` and
    /// ``parseError``, and structurally equal failing ``value``s (``JSON``'s `==`).
    ///
    /// What surrounds the failure is not compared: the document's ``root``, an
    /// ``underlyingError`` other than a parse error (it need not be `Equatable`), and what a
    /// collecting decode gathered (``collected``, ``droppedCount``, ``candidateErrors``). So the
    /// same bad value decoded from two documents gives equal errors, and a test can compare an
    /// error with one it builds: `MappingError(code: .typeMismatch, path: ["id"], message: …)`.
    public static func == (lhs: MappingError, rhs: MappingError) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.code == rhs.code && lhs.path == rhs.path && lhs.message == rhs.message
            && lhs.expected == rhs.expected && lhs.actual == rhs.actual && lhs.targetType == rhs.targetType
            && lhs.ruleTrail == rhs.ruleTrail && lhs.parseError == rhs.parseError && lhs.value == rhs.value
    }
}
