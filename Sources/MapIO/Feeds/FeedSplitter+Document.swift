import MapCore

/// The walk through a document around a streamed array (``FeedOptions/Format/nestedArray(at:)``).
///
/// Only the containers on the path are entered, one ``Frame`` each; every other value — a member
/// before or after the array, at any level — is validated whole by the scanner and kept, as it is,
/// in ``envelope``. So the walk holds the envelope and one frame per step of the path, never the
/// array, and the envelope is held to `FeedOptions.maxRecordSize` as a record is.
///
/// Invariant: ``envelope`` is the document's text read so far, whitespace outside skipped values
/// left out, with the streamed array's elements left out and its brackets kept; each frame is a
/// container on the path, the innermost last.
struct DocumentWalk {
    /// Where a container on the path is in its grammar.
    enum State {
        /// Just opened: a first member or element, or the close.
        case first
        /// After a comma in an object: a key.
        case key
        /// After a key: a colon.
        case colon
        /// After a colon, or after a comma in an array: a value.
        case value
        /// After a value: a comma or the close.
        case afterValue
    }

    /// A container on the path.
    struct Frame {
        var isObject: Bool
        var state = State.first
        /// Whether the value about to be read is the path's next step.
        var nextIsOnPath = false
        /// Whether the path's step has been found in this container.
        var found = false
        /// Elements read, for an array.
        var count = 0
        /// The keys read, unescaped, when duplicate keys are rejected.
        var keys: Set<[UInt8]> = []
    }

    enum Step {
        case needsInput
        /// The streamed array's `[` has been consumed: its elements come next.
        case arrayOpened
        /// The document has been read to its end.
        case ended
    }

    let path: JSONPath
    /// `ParseOptions.maxDepth`: the path's containers count towards it.
    let maxDepth: Int
    var frames: [Frame] = []
    /// The document's text read so far, without the streamed array's elements.
    var envelope: [UInt8] = []
    /// Whether the document's first value has started (a leading byte-order mark is skipped only
    /// before it).
    var started = false
    /// Whether the document's value has been read whole.
    var rootClosed = false
    /// The envelope not yet handed to the cursor.
    var pending: FeedEnvelopeText?

    init(path: JSONPath, maxDepth: Int) {
        self.path = path
        self.maxDepth = maxDepth
    }

    /// The path's first `count` steps.
    func prefix(_ count: Int) -> JSONPath {
        JSONPath(Array(path.components.prefix(count)))
    }

    /// The envelope as it stands once the array has started: closed after the array.
    var openedEnvelope: FeedEnvelopeText {
        var bytes = envelope
        bytes.append(UInt8(ascii: "]"))
        for frame in frames.reversed() {
            bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        return FeedEnvelopeText(bytes: bytes, isComplete: false)
    }
}

extension JSONPath {
    /// The path as messages print it: `data.items`, or "the root".
    var printed: String { isRoot ? "the root" : description }
}

extension FeedSplitter {
    /// The envelope not yet taken, once the array has started and once the document has ended.
    mutating func takeEnvelope() -> FeedEnvelopeText? {
        guard document?.pending != nil else { return nil }
        return document?.pending.take()
    }

    /// Notes the streamed array's `]`, just consumed.
    mutating func closeStreamedArray() {
        guard document != nil else { return }
        document?.envelope.append(UInt8(ascii: "]"))
        if document?.frames.isEmpty ?? false { document?.rootClosed = true }
    }

    /// Walks the document up to the streamed array's first element, or from after its `]` to the
    /// document's end.
    ///
    /// - Throws: ``FeedError`` for malformed text, a path that leads nowhere or not to an array,
    ///   nesting deeper than `ParseOptions.maxDepth`, and an envelope longer than the record limit.
    mutating func walkDocument() throws(FeedError) -> DocumentWalk.Step {
        // Taken out while it is walked, so that the envelope it holds is never shared, never copied.
        guard var walk = document.take() else { return .ended }
        defer { document = walk }
        while true {
            if !walk.started, offset == 0 {
                if bytes.count - start < 3, !isFinal { return .needsInput }
                if bytes[start...].starts(with: [0xEF, 0xBB, 0xBF]) { advance(to: start + 3) }
            }
            skipWhitespace()
            guard start < bytes.count else {
                if !isFinal { return .needsInput }
                guard walk.rootClosed else {
                    throw syntaxError(
                        .unexpectedEndOfInput,
                        walk.started
                            ? "the document ends before it is closed"
                            : "the input holds no JSON document, so no array at \(walk.path.printed)"
                    )
                }
                if !walk.envelope.isEmpty {
                    walk.pending = FeedEnvelopeText(bytes: walk.envelope, isComplete: true)
                    walk.envelope = []
                }
                return .ended
            }
            if walk.rootClosed {
                throw syntaxError(.trailingContent, "unexpected content after the document")
            }
            walk.started = true
            let byte = bytes[start]
            guard var frame = walk.frames.popLast() else {
                // The document's value: on the path, as the root.
                if try enterOnPath(&walk) { return .arrayOpened }
                continue
            }
            // `frame` is at index `level`; its values sit `level + 1` containers deep.
            let level = walk.frames.count
            let step = walk.path.components[level]
            let close = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            switch frame.state {
            case .first where byte == close, .afterValue where byte == close:
                guard frame.found else {
                    walk.frames.append(frame)
                    throw notFound(walk, level: level, frame: frame)
                }
                appendEnvelope(&walk, through: start + 1)
                if walk.frames.isEmpty { walk.rootClosed = true }
                continue
            case .afterValue where byte == UInt8(ascii: ","):
                appendEnvelope(&walk, through: start + 1)
                frame.state = frame.isObject ? .key : .value
            case .afterValue:
                walk.frames.append(frame)
                throw syntaxError(
                    .unexpectedCharacter,
                    frame.isObject ? "expected ',' or '}' after a member" : "expected ',' or ']' after an element"
                )
            case .first where frame.isObject, .key:
                walk.frames.append(frame)
                guard byte == UInt8(ascii: "\"") else {
                    if byte == UInt8(ascii: "}") { throw syntaxError(.trailingComma, "trailing comma before '}'") }
                    throw syntaxError(.unexpectedCharacter, "expected a string key")
                }
                guard let keyEnd = try scanValue(&walk, depth: level + 1) else { return .needsInput }
                frame = walk.frames.removeLast()
                // The key's text without its quotes, unescaped.
                let key = bytes.withUnsafeBytes { all in
                    [UInt8](
                        DecodedStringBytes(literal: UnsafeRawBufferPointer(rebasing: all[(start + 1)..<(keyEnd - 1)]))
                    )
                }
                var isStep = false
                if case .key(let name) = step { isStep = key.elementsEqual(name.utf8) }
                if isStep, frame.found {
                    walk.frames.append(frame)
                    throw syntaxError(
                        .duplicateKey,
                        "the member \"\(String(decoding: key, as: UTF8.self))\" appears twice at "
                            + "\(walk.prefix(level).printed); the array streamed was in the first"
                    )
                }
                if parseOptions.duplicateKeys == .reject, !frame.keys.insert(key).inserted {
                    walk.frames.append(frame)
                    throw syntaxError(
                        .duplicateKey,
                        "duplicate key \"\(String(decoding: key, as: UTF8.self))\" in one object"
                    )
                }
                appendEnvelope(&walk, through: keyEnd)
                frame.nextIsOnPath = isStep
                frame.state = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    walk.frames.append(frame)
                    throw syntaxError(.unexpectedCharacter, "expected ':' after a key")
                }
                appendEnvelope(&walk, through: start + 1)
                frame.state = .value
            case .first, .value:
                if byte == close {
                    walk.frames.append(frame)
                    throw syntaxError(.trailingComma, "trailing comma before ']'")
                }
                var onPath = frame.nextIsOnPath
                if case .index(let index) = step, !frame.isObject { onPath = !frame.found && frame.count == index }
                if !onPath {
                    walk.frames.append(frame)
                    guard let end = try scanValue(&walk, depth: level + 1) else { return .needsInput }
                    frame = walk.frames.removeLast()
                    appendEnvelope(&walk, through: end)
                }
                frame.state = .afterValue
                frame.nextIsOnPath = false
                if !frame.isObject { frame.count += 1 }
                if onPath {
                    frame.found = true
                    walk.frames.append(frame)
                    if try enterOnPath(&walk) { return .arrayOpened }
                    continue
                }
            }
            walk.frames.append(frame)
        }
    }

    /// Reads the value on the path starting here, as deep as `walk.frames` is: the next container
    /// on the path is entered (a frame pushed), or the streamed array opened (`true`).
    ///
    /// - Throws: ``FeedError`` when the value is not the container the path needs.
    private mutating func enterOnPath(_ walk: inout DocumentWalk) throws(FeedError) -> Bool {
        let level = walk.frames.count
        let isTarget = level == walk.path.components.count
        var wanted = JSONKind.array
        if !isTarget, case .key = walk.path.components[level] { wanted = .object }
        guard let found = kind(of: bytes[start]) else {
            throw syntaxError(.unexpectedCharacter, "expected a JSON value")
        }
        guard found == wanted else {
            let here = walk.prefix(level)
            let message =
                isTarget
                ? "expected an array to stream at \(here.printed), found \(found.named)"
                : "expected \(wanted.named) at \(here.printed) on the way to \(walk.path.printed), "
                    + "found \(found.named)"
            throw errorHere(
                MappingError(code: .typeMismatch, path: here, message: message, expected: wanted, actual: found)
            )
        }
        guard level < walk.maxDepth else {
            throw syntaxError(.depthLimitExceeded, "nesting deeper than the limit of \(walk.maxDepth)")
        }
        appendEnvelope(&walk, through: start + 1)
        if isTarget {
            walk.pending = walk.openedEnvelope
            return true
        }
        walk.frames.append(DocumentWalk.Frame(isObject: wanted == .object))
        return false
    }

    /// The kind of the value whose first byte is `byte`; `nil` when no value starts so.
    private func kind(of byte: UInt8) -> JSONKind? {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        default: nil
        }
    }

    /// The end of the value (or key) starting here, `depth` containers deep, validated; `nil` when
    /// more input is needed. Nothing is consumed. As ``element()`` cuts a record, it scans at most
    /// the envelope's room plus one byte, so that where the reads cut the input never changes the
    /// outcome, and scans a value still arriving again only once the bytes pending have doubled.
    private mutating func scanValue(_ walk: inout DocumentWalk, depth: Int) throws(FeedError) -> Int? {
        let room = Swift.max(0, maxRecordSize - walk.envelope.count)
        let available = bytes.count - start
        if !isFinal, available <= room, available < elementRescanAt { return nil }
        var options = parseOptions
        options.maxDepth = Swift.max(0, walk.maxDepth - depth)
        switch valueEnd(within: room, options: options) {
        case .failure(let error):
            throw placed(error)
        case .success(nil):
            if available > room { throw envelopeTooLong() }
            elementRescanAt = 2 * available
            return nil
        case .success(let length?):
            if length > room { throw envelopeTooLong() }
            elementRescanAt = 0
            return start + length
        }
    }

    /// Consumes up to `end`, keeping the bytes in the envelope.
    private mutating func appendEnvelope(_ walk: inout DocumentWalk, through end: Int) {
        walk.envelope.append(contentsOf: bytes[start..<end])
        advance(to: end)
    }

    /// The error for an envelope longer than the record limit.
    private func envelopeTooLong() -> FeedError {
        errorHere(
            MappingError(
                code: .inputTooLarge,
                message: "the document around the streamed array is longer than maxRecordSize (\(maxRecordSize) bytes)"
            )
        )
    }

    /// The error for a container on the path that closes without the path's next step.
    private func notFound(_ walk: DocumentWalk, level: Int, frame: DocumentWalk.Frame) -> FeedError {
        let here = walk.prefix(level)
        switch walk.path.components[level] {
        case .key(let name):
            return errorHere(
                MappingError(
                    code: .missingKey,
                    path: walk.prefix(level + 1),
                    message: "the object at \(here.printed) has no member \"\(name)\", so no array to stream",
                    expected: level + 1 == walk.path.components.count ? .array : nil
                )
            )
        case .index(let index):
            return errorHere(
                MappingError(
                    code: .indexOutOfRange,
                    path: walk.prefix(level + 1),
                    message: "the array at \(here.printed) has \(frame.count) elements, no [\(index)]"
                )
            )
        }
    }
}

extension JSONKind {
    /// The kind with its article: "an object", "a number".
    fileprivate var named: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(self)"
        case .bool, .number, .string: "a \(self)"
        }
    }
}
