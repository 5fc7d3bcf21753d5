import FuzzSupport
import JSONMapping

/// Round trip: on every backend, a document the backend accepts is written (compact) and parsed
/// again by the same backend, which must accept it and read the same tree
/// (``firstDifference(among:)``); and `jsonmap fmt`'s formatting — parse, then `JSONWriter` with
/// the command's layouts (pretty with 2 or 16 spaces, compact, keys sorted or not) — is
/// idempotent: formatting its own output gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    for backend in fuzzBackends {
        guard case .success(let document) = parse(input, with: backend, options: ParseOptions()) else { continue }
        roundTrip(document, backend: backend, input: input)
    }
    return 0
}

/// The layouts `jsonmap fmt` writes: its default (pretty, 2 spaces), `--indent 16`, `--compact`,
/// each with and without `--sort-keys`.
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
    func reparse(_ bytes: [UInt8], _ what: String) -> any JSONDocument {
        switch bytes.withUnsafeBytes({ parse($0, with: backend, options: ParseOptions()) }) {
        case .success(let again): return again
        case .failure(let error):
            fail("\(what) does not parse again: \(error.debugDescription)\n\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
    let written: [UInt8]
    do {
        written = try formatted(JSON(document: document), JSONWriter.Options(formatting: .compact, sortsKeys: false))
    } catch {
        fail("writing an accepted document failed: \(error)")
    }
    let again = reparse(written, "the written text")
    if let difference = firstDifference(among: [document, again]) {
        fail("written and parsed again, \(difference)\nwritten: \(String(decoding: written, as: UTF8.self).debugDescription)")
    }
    for layout in layouts {
        do {
            let once = try formatted(JSON(document: document), layout)
            let twice = try formatted(JSON(document: reparse(once, "fmt's output")), layout)
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
