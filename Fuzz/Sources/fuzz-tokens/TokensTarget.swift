import FuzzSupport
import JSONMapping

/// The token reader (`JSONTokenReader`) against itself under three chunkings and against the
/// native backend's whole-document parse, under each option set.
///
/// - Fed whole, one byte at a time, or in chunks of 1 to 16 bytes (sizes drawn from the input),
///   the reader gives the same tokens, with the same offsets, lines and columns, and the same
///   error: where the chunks are cut never shows.
/// - Each token's offset is inside the input, after the last one's, and its line and column are
///   those of its offset; an error's are too (``malformation(of:backend:input:)``).
/// - The reader refuses what the whole-document parse refuses, with the same code, offset, line,
///   column and message; the one order the reader documents as its own, a repeated key under
///   `duplicateKeys: .reject`, only has to be refused by both. A number the parse refuses as out of
///   range is a number token of the reader, which does not convert numbers.
/// - What the parse accepts, the reader reads to its end, and its tokens are a walk of the
///   document: kinds, keys, strings, number texts and paths (unless the text repeats a key, which
///   the reader reports every time and the document, under `lastWins`, once).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    for (name, options) in fuzzOptionSets {
        check(input, options: options, optionsName: name)
    }
    return 0
}

private let native = NativeBackend()

private typealias Token = JSONTokenReader.Token

private func check(_ input: UnsafeRawBufferPointer, options: ParseOptions, optionsName: String) {
    func fail(_ message: String) -> Never {
        divergence("tokens", "\(optionsName) options: \(message)", input: input)
    }
    let bytes = Array(input)
    var seed = bytes.reduce(UInt64(bytes.count)) { ($0 &* 31) &+ UInt64($1) }
    let whole = read(bytes, options: options) { _ in bytes.count }
    let byByte = read(bytes, options: options) { _ in 1 }
    let random = read(bytes, options: options) { _ in
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(seed >> 60) + 1
    }
    for (name, other) in [("one byte at a time", byByte), ("chunks of 1 to 16 bytes", random)] {
        if other.tokens != whole.tokens {
            fail("\(name): token \(firstDifference(other.tokens, whole.tokens)) differs from the whole input's")
        }
        let (error, wholeError) = (other.error.map(describe) ?? "no error", whole.error.map(describe) ?? "no error")
        if error != wholeError { fail("\(name): \(error), whole: \(wholeError)") }
    }
    var last = -1
    var positions = TextPositions(input)
    for token in whole.tokens {
        guard token.offset > last, token.offset < input.count else {
            fail("token \(token) at offset \(token.offset), after offset \(last), in \(input.count) bytes")
        }
        last = token.offset
        let (line, column) = positions.lineAndColumn(of: token.offset)
        if token.line != line || token.column != column {
            fail("token \(token) at offset \(token.offset): expected \(line):\(column)")
        }
    }
    if let error = whole.error, let problem = malformation(of: error, backend: "native", input: input) {
        fail("the reader's error: \(problem): \(error.debugDescription)")
    }
    switch (parse(input, with: native, options: options), whole.error) {
    case (.success, let error?):
        fail("the parse accepts, the reader refuses: \(error.debugDescription)")
    case (.failure(let parsed), _) where parsed.code == .numberOutOfRange:
        // The reader gives a number's text without converting it: the number the parse could not
        // hold is a token, and what follows it is not compared.
        let number = whole.tokens.contains {
            if case .number = $0.kind { $0.offset == parsed.offset } else { false }
        }
        if !number { fail("the parse refuses with \(describe(parsed)), the reader has no number there") }
    case (.failure(let error), nil):
        fail("the parse refuses with \(error.debugDescription), the reader reads to the end")
    case (.failure(let parsed), let read?):
        if parsed.code == .duplicateKey || read.code == .duplicateKey { return }
        if describe(parsed) != describe(read) {
            fail("the parse refuses with \(describe(parsed)), the reader with \(describe(read))")
        }
    case (.success(let document), nil):
        if repeatsAKey(whole.tokens) { return }
        let expected = walk(document)
        let shown = whole.tokens.map(show)
        if shown != expected {
            let index = firstDifference(shown, expected)
            let got = index < shown.count ? shown[index] : "nothing"
            let wanted = index < expected.count ? expected[index] : "nothing"
            fail("token \(index) is \(got), the document's walk has \(wanted)")
        }
    }
}

/// Every token of `bytes` fed in chunks whose sizes `chunk` gives for the offset each starts at,
/// and the error the reader throws, if any.
private func read(
    _ bytes: [UInt8],
    options: ParseOptions,
    chunk: (_ offset: Int) -> Int
) -> (tokens: [Token], error: ParseError?) {
    var reader = JSONTokenReader(options: options)
    var tokens: [Token] = []
    var position = 0
    do {
        while true {
            switch try reader.next() {
            case .token(let token):
                tokens.append(token)
            case .needsMoreInput:
                if position < bytes.count {
                    let end = min(bytes.count, position + max(1, chunk(position)))
                    reader.feed(bytes[position..<end])
                    position = end
                } else {
                    reader.finish()
                }
            case .end:
                return (tokens, nil)
            }
        }
    } catch {
        return (tokens, error)
    }
}

/// The index of the first element where `a` and `b` differ (the shorter's count when one is a
/// prefix of the other).
private func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
}

private func describe(_ error: ParseError) -> String {
    "\(error.code) at \(error.offset) (\(error.line):\(error.column)): \(error.message)"
}

/// Whether an object of the token stream holds a key twice.
private func repeatsAKey(_ tokens: [Token]) -> Bool {
    // The keys of each open container, `nil` for an array.
    var open: [Set<String>?] = []
    for token in tokens {
        switch token.kind {
        case .beginObject: open.append([])
        case .beginArray: open.append(nil)
        case .endObject, .endArray: open.removeLast()
        case .key(let key):
            if open[open.count - 1]?.insert(key).inserted == false { return true }
        default: break
        }
    }
    return false
}

private func show(_ token: Token) -> String {
    "\(token.path.isRoot ? "$" : token.path.description) \(token.kind)"
}

/// The tokens a walk of `document` gives, shown as ``show(_:)`` shows a token.
private func walk(_ document: any JSONDocument) -> [String] {
    var out: [String] = []
    func visit(_ node: JSONNode, _ path: JSONPath) {
        let shown = path.isRoot ? "$" : path.description
        switch document.kind(of: node) {
        case .object:
            out.append("\(shown) {")
            document.forEachMember(of: node) { key, value in
                let member = path.appending(.key(key.string))
                out.append("\(member) key \(key.string.debugDescription)")
                visit(value, member)
            }
            out.append("\(shown) }")
        case .array:
            out.append("\(shown) [")
            var index = 0
            document.forEachElement(of: node) { element in
                visit(element, path.appending(.index(index)))
                index += 1
            }
            out.append("\(shown) ]")
        case .string: out.append("\(shown) string \((document.string(node) ?? "").debugDescription)")
        case .number:
            let text = document.withNumberText(node) { String(decoding: $0, as: UTF8.self) }
            out.append("\(shown) number \(text ?? "?")")
        case .bool: out.append("\(shown) \(document.bool(node) == true)")
        case .null: out.append("\(shown) null")
        }
    }
    visit(document.root, JSONPath())
    return out
}

@main enum TokensFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
