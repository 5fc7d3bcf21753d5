/// The thread-local slot that holds the context of the decode running on a thread.
///
/// A decode is synchronous, so it runs on one thread from start to end; code it calls — a
/// ``JSONDecodable`` type's `decode(_:)`, a Gloss-style `init?(json:)` — reads the slot to reach
/// the mapper's options and diagnostics without a context parameter. The slot is not
/// configuration: it is set for the length of one operation and restored after it.
private let currentContextSlot = System.ThreadLocalSlot()

extension MappingContext {
    /// The context of the decode or encode running on this thread, when the idiom in progress
    /// (`JSONDecodable`, `JSONInitializable`, `JSONReaderContext`) was entered through a
    /// mapper; `nil` otherwise.
    public static var current: MappingContext? {
        guard let pointer = currentContextSlot.value else { return nil }
        return Unmanaged<MappingContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with ``current``, borrowed, or `none` when there is no current context. The
    /// operation that made the context current keeps it alive until it ends, so reading it costs
    /// no reference count (nor does `body`, which is given the context itself, not an optional).
    @inlinable
    package static func withCurrent<R>(
        _ body: (MappingContext) throws -> R,
        none: () throws -> R
    ) rethrows -> R {
        guard let pointer = currentPointer else { return try none() }
        return try Unmanaged<MappingContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// The slot's pointer: an unretained ``current``.
    @usableFromInline
    static var currentPointer: UnsafeMutableRawPointer? { currentContextSlot.value }

    /// Runs `body` with this context as ``current``, then restores the one before.
    @inlinable
    public func makeCurrent<R>(_ body: () throws -> R) rethrows -> R {
        let previous = becomeCurrent()
        // The objects nested in one decode find their context current already: nothing to restore.
        if previous == Unmanaged.passUnretained(self).toOpaque() { return try body() }
        defer { MappingContext.restoreCurrent(previous) }
        return try body()
    }

    /// Makes this context ``current``; returns the one it replaces, for ``restoreCurrent(_:)``.
    @usableFromInline
    func becomeCurrent() -> UnsafeMutableRawPointer? {
        let previous = currentContextSlot.value
        let this = Unmanaged.passUnretained(self).toOpaque()
        if previous != this { currentContextSlot.value = this }
        return previous
    }

    @usableFromInline
    static func restoreCurrent(_ previous: UnsafeMutableRawPointer?) {
        currentContextSlot.value = previous
    }

    /// ``current`` when there is one, else a new context for `json` with default options: what
    /// the idioms without a context parameter decode with.
    package static func currentOrNew(for json: JSON) -> MappingContext {
        current ?? MappingContext(options: MappingOptions(), base: json.isMissing ? nil : json.root)
    }
}
