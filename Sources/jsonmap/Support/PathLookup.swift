import JSONMapping

/// Follows a path one step at a time so that a missing step can be reported with the deepest value
/// that was found.
///
/// Each step goes through `JSON`'s own path subscript, so RFC 6901's rules hold: an index step
/// on an object reads the member whose key is the decimal index, and a key step on an array reads
/// the element when the key is a canonical index.
enum PathLookup {
    /// A step that found nothing.
    struct Missing: Error {
        /// How many steps were found before it.
        var found: Int
        /// The step that failed.
        var step: JSONPath.Component
        /// The deepest value found: where the step was looked for.
        var parent: JSON
    }

    /// The value at `path` below `root`.
    static func value(at path: JSONPath, in root: JSON) -> Result<JSON, Missing> {
        var current = root
        for (position, step) in path.components.enumerated() {
            let next = current[JSONPath([step])]
            guard !next.isMissing else { return .failure(Missing(found: position, step: step, parent: current)) }
            current = next
        }
        return .success(current)
    }

    /// The longest list of keys a message shows before it says how many more there are.
    static let maxKeysShown = 10

    /// The longest scalar a message quotes before cutting it.
    static let maxScalarLength = 40

    /// `no key "c" at a.b[0] (found an object with keys x, y)`.
    static func message(for missing: Missing, in path: PathArgument) -> String {
        let step: String
        switch missing.step {
        case .key(let key): step = "key \(quoted(key))"
        case .index(let index): step = "index \(index)"
        }
        return "no \(step) at \(path.prefixDescription(missing.found)) (found \(describe(missing.parent)))"
    }

    /// `an object with keys x, y`, `an array of 3 elements`, `the string "abc"`, `null`.
    static func describe(_ json: JSON) -> String {
        switch json.kind {
        case .object:
            let keys = json.keys
            guard !keys.isEmpty else { return "an empty object" }
            var shown = keys.prefix(maxKeysShown).map { JSONPath([.key($0)]).description }.joined(separator: ", ")
            if keys.count > maxKeysShown { shown += " and \(keys.count - maxKeysShown) more" }
            return "an object with \(keys.count == 1 ? "key" : "keys") \(shown)"
        case .array:
            let count = json.count
            if count == 0 { return "an empty array" }
            return "an array of \(count) \(count == 1 ? "element" : "elements")"
        case .string:
            return "the string \(shortText(json))"
        case .number:
            return "the number \(shortText(json))"
        case .bool, .null:
            return shortText(json)
        case nil:
            return "nothing"
        }
    }

    /// The value's compact text, cut to about ``maxScalarLength`` characters.
    static func shortText(_ json: JSON) -> String {
        let text = (try? json.text()) ?? "?"
        guard text.count > maxScalarLength else { return text }
        return String(text.prefix(maxScalarLength)) + "…"
    }

    /// `key` as a JSON string literal, as the package's writer escapes it.
    static func quoted(_ key: String) -> String {
        let writer = JSONWriter()
        guard (try? writer.string(key)) != nil, let bytes = try? writer.finish() else { return "\"\(key)\"" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
