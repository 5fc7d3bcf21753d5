public import JSONMapping

/// Follows `path` from `root` step by step and returns nil when it leads somewhere in the
/// document, else a description of the step that does not.
///
/// A key step must land on a member of an object and an index step on an element of an array:
/// the strict reading, not RFC 6901's lenient one, so that an error path names exactly what the
/// mapping read. Only the last step may fail — lead nowhere, or look a key or an index up in a
/// value of another kind — and only when `lastMayFail` (the error is about that step: a missing
/// key or element, a lookup in the wrong kind). A step below a string continues inside the JSON
/// the string holds, as a stringified JSON field's errors do.
public func unresolvedStep(of path: JSONPath, in root: JSON, lastMayFail: Bool) -> String? {
    var current = root
    for (position, component) in path.components.enumerated() {
        let isLast = position == path.components.count - 1
        if current.kind == .string, let text = current.document.string(current.node),
            let inner = try? Mapper(backend: NativeBackend()).parse(text)
        {
            // A stringified JSON field: its errors continue inside the string's own document.
            current = inner
        }
        let next: JSON
        switch component {
        case .key(let key):
            guard current.kind == .object else {
                if isLast && lastMayFail { return nil }
                return
                    "step \(position) (\(component)) is a key on a \(current.kind.map { "\($0)" } ?? "missing value")"
            }
            next = current[key]
        case .index(let index):
            guard current.kind == .array else {
                if isLast && lastMayFail { return nil }
                return
                    "step \(position) (\(component)) is an index on a \(current.kind.map { "\($0)" } ?? "missing value")"
            }
            next = current[index]
        }
        if next.isMissing {
            return isLast && lastMayFail ? nil : "step \(position) (\(component)) leads nowhere"
        }
        current = next
    }
    return nil
}

/// Whether an error with this code may name a path whose last step failed: a key or an element
/// that is not there, or a step looked up in a value of another kind (`typeMismatch`, "cannot
/// look up … in a number").
public func mayNameFailedStep(_ code: MappingError.Code) -> Bool {
    code == .missingKey || code == .indexOutOfRange || code == .typeMismatch
}

/// A `Codable` coding path as a JSON path, read against the document from `root`: where the value
/// reached is an object, a key is a member's name even when it has an `intValue` (the key
/// `"2026"` of a `[String: Int]` does, as JSONDecoder's does); elsewhere a key with an
/// `intValue` is an index.
public func jsonPath(ofCodingPath codingPath: [any CodingKey], in root: JSON) -> JSONPath {
    var components: [JSONPath.Component] = []
    var current = root
    for key in codingPath {
        if current.kind != .object, let index = key.intValue {
            components.append(.index(index))
            current = current[index]
        } else {
            components.append(.key(key.stringValue))
            current = current[key.stringValue]
        }
    }
    return JSONPath(components)
}
