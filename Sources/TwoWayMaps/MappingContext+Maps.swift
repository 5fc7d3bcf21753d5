public import MapCore

/// The pool of maps a whole operation's context keeps (``MappingContext/mapPool``, in the core):
/// one `Map` per depth of nested mapped objects, readied for each object instead of made anew.
extension MappingContext {
    /// Runs `body` with a map for decoding the object at `node`, then hands the map back.
    ///
    /// A pooled map is lent without a reference count: the pool keeps its maps until the operation
    /// ends (``drainMapPool()``) and replaces only the map of a depth no one is using
    /// (``replacePooledMap(decoding:of:)``), so the map outlives the call. Taken as a reference,
    /// it was retained and released once per mapped object.
    @inlinable @inline(__always)
    func withDecodingMap<R>(
        _ node: JSONNode,
        of document: any JSONDocument,
        _ body: (Map) throws -> R
    ) rethrows -> R {
        guard poolsMaps, mapDepth < mapPool.count else {
            // No pooled map at this depth yet (or no pooling): a new one, taken into the pool.
            let map = adopt(Map(decoding: node, of: document, checkOnly: false, context: self))
            defer { releaseMap() }
            return try body(map)
        }
        mapDepth += 1
        defer { mapDepth -= 1 }
        let pooled = mapPool.withUnsafeBufferPointer { Unmanaged.passUnretained(unsafeDowncast($0[mapDepth - 1], to: Map.self)) }
        // Replaced (which releases the pooled map) before it is lent, never while.
        guard pooled._withUnsafeGuaranteedRef({ $0.reads(document) }) else {
            return try body(replacePooledMap(decoding: node, of: document))
        }
        return try pooled._withUnsafeGuaranteedRef { map in
            map.reset(decoding: node)
            return try body(map)
        }
    }

    /// A new map in the place of the pooled map just taken, which reads another document: a map's
    /// document is fixed (JSON found inside a string, a view kept from elsewhere).
    @usableFromInline
    func replacePooledMap(decoding node: JSONNode, of document: any JSONDocument) -> Map {
        let map = Map(decoding: node, of: document, checkOnly: false, context: self)
        mapPool[mapDepth - 1] = map
        return map
    }

    /// A map for encoding into `encoder` — from the pool when this context pools; hand it back
    /// with ``releaseMap()``.
    @inlinable
    func acquireMap(encodingTo encoder: ObjectEncoder) -> Map {
        let map = pooledMap() ?? adopt(Map(encodingTo: encoder, context: self))
        map.reset(encodingTo: encoder)
        return map
    }

    /// The pooled map of the next depth, taken; `nil` when there is none yet (or no pooling).
    @inlinable
    func pooledMap() -> Map? {
        guard poolsMaps, mapDepth < mapPool.count else { return nil }
        mapDepth += 1
        return unsafeDowncast(mapPool[mapDepth - 1], to: Map.self)
    }

    /// A new map, taken as the pool's map of the next depth when this context pools.
    @usableFromInline
    func adopt(_ map: Map) -> Map {
        if poolsMaps {
            mapPool.append(map)
            mapDepth += 1
        }
        return map
    }

    /// Hands back the map ``acquireMap(encodingTo:)`` (or a new map of ``withDecodingMap(_:of:_:)``)
    /// gave out last.
    @inlinable
    func releaseMap() {
        if poolsMaps { mapDepth -= 1 }
    }
}
