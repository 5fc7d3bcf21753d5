/// Reads RFC 9535's grammar by recursive descent over the query's UTF-8 bytes, and checks the
/// well-typedness of function expressions (section 2.4.3) as it goes.
///
/// Every recursion — a parenthesis, a `!`, a function argument, a query nested in a filter —
/// passes through ``nest(_:)``, which refuses the query once ``maxNesting`` levels are open, so
/// that no query can exhaust the stack. Every failure is a ``JSONQuery/SyntaxError`` at the offset
/// of the byte where the grammar stopped matching.
struct QueryParser {
    /// How deeply parentheses, negations, function calls and nested queries may be open at once.
    static let maxNesting = 128

    /// The largest magnitude of an index or slice bound: 2^53 - 1 (section 2.1).
    static let maxInteger: Int64 = (1 << 53) - 1

    let text: String
    let bytes: [UInt8]
    var position = 0
    var nesting = 0

    init(text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    // MARK: Helpers

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    func peek(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONQuery.SyntaxError {
        JSONQuery.SyntaxError(message: message, offset: offset ?? position, query: text)
    }

    /// What is at the current position, for messages: `'x'` or `the end of the query`.
    var found: String {
        guard position < bytes.count else { return "the end of the query" }
        let scalar = String(decoding: bytes[position...].prefix(4), as: UTF8.self).unicodeScalars.first
        guard let scalar else { return "a byte" }
        if scalar.value < 0x20 { return "U+\(String(scalar.value, radix: 16, uppercase: true))" }
        return "'\(scalar)'"
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips `S`, blank space; returns whether there was any.
    @discardableResult
    mutating func skipBlank() -> Bool {
        let start = position
        while let byte = current, Self.isBlank(byte) { position += 1 }
        return position > start
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    mutating func consume(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<(position + utf8.count)]) == utf8 else {
            return false
        }
        position += utf8.count
        return true
    }

    /// Runs `body` one nesting level deeper, refusing the query past ``maxNesting``.
    mutating func nest<R>(_ body: (inout QueryParser) throws(JSONQuery.SyntaxError) -> R) throws(JSONQuery.SyntaxError)
        -> R
    {
        guard nesting < Self.maxNesting else {
            throw fail("the query nests more than \(Self.maxNesting) levels deep")
        }
        nesting += 1
        defer { nesting -= 1 }
        return try body(&self)
    }

    // MARK: Queries

    /// `jsonpath-query = root-identifier segments`, the whole text.
    mutating func parseQuery() throws(JSONQuery.SyntaxError) -> QueryPath {
        guard consume(UInt8(ascii: "$")) else {
            throw fail("a query starts with '$', found \(found)")
        }
        let segments = try parseSegments()
        guard position == bytes.count else {
            throw fail("unexpected \(found) after the query")
        }
        return QueryPath(isRelative: false, segments: segments)
    }

    /// `segments = *(S segment)`: stops, before any blank space, where no segment follows.
    mutating func parseSegments() throws(JSONQuery.SyntaxError) -> [QuerySegment] {
        var segments: [QuerySegment] = []
        while true {
            let beforeBlank = position
            skipBlank()
            guard let byte = current, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") else {
                position = beforeBlank
                return segments
            }
            segments.append(try parseSegment())
        }
    }

    /// A child segment (`.name`, `.*`, `[…]`) or a descendant segment (`..name`, `..*`, `..[…]`).
    mutating func parseSegment() throws(JSONQuery.SyntaxError) -> QuerySegment {
        if consume(UInt8(ascii: "[")) {
            let (selectors, singularForm) = try parseBracketedSelection()
            return QuerySegment(isDescendant: false, selectors: selectors, hasSingularForm: singularForm)
        }
        position += 1  // "."
        if consume(UInt8(ascii: ".")) {
            if consume(UInt8(ascii: "[")) {
                let (selectors, _) = try parseBracketedSelection()
                return QuerySegment(isDescendant: true, selectors: selectors, hasSingularForm: false)
            }
            if consume(UInt8(ascii: "*")) {
                return QuerySegment(isDescendant: true, selectors: [.wildcard], hasSingularForm: false)
            }
            guard let name = parseMemberNameShorthand() else {
                throw fail("expected a member name, '*' or '[' after '..', found \(found)")
            }
            return QuerySegment(isDescendant: true, selectors: [.name(name)], hasSingularForm: false)
        }
        if consume(UInt8(ascii: "*")) {
            return QuerySegment(isDescendant: false, selectors: [.wildcard], hasSingularForm: false)
        }
        guard let name = parseMemberNameShorthand() else {
            throw fail("expected a member name or '*' after '.', found \(found)")
        }
        return QuerySegment(isDescendant: false, selectors: [.name(name)], hasSingularForm: true)
    }

    /// `member-name-shorthand = name-first *name-char`; `nil`, consuming nothing, when none is here.
    mutating func parseMemberNameShorthand() -> QueryName? {
        func isNameFirst(_ byte: UInt8) -> Bool {
            // Bytes from 0x80 belong to non-ASCII scalars, all of which are name characters (the
            // text is valid UTF-8, so it holds no surrogate code points).
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        guard let first = current, isNameFirst(first) else { return nil }
        let start = position
        while let byte = current, isNameFirst(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            position += 1
        }
        return QueryName(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    /// `bracketed-selection = "[" S selector *(S "," S selector) S "]"`, after the `[`; also
    /// whether it is written as a singular segment (one selector, no blank space).
    mutating func parseBracketedSelection() throws(JSONQuery.SyntaxError) -> ([QuerySelector], Bool) {
        var hadBlank = skipBlank()
        var selectors = [try parseSelector()]
        while true {
            hadBlank = skipBlank() || hadBlank
            if consume(UInt8(ascii: "]")) { break }
            guard consume(UInt8(ascii: ",")) else {
                throw fail("expected ',' or ']' after a selector, found \(found)")
            }
            skipBlank()
            selectors.append(try parseSelector())
        }
        return (selectors, !hadBlank && selectors.count == 1)
    }

    /// A name, wildcard, index, slice or filter selector.
    mutating func parseSelector() throws(JSONQuery.SyntaxError) -> QuerySelector {
        guard let byte = current else { throw fail("expected a selector, found the end of the query") }
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .name(QueryName(try parseStringLiteral()))
        case UInt8(ascii: "*"):
            position += 1
            return .wildcard
        case UInt8(ascii: "?"):
            position += 1
            skipBlank()
            let expression = try nest { (parser: inout QueryParser) throws(JSONQuery.SyntaxError) in
                try parser.parseLogicalOr()
            }
            return .filter(expression)
        case UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseIndexOrSlice()
        default:
            throw fail("expected a selector (a quoted name, '*', an index, a slice or '?'), found \(found)")
        }
    }

    /// `index-selector = int` or `slice-selector = [start S] ":" S [end S] [":" [S step]]`.
    mutating func parseIndexOrSlice() throws(JSONQuery.SyntaxError) -> QuerySelector {
        let start = current == UInt8(ascii: ":") ? nil : try parseInteger()
        let afterStart = position
        skipBlank()
        guard consume(UInt8(ascii: ":")) else {
            position = afterStart
            // `start` is set: a selector that does not begin with ":" begins with an integer.
            return .index(start ?? 0)
        }
        skipBlank()
        var end: Int?
        if let byte = current, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            end = try parseInteger()
        }
        var step: Int?
        let afterEnd = position
        skipBlank()
        if consume(UInt8(ascii: ":")) {
            let afterColon = position
            skipBlank()
            if let byte = current, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                step = try parseInteger()
            } else {
                position = afterColon
            }
        } else {
            position = afterEnd
        }
        return .slice(start: start, end: end, step: step)
    }

    /// `int = "0" / (["-"] DIGIT1 *DIGIT)`, within ±(2^53 - 1): no leading zero, no `-0`.
    mutating func parseInteger() throws(JSONQuery.SyntaxError) -> Int {
        let start = position
        let negative = consume(UInt8(ascii: "-"))
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw fail("expected a digit, found \(found)")
        }
        if first == UInt8(ascii: "0") {
            position += 1
            if negative { throw fail("-0 is not an integer here; write 0", at: start) }
            if let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                throw fail("an integer cannot have a leading zero", at: start)
            }
            return 0
        }
        var value: Int64 = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            guard value <= Self.maxInteger else {
                throw fail("an integer must be within ±(2^53 - 1)", at: start)
            }
            position += 1
        }
        return Int(negative ? -value : value)
    }

    /// A string literal in single or double quotes, with RFC 9535's escapes (section 2.3.1.1),
    /// as the string it stands for.
    mutating func parseStringLiteral() throws(JSONQuery.SyntaxError) -> String {
        let quote = bytes[position]
        let opening = position
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else {
                throw fail("the string literal is not closed", at: opening)
            }
            if byte == quote {
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 {
                throw fail("a control character must be escaped in a string literal")
            }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard let escaped = current else { throw fail("the string literal is not closed", at: opening) }
            position += 1
            switch escaped {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): utf8.append(escaped)
            case quote: utf8.append(quote)
            case UInt8(ascii: "u"):
                let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default:
                throw fail("invalid escape in a string literal", at: escapeStart)
            }
        }
    }

    /// The scalar of `\uXXXX`, or of a surrogate pair `\uD8XX\uDCXX`; after the `u`.
    mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONQuery.SyntaxError) -> Unicode.Scalar {
        let first = try parseHex4(escapeStart: escapeStart)
        if (0xDC00...0xDFFF).contains(first) {
            throw fail("a low surrogate must follow a high surrogate", at: escapeStart)
        }
        if (0xD800...0xDBFF).contains(first) {
            let secondStart = position
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                throw fail("a high surrogate must be followed by a \\u low surrogate", at: escapeStart)
            }
            let second = try parseHex4(escapeStart: secondStart)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw fail("a high surrogate must be followed by a low surrogate", at: secondStart)
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw fail("invalid surrogate pair", at: escapeStart) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw fail("invalid \\u escape", at: escapeStart) }
        return scalar
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONQuery.SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw fail("\\u takes four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Filter expressions

    /// `logical-or-expr = logical-and-expr *(S "||" S logical-and-expr)`.
    mutating func parseLogicalOr() throws(JSONQuery.SyntaxError) -> LogicalExpression {
        var operands = [try parseLogicalAnd()]
        while true {
            let before = position
            skipBlank()
            guard consume("||") else {
                position = before
                break
            }
            skipBlank()
            operands.append(try parseLogicalAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    /// `logical-and-expr = basic-expr *(S "&&" S basic-expr)`.
    mutating func parseLogicalAnd() throws(JSONQuery.SyntaxError) -> LogicalExpression {
        var operands = [try parseBasic()]
        while true {
            let before = position
            skipBlank()
            guard consume("&&") else {
                position = before
                break
            }
            skipBlank()
            operands.append(try parseBasic())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    /// `basic-expr = paren-expr / comparison-expr / test-expr`, with `!` before a parenthesis or
    /// a test.
    mutating func parseBasic() throws(JSONQuery.SyntaxError) -> LogicalExpression {
        if consume(UInt8(ascii: "!")) {
            skipBlank()
            let start = position
            let operand = try nest { (parser: inout QueryParser) throws(JSONQuery.SyntaxError) in
                try parser.parseNegatable()
            }
            try refuseComparison(after: "a negated expression", start: start)
            return .not(operand)
        }
        if current == UInt8(ascii: "(") {
            let start = position
            let group = try parseParenthesized()
            try refuseComparison(after: "a parenthesized expression", start: start)
            return group
        }
        let start = position
        let operand = try parseOperand()
        let beforeOperator = position
        skipBlank()
        if let op = parseComparisonOperator() {
            skipBlank()
            let rightStart = position
            let right = try parseOperand()
            return .comparison(
                try comparable(operand, start: start),
                op,
                try comparable(right, start: rightStart)
            )
        }
        position = beforeOperator
        return try testExpression(operand, start: start)
    }

    /// After `!`: a parenthesized expression, or a test (a query or a function).
    mutating func parseNegatable() throws(JSONQuery.SyntaxError) -> LogicalExpression {
        if current == UInt8(ascii: "!") {
            throw fail("'!' must be followed by a query, a function or a parenthesized expression")
        }
        if current == UInt8(ascii: "(") { return try parseParenthesized() }
        let start = position
        return try testExpression(try parseOperand(), start: start)
    }

    /// `"(" S logical-expr S ")"`.
    mutating func parseParenthesized() throws(JSONQuery.SyntaxError) -> LogicalExpression {
        position += 1  // "("
        return try nest { (parser: inout QueryParser) throws(JSONQuery.SyntaxError) in
            parser.skipBlank()
            let inner = try parser.parseLogicalOr()
            parser.skipBlank()
            guard parser.consume(UInt8(ascii: ")")) else {
                throw parser.fail("expected ')' to close the parenthesis, found \(parser.found)")
            }
            return inner
        }
    }

    /// Refuses a comparison operator after an expression that is not a comparable.
    mutating func refuseComparison(after what: String, start: Int) throws(JSONQuery.SyntaxError) {
        let before = position
        skipBlank()
        if parseComparisonOperator() != nil {
            throw fail("\(what) cannot be compared; only literals, singular queries and value functions can", at: start)
        }
        position = before
    }

    mutating func parseComparisonOperator() -> ComparisonOperator? {
        for op in [ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where consume(op.rawValue) {
            return op
        }
        return nil
    }

    /// One side of a comparison, a test or a function argument before its role is known.
    enum Operand {
        case literal(QueryLiteral)
        case query(QueryPath)
        case function(FunctionCall, FunctionType)
    }

    /// The declared result type of a function extension (section 2.4.1).
    enum FunctionType {
        case value, logical, nodes
    }

    /// A literal, a query (`@…` or `$…`) or a function call.
    mutating func parseOperand() throws(JSONQuery.SyntaxError) -> Operand {
        guard let byte = current else { throw fail("expected an expression, found the end of the query") }
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "$"):
            position += 1
            let segments = try nest { (parser: inout QueryParser) throws(JSONQuery.SyntaxError) in
                try parser.parseSegments()
            }
            return .query(QueryPath(isRelative: byte == UInt8(ascii: "@"), segments: segments))
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .literal(.string(try parseStringLiteral()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .literal(.number(try parseNumber()))
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            return try parseWordOrFunction()
        default:
            throw fail("expected a query, a literal or a function, found \(found)")
        }
    }

    /// `true`, `false`, `null`, or `function-name "(" … ")"`.
    mutating func parseWordOrFunction() throws(JSONQuery.SyntaxError) -> Operand {
        let start = position
        while let byte = current,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        {
            position += 1
        }
        let word = String(decoding: bytes[start..<position], as: UTF8.self)
        if current != UInt8(ascii: "(") {
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default:
                throw fail("expected a query, a literal or a function, found '\(word)'", at: start)
            }
        }
        position += 1  // "("
        return try nest { (parser: inout QueryParser) throws(JSONQuery.SyntaxError) in
            try parser.parseFunctionCall(named: word, start: start)
        }
    }

    /// The arguments of a function extension and the check of their types, after the `(`.
    mutating func parseFunctionCall(named name: String, start: Int) throws(JSONQuery.SyntaxError) -> Operand {
        var arguments: [(Operand, Int)] = []
        skipBlank()
        if !consume(UInt8(ascii: ")")) {
            while true {
                let argumentStart = position
                arguments.append((try parseArgument(), argumentStart))
                skipBlank()
                if consume(UInt8(ascii: ")")) { break }
                guard consume(UInt8(ascii: ",")) else {
                    throw fail("expected ',' or ')' after a function argument, found \(found)")
                }
                skipBlank()
            }
        }
        func arity(_ expected: Int) throws(JSONQuery.SyntaxError) {
            guard arguments.count == expected else {
                let word = expected == 1 ? "argument" : "arguments"
                throw fail("\(name)() takes \(expected) \(word), found \(arguments.count)", at: start)
            }
        }
        switch name {
        case "length":
            try arity(1)
            return .function(.length(try valueArgument(arguments[0], of: name)), .value)
        case "count":
            try arity(1)
            return .function(.count(try nodesArgument(arguments[0], of: name)), .value)
        case "value":
            try arity(1)
            return .function(.value(try nodesArgument(arguments[0], of: name)), .value)
        case "match", "search":
            try arity(2)
            let subject = try valueArgument(arguments[0], of: name)
            let pattern = try valueArgument(arguments[1], of: name)
            var regex = RegexArgument(expression: pattern, compiled: nil, isInvalidLiteral: false)
            if case .literal(let literal) = pattern {
                if case .string(let text) = literal, let compiled = IRegexp(text) {
                    regex.compiled = compiled
                } else {
                    regex.isInvalidLiteral = true
                }
            }
            let call: FunctionCall = name == "match" ? .match(subject, regex) : .search(subject, regex)
            return .function(call, .logical)
        default:
            throw fail(
                "unknown function '\(name)'; the functions are length, count, match, search and value",
                at: start
            )
        }
    }

    /// `function-argument = literal / filter-query / logical-expr / function-expr`.
    mutating func parseArgument() throws(JSONQuery.SyntaxError) -> Operand {
        let start = position
        if current == UInt8(ascii: "!") || current == UInt8(ascii: "(") {
            _ = try parseLogicalOr()
            throw fail("a logical expression cannot be an argument of the built-in functions", at: start)
        }
        let operand = try parseOperand()
        let before = position
        skipBlank()
        if parseComparisonOperator() != nil || consume("&&") || consume("||") {
            throw fail("a logical expression cannot be an argument of the built-in functions", at: start)
        }
        position = before
        return operand
    }

    /// An argument for a `ValueType` parameter: a literal, a singular query, or a value function.
    func valueArgument(_ argument: (Operand, Int), of name: String) throws(JSONQuery.SyntaxError) -> ValueExpression {
        switch argument.0 {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            guard query.isSingular else {
                throw fail(
                    "\(name)() takes a value here; a query that can select several nodes is not one",
                    at: argument.1
                )
            }
            return .query(query)
        case .function(let call, .value):
            return .function(call)
        case .function:
            throw fail("\(name)() takes a value here; this function's result is not a value", at: argument.1)
        }
    }

    /// An argument for a `NodesType` parameter: a query.
    func nodesArgument(_ argument: (Operand, Int), of name: String) throws(JSONQuery.SyntaxError) -> QueryPath {
        guard case .query(let query) = argument.0 else {
            throw fail("\(name)() takes a query", at: argument.1)
        }
        return query
    }

    /// An operand used as a comparable: a literal, a singular query, or a value function.
    func comparable(_ operand: Operand, start: Int) throws(JSONQuery.SyntaxError) -> ValueExpression {
        switch operand {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            guard query.isSingular else {
                throw fail("only a singular query (names and indexes only) can be compared", at: start)
            }
            return .query(query)
        case .function(let call, .value):
            return .function(call)
        case .function:
            throw fail("this function's result is not a value and cannot be compared", at: start)
        }
    }

    /// An operand used as a test: a query (true when it selects a node) or a logical or nodes function.
    func testExpression(_ operand: Operand, start: Int) throws(JSONQuery.SyntaxError) -> LogicalExpression {
        switch operand {
        case .literal:
            throw fail("a literal alone is not a test; compare it with something", at: start)
        case .query(let query):
            return .exists(query)
        case .function(let call, .logical):
            return .function(call)
        case .function(let call, .nodes):
            return .function(call)
        case .function:
            throw fail("this function's result is a value; compare it instead of testing it", at: start)
        }
    }

    /// `number = (int / "-0") [ frac ] [ exp ]`.
    mutating func parseNumber() throws(JSONQuery.SyntaxError) -> QueryNumber {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw fail("expected a digit, found \(found)")
        }
        position += 1
        if first == UInt8(ascii: "0"), let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
            throw fail("a number cannot have a leading zero", at: start)
        }
        skipDigits()
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard skipDigits() else { throw fail("expected a digit after '.', found \(found)") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() else { throw fail("expected a digit in the exponent, found \(found)") }
        }
        let literal = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int64(literal) {
            // `-0` is the integer 0 and compares equal to it; its sign does not matter here.
            return QueryNumber(integer: integer)
        }
        guard let double = Double(literal) else { throw fail("invalid number", at: start) }
        return QueryNumber(double: double)
    }

    /// Skips `*DIGIT`; returns whether there was one.
    @discardableResult
    mutating func skipDigits() -> Bool {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position > start
    }
}
