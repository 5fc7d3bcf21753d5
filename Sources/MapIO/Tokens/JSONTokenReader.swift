public import MapCore

/// A pull reader of JSON tokens over input that arrives in chunks, resumable at any byte: feed it
/// chunks with ``feed(_:)``, say the input has ended with ``finish()``, and pull tokens with
/// ``next()`` until it answers ``Event/end``.
///
/// ```swift
/// var reader = JSONTokenReader()
/// for chunk in chunks {
///     reader.feed(chunk)
///     while case .token(let token) = try reader.next() { handle(token) }
/// }
/// reader.finish()
/// while case .token(let token) = try reader.next() { handle(token) }
/// ```
///
/// Each token carries its path from the root (`data.items[3].price`), the byte offset of its first
/// byte and its line and column (a line per LF, a column per Unicode scalar, a leading byte-order
/// mark taking none). ``next()`` answers ``Event/needsMoreInput`` when the bytes held end inside a
/// token, or before the reader can know a token has ended (a number at the end of a chunk), so a
/// token never depends on where the chunks are cut. The reader holds the bytes of the token being
/// read and the containers around it, never the document: a document of any size is read in the
/// memory its longest string or number needs.
///
/// The input is strict JSON (RFC 8259), checked as the package's validating scanner checks a
/// whole document, under the same `ParseOptions` (`maxDepth`, `duplicateKeys: .reject`,
/// `allowsTopLevelScalars`, `allowsNULInStrings`, `maxInputSize`): strings, numbers and literals
/// are validated by the scanner itself, so a malformed document throws the `ParseError` the scanner
/// throws, with the same code, message, line, column and offset. One order differs: a repeated key
/// refused by `duplicateKeys: .reject` is reported at the repeated key, where the scanner, which
/// looks for repeats once the object is closed, reports another error inside the same object
/// first if there is one. A number is a token of text, not converted: one beyond `Double`'s range
/// (`1e400`), which a backend refuses with `numberOutOfRange` when it parses the whole document,
/// is read like any other. The errors name the native backend, whose scanner they come from.
/// After an error, the reader stays in error: each later ``next()`` throws the same error.
///
/// A reader is a value: copying it copies the bytes it holds. It is `Sendable`; use one from one
/// task at a time.
public struct JSONTokenReader: Sendable {
    /// One token of the document.
    public struct Token: Sendable, Hashable, CustomStringConvertible {
        /// What the token is.
        public var kind: Kind
        /// Where the value is in the document: a container's own path for its begin and end, the
        /// member's path for a key and its value, the element's for an element.
        public var path: JSONPath
        /// The byte offset of the token's first byte in the input (a string's or key's quote).
        public var offset: Int
        /// The line of the token's first byte, from 1.
        public var line: Int
        /// The column of the token's first byte, from 1, in Unicode scalars.
        public var column: Int

        /// Creates a token.
        public init(kind: Kind, path: JSONPath, offset: Int, line: Int, column: Int) {
            self.kind = kind
            self.path = path
            self.offset = offset
            self.line = line
            self.column = column
        }

        /// `3:5 data.items[0] number 1.5`.
        public var description: String { "\(line):\(column) \(path.isRoot ? "$" : path.description) \(kind)" }
    }

    /// The kinds of token.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case beginObject
        case endObject
        case beginArray
        case endArray
        /// A member's key, unescaped.
        case key(String)
        /// A string value, unescaped.
        case string(String)
        /// A number, as its text in the input (`-1.5e3`): converting it is the caller's choice.
        case number(String)
        case bool(Bool)
        case null

        public var description: String {
            switch self {
            case .beginObject: "{"
            case .endObject: "}"
            case .beginArray: "["
            case .endArray: "]"
            case .key(let key): "key \(key.debugDescription)"
            case .string(let string): "string \(string.debugDescription)"
            case .number(let text): "number \(text)"
            case .bool(let bool): "\(bool)"
            case .null: "null"
            }
        }
    }

    /// What ``next()`` answers.
    public enum Event: Sendable, Hashable {
        /// The next token.
        case token(Token)
        /// The bytes held end before the next token does: ``feed(_:)`` more, or ``finish()``.
        case needsMoreInput
        /// The document has been read to its end, and nothing but whitespace follows it.
        case end
    }

    /// Where the reader is in the grammar.
    private enum State: Sendable {
        /// Before the document's value (after any byte-order mark is looked for).
        case documentStart
        /// Before a value: the document's, an element's or a member's.
        case value
        /// Just after `[`: an element or `]`.
        case firstElement
        /// Just after `{`: a key or `}`.
        case firstKey
        /// After a comma in an object: a key.
        case key
        /// After a key: `:`.
        case colon
        /// After a value inside a container: `,` or the close.
        case afterValue
        /// After a comma: a close is a trailing comma, anything else the next key or element.
        case afterComma
        /// After the document's value: whitespace only.
        case done
    }

    /// A container the reader is in.
    private struct Frame: Sendable {
        var isObject: Bool
        /// The current element's index, for an array.
        var index = 0
        /// The current member's key, for an object.
        var key = ""
        /// The keys read, unescaped, when repeated keys are refused.
        var keys: Set<[UInt8]> = []
    }

    /// Where a token starts.
    fileprivate struct Mark {
        var offset: Int
        var line: Int
        var column: Int
    }

    private let options: ParseOptions
    private static let backend = "native"
    /// The bytes held; those before `start` are consumed.
    private var bytes: [UInt8] = []
    private var start = 0
    /// The input offset of `bytes[0]`.
    private var base = 0
    private var line = 1
    private var column = 1
    private var state = State.documentStart
    private var frames: [Frame] = []
    /// Where the last comma was, for the error a trailing comma gets.
    private var comma = Mark(offset: 0, line: 1, column: 1)
    private var isFinal = false
    private var failure: ParseError?
    /// Bytes fed so far.
    private var fed = 0

    /// How far past a number or a literal the reader looks before validating it: the scanner's
    /// message for a malformed one describes the bytes after it.
    private static let lookahead = 8
    /// How far past a string's closing quote the reader looks before validating it: a byte before
    /// the quote may start a UTF-8 sequence that the quote cuts, which the scanner calls an invalid
    /// sequence when it sees the bytes a whole document has there, up to a sequence's length.
    private static let sequenceLookahead = 3

    /// A reader of one document under `options`. Their `syntax` is not read: the reader reads strict JSON.
    public init(options: ParseOptions = ParseOptions()) {
        self.options = options
    }

    /// The input offset of the first byte not yet consumed.
    public var offset: Int { base + start }

    /// Adds the next chunk of the input.
    public mutating func feed(_ chunk: some Sequence<UInt8>) {
        if start > 0, start >= bytes.count / 2 {
            bytes.removeSubrange(0..<start)
            base += start
            start = 0
        }
        let before = bytes.count
        bytes.append(contentsOf: chunk)
        fed += bytes.count - before
    }

    /// Says the input has ended: the last token may then end with the input.
    public mutating func finish() {
        isFinal = true
    }

    /// The next token, or what the reader needs before there can be one.
    ///
    /// - Throws: `ParseError` for input that is not a JSON document under the options, as the
    ///   scanner reports it; then the same error at each later call.
    public mutating func next() throws(ParseError) -> Event {
        if let failure { throw failure }
        do {
            return try step()
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: Grammar

    private mutating func step() throws(ParseError) -> Event {
        if fed > options.maxInputSize { throw ParseError.inputLongerThan(options.maxInputSize, backend: Self.backend) }
        if state == .documentStart, offset == 0, !isFinal, bytes.count < 4 { return .needsMoreInput }
        if state == .documentStart, offset == 0 {
            let content = bytes.withUnsafeBytes { raw in
                Result { () throws(ParseError) -> Int in try JSONScanner.contentStart(of: raw, backend: Self.backend) }
            }
            // A byte-order mark takes no column.
            start = try content.get()
        }
        while true {
            skipWhitespace()
            guard start < bytes.count else {
                if !isFinal { return .needsMoreInput }
                switch state {
                case .done: return .end
                case .documentStart: throw failure(.emptyInput, "the input holds no JSON value")
                case .value, .firstElement: throw unexpected("expected a value")
                case .firstKey, .key: throw unexpected("expected a string key")
                case .colon: throw unexpected("expected ':' after an object key")
                case .afterValue:
                    throw unexpected(frames.last?.isObject == true ? "expected ',' or '}'" : "expected ',' or ']'")
                case .afterComma:
                    throw unexpected(frames.last?.isObject == true ? "expected a string key" : "expected a value")
                }
            }
            let byte = bytes[start]
            let isObject = frames.last?.isObject == true
            switch state {
            case .documentStart:
                if !options.allowsTopLevelScalars, byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[") {
                    throw failure(.topLevelScalarNotAllowed, "the top-level value must be an object or an array")
                }
                state = .value
            case .done:
                throw failure(.trailingContent, "unexpected \(Self.describe(byte)) after the top-level value")
            case .firstElement where byte == UInt8(ascii: "]"), .firstKey where byte == UInt8(ascii: "}"):
                return .token(close())
            case .value, .firstElement:
                return try value(byte)
            case .firstKey, .key:
                guard byte == UInt8(ascii: "\"") else { throw unexpected("expected a string key") }
                return try key()
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw unexpected("expected ':' after an object key") }
                consume(1)
                state = .value
            case .afterValue:
                if byte == UInt8(ascii: ",") {
                    comma = mark
                    consume(1)
                    state = .afterComma
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    return .token(close())
                } else {
                    throw unexpected(isObject ? "expected ',' or '}' after a member" : "expected ',' or ']'")
                }
            case .afterComma:
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    throw ParseError(
                        code: .trailingComma,
                        message: "trailing comma before '\(isObject ? "}" : "]")'",
                        line: comma.line,
                        column: comma.column,
                        offset: comma.offset,
                        backend: Self.backend
                    )
                }
                if isObject {
                    state = .key
                } else {
                    frames[frames.count - 1].index += 1
                    state = .value
                }
            }
        }
    }

    /// Reads the value starting with `byte`: a container's begin, or a whole scalar.
    private mutating func value(_ byte: UInt8) throws(ParseError) -> Event {
        let here = mark
        let path = currentPath
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < options.maxDepth else {
                throw failure(.depthLimitExceeded, "nesting deeper than the limit of \(options.maxDepth)")
            }
            let isObject = byte == UInt8(ascii: "{")
            frames.append(Frame(isObject: isObject))
            consume(1)
            state = isObject ? .firstKey : .firstElement
            return .token(Token(kind: isObject ? .beginObject : .beginArray, path: path, mark: here))
        case UInt8(ascii: "\""):
            guard let literal = try stringScalar() else { return .needsMoreInput }
            let string = String(decoding: literal.content, as: UTF8.self)
            consume(literal.length)
            endValue()
            return .token(Token(kind: .string(string), path: path, mark: here))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let isNumber = byte == UInt8(ascii: "-") || byte <= UInt8(ascii: "9")
            guard let run = runEnd(isNumber ? Self.isNumberByte : Self.isLetter),
                let token = try scalar(end: run, lookahead: Self.lookahead)
            else { return .needsMoreInput }
            let text = String(decoding: token.whole, as: UTF8.self)
            consume(token.length)
            endValue()
            let kind: Kind =
                switch byte {
                case UInt8(ascii: "t"): .bool(true)
                case UInt8(ascii: "f"): .bool(false)
                case UInt8(ascii: "n"): .null
                default: .number(text)
                }
            return .token(Token(kind: kind, path: path, mark: here))
        default:
            throw unexpected("expected a value")
        }
    }

    /// Reads a key, checking it against the object's others when repeats are refused.
    private mutating func key() throws(ParseError) -> Event {
        let here = mark
        guard let literal = try stringScalar() else { return .needsMoreInput }
        let key = literal.content
        if options.duplicateKeys == .reject, !frames[frames.count - 1].keys.insert(key).inserted {
            throw failure(.duplicateKey, "duplicate key \"\(String(decoding: key, as: UTF8.self))\" in one object")
        }
        frames[frames.count - 1].key = String(decoding: key, as: UTF8.self)
        consume(literal.length)
        state = .colon
        return .token(Token(kind: .key(frames[frames.count - 1].key), path: currentPath, mark: here))
    }

    /// Closes the innermost container, whose close is at `start`.
    private mutating func close() -> Token {
        let here = mark
        let isObject = frames.removeLast().isObject
        consume(1)
        endValue()
        return Token(kind: isObject ? .endObject : .endArray, path: currentPath, mark: here)
    }

    /// After a whole value: the container's next, or the document's end.
    private mutating func endValue() {
        state = frames.isEmpty ? .done : .afterValue
    }

    /// The path of the value about to be read: a step per container open.
    private var currentPath: JSONPath {
        JSONPath(frames.map { $0.isObject ? .key($0.key) : .index($0.index) })
    }

    // MARK: Scalars

    /// A scalar validated by the scanner: its length, its text and, for a string, its content
    /// unescaped.
    private struct Scalar {
        var length: Int
        var whole: [UInt8]
        var content: [UInt8]
    }

    /// Validates the scalar at `start` with the scanner, given the end of the bytes it may span
    /// (`nil`: not all held yet) and how many bytes past them the scanner's messages may describe.
    private func scalar(end: Int?, lookahead: Int = 0) throws(ParseError) -> Scalar? {
        guard var end else { return nil }
        if !isFinal, end + lookahead > bytes.count { return nil }
        end = Swift.min(bytes.count, end + lookahead)
        let here = mark
        let found: Result<Scalar, ParseError> = bytes.withUnsafeBytes { raw in
            let window = UnsafeRawBufferPointer(rebasing: raw[start..<end])
            var options = self.options
            options.allowsTopLevelScalars = true
            do throws(ParseError) {
                let length =
                    try JSONScanner.valueEnd(
                        in: window,
                        from: 0,
                        isFinal: true,
                        options: options,
                        backend: Self.backend
                    )
                    ?? window.count
                let whole = Array(window[0..<length])
                let content =
                    window[0] == UInt8(ascii: "\"")
                    ? [UInt8](DecodedStringBytes(literal: UnsafeRawBufferPointer(rebasing: window[1..<(length - 1)])))
                    : whole
                return .success(Scalar(length: length, whole: whole, content: content))
            } catch {
                return .failure(error)
            }
        }
        switch found {
        case .success(let scalar): return scalar
        case .failure(var error):
            error.offset += here.offset
            if error.line == 1 { error.column += here.column - 1 }
            error.line += here.line - 1
            error.snippet = ""
            error.snippetMarker = 0
            throw error
        }
    }

    /// The string at `start`, validated by the scanner; `nil` when more input may change it.
    private func stringScalar() throws(ParseError) -> Scalar? {
        try scalar(end: stringEnd(), lookahead: Self.sequenceLookahead)
    }

    /// The end of the string at `start` (past its closing quote), or of the bytes held when the
    /// input has ended without one (the scanner then says why); `nil` when more may come.
    private func stringEnd() -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return isFinal ? bytes.count : nil
    }

    /// The end of the run of bytes from `start` that `belongs` accepts; `nil` when the run reaches
    /// the end of the bytes held and more may come.
    private func runEnd(_ belongs: (UInt8) -> Bool) -> Int? {
        var index = start
        while index < bytes.count, belongs(bytes[index]) { index += 1 }
        return index == bytes.count && !isFinal ? nil : index
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    // MARK: Positions and errors

    private var mark: Mark { Mark(offset: offset, line: line, column: column) }

    /// Consumes `count` bytes, keeping line and column: a line per LF, a column per Unicode scalar.
    private mutating func consume(_ count: Int) {
        for byte in bytes[start..<(start + count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        start += count
    }

    /// Consumes the whitespace at `start`: space, tab, CR and LF.
    private mutating func skipWhitespace() {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: column += 1
            case 0x0A:
                line += 1
                column = 1
            default:
                start = index
                return
            }
            index += 1
        }
        start = index
    }

    private func failure(_ code: ParseError.Code, _ message: String) -> ParseError {
        ParseError(code: code, message: message, line: line, column: column, offset: offset, backend: Self.backend)
    }

    /// The scanner's error for what is at `start` when `expectation` is not met.
    private func unexpected(_ expectation: String) -> ParseError {
        guard start < bytes.count else {
            return failure(.unexpectedEndOfInput, "unexpected end of input; \(expectation)")
        }
        return failure(.unexpectedCharacter, "unexpected \(Self.describe(bytes[start])); \(expectation)")
    }

    /// A byte as the scanner's messages show it.
    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0: "NUL byte (0x00)"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}

extension JSONTokenReader.Token {
    fileprivate init(kind: JSONTokenReader.Kind, path: JSONPath, mark: JSONTokenReader.Mark) {
        self.init(kind: kind, path: path, offset: mark.offset, line: mark.line, column: mark.column)
    }
}
