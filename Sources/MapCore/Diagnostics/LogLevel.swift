/// How much a mapper logs: Rosetta's three levels.
///
/// | level | what is logged |
/// |---|---|
/// | ``none`` | nothing; no entry is collected or formatted for the log |
/// | ``errors`` | the entries of a decode or encode that failed (its warnings included) |
/// | ``verbose`` | the entries of every decode or encode that has any: warnings, and unknown keys |
///
/// Set it as ``MappingOptions/logLevel``.
public enum LogLevel: Int, Hashable, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Nothing is logged. The default.
    case none
    /// Only operations that fail are logged, with every entry they recorded.
    case errors
    /// Every operation that recorded an entry is logged, warnings included; a decode also
    /// reports the keys no mapping read (``LogEntry/Kind/unknownKey``).
    case verbose

    /// ``none`` < ``errors`` < ``verbose``.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `none`, `errors` or `verbose`.
    public var description: String {
        switch self {
        case .none: "none"
        case .errors: "errors"
        case .verbose: "verbose"
        }
    }

    /// Whether an operation that succeeded or failed, as `succeeded` says, is logged at this level.
    public func logs(succeeded: Bool) -> Bool {
        switch self {
        case .none: false
        case .errors: !succeeded
        case .verbose: true
        }
    }
}
