public import JSONMapping

/// What one backend's document says at one node, read through every public read of
/// `JSONDocument`, with the checks that need no other backend already made.
///
/// Numbers keep every reading (`double`, `int64`, `uint64`, the source text where the backend
/// keeps it) so that the comparison can apply the parity rows that change readings by rule.
struct NodeReading {
    var kind: JSONKind
    var count: Int
    var bool: Bool?
    var double: Double?
    var int64: Int64?
    var uint64: UInt64?
    var numberText: [UInt8]?
    var string: String?
    var children: [JSONNode] = []
    var keys: [[UInt8]] = []
}

/// Reads `node` of `document`, returning a description of the first read that contradicts
/// another read of the same document (`withStringUTF8` against `string`, `element(of:at:)` and
/// `member(of:utf8Key:)` against the visiting order, `count(of:)` against what is visited).
func read(_ document: any JSONDocument, _ node: JSONNode) -> Result<NodeReading, Contradiction> {
    let kind = document.kind(of: node)
    var reading = NodeReading(kind: kind, count: document.count(of: node))
    switch kind {
    case .null:
        break
    case .bool:
        reading.bool = document.bool(node)
        if reading.bool == nil { return .failure(Contradiction("a bool reads nil")) }
    case .number:
        reading.double = document.double(node)
        reading.int64 = document.int64(node)
        reading.uint64 = document.uint64(node)
        reading.numberText = document.withNumberText(node) { Array($0) }
        if reading.double == nil { return .failure(Contradiction("a number has no double")) }
    case .string:
        reading.string = document.string(node)
        let bytes = document.withStringUTF8(node) { Array($0) }
        guard let string = reading.string, bytes == Array(string.utf8) else {
            return .failure(Contradiction("string and withStringUTF8 disagree: \(reading.string.debugDescription)"))
        }
    case .array:
        document.forEachElement(of: node) { reading.children.append($0) }
        for (index, child) in reading.children.enumerated() where document.element(of: node, at: index) != child {
            return .failure(Contradiction("element(of:at: \(index)) is not the element visited there"))
        }
        if document.element(of: node, at: reading.children.count) != nil {
            return .failure(Contradiction("element(of:at:) finds an element past the end"))
        }
    case .object:
        document.forEachMember(of: node) { key, value in
            reading.keys.append(Array(key.utf8))
            reading.children.append(value)
        }
        if Set(reading.keys).count != reading.keys.count {
            return .failure(Contradiction("an object exposes a key twice: \(reading.keys.map(describe))"))
        }
        for (key, value) in zip(reading.keys, reading.children) {
            let found = key.withUnsafeBytes { document.member(of: node, utf8Key: $0) }
            if found != value {
                return .failure(Contradiction("member(of:utf8Key: \(describe(key))) is not the member visited"))
            }
        }
    }
    if (kind == .array || kind == .object), reading.count != reading.children.count {
        return .failure(Contradiction("count(of:) is \(reading.count), \(reading.children.count) visited"))
    }
    return .success(reading)
}

/// A broken promise, described for the crash report.
struct Contradiction: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Bytes shown as a Swift string literal would show them.
func describe(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).debugDescription
}

/// Whether a number's source text is an integer: no fraction, no exponent.
func isIntegerSyntax(_ text: [UInt8]) -> Bool {
    !text.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
}

/// How many nodes of a document ``firstDifference(among:)`` checks `path(from:to:)` for.
let maxPathChecks = 64

/// Compares the documents that several backends made of the same bytes, node by node in lockstep.
///
/// They must agree on kinds, counts, member order and keys (byte for byte), strings and numbers,
/// where the parity table allows only two differences, applied here as rules rather than lists of
/// inputs: `negativeZero` (the integer `-0` may read `+0.0` on jansson and simdjson) and
/// `numberText` (jansson and simdjson read `int64` / `uint64` of a number written with a fraction
/// or exponent through its `Double`, so those readings are compared only among backends of the
/// same kind). The number texts the backends hand over must agree exactly (a jansson document a
/// repeated key shortened hands over none).
/// For the first nodes, each document's `path(from:to:)` must find the path the walk took.
///
/// Returns nil when they agree, else where and how they first differ.
public func firstDifference(among documents: [any JSONDocument]) -> String? {
    var stack: [(nodes: [JSONNode], path: JSONPath)] = [(documents.map(\.root), .root)]
    var visited = 0
    while let (nodes, path) = stack.popLast() {
        var readings: [NodeReading] = []
        visited += 1
        for (document, node) in zip(documents, nodes) {
            // Distinct values have distinct nodes, so the path `path(from:to:)` finds is the one
            // the walk took (checked for the first nodes only: the default search is linear).
            if visited <= maxPathChecks, document.path(from: document.root, to: node) != path.components {
                let found = document.path(from: document.root, to: node).map { JSONPath($0).description }
                return
                    "\(document.backendName): path(from:to:) of the node at \(path.isRoot ? "the root" : path.description) "
                    + "is \(found.map { $0.isEmpty ? "the root" : $0 } ?? "nil")"
            }
            switch read(document, node) {
            case .success(let reading): readings.append(reading)
            case .failure(let contradiction):
                return
                    "\(document.backendName) at \(path.isRoot ? "the root" : path.description): \(contradiction.message)"
            }
        }
        let names = documents.map(\.backendName)
        if let difference = compare(readings, names: names) {
            return "at \(path.isRoot ? "the root" : path.description): \(difference)"
        }
        let first = readings[0]
        for index in first.children.indices.reversed() {
            let step: JSONPath.Component =
                first.kind == .array ? .index(index) : .key(String(decoding: first.keys[index], as: UTF8.self))
            stack.append((readings.map { $0.children[index] }, path.appending(step)))
        }
    }
    return nil
}

/// The first difference between readings of the same node, parity rows applied; nil if none.
private func compare(_ readings: [NodeReading], names: [String]) -> String? {
    func disagree<T>(_ what: String, _ values: [T]) -> String {
        "\(what) differs: " + zip(names, values).map { "\($0.0)=\(String(describing: $0.1))" }.joined(separator: ", ")
    }
    let first = readings[0]
    if readings.contains(where: { $0.kind != first.kind }) { return disagree("kind", readings.map(\.kind)) }
    if readings.contains(where: { $0.count != first.count }) { return disagree("count", readings.map(\.count)) }
    switch first.kind {
    case .null:
        return nil
    case .bool:
        return readings.contains { $0.bool != first.bool } ? disagree("bool", readings.map(\.bool)) : nil
    case .string:
        return readings.contains { $0.string != first.string } ? disagree("string", readings.map(\.string)) : nil
    case .array:
        return nil
    case .object:
        return readings.contains { $0.keys != first.keys }
            ? disagree("keys", readings.map { $0.keys.map(describe) }) : nil
    case .number:
        return compareNumbers(readings, names: names, disagree: disagree)
    }
}

/// The backends that read `int64` / `uint64` of a number written with a fraction or exponent
/// through its `Double` (the `numberText` parity row); the others read them from the text.
private let readThroughDouble: Set<String> = ["jansson", "simdjson"]

private func compareNumbers(_ readings: [NodeReading], names: [String], disagree: (String, [Any]) -> String) -> String?
{
    let texts = readings.compactMap(\.numberText)
    guard let text = texts.first else {
        // Documents that all keep no text (one backend's, compared with its own) read every
        // number through the same stored value: every reading must match exactly.
        let first = readings[0]
        if readings.contains(where: { $0.double?.bitPattern != first.double?.bitPattern }) {
            return disagree("double", readings.map(\.double))
        }
        if readings.contains(where: { $0.int64 != first.int64 || $0.uint64 != first.uint64 }) {
            return disagree(
                "int64/uint64",
                readings.map { "\($0.int64.map(String.init) ?? "nil")/\($0.uint64.map(String.init) ?? "nil")" }
            )
        }
        return nil
    }
    if texts.contains(where: { $0 != text }) {
        return disagree("number text", readings.map { $0.numberText.map(describe) as Any })
    }
    let integer = isIntegerSyntax(text)
    // negativeZero: the integer -0 may read +0.0 (jansson and simdjson hold it as the integer 0).
    let signOfZeroMatters = !(integer && readings.allSatisfy { $0.double == 0 })
    let doubles = readings.map { $0.double.map { signOfZeroMatters ? $0.bitPattern : ($0 == 0 ? 0 : $0.bitPattern) } }
    if doubles.contains(where: { $0 != doubles[0] }) { return disagree("double", readings.map(\.double)) }
    if integer {
        if readings.contains(where: { $0.int64 != readings[0].int64 }) {
            return disagree("int64", readings.map(\.int64))
        }
        if readings.contains(where: { $0.uint64 != readings[0].uint64 }) {
            return disagree("uint64", readings.map(\.uint64))
        }
        return nil
    }
    // numberText: compared within each group of backends that read the same way.
    for throughDouble in [true, false] {
        let group = zip(readings, names).filter { readThroughDouble.contains($0.1) == throughDouble }.map { $0.0 }
        guard let leader = group.first else { continue }
        if group.contains(where: { $0.int64 != leader.int64 || $0.uint64 != leader.uint64 }) {
            return disagree(
                "int64/uint64",
                readings.map { "\($0.int64.map(String.init) ?? "nil")/\($0.uint64.map(String.init) ?? "nil")" }
            )
        }
    }
    return nil
}
