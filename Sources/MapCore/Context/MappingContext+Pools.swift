/// A per-depth object an idiom's context pool holds: the two-way maps' `Map`, readied for each
/// object of a decode or encode instead of made anew.
///
/// The pool lives in the core, with the context's other per-call state, so that every access
/// to it is checked for exclusivity as the core's are (that is, statically: the context is
/// confined to one call).
@usableFromInline
package protocol PooledMap: AnyObject {
    /// Whether the map can be readied for an object of `document` (a map's document is fixed).
    func reads(_ document: any JSONDocument) -> Bool
    /// Readies the map for decoding another object of its document.
    func reset(decoding node: JSONNode)
    /// Readies the map for encoding another object.
    func reset(encodingTo encoder: ObjectEncoder)
}

extension MappingContext {
    /// Runs `body` with a map for decoding the object at `node`, then hands the map back.
    ///
    /// A pooled map is lent without a reference count: the pool keeps its maps until the operation
    /// ends (``drainMapPool()``) and replaces only the map of a depth no one is using, so the map
    /// outlives the call. `make` makes a map when the pool has none for this depth, or when the
    /// pooled one reads another document.
    @inlinable @inline(__always)
    package func withDecodingMap<M: PooledMap, R>(
        _ node: JSONNode,
        of document: any JSONDocument,
        make: (MappingContext) -> M,
        _ body: (M) throws -> R
    ) rethrows -> R {
        guard poolsMaps, mapDepth < mapPool.count else {
            // No pooled map at this depth yet (or no pooling): a new one, taken into the pool.
            let map = adopt(make(self))
            defer { releaseMap() }
            return try body(map)
        }
        mapDepth += 1
        defer { mapDepth -= 1 }
        let pooled = mapPool.withUnsafeBufferPointer {
            Unmanaged.passUnretained(unsafeDowncast($0[mapDepth - 1], to: M.self))
        }
        // Replaced (which releases the pooled map) before it is lent, never while.
        guard pooled._withUnsafeGuaranteedRef({ $0.reads(document) }) else {
            return try body(replacePooledMap(with: make(self)))
        }
        return try pooled._withUnsafeGuaranteedRef { map in
            map.reset(decoding: node)
            return try body(map)
        }
    }

    /// `map` in the place of the pooled map just taken, which reads another document.
    @usableFromInline
    package func replacePooledMap<M: PooledMap>(with map: M) -> M {
        mapPool[mapDepth - 1] = map
        return map
    }

    /// A map for encoding into `encoder` — from the pool when this context pools, else `make`'s;
    /// hand it back with ``releaseMap()``.
    @inlinable
    package func acquireMap<M: PooledMap>(encodingTo encoder: ObjectEncoder, make: (MappingContext) -> M) -> M {
        let map: M
        if poolsMaps, mapDepth < mapPool.count {
            mapDepth += 1
            map = unsafeDowncast(mapPool[mapDepth - 1], to: M.self)
        } else {
            map = adopt(make(self))
        }
        map.reset(encodingTo: encoder)
        return map
    }

    /// A new map, taken as the pool's map of the next depth when this context pools.
    @usableFromInline
    package func adopt<M: PooledMap>(_ map: M) -> M {
        if poolsMaps {
            mapPool.append(map)
            mapDepth += 1
        }
        return map
    }

    /// Hands back the map ``acquireMap(encodingTo:make:)`` (or a new map of
    /// ``withDecodingMap(_:of:make:_:)``) gave out last.
    @inlinable
    package func releaseMap() {
        if poolsMaps { mapDepth -= 1 }
    }
}
