import MapCore

/// A document over the scanner's tape and a copy of the input, read in place.
///
/// Node handles are tape entry indices; the root is entry 0. An object member's value entry
/// follows its key entry, and a container's children (array elements, object keys; repeated keys
/// already resolved by the scan to one key per name, with the value written last) are listed in
/// ``ScanTape/children`` from the container's `extra` on.
///
/// The source copy is followed by ``padding`` zero bytes, so that a key of up to 16 bytes can be
/// compared as two words read from its first byte whatever follows it.
///
/// Every stored property is immutable after `init`, and the source buffer is written once there
/// and only read afterwards: that is why sharing the document between tasks is safe (`@unchecked`
/// only because of the raw buffer).
final class NativeDocument: JSONDocument, @unchecked Sendable {
    /// Readable bytes after the end of the copied input (zeros).
    static let padding = 16

    private let source: UnsafeMutableRawPointer
    private let count: Int
    private let entries: [TapeEntry]
    private let children: [UInt32]
    let origin: DocumentOrigin?

    init(copying input: UnsafeRawBufferPointer, tape: ScanTape, origin: DocumentOrigin?) {
        source = UnsafeMutableRawPointer.allocate(byteCount: input.count + NativeDocument.padding, alignment: 16)
        if let base = input.baseAddress, input.count > 0 {
            source.copyMemory(from: base, byteCount: input.count)
        }
        (source + input.count).initializeMemory(as: UInt8.self, repeating: 0, count: NativeDocument.padding)
        count = input.count
        entries = tape.entries
        children = tape.children
        self.origin = origin
    }

    deinit {
        source.deallocate()
    }

    var backendName: String { "native" }

    var root: JSONNode { JSONNode(rawValue: 0) }

    // MARK: Entries

    @inline(__always)
    private func index(_ node: JSONNode) -> Int? {
        node.rawValue < UInt64(entries.count) ? Int(truncatingIfNeeded: node.rawValue) : nil
    }

    @inline(__always)
    private func entry(_ node: JSONNode) -> TapeEntry? {
        index(node).map { entries[$0] }
    }

    @inline(__always)
    private func entry(_ node: JSONNode, ifKind kind: TapeKind) -> TapeEntry? {
        guard let index = index(node) else { return nil }
        let entry = entries[index]
        return entry.kind == kind ? entry : nil
    }

    @inline(__always)
    private func span(_ entry: TapeEntry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: source + Int(entry.offset), count: Int(entry.length))
    }

    // MARK: Scalars

    func kind(of node: JSONNode) -> JSONKind {
        entry(node)?.kind.jsonKind ?? .null
    }

    func bool(_ node: JSONNode) -> Bool? {
        switch entry(node)?.kind {
        case .true?: true
        case .false?: false
        default: nil
        }
    }

    func int64(_ node: JSONNode) -> Int64? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return NumberReading.int64(span(entry), flags: entry.flags)
    }

    func uint64(_ node: JSONNode) -> UInt64? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return NumberReading.uint64(span(entry), flags: entry.flags)
    }

    func double(_ node: JSONNode) -> Double? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return NumberReading.double(span(entry), flags: entry.flags)
    }

    func withNumberText<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let entry = entry(node, ifKind: .number) else { return nil }
        return try body(span(entry))
    }

    func string(_ node: JSONNode) -> String? {
        guard let entry = entry(node, ifKind: .string) else { return nil }
        return makeString(entry)
    }

    @inline(__always)
    private func makeString(_ entry: TapeEntry) -> String {
        let literal = span(entry)
        if entry.flags & TapeEntry.escaped == 0 {
            return StringLiteral.verbatim(literal)
        }
        return StringLiteral.unescaped(literal)
    }

    func withStringUTF8<R>(_ node: JSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R? {
        guard let entry = entry(node, ifKind: .string) else { return nil }
        if entry.flags & TapeEntry.escaped == 0 {
            return try body(span(entry))
        }
        return try StringLiteral.withUnescaped(span(entry), body)
    }

    // MARK: Containers

    func count(of node: JSONNode) -> Int {
        guard let entry = entry(node), entry.kind == .array || entry.kind == .object else { return 0 }
        return Int(entry.length)
    }

    func element(of node: JSONNode, at index: Int) -> JSONNode? {
        guard let entry = entry(node, ifKind: .array), index >= 0, index < Int(entry.length) else { return nil }
        return JSONNode(rawValue: UInt64(children[Int(entry.extra) + index]))
    }

    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer) -> JSONNode? {
        guard let entry = entry(node, ifKind: .object) else { return nil }
        let start = Int(entry.extra)
        return find(key, from: start, to: start + Int(entry.length)).map {
            JSONNode(rawValue: UInt64(children[$0] + 1))
        }
    }

    /// The hint is the place in ``ScanTape/children`` of the key after the member found last in the
    /// object; the walk starts there and, when the key is not found before the object's end, goes on
    /// from the first member up to the hint.
    func member(of node: JSONNode, utf8Key key: UnsafeRawBufferPointer, hint: inout JSONMemberHint) -> JSONNode? {
        guard let entry = entry(node, ifKind: .object) else { return nil }
        let first = Int(entry.extra)
        let stop = first + Int(entry.length)
        var start = first
        if hint.object == node, hint.position > UInt64(first), hint.position < UInt64(stop) {
            start = Int(truncatingIfNeeded: hint.position)
        }
        guard let found = find(key, from: start, to: stop) ?? (start > first ? find(key, from: first, to: start) : nil)
        else { return nil }
        hint.object = node
        hint.position = UInt64(found + 1)
        return JSONNode(rawValue: UInt64(children[found] + 1))
    }

    /// The place in ``ScanTape/children`` of the key equal to `key` among the places `start..<stop`.
    ///
    /// A key without escapes is its source bytes: keys of up to 16 bytes — nearly all — are compared
    /// as two words (the source is padded, so reading 16 bytes from any key's first byte stays in
    /// the buffer); longer ones with `memcmp`. A key with escapes is unescaped byte by byte as it is
    /// compared. Nothing is allocated.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, from start: Int, to stop: Int) -> Int? {
        let length = key.count
        let short = length <= 16
        let (low, high) = short ? KeyWords.words(key) : (0, 0)
        let (lowMask, highMask) = KeyWords.masks(length: length)
        var place = start
        while place < stop {
            let keyEntry = entries[Int(children[place])]
            if keyEntry.flags & TapeEntry.escaped == 0 {
                if Int(keyEntry.length) == length {
                    let base = UnsafeRawPointer(source + Int(keyEntry.offset))
                    if short {
                        if base.loadUnaligned(as: UInt64.self) & lowMask == low,
                            (base + 8).loadUnaligned(as: UInt64.self) & highMask == high
                        {
                            return place
                        }
                    } else if let keyBase = key.baseAddress, System.bytesEqual(base, keyBase, count: length) {
                        return place
                    }
                }
            } else if DecodedStringBytes(literal: span(keyEntry)).elementsEqual(key) {
                return place
            }
            place += 1
        }
        return nil
    }

    func forEachElement(of node: JSONNode, _ body: (JSONNode) throws -> Void) rethrows {
        guard let entry = entry(node, ifKind: .array) else { return }
        let start = Int(entry.extra)
        for place in start..<(start + Int(entry.length)) {
            try body(JSONNode(rawValue: UInt64(children[place])))
        }
    }

    func forEachMember(of node: JSONNode, _ body: (JSONKey, JSONNode) throws -> Void) rethrows {
        guard let entry = entry(node, ifKind: .object) else { return }
        let start = Int(entry.extra)
        for place in start..<(start + Int(entry.length)) {
            let keyIndex = Int(children[place])
            let keyEntry = entries[keyIndex]
            let value = JSONNode(rawValue: UInt64(keyIndex + 1))
            if keyEntry.flags & TapeEntry.escaped == 0 {
                try body(JSONKey(utf8: span(keyEntry)), value)
            } else {
                try StringLiteral.withUnescaped(span(keyEntry)) { try body(JSONKey(utf8: $0), value) }
            }
        }
    }

    /// The steps from `ancestor` to `node`.
    ///
    /// A value's descendants are the entries right after it, up to its next sibling, so the one
    /// child that can hold the node is the child (the key, in an object) with the greatest entry
    /// at or before it; the search descends only there, and gives up where no child qualifies. (An
    /// object's children are in key order, not entry order, when the scan resolved a repeated key:
    /// hence the search over every child rather than a stop at the first one past the node.)
    func path(from ancestor: JSONNode, to node: JSONNode) -> [JSONPath.Component]? {
        guard var current = index(ancestor), let target = index(node) else { return nil }
        var trail: [JSONPath.Component] = []
        while current != target {
            let entry = entries[current]
            guard entry.kind == .array || entry.kind == .object, target > current else { return nil }
            let start = Int(entry.extra)
            var best: (place: Int, child: Int)?
            for place in start..<(start + Int(entry.length)) {
                let child = Int(children[place])
                if child <= target, child > best?.child ?? -1 { best = (place, child) }
            }
            guard let best else { return nil }
            if entry.kind == .object {
                // A key's entry names no value.
                guard best.child != target else { return nil }
                trail.append(.key(makeString(entries[best.child])))
                current = best.child + 1
            } else {
                trail.append(.index(best.place - start))
                current = best.child
            }
        }
        return trail
    }

    // MARK: Bulk reads

    func doubles(in node: JSONNode) -> [Double]? {
        numbers(in: node) { text, flags in NumberReading.double(text, flags: flags) }
    }

    func int64s(in node: JSONNode) -> [Int64]? {
        numbers(in: node) { text, flags in NumberReading.int64(text, flags: flags) }
    }

    func ints(in node: JSONNode) -> [Int]? {
        numbers(in: node) { text, flags in NumberReading.int64(text, flags: flags).flatMap { Int(exactly: $0) } }
    }

    /// Every element of an array of numbers converted by `convert` (given the number's text and its
    /// tape flags); `nil` when the node is not an array, an element is not a number, or `convert`
    /// refuses one.
    @inline(__always)
    private func numbers<T>(in node: JSONNode, _ convert: (UnsafeRawBufferPointer, UInt8) -> T?) -> [T]? {
        guard let entry = entry(node, ifKind: .array) else { return nil }
        // An empty array is the shared empty storage, with no call to reserve anything.
        guard entry.length > 0 else { return [] }
        let start = Int(entry.extra)
        var values: [T] = []
        values.reserveCapacity(Int(entry.length))
        for place in start..<(start + Int(entry.length)) {
            let element = entries[Int(children[place])]
            guard element.kind == .number, let value = convert(span(element), element.flags) else { return nil }
            values.append(value)
        }
        return values
    }

    func strings(in node: JSONNode) -> [String]? {
        guard let entry = entry(node, ifKind: .array) else { return nil }
        guard entry.length > 0 else { return [] }
        let start = Int(entry.extra)
        var values: [String] = []
        values.reserveCapacity(Int(entry.length))
        for place in start..<(start + Int(entry.length)) {
            let element = entries[Int(children[place])]
            guard element.kind == .string else { return nil }
            values.append(makeString(element))
        }
        return values
    }
}
