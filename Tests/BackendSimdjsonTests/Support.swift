// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// A mapper over simdjson.
    func simdjsonMapper(_ options: ParseOptions = ParseOptions()) throws -> Mapper {
        try Mapper(backend: SimdjsonBackend(), parseOptions: options)
    }

    /// Parses bytes through the backend itself, bypassing the mapper's checks of the options.
    ///
    /// Without `padding`, through `parse(_:options:)`, which copies the bytes into the parser's padded
    /// buffer; with it, through `parse(padded:options:)`, from a buffer that holds the bytes followed by
    /// `SimdjsonBackend.requiredPadding` bytes of that value, which simdjson reads in place.
    func simdjsonParse(
        _ bytes: [UInt8],
        padding: UInt8? = nil,
        options: ParseOptions = ParseOptions()
    ) throws(ParseError) -> JSON {
        let buffer =
            bytes + [UInt8](repeating: padding ?? 0, count: padding == nil ? 0 : SimdjsonBackend.requiredPadding)
        let result: Result<any JSONDocument, ParseError> = buffer.withUnsafeBytes { whole in
            let input = UnsafeRawBufferPointer(rebasing: whole[..<bytes.count])
            return Result { () throws(ParseError) -> any JSONDocument in
                padding == nil
                    ? try SimdjsonBackend().parse(input, options: options)
                    : try SimdjsonBackend().parse(padded: input, options: options)
            }
        }
        return JSON(document: try result.get())
    }

    /// Parses the UTF-8 of `text` through the backend itself (see the function above).
    func simdjsonParse(_ text: String, padding: UInt8? = nil, options: ParseOptions = ParseOptions()) throws(ParseError)
        -> JSON
    {
        try simdjsonParse(Array(text.utf8), padding: padding, options: options)
    }

    /// What the package's validating scan says about `bytes`, under the name "simdjson": `nil` when
    /// it accepts them.
    func scanError(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) -> ParseError? {
        bytes.withUnsafeBytes { ParseError.validating($0, options: options, backend: "simdjson") }
    }

    /// `[[[…]]]`, `depth` levels deep, with `innermost` inside the deepest.
    func nestedArrays(_ depth: Int, innermost: String = "") -> String {
        String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
    }

    /// `[0,1,2,…]`: the integers below `count`, in order.
    func integerArray(_ count: Int) -> String {
        "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
    }

    /// A parse's result, comparable: the document written compactly, or the error's code, position
    /// and message.
    enum Outcome: Equatable, CustomStringConvertible {
        case document(String)
        case error(code: ParseError.Code, line: Int, column: Int, offset: Int, message: String)

        init(_ parse: () throws(ParseError) -> JSON) {
            do throws(ParseError) {
                self = .document(try parse().description)
            } catch {
                self = .error(
                    code: error.code,
                    line: error.line,
                    column: error.column,
                    offset: error.offset,
                    message: error.message
                )
            }
        }

        var description: String {
            switch self {
            case .document(let text): text
            case .error(let code, let line, let column, let offset, let message):
                "\(code) at \(line):\(column) (byte \(offset)): \(message)"
            }
        }
    }

    /// Parses `input` with `mapper`, which must refuse it, and records an issue unless the error
    /// has `code` at `line`:`column` (byte `offset`) and names simdjson. It must also be the validating
    /// scan's own error under the mapper's options — or, for `numberOutOfRange`, which only the
    /// backend finds, the scan must accept the input.
    @discardableResult
    func expectRefusal(
        of input: some Collection<UInt8>,
        by mapper: Mapper,
        _ code: ParseError.Code,
        at line: Int,
        _ column: Int,
        offset: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ParseError {
        let bytes = Array(input)
        let error = try #require(throws: ParseError.self, sourceLocation: sourceLocation) { try mapper.parse(bytes) }
        #expect(error.code == code, "\(error.debugDescription)", sourceLocation: sourceLocation)
        #expect(
            "\(error.line):\(error.column) (byte \(error.offset))" == "\(line):\(column) (byte \(offset))",
            sourceLocation: sourceLocation
        )
        #expect(error.backend == "simdjson", sourceLocation: sourceLocation)
        let scanned = scanError(bytes, options: mapper.parseOptions)
        if code == .numberOutOfRange {
            #expect(scanned == nil, sourceLocation: sourceLocation)
        } else {
            #expect(error == scanned, sourceLocation: sourceLocation)
        }
        return error
    }
#endif
