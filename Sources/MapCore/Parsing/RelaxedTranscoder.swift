/// Reads JSONC or JSON5 text and writes the strict JSON text that holds the same values, so that
/// ``JSONScanner`` — whose loops know RFC 8259 and nothing else — records the document's tape.
///
/// The invariant that keeps strict parsing as fast as it was: no branch about JSONC or JSON5 is
/// in ``JSONScanner``. A backend that reads a relaxed syntax runs this pass first, then the strict
/// scan over ``RelaxedTranscript/text``; a strict parse never comes here.
///
/// The pass checks everything the relaxed syntax rules (comments closed, escapes valid, number
/// forms, identifier keys, trailing commas in the right places, UTF-8, `\0` and `\xHH` against
/// ``ParseOptions/allowsNULInStrings``, depth) and reports a ``ParseError`` at the line and column of
/// the input itself. What the strict scan still rules on the written text (repeated keys, a scalar
/// at the top level, a number beyond `Double`'s range) is moved back onto the input by
/// ``RelaxedTranscript/sourceError(for:in:)`` through the marks each token leaves.
///
/// What is written for each JSON5 form:
/// - comments and JSON5-only whitespace: nothing; a trailing comma: nothing;
/// - a single-quoted string or an identifier key: a double-quoted string with the same characters,
///   escapes JSON lacks written as JSON escapes (`\v` as `\u000B`, `\xHH` as `\u00HH`), a line
///   continuation as nothing, a raw control character (a tab, say) as its escape;
/// - `+1`, `.5`, `5.`: `1`, `0.5`, `5.0`; a hexadecimal integer: its decimal digits (exact up to
///   `UInt64.max` in magnitude; beyond, the correctly rounded `Double`'s shortest digits);
/// - `Infinity`, `-Infinity`, `NaN` (signed or not): the placeholder `0`, listed in
///   ``RelaxedTranscript/nonFinite`` for the backend to read as the `Double` it stands for.
package struct RelaxedTranscoder {
    /// Transcribes `input` (whose ``ParseOptions/syntax`` is `.jsonc` or `.json5`).
    ///
    /// - Throws: ``ParseError`` with the position in `input` of the first problem.
    package static func transcribe(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        backend: String = ""
    ) throws(ParseError) -> RelaxedTranscript {
        var transcoder = RelaxedTranscoder(input: input, options: options, backend: backend)
        try transcoder.scanDocument()
        let jsonLength = transcoder.out.count
        transcoder.out.append(contentsOf: RelaxedTranscript.trailer)
        return RelaxedTranscript(
            text: transcoder.out,
            jsonLength: jsonLength,
            strictMarks: transcoder.strictMarks,
            sourceMarks: transcoder.sourceMarks,
            nonFinite: transcoder.nonFinite
        )
    }

    private let input: UnsafeRawBufferPointer
    private let bytes: UnsafePointer<UInt8>
    private let end: Int
    private let options: ParseOptions
    private let isJSON5: Bool
    private let backend: String
    private var position = 0
    private var out: [UInt8] = []
    private var strictMarks: [Int] = []
    private var sourceMarks: [Int] = []
    private var nonFinite: [RelaxedTranscript.NonFinite] = []
    /// The open containers, innermost last: `true` for an object.
    private var frames: [Bool] = []
    /// The outermost object has no braces (``ParseOptions/assumesTopLevelObject``).
    private var bracelessRoot = false

    private init(input: UnsafeRawBufferPointer, options: ParseOptions, backend: String) {
        self.input = input
        self.bytes =
            input.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
            ?? UnsafePointer(bitPattern: 1)!
        self.end = input.count
        self.options = options
        self.isJSON5 = options.syntax == .json5
        self.backend = backend
        out.reserveCapacity(input.count + input.count / 8 + 16)
    }

    // MARK: Errors

    private func failure(_ code: ParseError.Code, _ message: String, at offset: Int) -> ParseError {
        ParseError(code: code, message: message, offset: offset, in: input, backend: backend)
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < end else { return "the end of the input" }
        let byte = bytes[offset]
        switch byte {
        case 0: return "NUL byte (0x00)"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            if let found = scalar(at: offset) {
                return "U+\(hex4(found.scalar.value))"
            }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private func unexpected(_ expectation: String) -> ParseError {
        if position >= end {
            return failure(.unexpectedEndOfInput, "unexpected end of input; \(expectation)", at: position)
        }
        return failure(.unexpectedCharacter, "unexpected \(describeByte(at: position)); \(expectation)", at: position)
    }

    private var syntaxName: String { isJSON5 ? "JSON5" : "JSONC" }

    // MARK: Output

    /// Notes that the strict text written from here on stands for the input from `source` on.
    @inline(__always)
    private mutating func mark(_ source: Int) {
        strictMarks.append(out.count)
        sourceMarks.append(source)
    }

    @inline(__always)
    private mutating func emit(_ byte: UInt8) {
        out.append(byte)
    }

    private mutating func emit(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func emitEscaped(unit: UInt32) {
        emit("\\u")
        out.append(contentsOf: hex4(unit).utf8)
    }

    private mutating func copy(_ range: Range<Int>) {
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[range]))
    }

    // MARK: Document

    private mutating func scanDocument() throws(ParseError) {
        position = try JSONScanner.contentStart(of: input, backend: backend)
        try skipTrivia()
        if isJSON5, options.assumesTopLevelObject, position >= end || bytes[position] != UInt8(ascii: "{") {
            mark(position)
            emit(UInt8(ascii: "{"))
            if position >= end {
                emit(UInt8(ascii: "}"))
                return
            }
            bracelessRoot = true
            frames.append(true)
            try scanKeyAndColon()
        } else if position >= end {
            throw failure(.emptyInput, "the input holds no JSON value", at: position)
        }
        try scanValue()
        try skipTrivia()
        if position < end {
            throw failure(
                .trailingContent,
                "unexpected \(describeByte(at: position)) after the top-level value",
                at: position
            )
        }
    }

    /// Scans one value and every container it opens, writing them out.
    private mutating func scanValue() throws(ParseError) {
        valueLoop: while true {
            try skipTrivia()
            guard position < end else { throw unexpected("expected a value") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                guard frames.count < options.maxDepth else {
                    throw failure(
                        .depthLimitExceeded,
                        "nesting deeper than the limit of \(options.maxDepth)",
                        at: position
                    )
                }
                mark(position)
                emit(byte)
                frames.append(isObject)
                position += 1
                try skipTrivia()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if position < end, bytes[position] == closer {
                    mark(position)
                    emit(closer)
                    frames.removeLast()
                    position += 1
                } else if isObject {
                    try scanKeyAndColon()
                    continue valueLoop
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                try scanString()
            case UInt8(ascii: "'") where isJSON5:
                try scanString()
            case UInt8(ascii: "t"):
                try scanWord("true")
            case UInt8(ascii: "f"):
                try scanWord("false")
            case UInt8(ascii: "n"):
                try scanWord("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "I"), UInt8(ascii: "N"):
                guard isJSON5 else { throw unexpected("expected a value (\(syntaxName) has no such value)") }
                try scanNumber()
            default:
                throw unexpected("expected a value")
            }
            if try afterValue() { continue valueLoop }
            return
        }
    }

    /// After a complete value: closes containers until another value is due (`true`) or the
    /// outermost value is complete (`false`).
    private mutating func afterValue() throws(ParseError) -> Bool {
        while let isObject = frames.last {
            let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isBraceless = bracelessRoot && frames.count == 1
            try skipTrivia()
            guard position < end else {
                if isBraceless {
                    closeBracelessRoot()
                    continue
                }
                throw unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                position += 1
                try skipTrivia()
                if isBraceless, position >= end {
                    closeBracelessRoot()
                    continue
                }
                // A trailing comma: written as nothing, and the container closes below.
                if !isBraceless, position < end, bytes[position] == closer { continue }
                emit(UInt8(ascii: ","))
                if isObject { try scanKeyAndColon() }
                return true
            } else if byte == closer, !isBraceless {
                mark(position)
                emit(closer)
                frames.removeLast()
                position += 1
            } else if isBraceless {
                throw unexpected("expected ',' or the end of the input after a member")
            } else {
                throw unexpected(isObject ? "expected ',' or '}' after a member" : "expected ',' or ']'")
            }
        }
        return false
    }

    private mutating func closeBracelessRoot() {
        mark(position)
        emit(UInt8(ascii: "}"))
        frames.removeLast()
    }

    private mutating func scanKeyAndColon() throws(ParseError) {
        try skipTrivia()
        guard position < end else { throw unexpected("expected a key") }
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || (isJSON5 && byte == UInt8(ascii: "'")) {
            try scanString()
        } else if isJSON5 {
            try scanIdentifierKey()
        } else {
            throw unexpected("expected a string key")
        }
        try skipTrivia()
        guard position < end, bytes[position] == UInt8(ascii: ":") else {
            throw unexpected("expected ':' after an object key")
        }
        emit(UInt8(ascii: ":"))
        position += 1
    }

    private mutating func scanWord(_ word: StaticString) throws(ParseError) {
        let start = position
        if let problem = JSONScanner.literalProblem(word, in: bytes, at: start, end: end) {
            throw failure(problem.code, problem.message, at: problem.offset)
        }
        position += word.utf8CodeUnitCount
        mark(start)
        copy(start..<position)
    }

    // MARK: Whitespace and comments

    /// Skips whitespace and comments.
    private mutating func skipTrivia() throws(ParseError) {
        while position < end {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position += 1
            case 0x0B...0x0C where isJSON5:
                position += 1
            case UInt8(ascii: "/"):
                guard position + 1 < end else { return }
                let next = bytes[position + 1]
                if next == UInt8(ascii: "/") {
                    try skipLineComment()
                } else if next == UInt8(ascii: "*") {
                    try skipBlockComment()
                } else {
                    return
                }
            case 0x80... where isJSON5:
                guard let found = scalar(at: position), RelaxedTranscoder.isWhitespace(found.scalar) else {
                    return
                }
                position += found.length
            default:
                return
            }
        }
    }

    /// JSON5's WhiteSpace and LineTerminator beyond ASCII.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0, 0x2028, 0x2029, 0xFEFF: true
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Skips `//` and the rest of its line (the line terminator stays).
    private mutating func skipLineComment() throws(ParseError) {
        position += 2
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return }
            if byte < 0x80 {
                position += 1
                continue
            }
            let length = try validatedScalarLength()
            if isJSON5, length == 3, bytes[position] == 0xE2, bytes[position + 1] == 0x80,
                bytes[position + 2] & 0xFE == 0xA8
            {
                return
            }
            position += length
        }
    }

    /// Skips a `/* */` comment.
    private mutating func skipBlockComment() throws(ParseError) {
        let start = position
        position += 2
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "*"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                return
            }
            position += byte < 0x80 ? 1 : try validatedScalarLength()
        }
        throw failure(.unexpectedEndOfInput, "unterminated comment: '/*' has no '*/'", at: start)
    }

    // MARK: UTF-8

    /// The scalar whose UTF-8 starts at `offset`, and its length; `nil` for bytes that are not UTF-8.
    private func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { low = 0xA0 }
            if lead == 0xED { high = 0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { low = 0x90 }
            if lead == 0xF4 { high = 0x8F }
        default:
            return nil
        }
        guard offset + length <= end else { return nil }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { return nil }
        for index in 1..<length {
            let continuation = bytes[offset + index]
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// The length of the character at `position`, which must be valid UTF-8.
    private func validatedScalarLength() throws(ParseError) -> Int {
        if let found = scalar(at: position) { return found.length }
        let lead = bytes[position]
        guard lead >= 0xC2, lead <= 0xF4 else {
            throw failure(
                .invalidUTF8,
                "invalid UTF-8: byte 0x\(String(lead, radix: 16, uppercase: true)) cannot start a character",
                at: position
            )
        }
        let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        if position + needed > end {
            throw failure(.invalidUTF8, "invalid UTF-8: the input ends inside a character", at: position)
        }
        throw failure(.invalidUTF8, "invalid UTF-8 sequence", at: position)
    }

    // MARK: Strings

    /// Scans a string whose quote (`"`, or `'` in JSON5) is at `position`, and writes it double-quoted.
    private mutating func scanString() throws(ParseError) {
        let quoteOffset = position
        let quote = bytes[position]
        mark(position)
        emit(UInt8(ascii: "\""))
        position += 1
        mark(position)
        while true {
            guard position < end else {
                throw failure(.unexpectedEndOfInput, "unterminated string", at: quoteOffset)
            }
            let byte = bytes[position]
            switch byte {
            case quote:
                emit(UInt8(ascii: "\""))
                position += 1
                return
            case UInt8(ascii: "\""):
                emit("\\\"")
                position += 1
            case UInt8(ascii: "\\"):
                try scanEscape(quoteOffset: quoteOffset)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw failure(
                    .controlCharacterInString,
                    "a line break inside a string; write it as \\n, or end the line with a backslash",
                    at: position
                )
            case 0..<0x20:
                guard isJSON5 else {
                    throw failure(
                        .controlCharacterInString,
                        "raw control character U+\(hex4(UInt32(byte))) in a string; write it as an escape",
                        at: position
                    )
                }
                emitControl(byte)
                position += 1
            case 0x20..<0x80:
                emit(byte)
                position += 1
            default:
                let length = try validatedScalarLength()
                copy(position..<(position + length))
                position += length
            }
        }
    }

    /// Writes a control character as the JSON escape for it.
    private mutating func emitControl(_ byte: UInt8) {
        switch byte {
        case 0x08: emit("\\b")
        case 0x09: emit("\\t")
        case 0x0A: emit("\\n")
        case 0x0C: emit("\\f")
        case 0x0D: emit("\\r")
        default: emitEscaped(unit: UInt32(byte))
        }
    }

    private mutating func refuseNUL(at backslash: Int) throws(ParseError) {
        guard options.allowsNULInStrings else {
            throw failure(.nulInString, "U+0000 in a string is not allowed by the parse options", at: backslash)
        }
    }

    /// Scans the escape whose backslash is at `position`.
    private mutating func scanEscape(quoteOffset: Int) throws(ParseError) {
        let backslash = position
        position += 1
        guard position < end else {
            throw failure(.unexpectedEndOfInput, "unterminated string", at: quoteOffset)
        }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            emit(UInt8(ascii: "\\"))
            emit(byte)
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try scanHex(4, escapeStart: backslash)
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw failure(
                        .invalidUnicodeEscape,
                        "lone high surrogate \\u\(hex4(unit)) is not followed by a low surrogate",
                        at: backslash
                    )
                }
                let secondStart = position
                position += 2
                let low = try scanHex(4, escapeStart: secondStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(
                        .invalidUnicodeEscape,
                        "high surrogate \\u\(hex4(unit)) is followed by \\u\(hex4(low)), not a low surrogate",
                        at: backslash
                    )
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure(.invalidUnicodeEscape, "lone low surrogate \\u\(hex4(unit))", at: backslash)
            } else if unit == 0 {
                try refuseNUL(at: backslash)
            }
            copy(backslash..<position)
        case _ where !isJSON5:
            throw failure(.invalidEscape, "invalid escape \\\(describeEscape(at: position))", at: backslash)
        case UInt8(ascii: "'"):
            emit(byte)
            position += 1
        case UInt8(ascii: "v"):
            emitEscaped(unit: 0x0B)
            position += 1
        case UInt8(ascii: "0"):
            if position + 1 < end, isDigit(bytes[position + 1]) {
                throw failure(
                    .invalidEscape,
                    "invalid escape \\0 followed by a digit; JSON5 has no octal escapes",
                    at: backslash
                )
            }
            try refuseNUL(at: backslash)
            emitEscaped(unit: 0)
            position += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw failure(
                .invalidEscape,
                "invalid escape \\\(describeEscape(at: position)); JSON5 has no octal escapes",
                at: backslash
            )
        case UInt8(ascii: "x"):
            position += 1
            let unit = try scanHex(2, escapeStart: backslash)
            if unit == 0 { try refuseNUL(at: backslash) }
            if unit < 0x20 {
                emitControl(UInt8(unit))
            } else if unit == 0x22 || unit == 0x5C {
                emit(UInt8(ascii: "\\"))
                emit(UInt8(unit))
            } else if unit < 0x80 {
                emit(UInt8(unit))
            } else {
                emitEscaped(unit: unit)
            }
        case UInt8(ascii: "\n"):
            position += 1
        case UInt8(ascii: "\r"):
            position += 1
            if position < end, bytes[position] == UInt8(ascii: "\n") { position += 1 }
        case 0..<0x20:
            emitControl(byte)
            position += 1
        case 0x20..<0x80:
            emit(byte)
            position += 1
        default:
            let length = try validatedScalarLength()
            // A backslash before U+2028 or U+2029 continues the line; before any other character,
            // stands for that character.
            if !(length == 3 && bytes[position] == 0xE2 && bytes[position + 1] == 0x80
                && bytes[position + 2] & 0xFE == 0xA8)
            {
                copy(position..<(position + length))
            }
            position += length
        }
    }

    private func describeEscape(at offset: Int) -> String {
        let byte = bytes[offset]
        return (0x21...0x7E).contains(byte)
            ? String(Character(Unicode.Scalar(byte))) : "(byte 0x\(String(byte, radix: 16)))"
    }

    /// Reads `count` hexadecimal digits of the escape starting at `escapeStart`.
    private mutating func scanHex(_ count: Int, escapeStart: Int) throws(ParseError) -> UInt32 {
        var value: UInt32 = 0
        let letter = count == 4 ? "u" : "x"
        for _ in 0..<count {
            guard position < end else {
                throw failure(.unexpectedEndOfInput, "unterminated \\\(letter) escape", at: escapeStart)
            }
            guard let digit = hexValue(bytes[position]) else {
                throw failure(
                    count == 4 ? .invalidUnicodeEscape : .invalidEscape,
                    "\\\(letter) must be followed by \(count == 4 ? "four" : "two") hexadecimal digits",
                    at: escapeStart
                )
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: Identifier keys

    /// Scans a key written as an ECMAScript IdentifierName and writes it as a string.
    private mutating func scanIdentifierKey() throws(ParseError) {
        let start = position
        mark(start)
        emit(UInt8(ascii: "\""))
        mark(start)
        while position < end {
            let byte = bytes[position]
            let isStart = position == start
            if byte < 0x80 {
                if isIdentifierASCII(byte, isStart: isStart) {
                    emit(byte)
                    position += 1
                } else if byte == UInt8(ascii: "\\") {
                    let escape = position
                    guard position + 1 < end, bytes[position + 1] == UInt8(ascii: "u") else {
                        throw failure(
                            .invalidEscape,
                            "an identifier key may hold only \\u escapes",
                            at: escape
                        )
                    }
                    position += 2
                    let unit = try scanHex(4, escapeStart: escape)
                    guard let scalar = Unicode.Scalar(unit), isIdentifierPart(scalar, isStart: isStart) else {
                        throw failure(
                            .invalidUnicodeEscape,
                            "\\u\(hex4(unit)) is not a character an identifier key may hold here",
                            at: escape
                        )
                    }
                    copy(escape..<position)
                } else {
                    break
                }
            } else {
                let length = try validatedScalarLength()
                guard let found = scalar(at: position), isIdentifierPart(found.scalar, isStart: isStart) else {
                    break
                }
                copy(position..<(position + length))
                position += length
            }
        }
        guard position > start else {
            throw unexpected("expected a key: a string or an identifier")
        }
        emit(UInt8(ascii: "\""))
    }

    private func isIdentifierASCII(_ byte: UInt8, isStart: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "$"),
            UInt8(ascii: "_"):
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !isStart
        default: false
        }
    }

    /// ECMAScript 5.1's IdentifierStart (Unicode letters, `$`, `_`), or when not `isStart` its
    /// IdentifierPart (those, combining marks, digits, connector punctuation, ZWNJ and ZWJ).
    private func isIdentifierPart(_ scalar: Unicode.Scalar, isStart: Bool) -> Bool {
        if scalar.isASCII { return isIdentifierASCII(UInt8(scalar.value), isStart: isStart) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return !isStart
        default:
            return !isStart && (scalar.value == 0x200C || scalar.value == 0x200D)
        }
    }

    // MARK: Numbers

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private func numberFailure(_ expectation: String) -> ParseError {
        if position >= end {
            return failure(
                .unexpectedEndOfInput,
                "unexpected end of input inside a number; \(expectation)",
                at: position
            )
        }
        return failure(
            .invalidNumber,
            "invalid number: \(expectation), found \(describeByte(at: position))",
            at: position
        )
    }

    /// Scans a number (in JSONC, one of JSON's; in JSON5, any of its forms) and writes it as JSON.
    private mutating func scanNumber() throws(ParseError) {
        let start = position
        mark(start)
        var negative = false
        if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            if bytes[position] == UInt8(ascii: "+"), !isJSON5 { throw unexpected("expected a value") }
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        guard position < end else { throw numberFailure("expected a digit") }
        if isJSON5, bytes[position] == UInt8(ascii: "I") || bytes[position] == UInt8(ascii: "N") {
            let isNaN = bytes[position] == UInt8(ascii: "N")
            try scanNamedNumber(isNaN ? "NaN" : "Infinity")
            let value: RelaxedTranscript.NonFiniteValue = isNaN ? .nan : negative ? .minusInfinity : .infinity
            nonFinite.append(RelaxedTranscript.NonFinite(offset: out.count, value: value))
            emit(UInt8(ascii: "0"))
            return
        }
        if isJSON5, bytes[position] == UInt8(ascii: "0"), position + 1 < end,
            bytes[position + 1] | 0x20 == UInt8(ascii: "x")
        {
            position += 2
            try scanHexInteger(negative: negative, start: start)
            return
        }
        if negative { emit(UInt8(ascii: "-")) }
        // The integer part: one `0`, or digits not starting with `0`; JSON5 may leave it out before a point.
        let integerStart = position
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < end, isDigit(bytes[position]) {
                throw failure(.invalidNumber, "invalid number: leading zeros are not allowed", at: position - 1)
            }
        } else {
            while position < end, isDigit(bytes[position]) { position += 1 }
        }
        let hasInteger = position > integerStart
        guard hasInteger || (isJSON5 && position < end && bytes[position] == UInt8(ascii: ".")) else {
            throw numberFailure(isJSON5 ? "expected a digit, '.', 'Infinity' or 'NaN'" : "expected a digit")
        }
        if hasInteger { copy(integerStart..<position) } else { emit(UInt8(ascii: "0")) }
        if position < end, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < end, isDigit(bytes[position]) { position += 1 }
            if position == fractionStart, !(isJSON5 && hasInteger) {
                throw numberFailure("expected a digit after '.'")
            }
            emit(UInt8(ascii: "."))
            if position == fractionStart { emit(UInt8(ascii: "0")) } else { copy(fractionStart..<position) }
        }
        if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
            let exponentStart = position
            position += 1
            if position < end, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < end, isDigit(bytes[position]) else {
                throw numberFailure("expected a digit in the exponent")
            }
            while position < end, isDigit(bytes[position]) { position += 1 }
            copy(exponentStart..<position)
        }
    }

    private mutating func scanNamedNumber(_ word: StaticString) throws(ParseError) {
        let text = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let start = position
        for index in 0..<text.count {
            guard position < end, bytes[position] == text[index] else {
                if position >= end {
                    throw failure(.unexpectedEndOfInput, "unexpected end of input inside '\(word)'", at: position)
                }
                throw failure(.invalidNumber, "invalid number; expected '\(word)'", at: index == 0 ? start : position)
            }
            position += 1
        }
    }

    /// Scans the digits of a hexadecimal integer (after `0x`) and writes its decimal value.
    private mutating func scanHexInteger(negative: Bool, start: Int) throws(ParseError) {
        let digitsStart = position
        while position < end, hexValue(bytes[position]) != nil { position += 1 }
        guard position > digitsStart else {
            throw numberFailure("expected a hexadecimal digit after '0x'")
        }
        var first = digitsStart
        while first < position - 1, bytes[first] == UInt8(ascii: "0") { first += 1 }
        let significant = position - first
        if negative { emit(UInt8(ascii: "-")) }
        if significant <= 16 {
            var value: UInt64 = 0
            for index in first..<position {
                value = value << 4 | UInt64(hexValue(bytes[index]) ?? 0)
            }
            out.append(contentsOf: String(value).utf8)
            return
        }
        // Beyond 64 bits: the leading 16 digits, with any nonzero digit after them as a sticky low
        // bit (64 bits hold more than the 53 + 2 a correct rounding needs), scaled by the rest.
        var leading: UInt64 = 0
        for index in first..<(first + 16) {
            leading = leading << 4 | UInt64(hexValue(bytes[index]) ?? 0)
        }
        var sticky = false
        for index in (first + 16)..<position where bytes[index] != UInt8(ascii: "0") {
            sticky = true
            break
        }
        if sticky { leading |= 1 }
        let shift = 4 * (significant - 16)
        let scale = Double(sign: .plus, exponent: min(shift, 2000), significand: 1)
        let value = Double(leading) * scale
        guard value.isFinite else {
            let written = String(decoding: UnsafeRawBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
            throw failure(
                .numberOutOfRange,
                "the hexadecimal number \(written.prefix(24))… is beyond Double's range",
                at: start
            )
        }
        out.append(contentsOf: value.description.utf8)
    }
}

/// What ``RelaxedTranscoder`` writes: strict JSON text, and what a backend needs to read it as the
/// input it came from.
package struct RelaxedTranscript: Sendable {
    /// A number the strict text cannot hold.
    package enum NonFiniteValue: Sendable {
        case infinity, minusInfinity, nan

        /// Where its spelling lies in ``RelaxedTranscript/trailer``.
        package var spelling: Range<Int> {
            switch self {
            case .nan: 0..<3
            case .infinity: 3..<11
            case .minusInfinity: 11..<20
            }
        }

        /// The value.
        package var value: Double {
            switch self {
            case .nan: .nan
            case .infinity: .infinity
            case .minusInfinity: -.infinity
            }
        }
    }

    /// A placeholder `0` in the strict text that stands for a non-finite number.
    package struct NonFinite: Sendable {
        /// The placeholder's offset in ``RelaxedTranscript/text``.
        package var offset: Int
        package var value: NonFiniteValue
    }

    /// The spellings of the non-finite numbers, written after the JSON text.
    static let trailer: [UInt8] = Array("NaNInfinity-Infinity".utf8)

    /// The strict JSON text (its first ``jsonLength`` bytes), followed by ``trailer``.
    package var text: [UInt8]
    /// How many bytes of ``text`` are the JSON text.
    package var jsonLength: Int
    /// Offsets in ``text`` where a token starts, ascending; `sourceMarks[i]` is where that token
    /// starts in the input.
    package var strictMarks: [Int]
    package var sourceMarks: [Int]
    /// The placeholders of non-finite numbers, in the order of the text.
    package var nonFinite: [NonFinite]

    /// Where in the input the strict text's `offset` came from: the token it falls in, and within
    /// a token copied as it was, the same byte.
    package func sourceOffset(of offset: Int) -> Int {
        var low = 0
        var high = strictMarks.count
        while low < high {
            let middle = (low + high) / 2
            if strictMarks[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let index = low - 1
        var source = sourceMarks[index] + (offset - strictMarks[index])
        if index + 1 < sourceMarks.count { source = min(source, max(sourceMarks[index + 1] - 1, sourceMarks[index])) }
        return source
    }

    /// `error`, found by the strict scan of ``text``, at its place in `input`.
    package func sourceError(for error: ParseError, in input: UnsafeRawBufferPointer) -> ParseError {
        guard !error.code.isAboutInputStream, error.code != .inputTooLarge else { return error }
        return ParseError(
            code: error.code,
            message: error.message,
            offset: sourceOffset(of: error.offset),
            in: input,
            backend: error.backend
        )
    }
}
