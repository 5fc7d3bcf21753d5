/// What travels with every decode and encode step: the options, the path so far, the
/// diagnostics collected, and where the call was made.
///
/// A context belongs to one decode or encode call and is confined to it, which is why it is a
/// class that is not `Sendable`: bridges mutate its path stack as they descend. The stack keeps
/// its storage between steps, so descending does not allocate.
///
/// Bridges use the context to build errors — ``error(_:at:message:expected:targetType:underlyingError:)`` works
/// out the full path — and to reach per-mapper overrides through ``decode(_:from:)``.
public final class MappingContext {
    /// The options of the mapper doing the work.
    public let options: MappingOptions
    /// Where the decode or encode was called from.
    public let callSite: CallSite
    /// The view the operation started from; paths are reported from the root of its document.
    public let base: JSON?

    // Mutated at every step; the context is confined to one call (not Sendable), so the dynamic
    // exclusivity check on each push and pop buys nothing.
    @exclusivity(unchecked) @usableFromInline var frames: ContiguousArray<Frame> = []
    @usableFromInline let hasOverrides: Bool
    /// The two-way maps' `Map`s (``PooledMap``), one per depth of nested maps, reused object after
    /// object so that a mapped value costs no allocation of its own. Only a context of a whole
    /// operation pools (see ``poolsMaps``): its maps hold it, and the operation empties the pool
    /// when it ends. Read and written only by this module's code (``withDecodingMap(_:of:make:_:)``).
    @exclusivity(unchecked) @usableFromInline var mapPool: [AnyObject] = []
    /// How many pooled maps are in use.
    @exclusivity(unchecked) @usableFromInline var mapDepth = 0
    /// The streaming encoders of objects being written, one per depth, pooled like the maps.
    @exclusivity(unchecked) var encoderPool: [ObjectEncoder] = []
    /// How many pooled encoders are in use.
    @exclusivity(unchecked) var encoderDepth = 0
    /// Whether maps and encoders are pooled: set by the operations (``Mapper``'s entry points and
    /// the other `decode` and `encode` functions), which drain the pools when they end.
    @exclusivity(unchecked) @usableFromInline var poolsMaps = false
    /// Whether anyone will read the entries.
    public let collectsDiagnostics: Bool
    /// Entries recorded so far.
    // Read for a mark by every object and optional field encoded; the context is confined to one
    // call, so a dynamic exclusivity check on each read would guard nothing.
    @exclusivity(unchecked) public internal(set) var diagnostics: [LogEntry] = []
    /// Entries not kept because ``MappingOptions/maxCollectedEntries`` were.
    public internal(set) var droppedCount = 0
    /// The entries dropped, so that one reported again by each level it passes through is counted once.
    var droppedEntries: Set<LogEntry> = []
    /// Whether composite bridges go on past a failure (``MappingOptions/collectsAllErrors``).
    public let collectsAllErrors: Bool
    /// Whether key lookups are noted for the unknown-key report (``MappingOptions/reportsUnknownKeys``,
    /// or the ``LogLevel/verbose`` log level). A reader that looks keys up in the document itself
    /// (a generated model's decode) notes each key with ``noteKeyRead(_:in:)`` when this is `true`.
    public let tracksKeyReads: Bool
    /// Where the last ``member(_:of:in:)`` lookup ended.
    @exclusivity(unchecked) @usableFromInline var memberHint = JSONMemberHint()
    /// The document ``memberHint`` was made in.
    @exclusivity(unchecked) @usableFromInline var memberHintOwner: ObjectIdentifier?
    /// Keeps the document of ``memberHintOwner`` alive, so that no other document takes its identity
    /// while the hint is kept.
    @exclusivity(unchecked) var memberHintDocument: (any JSONDocument)?
    /// The keys looked up so far, per object — of any document: a bridge may read JSON it parsed
    /// with this context, whose node handles can equal the base document's.
    var keysRead: [ReadObject: Set<String>] = [:]

    /// An object keys were looked up in.
    @usableFromInline
    struct ReadObject: Hashable {
        /// The object's document, by identity: only objects of the base document, which stays
        /// alive for the whole operation, are looked up again (``unreadKeys(below:)``).
        let document: ObjectIdentifier
        let node: JSONNode

        @usableFromInline
        init(_ object: JSON) {
            self.document = ObjectIdentifier(object.document)
            self.node = object.node
        }
    }
    private var cachedBasePath: [JSONPath.Component]?

    @usableFromInline
    struct Frame {
        @usableFromInline var component: JSONPath.Component
        @usableFromInline var node: JSONNode?
        /// The document of ``node``; `nil` when the step was pushed without one
        /// (``withStep(_:node:_:)``), which then counts as the base's. Unretained: the frame lives
        /// only inside ``withStep(_:at:_:)``, whose caller holds the view, and so the document.
        // `Unmanaged`, not `unowned(unsafe) var document: (any JSONDocument)?`: with that field the
        // Swift 6.3 compiler's debug build of `for frame in frames` in `stitchedFrames()` repeats
        // the first frame without end (a compiler fault, not reduced to a report).
        @usableFromInline var owner: Unmanaged<AnyObject>?

        @usableFromInline
        init(component: JSONPath.Component, node: JSONNode?, document: (any JSONDocument)? = nil) {
            self.component = component
            self.node = node
            self.owner = document.map { Unmanaged.passUnretained($0 as AnyObject) }
        }

        /// The document of ``node``, when the step named it.
        var document: (any JSONDocument)? {
            owner?.takeUnretainedValue() as? any JSONDocument
        }
    }

    /// A context for one operation.
    ///
    /// - Parameters:
    ///   - options: The mapper's options. Default ``MappingOptions/init()``.
    ///   - base: The value the operation starts from; `nil` (the default) for an encode.
    ///   - collectsDiagnostics: Whether to keep entries; by default, whether anything will read
    ///     them: a log sink with a level, a ``MappingOptions/logLevel`` above
    ///     ``LogLevel/none``, ``MappingOptions/collectsAllErrors`` or ``MappingOptions/reportsUnknownKeys``.
    ///   - callSite: Where the operation was called from; by default, where this initializer is called.
    public init(
        options: MappingOptions = MappingOptions(),
        base: JSON? = nil,
        collectsDiagnostics: Bool? = nil,
        callSite: CallSite = CallSite(file: #fileID, line: #line, function: #function)
    ) {
        self.options = options
        self.base = base
        self.callSite = callSite
        self.hasOverrides = !options.overrides.isEmpty
        self.collectsDiagnostics =
            collectsDiagnostics ?? options.collectsEntries
        self.collectsAllErrors = options.collectsAllErrors
        self.tracksKeyReads = options.tracksKeyReads
        frames.reserveCapacity(16)
    }

    /// Values the mapper's user provided for custom bridges.
    public var userInfo: [UserInfoKey: any Sendable] { options.userInfo }

    // MARK: Path

    /// Runs `body` one step deeper: errors raised inside report paths through `component`.
    ///
    /// - Parameters:
    ///   - component: The key or index of the step.
    ///   - node: The node the step leads to, when it exists.
    ///   - body: The work done at that step.
    ///
    /// A node given here is taken to be a node of the operation's base document; a step to a value
    /// of another document (JSON text parsed by a bridge, say) should go through
    /// ``withStep(_:at:_:)``, so that paths are never searched for in the wrong document.
    @inlinable
    public func withStep<R>(_ component: JSONPath.Component, node: JSONNode?, _ body: () throws -> R) rethrows -> R {
        frames.append(Frame(component: component, node: node))
        defer { frames.removeLast() }
        return try body()
    }

    /// Runs `body` one step deeper, at `json`: errors raised inside report paths through
    /// `component`, and through wherever `json` sits in its own document.
    ///
    /// - Parameters:
    ///   - component: The key or index of the step.
    ///   - json: The value the step leads to, in any document.
    ///   - body: The work done at that step.
    @inlinable
    public func withStep<R>(_ component: JSONPath.Component, at json: JSON, _ body: () throws -> R) rethrows -> R {
        try withStep(component, at: json.isMissing ? nil : json.node, of: json.document, body)
    }

    /// Runs `body` one step deeper, at `node` of `document`, as ``withStep(_:at:_:)`` does with a
    /// view of it; the caller keeps `document` alive.
    @inlinable
    func withStep<R>(
        _ component: JSONPath.Component,
        at node: JSONNode?,
        of document: any JSONDocument,
        _ body: () throws -> R
    ) rethrows -> R {
        frames.append(Frame(component: component, node: node, document: document))
        defer { frames.removeLast() }
        return try body()
    }

    /// Pushes a step to be moved from element to element of an array of `document` with
    /// ``moveElementStep(_:to:node:)``, and popped with ``popStep()``: one push for a whole array
    /// instead of one per element. Returns the step's slot.
    @inlinable
    func pushElementStep(of document: any JSONDocument) -> Int {
        frames.append(Frame(component: .index(0), node: nil, document: document))
        return frames.count - 1
    }

    /// Points the step in `slot` (from ``pushElementStep(of:)``) at the element `index`, `node`.
    @inlinable @inline(__always)
    func moveElementStep(_ slot: Int, to index: Int, node: JSONNode) {
        frames.withUnsafeMutableBufferPointer { frames in
            frames[slot].component = .index(index)
            frames[slot].node = node
        }
    }

    /// Pops the step on top of the stack.
    @inlinable
    func popStep() {
        frames.removeLast()
    }

    /// Runs `body` `path`'s steps deeper (steps to values being written, which have no nodes).
    public func withSteps<R>(_ path: JSONPath, _ body: () throws -> R) rethrows -> R {
        let depth = frames.count
        for component in path.components { frames.append(Frame(component: component, node: nil)) }
        defer { frames.removeSubrange(depth...) }
        return try body()
    }

    /// Empties the pools at the end of an operation: the pooled maps and encoders hold this context.
    @usableFromInline
    func drainMapPool() {
        mapPool.removeAll()
        mapDepth = 0
        encoderPool.removeAll()
        encoderDepth = 0
    }

    /// The path of the step being worked on.
    public var path: JSONPath {
        JSONPath(stitchedFrames().components)
    }

    /// The base path followed by the frames, filling in the steps a bridge took between frames
    /// without recording them (reading `json["books"]` before decoding its elements, say).
    /// Searching happens only here, when an error or warning needs the path, and only within one
    /// document: a frame in another document than the one before it (JSON text a bridge parsed and
    /// decodes with this context) continues with its path from that document's root.
    private func stitchedFrames() -> (components: [JSONPath.Component], anchor: Anchor?) {
        var components = basePath
        var anchor = base.map { Anchor(node: $0.node, document: $0.document) }
        for frame in frames {
            guard let node = frame.node, let document = frame.document ?? base?.document else {
                components.append(frame.component)
                continue
            }
            if let from = anchor, from.document === document {
                if from.node != node, let steps = document.path(from: from.node, to: node), !steps.isEmpty {
                    components += steps
                } else {
                    components.append(frame.component)
                }
            } else if let steps = document.path(from: document.root, to: node) {
                components += steps
            } else {
                components.append(frame.component)
            }
            anchor = Anchor(node: node, document: document)
        }
        return (components, anchor)
    }

    /// The last node on the path so far, with its document.
    private struct Anchor {
        let node: JSONNode
        let document: any JSONDocument
    }

    private var basePath: [JSONPath.Component] {
        if let cachedBasePath { return cachedBasePath }
        var components: [JSONPath.Component] = []
        if let base {
            // A missing base's trail is added by `path(of:)`, like any missing view's.
            components = base.document.path(from: base.document.root, to: base.node) ?? []
        }
        cachedBasePath = components
        return components
    }

    /// The full path of `json`: the steps taken so far, then wherever `json` sits below the
    /// last of them (found by a search only when a bridge read below its own value). For a
    /// missing view, the path ends at the first step that failed — the place to look — not at the
    /// steps asked for below it.
    public func path(of json: JSON) -> JSONPath {
        let stitched = stitchedFrames()
        var components = stitched.components
        if let anchor = stitched.anchor, anchor.document !== json.document || anchor.node != json.node {
            // Below the anchor when in its document; else — a value from another document (JSON
            // inside a string), or not below the anchor — from the document's root.
            let document = json.document
            let relative = anchor.document === document ? document.path(from: anchor.node, to: json.node) : nil
            if let steps = relative ?? document.path(from: document.root, to: json.node) {
                components += steps
            }
        }
        if let failed = json.absence?.trail.first { components.append(failed) }
        return JSONPath(components)
    }

}

// A context belongs to one decode or encode call; its path stack and diagnostics change at every step.
@available(*, unavailable)
extension MappingContext: Sendable {}
