public import MapCore

/// A backend in pure Swift: the package's validating scanner, whose tape is the document.
///
/// The scan that checks RFC 8259 and the `ParseOptions` records one entry per value and key —
/// its kind and where its text lies, and for a container where its descendants end. The document
/// keeps that tape and a copy of the input and reads both in place: nothing is converted at parse
/// time.
///
/// - Strings are unescaped when read, once per read, into the `String` (or the buffer lent to
///   `withStringUTF8`); a string without escapes is its source bytes.
/// - Numbers are read from their text: integers exactly up to `UInt64.max` (and `Int64.min`),
///   doubles correctly rounded from the bytes (Eisel–Lemire, with the standard library's
///   conversion for the rare numbers it cannot decide), and the text itself is handed to
///   `withNumberText`, so `Decimal` is exact.
/// - Member lookup compares the key with the source bytes (unescaping keys that hold escapes as it
///   goes) and allocates nothing; lookups that follow the members' order take one step each.
///
/// The scanner enforces every option — depth, repeated keys (rejected, or one member per key with
/// the last value), top-level scalars, `\u0000` — and reports every rejection with line, column
/// and byte offset, exactly as on the other backends. A number beyond `Double`'s range (`1e400`)
/// is `ParseError.Code.numberOutOfRange`; an integer beyond `UInt64` is accepted, as on the
/// Foundation backend, with `int64` and `uint64` `nil` and `double` correctly rounded.
///
/// The backend needs no system library, C or otherwise, and no Foundation: a program built from
/// `MapCore` and `BackendNative` links `libFoundationEssentials` and the Swift runtime only.
public struct NativeBackend: JSONBackend {
    /// The backend.
    public init() {}

    /// `"native"`.
    public var name: String { "native" }

    /// 2047, as on the C backends: the scanner itself keeps no recursion, so this is a choice, which
    /// makes the backends accept the same documents whichever is the default.
    public var maxSupportedDepth: Int { 2047 }

    /// Scans `input` and returns a document over a copy of it and its tape.
    ///
    /// - Throws: `ParseError` with the position of the first problem: malformed text, an option
    ///   the text breaks, input over `ParseOptions.maxInputSize`, a number beyond `Double`'s range.
    public func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        guard input.count <= options.maxInputSize else {
            throw ParseError.inputTooLarge(input.count, limit: options.maxInputSize, backend: name)
        }
        var limited = options
        limited.maxDepth = min(options.maxDepth, maxSupportedDepth)
        let buffers = ParseBufferPool.take()
        let tape: ValueTape
        do {
            tape = try JSONScanner.valueTape(input, options: limited, backend: name, storage: buffers.tape)
        } catch {
            ParseBufferPool.giveBack(buffers)
            throw error
        }
        if tape.numbersToCheck > 0, let error = NativeBackend.numberOutOfRange(in: input, tape: tape, backend: name) {
            ParseBufferPool.giveBack(buffers)
            throw error
        }
        buffers.copy(input)
        return NativeDocument(
            buffers: buffers,
            tape: tape,
            keysDiffer: options.duplicateKeys == .reject,
            origin: DocumentOrigin(backend: self, options: options)
        )
    }

    /// The error for the first number of the tape beyond `Double`'s range, among those the scan
    /// marked as possibly so; `nil` when there is none.
    private static func numberOutOfRange(
        in input: UnsafeRawBufferPointer,
        tape: ValueTape,
        backend: String
    ) -> ParseError? {
        for index in 0..<tape.count {
            let entry = tape.entries[index]
            guard entry.kind == .number, entry.flags & TapeEntry.mayOverflow != 0 else { continue }
            let text = UnsafeRawBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset + entry.length)])
            guard DecimalDouble.parse(text).isInfinite else { continue }
            return ParseError(
                code: .numberOutOfRange,
                message: "the number \(String(decoding: text, as: UTF8.self)) is beyond Double's range",
                offset: Int(entry.offset),
                in: input,
                backend: backend
            )
        }
        return nil
    }
}
