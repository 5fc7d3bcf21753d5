/// Why input could not be parsed, and where.
///
/// Every parse error carries the 1-based line and column (columns count Unicode scalars, so a
/// multi-byte character is one column), the 0-based byte offset into the input as given, and a
/// one-line snippet of the input around the offset.
public struct ParseError: Error, Hashable, Sendable {
    /// What kind of problem it was. Extensible: match with `==`, never exhaustively.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case emptyInput, unexpectedEndOfInput, unexpectedCharacter, trailingComma, trailingContent
            case invalidNumber, numberOutOfRange, invalidEscape, invalidUnicodeEscape, invalidUTF8
            case controlCharacterInString, nulInString, nulInKey, duplicateKey, depthLimitExceeded
            case topLevelScalarNotAllowed, unsupportedEncoding, inputTooLarge, backendFailure
            case corruptCompressedData, truncatedCompressedData, inflatedSizeExceeded, unreadableInput
        }

        let base: Base

        /// The code's name: `trailingComma`.
        public var description: String { base.rawValue }

        /// The input was empty, or only whitespace.
        public static let emptyInput = Code(base: .emptyInput)
        /// The input ended inside a value.
        public static let unexpectedEndOfInput = Code(base: .unexpectedEndOfInput)
        /// A byte that cannot start or continue a value here.
        public static let unexpectedCharacter = Code(base: .unexpectedCharacter)
        /// A comma before `]` or `}` (`[1,]`), which RFC 8259 does not allow.
        public static let trailingComma = Code(base: .trailingComma)
        /// Something other than whitespace after the top-level value (a raw NUL byte included).
        public static let trailingContent = Code(base: .trailingContent)
        /// A number that does not follow RFC 8259's grammar (`01`, `1.`, `+1`, `.5`).
        public static let invalidNumber = Code(base: .invalidNumber)
        /// A well-formed number that the backend cannot hold (`1e400`).
        public static let numberOutOfRange = Code(base: .numberOutOfRange)
        /// An unknown escape (`\x`) in a string.
        public static let invalidEscape = Code(base: .invalidEscape)
        /// A malformed `\u` escape, or a lone surrogate (`"\ud800"`), which every backend rejects.
        public static let invalidUnicodeEscape = Code(base: .invalidUnicodeEscape)
        /// Bytes that are not UTF-8.
        public static let invalidUTF8 = Code(base: .invalidUTF8)
        /// A raw control character (U+0000…U+001F) inside a string.
        public static let controlCharacterInString = Code(base: .controlCharacterInString)
        /// `\u0000` in a string when ``ParseOptions/allowsNULInStrings`` is off.
        public static let nulInString = Code(base: .nulInString)
        /// A key containing U+0000, which the backend cannot hold (jansson) whatever the options say.
        public static let nulInKey = Code(base: .nulInKey)
        /// A key repeated in one object under ``ParseOptions/DuplicateKeyPolicy/reject``.
        public static let duplicateKey = Code(base: .duplicateKey)
        /// Nesting deeper than ``ParseOptions/maxDepth``.
        public static let depthLimitExceeded = Code(base: .depthLimitExceeded)
        /// A scalar at the top level when ``ParseOptions/allowsTopLevelScalars`` is off.
        public static let topLevelScalarNotAllowed = Code(base: .topLevelScalarNotAllowed)
        /// UTF-16 or UTF-32 input; only UTF-8 is accepted.
        public static let unsupportedEncoding = Code(base: .unsupportedEncoding)
        /// Input larger than ``ParseOptions/maxInputSize``.
        public static let inputTooLarge = Code(base: .inputTooLarge)
        /// The backend failed for a reason of its own; ``ParseError/message`` has its words.
        public static let backendFailure = Code(base: .backendFailure)
        /// Compressed input zlib rejects: a bad header, an invalid deflate block, a CRC-32 or
        /// Adler-32 mismatch, a wrong length in the gzip trailer, a member that needs a preset
        /// dictionary, or bytes after the end of the compressed data that are not another gzip
        /// member. ``ParseError/offset`` is the compressed byte offset where zlib stopped.
        public static let corruptCompressedData = Code(base: .corruptCompressedData)
        /// Compressed input that ends before its compressed stream does: a cut-off download.
        /// ``ParseError/offset`` is the compressed length read. Nothing inflated from it is parsed.
        public static let truncatedCompressedData = Code(base: .truncatedCompressedData)
        /// Compressed input that inflates to more than ``ParseOptions/maxInflatedSize`` bytes (a
        /// decompression bomb, or a limit set too low). Inflation stops as soon as the output passes
        /// the limit; ``ParseError/offset`` is the compressed byte offset reached.
        public static let inflatedSizeExceeded = Code(base: .inflatedSizeExceeded)
        /// The input could not be read: a file that does not exist or cannot be opened or read
        /// (the message names the path and the system's reason), or a read that failed midway.
        public static let unreadableInput = Code(base: .unreadableInput)

        /// Whether the code is about the input as a stream of bytes (its compression or its
        /// reading) rather than a place in JSON text: then line and column say nothing.
        var isAboutInputStream: Bool {
            switch base {
            case .corruptCompressedData, .truncatedCompressedData, .inflatedSizeExceeded, .unreadableInput:
                return true
            default:
                return false
            }
        }
    }

    /// What kind of problem it was.
    public var code: Code
    /// A sentence describing the problem.
    public var message: String
    /// 1-based line of the problem.
    ///
    /// For the codes about compressed or unreadable input (``Code/corruptCompressedData``,
    /// ``Code/truncatedCompressedData``, ``Code/inflatedSizeExceeded``, ``Code/unreadableInput``)
    /// there is no line in the compressed bytes: line and column are 1 (the input as a whole) and
    /// ``description`` leaves them out.
    public var line: Int
    /// 1-based column of the problem, counted in Unicode scalars (1 for the codes about compressed
    /// or unreadable input, as ``line`` says).
    public var column: Int
    /// 0-based byte offset of the problem in the input.
    ///
    /// For JSON errors in compressed input it is an offset into the inflated text (as are line
    /// and column). For ``Code/corruptCompressedData``, ``Code/truncatedCompressedData`` and
    /// ``Code/inflatedSizeExceeded`` it is an offset into the compressed bytes; for
    /// ``Code/unreadableInput`` it is how many bytes were read before the failure.
    public var offset: Int
    /// The input around the offset on one line, control characters shown as `·`.
    public var snippet: String
    /// 0-based position of the offending character within ``snippet``, in characters.
    public var snippetMarker: Int
    /// The backend that reported the problem.
    public var backend: String

    /// An error whose position is already worked out. `snippet` defaults to empty (none is shown),
    /// `snippetMarker` to 0 and `backend` to empty.
    public init(
        code: Code,
        message: String,
        line: Int,
        column: Int,
        offset: Int,
        snippet: String = "",
        snippetMarker: Int = 0,
        backend: String = ""
    ) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.snippet = snippet
        self.snippetMarker = snippetMarker
        self.backend = backend
    }

    /// Makes an error for `offset` in `input`, working out line, column and snippet from the bytes.
    /// An offset outside the input is clamped to it; `backend` defaults to empty.
    public init(
        code: Code,
        message: String,
        offset: Int,
        in input: UnsafeRawBufferPointer,
        backend: String = ""
    ) {
        let clamped = max(0, min(offset, input.count))
        let position = TextPosition(of: clamped, in: input)
        let (snippet, marker) = TextPosition.snippet(around: clamped, in: input)
        self.init(
            code: code,
            message: message,
            line: position.line,
            column: position.column,
            offset: clamped,
            snippet: snippet,
            snippetMarker: marker,
            backend: backend
        )
    }
}

extension ParseError: CustomStringConvertible, CustomDebugStringConvertible {
    /// `3:14: trailing comma before '}'` — what a compiler would print. For the codes about
    /// compressed or unreadable input, which have no line and column, the message alone (it names
    /// the compressed byte offset or the path).
    public var description: String {
        code.isAboutInputStream ? message : "\(line):\(column): \(message)"
    }

    /// The description, then the snippet with a caret under the problem.
    public var debugDescription: String {
        var text = "ParseError(\(code)) "
        if code == .unreadableInput {
            text += "after \(offset) bytes read"
        } else if code.isAboutInputStream {
            text += "at compressed byte \(offset)"
        } else {
            text += "at line \(line), column \(column) (byte \(offset))"
        }
        if !backend.isEmpty { text += " from \(backend)" }
        text += ": \(message)"
        if !snippet.isEmpty {
            text += "\n    \(snippet)\n    \(String(repeating: " ", count: snippetMarker))^"
        }
        return text
    }
}

/// Line and column of a byte offset, worked out only when an error needs them.
package struct TextPosition {
    package var line: Int
    package var column: Int

    /// Counts `\n` line breaks before `offset`, then Unicode scalars from the line's start.
    package init(of offset: Int, in input: UnsafeRawBufferPointer) {
        let end = min(offset, input.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where input[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // A byte-order mark is invisible in editors, so it takes no column.
        if lineStart == 0, end >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { lineStart = 3 }
        var column = 1
        for index in lineStart..<end where input[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.line = line
        self.column = column
    }

    /// Up to 30 bytes either side of `offset` on the same line, and where the offset falls in it.
    package static func snippet(around offset: Int, in input: UnsafeRawBufferPointer) -> (String, Int) {
        guard !input.isEmpty else { return ("", 0) }
        let newline = UInt8(ascii: "\n")
        var start = offset
        while start > 0, offset - start < 30, input[start - 1] != newline { start -= 1 }
        while start < offset, input[start] & 0xC0 == 0x80 { start += 1 }
        var end = offset
        while end < input.count, end - offset < 30, input[end] != newline { end += 1 }
        while end < input.count, end > offset, input[end] & 0xC0 == 0x80 { end += 1 }
        // The bytes of `range` as text, invalid UTF-8 repaired as `String(decoding:as:)` repairs
        // it, control characters shown as `·`. They are single ASCII bytes, never inside a
        // multi-byte sequence, so they are replaced before decoding, and only when there are any.
        func visible(_ range: Range<Int>) -> String {
            let bytes = UnsafeRawBufferPointer(rebasing: input[range])
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            var shown: [UInt8] = []
            shown.reserveCapacity(2 * bytes.count)
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F { shown += [0xC2, 0xB7] } else { shown.append(byte) }
            }
            return String(decoding: shown, as: UTF8.self)
        }
        let ellipsisBefore = start > 0 && input[start - 1] != newline
        let before = (ellipsisBefore ? "…" : "") + visible(start..<offset)
        let after = visible(offset..<end) + (end < input.count && input[end] != newline ? "…" : "")
        // The marker counts characters. In ASCII (control characters shown as `·` included) each
        // byte is one, so the count needs no walk over grapheme clusters.
        let asciiBefore = !UnsafeRawBufferPointer(rebasing: input[start..<offset]).contains { $0 >= 0x80 }
        let marker = asciiBefore ? (ellipsisBefore ? 1 : 0) + (offset - start) : before.count
        return (before + after, marker)
    }
}

extension ParseError {
    /// The error the package's validating scan finds in `input` under `options`, or `nil` when
    /// the input is JSON those options accept.
    ///
    /// For backends: call it on the error path to describe a syntax error the way every other
    /// backend does (same code, line, column and message), and keep your parser's own
    /// description for what only it rejects. `backend` is the name the error carries.
    public static func validating(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions = ParseOptions(),
        backend: String
    ) -> ParseError? {
        do {
            try JSONScanner.validate(input, options: options, backend: backend)
            return nil
        } catch {
            return error
        }
    }
}

extension ParseError {
    /// The error of a backend asked to read a syntax it does not read (``JSONBackend/reads(_:)``):
    /// ``Code/backendFailure``, naming the syntax and the backend that reads it.
    public static func unsupportedSyntax(_ syntax: ParseOptions.Syntax, backend: String) -> ParseError {
        ParseError(
            code: .backendFailure,
            message: "the \(backend) backend reads strict JSON only, not syntax \(syntax); "
                + "the native backend (NativeBackend) reads JSONC and JSON5",
            line: 1,
            column: 1,
            offset: 0,
            backend: backend
        )
    }

    /// The error for a whole input of `count` bytes, over `limit` (``ParseOptions/maxInputSize``).
    package static func inputTooLarge(_ count: Int, limit: Int, backend: String) -> ParseError {
        ParseError(
            code: .inputTooLarge,
            message: "the input is \(count) bytes; the limit is \(limit)",
            line: 1,
            column: 1,
            offset: 0,
            backend: backend
        )
    }

    /// The error for streamed input that went past `limit` bytes (``ParseOptions/maxInputSize``)
    /// before its end.
    package static func inputLongerThan(_ limit: Int, backend: String) -> ParseError {
        ParseError(
            code: .inputTooLarge,
            message: "the input is more than \(limit) bytes, the limit (maxInputSize)",
            line: 1,
            column: 1,
            offset: 0,
            backend: backend
        )
    }
}
