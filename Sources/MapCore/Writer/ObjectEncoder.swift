/// Where the fields of an object being encoded by a map or a rule are written, in one of two ways.
///
/// - Streaming, into a ``JSONWriter``: each field writes its key and value at once, opening and
///   closing the objects of nested places (`json["a"]["b"]`, `"a" / "b"`) as the places come.
///   This is the fast path, and serves every object whose places come in an order that can be
///   written once: flat, or nested places grouped together. An optional field whose value fails
///   to encode is taken back from the writer (a checkpoint).
/// - As a tree, into a ``JSONBuilder``: for any other writer, and when streaming meets a place it
///   cannot write in order — an object closed earlier (`a.b`, `c`, then `a.d`) or an index step.
///   The whole object is then encoded again from the start into the tree, which is written out
///   at the end (see ``encodeObject(to:in:_:)``).
///
/// Streaming writes a key given twice twice (as ``JSONWriter`` does); the tree keeps one member,
/// with the last value.
@usableFromInline
package final class ObjectEncoder {
    /// Streaming: the writer (kept by a pooled encoder from one object to the next).
    @usableFromInline let stream: JSONWriter?
    /// As a tree: the builder.
    @usableFromInline let tree: JSONBuilder?
    @usableFromInline package let context: MappingContext
    // Confined to one encode: no dynamic exclusivity checks needed.
    /// Streaming: the keys of the nested objects open below the encoded object.
    @exclusivity(unchecked) private var openChain: [String] = []
    /// Streaming: the nested objects closed so far, which cannot be opened again.
    @exclusivity(unchecked) private var closedChains: [[String]] = []
    /// Streaming met a place it cannot write in order: the object must be encoded again as a tree.
    @exclusivity(unchecked) private(set) var needsTree = false
    /// A required field failed to encode: nothing more is written.
    @exclusivity(unchecked) private var stopped = false
    /// The failure of the required field that stopped the encoder.
    @exclusivity(unchecked) @usableFromInline package private(set) var failure: MappingError?
    /// Streaming: what the optional field being written takes back if its value fails.
    @exclusivity(unchecked) private var undo: Undo?

    init(stream writer: JSONWriter, context: MappingContext) {
        self.stream = writer
        self.tree = nil
        self.context = context
    }

    /// Readies an encoder of its context's pool for streaming another object to its writer.
    func reset() {
        // Only what the last object changed; a stale `undo` is never read (an optional field sets
        // its own first).
        if !openChain.isEmpty { openChain.removeAll(keepingCapacity: true) }
        if !closedChains.isEmpty { closedChains.removeAll() }
        needsTree = false
        if stopped {
            stopped = false
            failure = nil
        }
    }

    init(tree builder: JSONBuilder, context: MappingContext) {
        self.stream = nil
        self.tree = builder
        self.context = context
    }

    /// Writes `value` at the place `parent` + `last` below the object.
    ///
    /// - Returns: `false` when a required field failed: its failure is ``failure``, for the
    ///   caller to report, and the encoder stops; `true` when the value was written, or was
    ///   optional and left out (with a warning).
    @inlinable
    package func write<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        parent: [JSONPath.Component],
        last: JSONPath.Component?,
        required: Bool
    ) -> Bool {
        if bridge.omits(value, in: context) { return true }
        // The streaming path is inlinable, so the bridge's encode specializes for JSONWriter in
        // the caller's module; the tree and every failure are out of line. The result is a Bool
        // and the undo state stays in the encoder, so that a field returns and destroys nothing:
        // an optional error or undo state handed back would be copied out and destroyed per field.
        guard let writer = stream else {
            return writeToTree(value, with: bridge, parent: parent, last: last, required: required)
        }
        guard beginStreamedField(parent: parent, last: last, required: required, in: writer) else { return true }
        do {
            if parent.isEmpty, let last {
                try context.withStep(last, node: nil) { try bridge.encode(value, to: writer, in: context) }
            } else {
                try withSteps(parent, last) { try bridge.encode(value, to: writer, in: context) }
            }
            return true
        } catch {
            return streamedFieldFailed(error, parent, last, required: required, typeName: "\(B.Value.self)", in: writer)
        }
    }

    /// What an optional streamed field takes back when its value fails to encode.
    struct Undo {
        let checkpoint: JSONWriter.Checkpoint
        let openChain: [String]
        let closedCount: Int
        let mark: Int
    }

    /// Opens the field's parent objects and writes its key (an optional field notes first what to
    /// take back); `false` when nothing is to be written (stopped, or the place needs a tree).
    @usableFromInline
    func beginStreamedField(
        parent: [JSONPath.Component],
        last: JSONPath.Component?,
        required: Bool,
        in writer: JSONWriter
    ) -> Bool {
        guard !stopped, !needsTree else { return false }
        // An optional field takes back everything it wrote — the parent objects it opened too.
        if !required {
            undo = Undo(
                checkpoint: writer.checkpoint(),
                openChain: openChain,
                closedCount: closedChains.count,
                mark: context.diagnosticsMark
            )
        }
        do {
            if parent.isEmpty, openChain.isEmpty, case .key(let name)? = last {
                try writer.key(name)  // a member of the object itself, as most are
            } else {
                guard let name = streamPlace(parent: parent, last: last, in: writer) else { return false }
                try writer.key(name)
            }
        } catch {
            needsTree = true
            return false
        }
        return true
    }

    @usableFromInline
    func streamedFieldFailed(
        _ error: any Error,
        _ parent: [JSONPath.Component],
        _ last: JSONPath.Component?,
        required: Bool,
        typeName: String,
        in writer: JSONWriter
    ) -> Bool {
        guard !required, let undo else {
            return failed(error, parent, last, typeName: typeName, required: required, since: context.diagnosticsMark)
        }
        writer.rollback(to: undo.checkpoint)
        openChain = undo.openChain
        closedChains.removeSubrange(undo.closedCount...)
        return failed(error, parent, last, typeName: typeName, required: false, since: undo.mark)
    }

    @usableFromInline
    func writeToTree<B: JSONBridge>(
        _ value: B.Value,
        with bridge: B,
        parent: [JSONPath.Component],
        last: JSONPath.Component?,
        required: Bool
    ) -> Bool {
        guard !stopped, let builder = tree else { return true }
        let mark = context.diagnosticsMark
        do {
            try builder.set(at: JSONPath(parent + (last.map { [$0] } ?? []))) { part in
                try withSteps(parent, last) { try bridge.encode(value, to: part, in: context) }
            }
            return true
        } catch {
            return failed(error, parent, last, typeName: "\(B.Value.self)", required: required, since: mark)
        }
    }

    /// Writes `null` at the place (an optional `nil`, when the options ask for it).
    @usableFromInline
    package func writeNull(parent: [JSONPath.Component], last: JSONPath.Component?) {
        _ = write(JSON.null, with: JSONValueBridge(), parent: parent, last: last, required: false)
    }

    /// Closes the nested objects still open (streaming).
    func finish() throws {
        guard let writer = stream else { return }
        for _ in openChain { try writer.endObject() }
        openChain.removeAll()
    }

    /// A field that failed to encode: a required one stops the object and is kept as ``failure``
    /// (`false`); an optional one is a warning — unless what failed inside it already left
    /// entries since `mark` (those are demoted to warnings: one entry per problem).
    private func failed(
        _ error: any Error,
        _ parent: [JSONPath.Component],
        _ last: JSONPath.Component?,
        typeName: String,
        required: Bool,
        since mark: Int
    ) -> Bool {
        // A MappingError from the bridge was made inside the steps and keeps its path; any other
        // error is wrapped inside them.
        let failure = withSteps(parent, last) { context.wrapEncoding(error, targetType: typeName) }
        if required {
            stopped = true
            self.failure = failure
            return false
        }
        context.demoteErrors(since: mark)
        if context.diagnosticsMark == mark {
            withSteps(parent, last) {
                context.warn(
                    LogEntry.Kind(code: failure.code),
                    at: nil,
                    message: "optional value left out: \(failure.message)",
                    code: failure.code
                )
            }
        }
        return true
    }

    /// Runs `body` with the place's steps on the context's path, so errors made inside name them.
    @usableFromInline
    func withSteps<R>(
        _ parent: [JSONPath.Component],
        _ last: JSONPath.Component?,
        _ body: () throws -> R
    ) rethrows -> R {
        if parent.isEmpty, let last {
            return try context.withStep(last, node: nil, body)
        }
        return try context.withSteps(JSONPath(parent + (last.map { [$0] } ?? [])), body)
    }

    /// Opens and closes nested objects so that the writer is inside the place's parent object, and
    /// returns the place's key; `nil` (and ``needsTree``) when the place cannot be written in order.
    private func streamPlace(parent: [JSONPath.Component], last: JSONPath.Component?, in writer: JSONWriter)
        -> String?
    {
        guard case .key(let name)? = last else {
            needsTree = true
            return nil
        }
        if parent.isEmpty, openChain.isEmpty { return name }
        var parentKeys: [String] = []
        parentKeys.reserveCapacity(parent.count)
        for step in parent {
            guard case .key(let parentKey) = step else {
                needsTree = true
                return nil
            }
            parentKeys.append(parentKey)
        }
        var common = 0
        while common < openChain.count, common < parentKeys.count, openChain[common] == parentKeys[common] {
            common += 1
        }
        do {
            while openChain.count > common {
                try writer.endObject()
                closedChains.append(openChain)
                openChain.removeLast()
            }
            for parentKey in parentKeys[common...] {
                if closedChains.contains(openChain + [parentKey]) {
                    needsTree = true
                    return nil
                }
                try writer.key(parentKey)
                try writer.beginObject()
                openChain.append(parentKey)
            }
        } catch {
            needsTree = true
            return nil
        }
        return name
    }
}

// One encoder per object encode.
@available(*, unavailable)
extension ObjectEncoder: Sendable {}

/// Encodes one object field by field: streaming into a ``JSONWriter`` when the places allow,
/// otherwise through a ``JSONBuilder`` (see ``ObjectEncoder``). `body` writes the fields and
/// returns the first required failure; it may be called twice (streaming, then as a tree), so it
/// must start from the same state each time.
@usableFromInline
package func encodeObject(
    to writer: any JSONWriting,
    in context: MappingContext,
    _ body: (ObjectEncoder) -> MappingError?
) throws {
    if let stream = writer as? JSONWriter {
        let start = stream.checkpoint()
        let mark = context.diagnosticsMark
        try stream.beginObject()
        let streamed = try context.withStreamingEncoder(stream) { encoder in
            let failure = body(encoder)
            guard !encoder.needsTree else { return false }
            if let failure { throw failure }
            try encoder.finish()
            try stream.endObject()
            return true
        }
        if streamed { return }
        // A place that cannot be written in order: take it all back — the entries of this pass too,
        // since the tree pass records them again — and build a tree.
        stream.rollback(to: start)
        context.discardEntries(since: mark)
    }
    let builder = JSONBuilder()
    if let failure = body(ObjectEncoder(tree: builder, context: context)) { throw failure }
    if builder.isComplete {
        try builder.write(to: writer)
    } else {
        try writer.beginObject()
        try writer.endObject()
    }
}

extension MappingContext {
    /// Runs `body` with an encoder streaming into `writer` — from the pool when this context pools
    /// (see ``poolsMaps``), so that an object costs no allocation of its own.
    func withStreamingEncoder<R>(_ writer: JSONWriter, _ body: (ObjectEncoder) throws -> R) rethrows -> R {
        guard poolsMaps else { return try body(ObjectEncoder(stream: writer, context: self)) }
        let encoder: ObjectEncoder
        if encoderDepth < encoderPool.count, encoderPool[encoderDepth].stream === writer {
            encoder = encoderPool[encoderDepth]
            encoder.reset()
        } else {
            // A pooled encoder keeps its writer: one of another writer (JSON written inside a
            // string, say) is replaced.
            encoder = ObjectEncoder(stream: writer, context: self)
            if encoderDepth < encoderPool.count {
                encoderPool[encoderDepth] = encoder
            } else {
                encoderPool.append(encoder)
            }
        }
        encoderDepth += 1
        defer { encoderDepth -= 1 }
        return try body(encoder)
    }
}
