/// Where a map's links write, in one of two ways.
///
/// - Streaming, into a ``JSONWriter``: each link writes its key and value at once, opening and
///   closing the objects of nested places (`json["a"]["b"]`) as the places come. This is the fast
///   path, and serves every map whose places come in an order that can be written once: a flat
///   map, or nested places grouped together. An optional link whose value fails to encode is
///   taken back from the writer (a checkpoint).
/// - As a tree, into a ``JSONBuilder``: for any other writer, and when a streaming map meets a
///   place it cannot write in order — an object closed earlier (`a.b`, `c`, then `a.d`) or an
///   index step. The map is then run again from the start into the tree, which is written out
///   at the end.
///
/// Streaming writes a key the map links twice twice (as ``JSONWriter`` does); the tree keeps one
/// member, with the last value.
final class MapEncoder {
    enum Sink {
        case stream(JSONWriter)
        case tree(JSONBuilder)
    }

    let sink: Sink
    let context: MappingContext
    /// Streaming: the keys of the nested objects open below the mapped object.
    private var openChain: [String] = []
    /// Streaming: the nested objects closed so far, which cannot be opened again.
    private var closedChains: [[String]] = []
    /// Streaming met a place it cannot write in order: the map must be run again as a tree.
    private(set) var needsTree = false
    /// A required link failed to encode: nothing more is written.
    private var stopped = false

    init(stream writer: JSONWriter, context: MappingContext) {
        self.sink = .stream(writer)
        self.context = context
    }

    init(tree builder: JSONBuilder, context: MappingContext) {
        self.sink = .tree(builder)
        self.context = context
    }

    /// Writes `value` at the link's place.
    func write<B: JSONBridge>(_ value: B.Value, with bridge: B, at key: MapKey, required: Bool) {
        guard !stopped, !needsTree else { return }
        switch sink {
        case .stream(let writer):
            // An optional link takes back everything it wrote — the parent objects it opened too.
            let saved = required ? nil : (writer.checkpoint(), openChain, closedChains.count)
            guard let name = streamPlace(key, in: writer) else { return }
            let mark = context.diagnosticsMark
            do {
                try writer.key(name)
                try withSteps(of: key) { try bridge.encode(value, to: writer, in: context) }
            } catch {
                if let (checkpoint, chain, closedCount) = saved {
                    writer.rollback(to: checkpoint)
                    openChain = chain
                    closedChains.removeSubrange(closedCount...)
                    context.demoteErrors(since: mark)
                }
                report(error, at: key, type: B.Value.self, required: required, since: mark)
            }
        case .tree(let builder):
            let mark = context.diagnosticsMark
            do {
                try builder.set(at: key.path) { part in
                    try withSteps(of: key) { try bridge.encode(value, to: part, in: context) }
                }
            } catch {
                if !required { context.demoteErrors(since: mark) }
                report(error, at: key, type: B.Value.self, required: required, since: mark)
            }
        }
    }

    /// Writes `null` at the link's place (an optional `nil`, when the options ask for it).
    func writeNull(at key: MapKey) {
        write(JSON.null, with: JSONValueBridge(), at: key, required: false)
    }

    /// Closes the nested objects still open (streaming).
    func finish() throws {
        guard case .stream(let writer) = sink else { return }
        for _ in openChain { try writer.endObject() }
        openChain.removeAll()
    }

    /// Reports a link that failed to encode: a required one fails the map; an optional one is a
    /// warning — unless what failed inside it already left entries since `mark` (one per problem).
    private func report<T>(_ error: any Error, at key: MapKey, type: T.Type, required: Bool, since mark: Int) {
        // A MappingError from the bridge was made inside the steps and keeps its path; any other
        // error is wrapped inside them.
        let failure = withSteps(of: key) { context.wrapEncoding(error, targetType: "\(T.self)") }
        if required {
            stopped = true
            key.map.fail(failure)
        } else if context.diagnosticsMark == mark {
            withSteps(of: key) {
                context.warn(
                    LogEntry.Kind(code: failure.code),
                    at: nil,
                    message: "optional value left out: \(failure.message)"
                )
            }
        }
    }

    /// Runs `body` with the link's steps on the context's path, so errors made inside name them.
    private func withSteps<R>(of key: MapKey, _ body: () throws -> R) rethrows -> R {
        if key.parent.isEmpty, let last = key.last {
            return try context.withStep(last, node: nil, body)
        }
        return try context.withSteps(key.path, body)
    }

    /// Opens and closes nested objects so that the writer is inside the link's parent object, and
    /// returns the link's key; `nil` (and ``needsTree``) when the place cannot be written in order.
    private func streamPlace(_ key: MapKey, in writer: JSONWriter) -> String? {
        guard case .key(let name)? = key.last else {
            needsTree = true
            return nil
        }
        if key.parent.isEmpty, openChain.isEmpty { return name }
        var parentKeys: [String] = []
        parentKeys.reserveCapacity(key.parent.count)
        for step in key.parent {
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

// One encoder per map encode.
@available(*, unavailable)
extension MapEncoder: Sendable {}
