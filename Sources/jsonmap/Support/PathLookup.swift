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

    /// `no key "c" at a.b[0] (found an object with keys x, y)`.
    static func message(for missing: Missing, in path: PathArgument) -> String {
        let step: String
        switch missing.step {
        case .key(let key): step = "key \(quoted(key))"
        case .index(let index): step = "index \(index)"
        }
        return "no \(step) at \(path.prefixDescription(missing.found)) (found \(missing.parent.summary(.detailed)))"
    }

    /// `key` as a JSON string literal, as the package's writer escapes it.
    static func quoted(_ key: String) -> String {
        let writer = JSONWriter()
        guard (try? writer.string(key)) != nil, let bytes = try? writer.finish() else { return "\"\(key)\"" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
