// What the conformance cases share: parsing through a backend, and checking what every accepted
// document and every parse error must satisfy. `package`, so that this repository's own suites
// use the same checks for the cases that depend on a backend's documented differences.

package import MapCore
package import Testing

/// Parses through the backend itself (not a ``Mapper``), so that the mapper's checks of the
/// options do not stand in the way.
package func parse(
    _ bytes: [UInt8],
    with backend: any JSONBackend,
    options: ParseOptions = ParseOptions()
) -> Result<any JSONDocument, ParseError> {
    bytes.withUnsafeBytes { buffer in
        Result { () throws(ParseError) -> any JSONDocument in try backend.parse(buffer, options: options) }
    }
}

/// Parses text through the backend itself.
package func parse(
    _ text: String,
    with backend: any JSONBackend,
    options: ParseOptions = ParseOptions()
) -> Result<any JSONDocument, ParseError> {
    parse(Array(text.utf8), with: backend, options: options)
}

/// Parses bytes that must be accepted, recording an issue (and throwing) when they are not.
package func accept(
    _ bytes: [UInt8],
    with backend: any JSONBackend,
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
package func accept(
    _ text: String,
    with backend: any JSONBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> any JSONDocument {
    try accept(Array(text.utf8), with: backend, options: options, sourceLocation: sourceLocation)
}

/// Parses bytes that must be rejected and returns the error, recording an issue when they are accepted.
///
/// Also checks what every parse error must satisfy: the reporting backend's name, a line and a
/// column of at least 1, an offset inside the input, and a line and column that agree with the offset.
package func reject(
    _ bytes: [UInt8],
    with backend: any JSONBackend,
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
package func reject(
    _ text: String,
    with backend: any JSONBackend,
    options: ParseOptions = ParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> ParseError {
    try reject(Array(text.utf8), with: backend, options: options, sourceLocation: sourceLocation)
}

package struct AcceptedInvalidInput: Error {}

/// Where a rejection must be reported.
package struct Position: Sendable, Hashable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var offset: Int

    package init(line: Int = 1, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    package init(of error: ParseError) {
        self.init(line: error.line, column: error.column, offset: error.offset)
    }

    package var description: String { "\(line):\(column) (byte \(offset))" }
}

/// The line and column of a byte offset, worked out independently of the package: lines are
/// counted by `\n`, columns in Unicode scalars from the line's start, and a leading byte-order
/// mark takes no column.
package func expectedPosition(of offset: Int, in input: [UInt8]) -> Position {
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
package func checkWellFormed(
    _ error: ParseError,
    input: [UInt8],
    backend: any JSONBackend,
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
package func readString(
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
package func member(_ document: any JSONDocument, _ node: JSONNode, _ key: String) -> JSONNode? {
    var key = key
    return key.withUTF8 { document.member(of: node, utf8Key: UnsafeRawBufferPointer($0)) }
}

/// An object's keys and values in the order ``JSONDocument/forEachMember(of:_:)`` visits them.
package func members(_ document: any JSONDocument, _ node: JSONNode) -> [(key: String, value: JSONNode)] {
    var result: [(key: String, value: JSONNode)] = []
    document.forEachMember(of: node) { key, value in
        result.append((String(decoding: key.utf8, as: UTF8.self), value))
    }
    return result
}

/// An array's elements in the order ``JSONDocument/forEachElement(of:_:)`` visits them.
package func elements(_ document: any JSONDocument, _ node: JSONNode) -> [JSONNode] {
    var result: [JSONNode] = []
    document.forEachElement(of: node) { result.append($0) }
    return result
}

/// How deeply arrays and objects nest in a document, by walking it: `[[1]]` has depth 2.
package func depthOf(_ document: any JSONDocument) -> Int {
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
package func nestedArrays(_ depth: Int, innermost: String = "") -> String {
    String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
}

/// `depth` objects nested through the key `"a"`, the innermost holding `"a": 1`.
package func nestedObjects(_ depth: Int) -> String {
    String(repeating: #"{"a":"#, count: depth - 1) + #"{"a":1}"# + String(repeating: "}", count: depth - 1)
}

// MARK: - Rejections

/// Input every backend must reject with the same code at the same place.
package struct Rejection: Sendable, CustomTestStringConvertible {
    package let name: String
    package let bytes: [UInt8]
    package let options: ParseOptions
    package let code: ParseError.Code
    package let position: Position

    package init(
        _ name: String,
        _ text: String,
        _ code: ParseError.Code,
        at position: Position,
        options: ParseOptions = ParseOptions()
    ) {
        self.init(name, bytes: Array(text.utf8), code, at: position, options: options)
    }

    package init(
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

    package var testDescription: String { name }
}

/// Checks that `backend` rejects the input with the expected code, line, column and offset.
package func expectRejection(
    _ rejection: Rejection,
    by backend: any JSONBackend,
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

/// A document that must be accepted, and a check of what it holds.
package struct AcceptedCase: Sendable, CustomTestStringConvertible {
    package let name: String
    package let bytes: [UInt8]
    package let check: @Sendable (any JSONDocument) throws -> Void

    package init(_ name: String, _ text: String, check: @escaping @Sendable (any JSONDocument) throws -> Void) {
        self.init(name, bytes: Array(text.utf8), check: check)
    }

    package init(_ name: String, bytes: [UInt8], check: @escaping @Sendable (any JSONDocument) throws -> Void) {
        self.name = name
        self.bytes = bytes
        self.check = check
    }

    package var testDescription: String { name }
}
