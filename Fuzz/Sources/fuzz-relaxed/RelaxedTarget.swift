import FuzzSupport
import JSONMapping

/// JSONC and JSON5 against strict JSON, on the native backend, under each option set.
///
/// - Whatever the bytes, each syntax gives a document or a well-formed `ParseError` (its offset
///   inside the input, its line and column agreeing with it).
/// - Every input strict JSON accepts, JSONC and JSON5 accept too, into the same document
///   (``firstDifference(among:)``: kinds, keys in order, strings, numbers and their texts).
/// - Every input that is strict JSON under the default options but refused for an option (depth,
///   a repeated key, a top-level scalar, U+0000), JSONC and JSON5 refuse: with the same code, or
///   for a syntax error further on.
/// - Every document JSON5 reads whose numbers are finite, written by `JSONWriter`, is strict JSON
///   that reads back to the same document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    for (name, options) in fuzzOptionSets {
        check(input, options: options, optionsName: name)
    }
    return 0
}

private let native = NativeBackend()

/// The codes a strict parse gives for an option the text breaks, which every syntax must give too.
private let optionCodes: Set<ParseError.Code> = [
    .depthLimitExceeded, .duplicateKey, .topLevelScalarNotAllowed, .nulInString,
]

private func check(_ input: UnsafeRawBufferPointer, options: ParseOptions, optionsName: String) {
    func fail(_ message: String) -> Never {
        divergence("relaxed", "\(optionsName) options: \(message)", input: input)
    }
    func read(_ syntax: ParseOptions.Syntax) -> Result<any JSONDocument, ParseError> {
        var options = options
        options.syntax = syntax
        let result = parse(input, with: native, options: options)
        if case .failure(let error) = result, let problem = malformation(of: error, backend: "native", input: input) {
            fail("\(syntax): \(problem): \(error.debugDescription)")
        }
        return result
    }
    let strict = read(.json)
    let jsonc = read(.jsonc)
    let json5 = read(.json5)
    switch strict {
    case .success(let document):
        for (syntax, result) in [("jsonc", jsonc), ("json5", json5)] {
            switch result {
            case .success(let relaxed):
                if let difference = firstDifference(among: [document, relaxed]) { fail("\(syntax): \(difference)") }
            case .failure(let error):
                fail("strict JSON accepted, \(syntax) refused: \(error.debugDescription)")
            }
        }
    case .failure(let error) where optionCodes.contains(error.code) && isJSON(input):
        // Text that is JSON under the default options, refused for an option: every syntax reads
        // the same text, so it must refuse it for the same option. The relaxed pass reads the whole
        // text before the strict scan of what it wrote weighs the options, so it may stop first at
        // a syntax error, but only at one past the strict error. (Text that is not JSON at all may
        // be refused for an option by the strict scan, which weighs a top-level scalar by its
        // first byte, and still be JSON5: such text is not compared.)
        for (syntax, result) in [("jsonc", jsonc), ("json5", json5)] {
            guard case .failure(let relaxed) = result, relaxed.code == error.code || relaxed.offset > error.offset
            else {
                fail("strict JSON refused with \(error.debugDescription), \(syntax) gave \(result)")
            }
        }
    case .failure:
        break
    }
    if case .success(let document) = json5 {
        roundTrip(document, options: options, fail)
    }
}

/// Whether `input` is strict JSON under the default options.
private func isJSON(_ input: UnsafeRawBufferPointer) -> Bool {
    if case .success = parse(input, with: native, options: ParseOptions()) { return true }
    return false
}

/// Writes `document` as JSON and reads it back strictly: the same document, unless it holds a
/// number JSON cannot (the writer refuses it then).
private func roundTrip(_ document: any JSONDocument, options: ParseOptions, _ fail: (String) -> Never) {
    let writer = JSONWriter(options: JSONWriter.Options(formatting: .compact, sortsKeys: false))
    let text: [UInt8]
    do {
        try writer.value(JSON(document: document))
        text = Array(try writer.finish())
    } catch {
        if !holdsNonFiniteNumber(JSON(document: document)) { fail("the writer refused a finite document: \(error)") }
        return
    }
    var strict = options
    strict.syntax = .json
    // The strict text repeats no key, so the policy no longer matters, and its depth is the same.
    let again = text.withUnsafeBytes { parse($0, with: native, options: strict) }
    switch again {
    case .success(let written):
        if let difference = firstDifference(among: [document, written]) {
            fail("written and read back: \(difference)")
        }
    case .failure(let error):
        fail("the written text is not JSON: \(error.debugDescription)")
    }
}

private func holdsNonFiniteNumber(_ json: JSON) -> Bool {
    switch json.kind {
    case .number: return json.double.map { !$0.isFinite } ?? false
    case .array: return json.elements.contains(where: holdsNonFiniteNumber)
    case .object: return json.members.contains { holdsNonFiniteNumber($0.value) }
    default: return false
    }
}

@main enum RelaxedFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
