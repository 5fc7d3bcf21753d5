import FuzzSupport
import JSONMapping

/// Paths: the input read three ways.
///
/// - As printed-path text: `JSONPath(parsing:)` accepts it, and then parsing the path's
///   `description` gives the same path (and the same description), or refuses it with a
///   `SyntaxError` whose offset lies in the text.
/// - As a JSON Pointer: `JSONPath(pointer:)` accepts it, and then the path's `pointer` is the
///   same text (a pointer's escapes and indices have one spelling), or refuses it with an offset in
///   the text.
/// - As a path built step by step from the bytes (any key, any index, negative ones included):
///   `JSONPath(parsing: path.description) == path`, the promise for every path; and
///   `JSONPath(pointer: path.pointer)` is the path with RFC 6901's typing (a key that is a
///   canonical index becomes an index, a negative index a key).
///
/// Every path read is also looked up in a small document on every backend, which must not trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = fuzzInput(data, size)
    func fail(_ message: String) -> Never { divergence("paths", message, input: input) }
    let text = String(decoding: input, as: UTF8.self)

    do {
        let path = try JSONPath(parsing: text)
        let again = expectParses(path, fail)
        if again.description != path.description {
            fail("description changed: \(path.description) → \(again.description)")
        }
        lookUp(path)
    } catch {
        if !(0...text.utf8.count).contains(error.offset) {
            fail("syntax error offset \(error.offset) outside the text: \(error)")
        }
    }

    do {
        let path = try JSONPath(pointer: text)
        if path.pointer != text {
            fail("pointer \(text.debugDescription) reads as \(path), which prints \(path.pointer.debugDescription)")
        }
        lookUp(path)
    } catch {
        if !(0...text.utf8.count).contains(error.offset) {
            fail("pointer error offset \(error.offset) outside the text: \(error)")
        }
    }

    let built = builtPath(input)
    _ = expectParses(built, fail)
    do {
        let fromPointer = try JSONPath(pointer: built.pointer)
        let expected = JSONPath(built.components.map(pointerTyped))
        if fromPointer != expected {
            fail(
                "pointer \(built.pointer.debugDescription) of \(built.debugDescription) reads as \(fromPointer.debugDescription)"
            )
        }
    } catch {
        fail("the pointer of \(built.debugDescription), \(built.pointer.debugDescription), is refused: \(error)")
    }
    lookUp(built)
    return 0
}

/// Parses the path's description, which must give the path back.
private func expectParses(_ path: JSONPath, _ fail: (String) -> Never) -> JSONPath {
    do {
        let again = try JSONPath(parsing: path.description)
        if again != path {
            fail(
                "\(path.debugDescription) prints \(path.description.debugDescription), which reads as \(again.debugDescription)"
            )
        }
        return again
    } catch {
        fail("\(path.debugDescription) prints \(path.description.debugDescription), which is refused: \(error)")
    }
}

/// A path built from the bytes: steps separated by 0xFF; a step starting with a byte below 0x08
/// is an index made of up to 8 following bytes (any `Int`, negative ones too), any other step a
/// key (its bytes read as UTF-8, invalid sequences replaced).
private func builtPath(_ input: UnsafeRawBufferPointer) -> JSONPath {
    JSONPath(
        input.split(separator: 0xFF, omittingEmptySubsequences: false).map { step -> JSONPath.Component in
            if let first = step.first, first < 0x08 {
                let value = step.dropFirst().prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                return .index(Int(truncatingIfNeeded: value))
            }
            return .key(String(decoding: step, as: UTF8.self))
        }
    )
}

/// A step as RFC 6901 types it when read back from a pointer: tokens carry no type, so a key
/// that is a canonical index (`0`, `17`, not `017`) is an index, and a negative index a key.
private func pointerTyped(_ component: JSONPath.Component) -> JSONPath.Component {
    switch component {
    case .index(let index) where index < 0:
        return .key(String(index))
    case .key(let key):
        let digits = key.utf8
        let canonical =
            !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && (digits.first != UInt8(ascii: "0") || digits.count == 1)
        if canonical, let index = Int(key) { return .index(index) }
        return component
    default:
        return component
    }
}

/// The longest chain of subscripts the step-by-step lookup follows.
private let chainedSteps = 64

/// A document with every kind, on every backend, for looking paths up in.
private let documents: [JSON] = fuzzBackends.compactMap { backend in
    let text = #"{"a": [1, {"b": null, "0": "x", "": [true]}], "0": {"~/": 2.5}, "a.b": "s", "\u0000": []}"#
    return try? Mapper(backend: backend).parse(text)
}

/// Looks `path` up in each document, whole (RFC 6901's lenient steps) and step by step (strict
/// subscripts), and asks a missing result for its path: nothing may trap.
///
/// Step by step stands for a chain of subscripts written in code, so it follows at most
/// ``chainedSteps`` steps: below a missing view each further subscript copies the steps taken so
/// far (as `JSON.subscript(_:JSONPath)` documents), and a path read from input goes through
/// `json[path]`, which the whole lookup covers at any length.
private func lookUp(_ path: JSONPath) {
    for root in documents {
        let direct = root[path]
        var stepwise = root
        for component in path.components.prefix(chainedSteps) {
            switch component {
            case .key(let key): stepwise = stepwise[key]
            case .index(let index): stepwise = stepwise[index]
            }
        }
        _ = direct.kind
        _ = stepwise.kind
        if direct.isMissing { _ = direct.path }
    }
}

@main enum PathsFuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
