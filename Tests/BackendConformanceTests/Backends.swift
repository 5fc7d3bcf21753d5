import BackendFoundation
import BackendNative
import MapCore
import MapIO
import Testing

#if Jansson
    import BackendJansson
#endif
#if Simdjson
    import BackendSimdjson
#endif

// MARK: - The registry

/// Every backend the conformance suite knows, by name.
///
/// Adding a backend adds a case here; the compiler then asks every ``Parity`` row for that
/// backend's behaviour, so no row can be forgotten. Every backend has a case, linked or not: the
/// rows state what each one does whatever the build's traits.
enum BackendID: String, Sendable, CaseIterable {
    case foundation
    case jansson
    case simdjson
    case native
}

/// A backend under test: its identity and an instance.
struct RegisteredBackend: Sendable, CustomTestStringConvertible {
    let id: BackendID
    let backend: any JSONBackend

    var name: String { id.rawValue }
    var testDescription: String { id.rawValue }

    /// A mapper over this backend.
    func mapper(_ options: ParseOptions = ParseOptions()) throws -> Mapper {
        try Mapper(backend: backend, parseOptions: options)
    }
}

/// The registered backends: every case of the suite runs against each of them. jansson and
/// simdjson are registered when their package traits link them (the defaults); foundation and
/// native need no system library and always are.
let backends: [RegisteredBackend] = {
    var backends = [RegisteredBackend(id: .foundation, backend: FoundationBackend())]
    #if Jansson
        backends.append(RegisteredBackend(id: .jansson, backend: JanssonBackend()))
    #endif
    #if Simdjson
        backends.append(RegisteredBackend(id: .simdjson, backend: SimdjsonBackend()))
    #endif
    backends.append(RegisteredBackend(id: .native, backend: NativeBackend()))
    return backends
}()

// MARK: - Parity rows

/// A place where backends are allowed — and documented — to behave differently.
///
/// Each row is a line of the parity table in `Docs/Backends.md`; a case that depends on one names
/// it and gives the expected result per backend through ``Parity``.
enum ParityRow: String, Sendable, CaseIterable {
    /// An integer written without fraction or exponent outside `Int64`: foundation and native
    /// accept it (`int64` nil, `uint64` exact up to `UInt64.max`, `double` correctly rounded);
    /// jansson rejects the document with `numberOutOfRange` at the number's first byte; simdjson
    /// reads `Int64.max + 1` … `UInt64.max` exactly (as foundation) and rejects the rest (as jansson).
    case bigIntegers
    /// A key holding U+0000 (`{"a\u0000b": 1}`) under the default options: foundation, simdjson
    /// and native keep it (found by its bytes, NUL included); jansson rejects the document with
    /// `nulInKey` at the key's opening quote. With `allowsNULInStrings` off all give `nulInString`.
    case nulInKey
    /// `-0` reads as `-0.0` on foundation and native, which read numbers from their text, and as
    /// `+0.0` on jansson and simdjson, which keep it as the integer 0. (`-0.0` and `-1e-400` are
    /// `-0.0` on all four.)
    case negativeZero
    /// `int64` / `uint64` of a number written with a fraction or exponent: foundation and native
    /// read them from the number's text, jansson and simdjson from its `Double` — `1e-400` reads 0
    /// (nil on foundation and native), `1.00000000000000000001` reads 1 (nil),
    /// `9007199254740993.0` reads 9007199254740992 (exact on foundation and native). Every backend
    /// hands over the text itself (`withNumberText`), which `Decimal` and `Float` are read from.
    case numberText
    /// ``JSONBackend/maxSupportedDepth``: 512 on foundation (JSONSerialization's limit), 2047 on
    /// jansson (its parser stops at 2048 levels and counts the innermost scalar as one), on
    /// simdjson (held to jansson's) and on native (the same documents as the C backends); a
    /// ``Mapper`` with a `maxDepth` of 513…2047 is refused over foundation only.
    case maxDepth
    /// An object whose keys differ only in Unicode normalization (`"é"` precomposed and
    /// decomposed): foundation, whose JSONSerialization merges such keys, rejects the document with
    /// `backendFailure` at the object's opening brace (under either duplicate-key policy); jansson,
    /// simdjson and native keep both keys.
    case normalizationMergedKeys
    /// A string or key with a raw U+FEFF at its start or right after an escape
    /// (`["\u{FEFF}x"]`, `["a\n\u{FEFF}b"]`): foundation, whose JSONSerialization silently drops
    /// that character, rejects the document with `backendFailure` at the string's opening quote;
    /// jansson, simdjson and native keep the character. (U+FEFF elsewhere in a string, or written
    /// `\uFEFF`, is kept by all.)
    case byteOrderMarkInStrings
    /// ``ParseOptions/syntax`` `.jsonc` and `.json5`: native reads them; a ``Mapper`` over
    /// foundation, jansson or simdjson is refused when built (`unsupportedValue`, naming the syntax,
    /// the backend and native), and those backends' own `parse` refuses with `backendFailure`.
    case relaxedSyntax
}

/// A value that differs per backend, for one ``ParityRow``.
///
/// Its initializer takes one argument per registered backend, so adding a backend to
/// ``BackendID`` makes every row state what the new backend does.
struct Parity<Value: Sendable>: Sendable {
    let row: ParityRow
    let foundation: Value
    let jansson: Value
    let simdjson: Value
    let native: Value

    init(_ row: ParityRow, foundation: Value, jansson: Value, simdjson: Value, native: Value) {
        self.row = row
        self.foundation = foundation
        self.jansson = jansson
        self.simdjson = simdjson
        self.native = native
    }

    subscript(id: BackendID) -> Value {
        switch id {
        case .foundation: foundation
        case .jansson: jansson
        case .simdjson: simdjson
        case .native: native
        }
    }
}

/// What a case expects: one value for every backend, or one per backend for a parity row.
enum Expected<Value: Sendable>: Sendable {
    case same(Value)
    case differs(Parity<Value>)

    func value(for id: BackendID) -> Value {
        switch self {
        case .same(let value): value
        case .differs(let parity): parity[id]
        }
    }

    /// The parity row the case depends on, if any.
    var row: ParityRow? {
        if case .differs(let parity) = self { return parity.row }
        return nil
    }
}

// MARK: - Parsing helpers

/// Parses through the backend itself (not a ``Mapper``), so that the mapper's checks of the
/// options do not stand in the way.
func parse(
    _ bytes: [UInt8],
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions()
) -> Result<any JSONDocument, ParseError> {
    bytes.withUnsafeBytes { buffer in
        Result { () throws(ParseError) -> any JSONDocument in try backend.backend.parse(buffer, options: options) }
    }
}

/// Parses text through the backend itself.
func parse(
    _ text: String,
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions()
) -> Result<any JSONDocument, ParseError> {
    parse(Array(text.utf8), with: backend, options: options)
}

/// Parses bytes that must be accepted, recording an issue (and throwing) when they are not.
func accept(
    _ bytes: [UInt8],
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> any JSONDocument {
    switch parse(bytes, with: backend, options: options) {
    case .success(let document):
        #expect(document.backendName == backend.name, sourceLocation: sourceLocation)
        return document
    case .failure(let error):
        Issue.record("\(backend.name) rejected valid input: \(error.debugDescription)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Parses text that must be accepted.
func accept(
    _ text: String,
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> any JSONDocument {
    try accept(Array(text.utf8), with: backend, options: options, sourceLocation: sourceLocation)
}

/// Parses bytes that must be rejected and returns the error, recording an issue when they are accepted.
///
/// Also checks what every parse error must satisfy: the reporting backend's name, a line and a
/// column of at least 1, an offset inside the input, and a line and column that agree with the offset.
func reject(
    _ bytes: [UInt8],
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParseError {
    switch parse(bytes, with: backend, options: options) {
    case .success(let document):
        Issue.record(
            "\(backend.name) accepted invalid input as \(JSON(document: document).description)",
            sourceLocation: sourceLocation
        )
        throw AcceptedInvalidInput()
    case .failure(let error):
        checkWellFormed(error, input: bytes, backend: backend, sourceLocation: sourceLocation)
        return error
    }
}

/// Parses text that must be rejected.
func reject(
    _ text: String,
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParseError {
    try reject(Array(text.utf8), with: backend, options: options, sourceLocation: sourceLocation)
}

struct AcceptedInvalidInput: Error {}

/// Where a rejection must be reported.
struct Position: Sendable, Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var offset: Int

    init(line: Int = 1, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    init(of error: ParseError) {
        self.init(line: error.line, column: error.column, offset: error.offset)
    }

    var description: String { "\(line):\(column) (byte \(offset))" }
}

/// The line and column of a byte offset, worked out independently of the package: lines are
/// counted by `\n`, columns in Unicode scalars from the line's start, and a leading byte-order
/// mark takes no column.
func expectedPosition(of offset: Int, in input: [UInt8]) -> Position {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, input.count) where input[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
    }
    if lineStart == 0, input.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { lineStart = 3 }
    let column = 1 + input[lineStart..<min(offset, input.count)].filter { $0 & 0xC0 != 0x80 }.count
    return Position(line: line, column: column, offset: offset)
}

/// Records an issue when a parse error breaks a rule every parse error must keep.
func checkWellFormed(
    _ error: ParseError,
    input: [UInt8],
    backend: RegisteredBackend,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(error.backend == backend.name, sourceLocation: sourceLocation)
    #expect(error.line >= 1, sourceLocation: sourceLocation)
    #expect(error.column >= 1, sourceLocation: sourceLocation)
    #expect((0...input.count).contains(error.offset), sourceLocation: sourceLocation)
    #expect(
        Position(of: error) == expectedPosition(of: error.offset, in: input),
        "line and column disagree with the offset",
        sourceLocation: sourceLocation
    )
}

// MARK: - Reading helpers

/// The string at `node`, read both ways (`string` and `withStringUTF8`), recording an issue
/// when the two disagree.
func readString(
    _ document: any JSONDocument,
    _ node: JSONNode,
    sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    let string = document.string(node)
    let bytes = document.withStringUTF8(node) { Array($0) }
    #expect(string.map { Array($0.utf8) } == bytes, sourceLocation: sourceLocation)
    return string
}

/// The member of an object found by its key's UTF-8 bytes.
func member(_ document: any JSONDocument, _ node: JSONNode, _ key: String) -> JSONNode? {
    var key = key
    return key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0)) }
}

/// An object's keys and values in the order ``JSONDocument/forEachMember(of:_:)`` visits them.
func members(_ document: any JSONDocument, _ node: JSONNode) -> [(key: String, value: JSONNode)] {
    var result: [(key: String, value: JSONNode)] = []
    document.forEachMember(of: node) { key, value in
        result.append((String(decoding: key.utf8, as: UTF8.self), value))
    }
    return result
}

/// An array's elements in the order ``JSONDocument/forEachElement(of:_:)`` visits them.
func elements(_ document: any JSONDocument, _ node: JSONNode) -> [JSONNode] {
    var result: [JSONNode] = []
    document.forEachElement(of: node) { result.append($0) }
    return result
}

/// How deeply arrays and objects nest in a document, by walking it: `[[1]]` has depth 2.
func depthOf(_ document: any JSONDocument) -> Int {
    func depth(_ node: JSONNode) -> Int {
        switch document.kind(of: node) {
        case .array: 1 + (elements(document, node).map(depth).max() ?? 0)
        case .object: 1 + (members(document, node).map { depth($0.value) }.max() ?? 0)
        default: 0
        }
    }
    return depth(document.root)
}

/// `depth` arrays nested in each other, the innermost holding `innermost`: `[[1]]` is depth 2.
func nestedArrays(_ depth: Int, innermost: String = "") -> String {
    String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
}

/// `depth` objects nested through the key `"a"`, the innermost holding `"a": 1`.
func nestedObjects(_ depth: Int) -> String {
    String(repeating: #"{"a":"#, count: depth - 1) + #"{"a":1}"# + String(repeating: "}", count: depth - 1)
}

// MARK: - Rejections

/// Input every backend must reject with the same code at the same place.
struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let options: ParseOptions
    let code: ParseError.Code
    let position: Position

    init(
        _ name: String,
        _ text: String,
        _ code: ParseError.Code,
        at position: Position,
        options: ParseOptions = ParseOptions()
    ) {
        self.init(name, bytes: Array(text.utf8), code, at: position, options: options)
    }

    init(
        _ name: String,
        bytes: [UInt8],
        _ code: ParseError.Code,
        at position: Position,
        options: ParseOptions = ParseOptions()
    ) {
        self.name = name
        self.bytes = bytes
        self.options = options
        self.code = code
        self.position = position
    }

    var testDescription: String { name }
}

/// Checks that `backend` rejects the input with the expected code, line, column and offset.
func expectRejection(
    _ rejection: Rejection,
    by backend: RegisteredBackend,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let error = try reject(
        rejection.bytes,
        with: backend,
        options: rejection.options,
        sourceLocation: sourceLocation
    )
    #expect(error.code == rejection.code, "\(error.debugDescription)", sourceLocation: sourceLocation)
    #expect(Position(of: error) == rejection.position, "\(error.debugDescription)", sourceLocation: sourceLocation)
}
