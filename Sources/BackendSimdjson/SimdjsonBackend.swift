internal import CSimdjson
public import MapCore

/// A backend over simdjson (3.0.1, Debian's `libsimdjson-dev`): the package's fast path.
///
/// simdjson parses with SIMD instructions into a flat "tape" of 64-bit words; the document's
/// nodes are positions on that tape, and the reads — kinds, numbers, strings, member lookup,
/// iteration — walk it in Swift without calling into C. Nothing is converted between parsing and
/// mapping.
///
/// The `ParseOptions` are honoured as on the other backends. The depth limit, duplicate keys and
/// `\u0000` are checked in one pass over the tape after the parse: simdjson keeps every member it
/// reads, so repeated keys are found there and either rejected or exposed as one member per key,
/// the last value winning. A byte-order mark is skipped and UTF-16 / UTF-32 refused before
/// simdjson sees the bytes.
///
/// simdjson reports a rejection by kind only, without a position, so errors are described by
/// the package's validating scan: they carry the same code, line and column as on every backend.
/// What only simdjson refuses — a number beyond `Double`'s range, an integer outside
/// `Int64.min…UInt64.max` — is found among the scan's numbers.
///
/// simdjson reads up to 64 bytes past the end of its input; the backend copies the input into a
/// padded buffer the parser keeps between parses (``parse(_:options:)``), or parses in place when
/// the caller promises the padding (``parse(padded:options:)``).
///
/// Differences from the other backends (rows of the parity table in `Docs/Backends.md`): integers
/// from `Int64.max + 1` to `UInt64.max` are exact (as on Foundation), larger ones are
/// `ParseError/Code/numberOutOfRange` (as on jansson); simdjson keeps no number text, so a number
/// written with a fraction or exponent is read through its `Double` (as on jansson).
public struct SimdjsonBackend: JSONBackend {
    public init() {}

    public var name: String { "simdjson" }

    /// 2047, as on jansson: simdjson itself takes any depth it is given, but the two C backends
    /// accept the same documents, and a depth beyond that is rarely anything but an attack.
    public var maxSupportedDepth: Int { 2047 }

    /// The number of readable bytes ``parse(padded:options:)`` needs after the input: 64.
    public static var requiredPadding: Int { CSimdjson_padding() }

    /// 64: simdjson reads up to 64 bytes past the end of its input (``requiredPadding``).
    public var readablePadding: Int { SimdjsonBackend.requiredPadding }

    public func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        try parse(input, padded: false, options: options)
    }

    /// Parses input that is followed by at least ``requiredPadding`` readable bytes, in place.
    ///
    /// The padding is only read, never written, and its bytes do not matter. Use it where the
    /// input sits in a buffer of your own with spare capacity; ``parse(_:options:)`` copies instead.
    public func parse(padded input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError)
        -> any JSONDocument
    {
        try parse(input, padded: true, options: options)
    }

    private func parse(_ input: UnsafeRawBufferPointer, padded: Bool, options: ParseOptions) throws(ParseError)
        -> any JSONDocument
    {
        guard input.count <= options.maxInputSize else {
            throw ParseError.inputTooLarge(input.count, limit: options.maxInputSize, backend: name)
        }
        var options = options
        options.maxDepth = min(options.maxDepth, maxSupportedDepth)
        if let failure = TapeLayoutCheck.failure {
            throw ParseError(code: .backendFailure, message: failure, offset: 0, in: input, backend: name)
        }
        let start = try JSONScanner.contentStart(of: input, backend: name)
        let body = UnsafeRawBufferPointer(rebasing: input[start...])
        guard let parser = SimdjsonParserPool.take() else {
            throw ParseError(
                code: .backendFailure,
                message: "simdjson: out of memory",
                offset: 0,
                in: input,
                backend: name
            )
        }
        let base = body.baseAddress?.assumingMemoryBound(to: UInt8.self)
        // simdjson leaves empty containers out of its depth count: its limit is set one above
        // the options' so that it never refuses what they allow, and the tape check applies them.
        let code = CSimdjson_parse(parser.handle, base, body.count, options.maxDepth + 1, padded)
        guard code == CSimdjson_SUCCESS.code else {
            SimdjsonParserPool.giveBack(parser)
            throw failure(code, in: input, options: options)
        }
        let tape = Tape(words: CSimdjson_tape(parser.handle), strings: CSimdjson_string_buffer(parser.handle))
        let findings = RepeatedKeys.check(
            tape,
            maxDepth: options.maxDepth,
            findsNUL: !options.allowsNULInStrings,
            stopsAtRepeat: options.duplicateKeys == .reject,
            table: parser.keyTable
        )
        let rootType = tape.type(at: 1)
        let scalarRoot = rootType != Tape.objectStart && rootType != Tape.arrayStart
        if findings.tooDeep || findings.containsNUL
            || !findings.repeatingObjects.isEmpty && options.duplicateKeys == .reject
            || scalarRoot && !options.allowsTopLevelScalars
        {
            SimdjsonParserPool.giveBack(parser)
            throw failure(CSimdjson_SUCCESS.code, in: input, options: options)
        }
        return SimdjsonDocument(
            parser: parser,
            tape: tape,
            repeatingObjects: findings.repeatingObjects,
            origin: DocumentOrigin(backend: self, options: options)
        )
    }

    /// The error for input simdjson (or the checks after it) refused: the scan's, which has the
    /// position, or else the number simdjson could not hold.
    private func failure(_ code: Int32, in input: UnsafeRawBufferPointer, options: ParseOptions) -> ParseError {
        // One scan: with its tape when the number to blame must be found among its numbers.
        do {
            if code == CSimdjson_NUMBER_ERROR.code {
                let tape = try JSONScanner.tape(input, options: options, backend: name)
                if let error = JSONScanner.numberOutOfRange(
                    in: input,
                    tape: tape,
                    integersBeyond64Bits: true,
                    backend: name
                ) {
                    return error
                }
            } else {
                try JSONScanner.validate(input, options: options, backend: name)
            }
        } catch {
            return error
        }
        let message =
            code == CSimdjson_MEMALLOC.code || code == CSimdjson_CAPACITY.code
            ? "simdjson could not allocate its buffers for \(input.count) bytes"
            : "simdjson: \(String(cString: CSimdjson_error_message(code)))"
        return ParseError(code: .backendFailure, message: message, offset: 0, in: input, backend: name)
    }
}
