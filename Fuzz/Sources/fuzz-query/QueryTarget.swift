import FuzzSupport
import JSONMapping

/// RFC 9535 queries: the input is a query's text, a U+0000 byte, then a document (without the
/// byte, the whole input is the query and the document is a fixed one holding every kind).
///
/// - Compiling never traps: the text gives a `JSONQuery` or a `SyntaxError` whose offset lies in
///   the text (from 0 to its length in UTF-8 bytes) and whose message is not empty.
/// - Evaluation is bounded: every evaluation runs under a step limit (``maxSteps``), and gives the
///   nodes or `StepLimitExceeded`, never a long run.
/// - Every backend agrees: when all four accept the document and their documents agree
///   (``firstDifference(among:)``), each gives the same answer: the same normalized paths in the
///   same order and the same values, or the step limit reached on all.
/// - The paths are right, checked against a reference walk: for each of the first matches,
///   `root[match.path]` (the core's own lookup, no query code) finds the same value, and the
///   match's normalized path, compiled as a query, is singular and selects exactly that node.
/// - `values(in:maxSteps:)` gives the values of `matches(in:maxSteps:)` under the same limit, and a
///   singular query selects at most one node.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    func fail(_ message: String) -> Never { divergence("query", message, input: input) }

    let separator = input.firstIndex(of: 0)
    let queryBytes = UnsafeRawBufferPointer(rebasing: input[..<(separator ?? input.count)])
    let text = String(decoding: queryBytes, as: UTF8.self)
    let query: JSONQuery
    do {
        query = try JSONQuery(text)
    } catch {
        if !(0...text.utf8.count).contains(error.offset) {
            fail("syntax error offset \(error.offset) outside the query of \(text.utf8.count) bytes: \(error)")
        }
        if error.message.isEmpty || error.query != text { fail("syntax error without a message or query: \(error)") }
        _ = error.description
        return 0
    }
    if query.text != text { fail("the compiled query reads \(query.text.debugDescription)") }

    let roots: [JSON]
    if let separator {
        let document = UnsafeRawBufferPointer(rebasing: input[(separator + 1)...])
        roots = documents(document)
        if roots.isEmpty { return 0 }
    } else {
        roots = fallbackRoots
    }

    var answers: [(backend: String, answer: Answer)] = []
    for root in roots {
        let answer = evaluate(query, in: root, fail)
        answers.append((root.document.backendName, answer))
    }
    if let (firstBackend, first) = answers.first {
        for (backend, answer) in answers.dropFirst() where answer != first {
            fail("\(firstBackend) answers \(first), \(backend) answers \(answer) for \(text.debugDescription)")
        }
    }
    return 0
}

/// The most steps one evaluation may take: enough for every query a short input holds on a small
/// document, except those whose work grows as a power of the document's size.
private let maxSteps = 50_000

/// How many matches of each answer are checked against the reference walk and compared in full.
private let checkedMatches = 32

/// An evaluation's answer as backends must agree on it.
private enum Answer: Equatable, CustomStringConvertible {
    /// The matches: normalized paths and values in order (values in full for the first
    /// ``checkedMatches``, else their kind and size).
    case matches([String])
    case limitReached

    var description: String {
        switch self {
        case .limitReached: "the step limit reached"
        case .matches(let matches): "\(matches.count) matches: \(matches.prefix(8).joined(separator: ", "))"
        }
    }
}

/// The query's answer on `root`, checked against the reference walk and `values(in:maxSteps:)`.
private func evaluate(_ query: JSONQuery, in root: JSON, _ fail: (String) -> Never) -> Answer {
    let backend = root.document.backendName
    let matches: [JSONQuery.Match]
    do {
        matches = try query.matches(in: root, maxSteps: maxSteps)
    } catch {
        if error.maxSteps != maxSteps || error.query != query.text { fail("\(backend): \(error) misreports") }
        do {
            let values = try query.values(in: root, maxSteps: maxSteps)
            fail("\(backend): matches reached the step limit, values gave \(values.count) nodes")
        } catch {}
        return .limitReached
    }
    let values: [JSON]
    do {
        values = try query.values(in: root, maxSteps: maxSteps)
    } catch {
        fail("\(backend): \(matches.count) matches, but values reached the step limit")
    }
    if values.count != matches.count {
        fail("\(backend): \(matches.count) matches, \(values.count) values")
    }
    if query.isSingular, matches.count > 1 {
        fail("\(backend): the singular query selects \(matches.count) nodes")
    }
    var shown: [String] = []
    shown.reserveCapacity(matches.count)
    for (index, (match, value)) in zip(matches, values).enumerated() {
        let normalized = match.path.normalizedPath
        guard index < checkedMatches else {
            shown.append("\(normalized) \(match.value.kind.map { "\($0)" } ?? "missing") \(match.value.count)")
            continue
        }
        let printed = fingerprint(match.value)
        if fingerprint(value) != printed {
            fail("\(backend): match \(index) at \(normalized) is \(printed), its value \(fingerprint(value))")
        }
        let found = root[match.path]
        if found.isMissing || fingerprint(found) != printed {
            fail("\(backend): \(normalized) holds \(printed), the lookup of \(match.path) finds \(fingerprint(found))")
        }
        do {
            let exact = try JSONQuery(normalized)
            if !exact.isSingular { fail("\(backend): the normalized path \(normalized) is not a singular query") }
            let again = try exact.matches(in: root, maxSteps: maxSteps)
            if again.map(\.path) != [match.path] {
                fail("\(backend): \(normalized) selects \(again.map(\.path.normalizedPath)), not itself")
            }
        } catch let error as JSONQuery.SyntaxError {
            fail("\(backend): the normalized path \(normalized.debugDescription) is refused: \(error)")
        } catch {
            fail("\(backend): the normalized path \(normalized) reached the step limit")
        }
        shown.append("\(normalized) \(printed)")
    }
    return .matches(shown)
}

/// The most nodes ``fingerprint(_:)`` writes before it stops with `…`.
private let fingerprintNodes = 256

/// A value as backends must agree on it: kinds, keys in order, strings, and numbers by their
/// `Double` with `-0` read as `0` (the parity rows `negativeZero` and `numberText` let backends
/// differ in the other readings). At most ``fingerprintNodes`` nodes, without recursion.
private func fingerprint(_ value: JSON) -> String {
    guard !value.isMissing else { return "missing" }
    let document = value.document
    var text = ""
    var pending: [(String, JSONNode)] = [("", value.node)]
    var written = 0
    while let (prefix, node) = pending.popLast() {
        written += 1
        if written > fingerprintNodes {
            text += "…"
            break
        }
        text += prefix
        switch document.kind(of: node) {
        case .null: text += "null"
        case .bool: text += document.bool(node) == true ? "true" : "false"
        case .number:
            let double = document.double(node) ?? .nan
            text += "\(double == 0 ? 0 : double)"
        case .string: text += (document.string(node) ?? "?").debugDescription
        case .array:
            text += "[\(document.count(of: node))]"
            var children: [(String, JSONNode)] = []
            document.forEachElement(of: node) { children.append((" ", $0)) }
            pending.append(contentsOf: children.reversed())
        case .object:
            text += "{\(document.count(of: node))}"
            var children: [(String, JSONNode)] = []
            document.forEachMember(of: node) { key, member in
                children.append((" \(key.string.debugDescription):", member))
            }
            pending.append(contentsOf: children.reversed())
        }
    }
    return text
}

/// The document on every backend, when all accept it and agree on it; on the native backend
/// alone when it accepts and some other backend refuses or reads it otherwise (the differential
/// target covers those splits); none when the native backend refuses it.
private func documents(_ bytes: UnsafeRawBufferPointer) -> [JSON] {
    var accepted: [any JSONDocument] = []
    var native: (any JSONDocument)?
    for backend in fuzzBackends {
        if case .success(let document) = parse(bytes, with: backend, options: ParseOptions()) {
            accepted.append(document)
            if backend.name == "native" { native = document }
        }
    }
    guard let native else { return [] }
    if accepted.count == fuzzBackends.count, firstDifference(among: accepted) == nil {
        return accepted.map { JSON(document: $0, node: $0.root) }
    }
    return [JSON(document: native, node: native.root)]
}

/// The document of queries without one: RFC 9535's bookstore with every kind, keys needing
/// escapes in a normalized path, and nesting, on every backend.
private let fallbackRoots: [JSON] = fuzzBackends.compactMap { backend in
    let text = #"""
        {"store": {"book": [
            {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
            {"category": "fiction", "author": "Herman Melville", "isbn": "0-553-21311-3", "price": 8.99, "tags": []},
            {"category": "fiction", "title": "The Lord of the Rings", "price": 22, "available": true}
          ], "bicycle": {"color": "red", "price": 399, "gears": null}},
         "o": {"j": 1, "k": 2, "": -0, "a'b\\c\n": [1.0, -2e1, "x"]}, "a": [3, 5, 1, 2, 4, 6, [[[]]], {"b": {}}],
         "\u00e9": "caf\u00e9", "e\u0301": "cafe\u0301"}
        """#
    return try? Mapper(backend: backend).parse(text)
}

@main enum QueryFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
