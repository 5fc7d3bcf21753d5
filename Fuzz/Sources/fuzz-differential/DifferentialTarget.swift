import FuzzSupport
import JSONMapping
@_spi(Testing) import MapCore

/// Differential parse: every backend parses the same bytes, under the default options and under
/// strict ones.
///
/// - Each answer is a document or a well-formed `ParseError` (its backend, offset, line, column).
/// - All accept: the documents agree node by node (``firstDifference(among:)``).
/// - All refuse: the same code — and the same position, unless the code is `numberOutOfRange`,
///   where jansson may stop at an integer beyond `Int64` before a number beyond `Double` — apart
///   from backends whose code a parity row lets them give (``ParityRule/anyAllows(_:from:)``).
/// - Verdicts split: an accepting document shows a parity row that lets every refusing backend
///   refuse with the code it gave.
///
/// And the package's two scans of the native backend agree (``ScanComparison``): the indexed scan
/// gives the byte-at-a-time scan's tape where that accepts and declines where it refuses, under the
/// default options and under strict ones that let repeated keys through (the indexed scan leaves
/// `.reject` to the other); the indexed cut of an array's elements ends each where
/// `JSONScanner.valueEnd` does; and the cut by brackets ends each valid element where `valueEnd`
/// does, and stops at the first it refuses, whose bytes alone get `valueEnd`'s error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    for (name, options) in fuzzOptionSets {
        check(input, options: options, optionsName: name)
    }
    for (name, options) in scanOptionSets {
        if let difference = ScanComparison.difference(input, options: options) {
            divergence("differential", "\(name) options: the two scans differ: \(difference)", input: input)
        }
        let start = input.first == UInt8(ascii: "[") ? 1 : 0
        if let difference = ScanComparison.elementsDifference(input, from: start, options: options) {
            divergence("differential", "\(name) options: the two cuts differ: \(difference)", input: input)
        }
        if let difference = ScanComparison.bracketedElementsDifference(input, from: start, options: options) {
            divergence("differential", "\(name) options: the cut by brackets: \(difference)", input: input)
        }
    }
    return 0
}

private let scanOptionSets: [(name: String, options: ParseOptions)] = [
    ("default", ParseOptions()),
    (
        "strict, repeated keys let through",
        ParseOptions(maxDepth: 4, allowsTopLevelScalars: false, allowsNULInStrings: false)
    ),
]

private func check(_ input: UnsafeRawBufferPointer, options: ParseOptions, optionsName: String) {
    func fail(_ message: String) -> Never {
        divergence("differential", "\(optionsName) options: \(message)", input: input)
    }
    var accepted: [any JSONDocument] = []
    var refused: [(backend: String, error: ParseError)] = []
    for backend in fuzzBackends {
        switch parse(input, with: backend, options: options) {
        case .success(let document):
            if document.backendName != backend.name {
                fail("\(backend.name)'s document is named \(document.backendName)")
            }
            accepted.append(document)
        case .failure(let error):
            if let problem = malformation(of: error, backend: backend.name, input: input) {
                fail("\(backend.name): \(problem): \(error.debugDescription)")
            }
            refused.append((backend.name, error))
        }
    }
    let refusals = refused.map { "\($0.backend): \($0.error.debugDescription)" }.joined(separator: "; ")

    if refused.isEmpty {
        if let difference = firstDifference(among: accepted) { fail(difference) }
        return
    }
    if accepted.isEmpty {
        // Backends whose code no parity row explains come from the one validating scan: they
        // agree on the code, and on the position unless it is a number out of range.
        let plain = refused.filter { !ParityRule.anyAllows($0.error.code, from: $0.backend) }
        let codes = Set(plain.map(\.error.code))
        if codes.count > 1 { fail("codes differ: \(refusals)") }
        if codes.first != .numberOutOfRange, Set(plain.map { $0.error.offset }).count > 1 {
            fail("positions differ: \(refusals)")
        }
        return
    }
    let rows = accepted.reduce(into: ParityRule.shown(inText: input)) { $0.formUnion(ParityRule.shown(by: $1)) }
    for (backend, error) in refused where !rows.contains(where: { $0.allows(error.code, from: backend) }) {
        fail(
            "\(accepted.map(\.backendName)) accepted, \(backend) refused with \(error.code), "
                + "which no parity row shown (\(rows.map(\.rawValue).sorted())) allows: \(refusals)"
        )
    }
    // The accepting backends still agree with each other.
    if accepted.count > 1, let difference = firstDifference(among: accepted) { fail(difference) }
}

@main enum DifferentialFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
