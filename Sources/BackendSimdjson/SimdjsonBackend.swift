// Compiled only under the package trait Simdjson, which needs libsimdjson-dev.
#if Simdjson
    internal import CSimdjson
    public import MapCore

    /// A backend over simdjson (3.0.1, Debian's `libsimdjson-dev`): the package's fast path.
    ///
    /// simdjson parses with SIMD instructions into a flat "tape" of 64-bit words; the document's
    /// nodes are positions on that tape, and the reads — kinds, numbers, strings, member lookup,
    /// iteration — walk it in Swift without calling into C. Nothing is converted between parsing and
    /// mapping.
    ///
    /// The `ParseOptions` are honoured as on the other backends. simdjson keeps every member it reads:
    /// under `DuplicateKeyPolicy.reject` a pass over the tape after the parse refuses repeated keys;
    /// under `lastWins` each object is checked when first read and, if it repeats a key, exposes one
    /// member per key, the last value winning. simdjson applies the depth limit itself, except to
    /// empty containers, which the same pass checks when it matters; it also looks for `\u0000` when
    /// `allowsNULInStrings` is off. A byte-order mark is skipped and UTF-16 / UTF-32 refused before
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
    /// `ParseError/Code/numberOutOfRange` (as on jansson). simdjson keeps only each number's value;
    /// the parser keeps a copy of the input until the document is released, so a number's text (for
    /// an exact `Decimal`, a correctly rounded `Float`) is read from there, found through simdjson's
    /// structural positions the first time one is asked for.
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

        public func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument
        {
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
            guard options.syntax == .json else { throw ParseError.unsupportedSyntax(options.syntax, backend: name) }
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
            // simdjson refuses nesting at its limit unless the innermost container is empty: with its
            // limit at the options', what it accepts is within them. What it refuses may be within
            // them too (non-empty containers exactly at the limit): that input is parsed again with the
            // limit one higher, where simdjson refuses nothing the options allow, and the tape walk
            // below finds empty containers one too deep.
            // (simdjson needs a limit of 1 at least; below that, the walk applies the options'.)
            let limit = max(options.maxDepth, 1)
            var code = CSimdjson_parse(parser.handle, base, body.count, limit, padded)
            var depthChecked = options.maxDepth >= 1
            if code == CSimdjson_DEPTH_ERROR.code {
                code = CSimdjson_parse(parser.handle, base, body.count, limit + 1, padded)
                depthChecked = false
            }
            guard code == CSimdjson_SUCCESS.code else {
                SimdjsonParserPool.giveBack(parser)
                throw failure(code, in: input, options: options)
            }
            let tape = Tape(words: CSimdjson_tape(parser.handle), strings: CSimdjson_string_buffer(parser.handle))
            let rejectsRepeats = options.duplicateKeys == .reject
            if !depthChecked || rejectsRepeats || !options.allowsNULInStrings {
                let findings = RepeatedKeys.check(
                    tape,
                    maxDepth: options.maxDepth,
                    findsNUL: !options.allowsNULInStrings,
                    findsRepeats: rejectsRepeats,
                    table: parser.keyTable
                )
                if findings.tooDeep || findings.containsNUL || findings.repeatsKey {
                    SimdjsonParserPool.giveBack(parser)
                    throw failure(CSimdjson_SUCCESS.code, in: input, options: options)
                }
            }
            let rootType = tape.type(at: 1)
            if rootType != Tape.objectStart && rootType != Tape.arrayStart && !options.allowsTopLevelScalars {
                SimdjsonParserPool.giveBack(parser)
                throw failure(CSimdjson_SUCCESS.code, in: input, options: options)
            }
            return SimdjsonDocument(
                parser: parser,
                tape: tape,
                inputLength: body.count,
                keysChecked: rejectsRepeats,
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
#endif
