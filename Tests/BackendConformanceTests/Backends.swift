import BackendConformance
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

// MARK: - The kit's checks, for a registered backend

// The checks live in the BackendConformance kit, over `any JSONBackend`; these forward to them so
// that the suites here read `accept(text, with: backend)` for a registered backend too.

func parse(
    _ bytes: [UInt8],
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions()
) -> Result<any JSONDocument, ParseError> {
    parse(bytes, with: backend.backend, options: options)
}

func parse(
    _ text: String,
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions()
) -> Result<any JSONDocument, ParseError> {
    parse(Array(text.utf8), with: backend.backend, options: options)
}

func accept(
    _ bytes: [UInt8],
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> any JSONDocument {
    try accept(bytes, with: backend.backend, options: options, sourceLocation: sourceLocation)
}

func accept(
    _ text: String,
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> any JSONDocument {
    try accept(Array(text.utf8), with: backend.backend, options: options, sourceLocation: sourceLocation)
}

func reject(
    _ bytes: [UInt8],
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParseError {
    try reject(bytes, with: backend.backend, options: options, sourceLocation: sourceLocation)
}

func reject(
    _ text: String,
    with backend: RegisteredBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParseError {
    try reject(Array(text.utf8), with: backend.backend, options: options, sourceLocation: sourceLocation)
}

func checkWellFormed(
    _ error: ParseError,
    input: [UInt8],
    backend: RegisteredBackend,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    checkWellFormed(error, input: input, backend: backend.backend, sourceLocation: sourceLocation)
}

func expectRejection(
    _ rejection: Rejection,
    by backend: RegisteredBackend,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try expectRejection(rejection, by: backend.backend, sourceLocation: sourceLocation)
}
