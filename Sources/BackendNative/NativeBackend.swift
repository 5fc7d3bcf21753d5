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
/// It is the backend that reads JSONC and JSON5 (`ParseOptions.syntax`): a first pass
/// (`RelaxedTranscoder`) checks the relaxed text and writes the strict JSON text with its values,
/// which the same scan then reads, so a strict parse runs exactly the code it runs without them.
/// `Infinity`, `-Infinity` and `NaN` are numbers whose `double` is that value, whose `int64` and
/// `uint64` are `nil`, and whose `withNumberText` is `nil` (no JSON number text holds them); a
/// hexadecimal integer reads exactly, and its text is its decimal digits.
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

    /// `true`: the backend reads JSON, JSONC and JSON5.
    public func reads(_ syntax: ParseOptions.Syntax) -> Bool { true }

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
        if options.syntax != .json {
            return try parseRelaxed(input, options: limited, origin: DocumentOrigin(backend: self, options: options))
        }
        let buffers = ParseBufferPool.take()
        buffers.prepare(count: input.count)
        let tape: ValueTape
        do {
            tape = try JSONScanner.valueTape(
                input,
                options: limited,
                backend: name,
                storage: buffers.tape,
                copyingTo: buffers.source
            )
        } catch {
            ParseBufferPool.giveBack(buffers)
            throw error
        }
        if tape.numbersToCheck > 0, let error = NativeBackend.numberOutOfRange(in: input, tape: tape, backend: name) {
            ParseBufferPool.giveBack(buffers)
            throw error
        }
        return NativeDocument(
            buffers: buffers,
            tape: tape,
            keysDiffer: options.duplicateKeys == .reject,
            origin: DocumentOrigin(backend: self, options: options)
        )
    }

    /// Parses JSONC or JSON5: the strict scan of the text the relaxed pass writes, with its errors
    /// moved back onto `input`, and the placeholders of non-finite numbers pointed at their words.
    private func parseRelaxed(
        _ input: UnsafeRawBufferPointer,
        options: ParseOptions,
        origin: DocumentOrigin
    ) throws(ParseError) -> any JSONDocument {
        let transcript = try RelaxedTranscoder.transcribe(input, options: options, backend: name)
        let buffers = ParseBufferPool.take()
        let result = transcript.text.withUnsafeBytes { all -> Result<ValueTape, ParseError> in
            let json = UnsafeRawBufferPointer(rebasing: all[..<transcript.jsonLength])
            let tape: ValueTape
            do throws(ParseError) {
                tape = try JSONScanner.valueTape(json, options: options, backend: name, storage: buffers.tape)
            } catch {
                return .failure(transcript.sourceError(for: error, in: input))
            }
            if tape.numbersToCheck > 0, let error = NativeBackend.numberOutOfRange(in: json, tape: tape, backend: name)
            {
                return .failure(transcript.sourceError(for: error, in: input))
            }
            buffers.copy(all)
            return .success(tape)
        }
        let tape: ValueTape
        switch result {
        case .success(let value): tape = value
        case .failure(let error):
            ParseBufferPool.giveBack(buffers)
            throw error
        }
        if !transcript.nonFinite.isEmpty {
            // Number entries are in text order, as the placeholders are: one walk pairs them.
            var next = 0
            for index in 0..<tape.count where next < transcript.nonFinite.count {
                let entry = buffers.tape.entries + index
                guard entry.pointee.kind == .number, Int(entry.pointee.offset) == transcript.nonFinite[next].offset
                else { continue }
                let spelling = transcript.nonFinite[next].value.spelling
                entry.pointee.offset = UInt32(transcript.jsonLength + spelling.lowerBound)
                entry.pointee.length = UInt32(spelling.count)
                entry.pointee.flags = TapeEntry.nonFinite
                next += 1
            }
        }
        return NativeDocument(
            buffers: buffers,
            tape: tape,
            keysDiffer: options.duplicateKeys == .reject,
            origin: origin
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
