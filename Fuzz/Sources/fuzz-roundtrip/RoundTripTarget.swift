import FuzzSupport
import JSONMapping

/// Round trip: on every backend, a document the backend accepts is written (compact) and parsed
/// again by the same backend, which must accept it and read the same tree
/// (``firstDifference(among:)``); and `jsonmap fmt`'s formatting — parse, then `JSONWriter` with
/// the command's layouts (pretty with 2 or 16 spaces, compact, keys sorted or not) — is
/// idempotent: formatting its own output gives the same bytes.
///
/// A number is written as its backend read it: an integer as an integer, a real as the shortest
/// text that reads back to the same `Double` (`1.6979310659310651e19` stays a real). A backend
/// that refuses integers beyond `Int64` (the `bigIntegers` parity row: jansson) may refuse the
/// written text; that refusal, and only when the first document shows the row, ends the round
/// trip for that backend.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    for backend in fuzzBackends {
        guard case .success(let document) = parse(input, with: backend, options: ParseOptions()) else { continue }
        roundTrip(document, backend: backend, input: input)
    }
    return 0
}

/// Four of the layouts `jsonmap fmt` writes: its default (pretty, 2 spaces), `--indent 16
/// --sort-keys`, `--compact`, and `--compact --sort-keys`.
private let layouts: [JSONWriter.Options] = [
    JSONWriter.Options(formatting: .pretty(indent: 2), sortsKeys: false),
    JSONWriter.Options(formatting: .pretty(indent: 16), sortsKeys: true),
    JSONWriter.Options(formatting: .compact, sortsKeys: false),
    JSONWriter.Options(formatting: .compact, sortsKeys: true),
]

private func roundTrip(_ document: any JSONDocument, backend: any JSONBackend, input: UnsafeRawBufferPointer) {
    func fail(_ message: String) -> Never {
        divergence("roundtrip", "\(backend.name): \(message)", input: input)
    }
    let rows = ParityRule.shown(by: document)
    /// The document `bytes` parse to, or nil when a parity row the first document shows lets the
    /// backend refuse them.
    func reparse(_ bytes: [UInt8], _ what: String) -> (any JSONDocument)? {
        switch bytes.withUnsafeBytes({ parse($0, with: backend, options: ParseOptions()) }) {
        case .success(let again): return again
        case .failure(let error):
            if rows.contains(where: { $0.allows(error.code, from: backend.name) }) { return nil }
            fail(
                "\(what) does not parse again: \(error.debugDescription)\n\(String(decoding: bytes, as: UTF8.self).debugDescription)"
            )
        }
    }
    let compact = JSONWriter.Options(formatting: .compact, sortsKeys: false)
    let written: [UInt8]
    do {
        written = try formatted(JSON(document: document), compact)
    } catch {
        fail("writing an accepted document failed: \(error)")
    }
    guard let again = reparse(written, "the written text") else { return }
    if let difference = firstDifference(among: [document, again]) {
        fail(
            "written and parsed again, \(difference)\nwritten: \(String(decoding: written, as: UTF8.self).debugDescription)"
        )
    }
    for layout in layouts {
        do {
            // The compact, unsorted layout's first pass is the text written and parsed above.
            let once = try layout == compact ? written : formatted(JSON(document: document), layout)
            guard let reread = layout == compact ? again : reparse(once, "fmt's output") else { return }
            let twice = try formatted(JSON(document: reread), layout)
            if once != twice {
                fail(
                    "fmt \(layout) is not idempotent:\n\(String(decoding: once, as: UTF8.self).debugDescription)\n"
                        + String(decoding: twice, as: UTF8.self).debugDescription
                )
            }
        } catch {
            fail("fmt \(layout) failed: \(error)")
        }
    }
}

/// What `jsonmap fmt` writes for `json` (FmtCommand's `run`, without the final newline).
private func formatted(_ json: JSON, _ options: JSONWriter.Options) throws -> [UInt8] {
    let writer = JSONWriter(options: options)
    try writer.value(json)
    return try writer.finish()
}

@main enum RoundTripFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
