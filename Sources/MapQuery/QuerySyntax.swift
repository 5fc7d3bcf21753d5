/// The compiled form of a query: what ``QueryParser`` builds and ``QueryEvaluator`` walks.
///
/// Every value here is immutable once parsed. A filter expression is already well typed
/// (RFC 9535, section 2.4.3): each place that takes a value holds a ``ValueExpression``, each
/// place that takes a logical result a ``LogicalExpression``, each place that takes nodes a
/// ``QueryPath``, so the evaluator never meets an argument of the wrong type.
struct QueryPath: Sendable, Hashable {
    /// Whether the query starts at `@` (the filter's current node) rather than `$`.
    var isRelative: Bool
    /// The segments, applied in order.
    var segments: [QuerySegment]

    /// Whether the query can select at most one node (section 2.3.5.1): every segment is a child
    /// segment of one name or index selector written in the singular form.
    var isSingular: Bool {
        segments.allSatisfy(\.isSingular)
    }
}

/// A child segment (`.name`, `[…]`) or a descendant segment (`..name`, `..[…]`).
struct QuerySegment: Sendable, Hashable {
    var isDescendant: Bool
    var selectors: [QuerySelector]
    /// Whether the segment is written as a singular query's segment: `.name`, `['name']` or `[0]`,
    /// with no blank space inside the brackets (section 2.3.5.1's `name-segment` and `index-segment`).
    var hasSingularForm: Bool

    var isSingular: Bool {
        guard !isDescendant, hasSingularForm, selectors.count == 1 else { return false }
        switch selectors[0] {
        case .name, .index: return true
        case .wildcard, .slice, .filter: return false
        }
    }
}

/// One selector of a segment (section 2.3).
enum QuerySelector: Sendable, Hashable {
    /// A member by its unescaped name.
    case name(QueryName)
    /// Every element or member value.
    case wildcard
    /// An element; negative counts from the end.
    case index(Int)
    /// Elements `start:end:step`; `nil` bounds take section 2.3.4.2.2's defaults.
    case slice(start: Int?, end: Int?, step: Int?)
    /// Children for which the expression is true.
    case filter(LogicalExpression)
}

/// A member name, as text and as the UTF-8 bytes member lookups compare.
struct QueryName: Sendable, Hashable {
    var string: String
    var utf8: [UInt8]

    init(_ string: String) {
        self.string = string
        self.utf8 = Array(string.utf8)
    }
}

/// An expression of `LogicalType`: what a filter selector tests.
indirect enum LogicalExpression: Sendable, Hashable {
    case or([LogicalExpression])
    case and([LogicalExpression])
    case not(LogicalExpression)
    /// `left op right`, each side a value.
    case comparison(ValueExpression, ComparisonOperator, ValueExpression)
    /// A query used as a test: true when it selects at least one node.
    case exists(QueryPath)
    /// A function whose result is `LogicalType` (`match`, `search`).
    case function(FunctionCall)
}

/// An expression of `ValueType`: a literal, a singular query, or a function returning a value.
indirect enum ValueExpression: Sendable, Hashable {
    case literal(QueryLiteral)
    case query(QueryPath)
    case function(FunctionCall)
}

/// A literal of a filter expression.
enum QueryLiteral: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(QueryNumber)
    case string(String)
}

/// A number as comparisons need it: exact when it is an integer that fits `Int64`, else a double.
struct QueryNumber: Sendable, Hashable {
    /// The exact value, when integral and within `Int64`.
    var integer: Int64?
    /// The value as a double (rounded when ``integer`` is beyond 2^53).
    var double: Double

    init(integer: Int64) {
        self.integer = integer
        self.double = Double(integer)
    }

    init(double: Double) {
        self.integer = Int64(exactly: double)
        self.double = double
    }

    /// Whether `self` is less than `other`, by value: exactly for two integers, else as doubles.
    func isLess(than other: QueryNumber) -> Bool {
        if let left = integer, let right = other.integer { return left < right }
        return double < other.double
    }

    /// Whether the two numbers are equal by value: `1 == 1.0`.
    func isEqual(to other: QueryNumber) -> Bool {
        if let left = integer, let right = other.integer { return left == right }
        return double == other.double
    }
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// A call of one of the function extensions of section 2.4, its arguments typed.
enum FunctionCall: Sendable, Hashable {
    /// `length(value)`: characters of a string, elements of an array, members of an object.
    case length(ValueExpression)
    /// `count(nodes)`: how many nodes the query selects.
    case count(QueryPath)
    /// `match(value, pattern)`: the whole string matches the I-Regexp.
    case match(ValueExpression, RegexArgument)
    /// `search(value, pattern)`: some substring matches the I-Regexp.
    case search(ValueExpression, RegexArgument)
    /// `value(nodes)`: the value of the only node, else Nothing.
    case value(QueryPath)
}

/// The pattern argument of `match` and `search`: compiled once when it is a string literal.
struct RegexArgument: Sendable, Hashable {
    var expression: ValueExpression
    /// The literal pattern translated when the query was compiled; `nil` when the pattern is
    /// computed, or is a literal that is not a valid I-Regexp (``isInvalidLiteral``).
    var compiled: IRegexp?
    /// Whether the pattern is a literal that is not a valid I-Regexp: the function is then false
    /// for every node.
    var isInvalidLiteral: Bool
}
