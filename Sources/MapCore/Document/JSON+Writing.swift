extension JSON {
    /// The value as JSON text.
    ///
    /// - Parameter options: Layout; compact by default.
    /// - Throws: ``MappingError`` with code ``MappingError/Code/invalidWriterState`` for a missing view.
    public func text(options: JSONWriter.Options = JSONWriter.Options()) throws -> String {
        let writer = JSONWriter(options: options)
        try writer.value(self)
        return String(decoding: try writer.finish(), as: UTF8.self)
    }

    /// Compact text of the value cut to about `limit` characters, for messages.
    package func snippet(limit: Int) -> String {
        guard !isMissing, let text = try? text() else { return "(missing)" }
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// How ``summary(_:)`` words a value.
    package enum SummaryStyle {
        /// For errors and their chains: `an object of 2 keys`, `an array of 3`, `a string "abc"`.
        case brief
        /// For a reader looking for a value (`jsonmap get`): `an object with keys a, b`,
        /// `an array of 3 elements`, `the string "abc"`.
        case detailed
    }

    /// The value in a few English words, scalars quoted as their compact text cut to 40
    /// characters; `missing` for a missing view.
    package func summary(_ style: SummaryStyle = .brief) -> String {
        guard let kind else { return style == .brief ? "missing" : "nothing" }
        let count = self.count
        switch (kind, style) {
        case (.null, _), (.bool, .detailed):
            return snippet(limit: 40)
        case (.object, .brief):
            return "an object of \(count) key\(count == 1 ? "" : "s")"
        case (.object, .detailed):
            guard count > 0 else { return "an empty object" }
            let keys = self.keys
            let shownCount = 10
            var shown = keys.prefix(shownCount).map { JSONPath([.key($0)]).description }.joined(separator: ", ")
            if keys.count > shownCount { shown += " and \(keys.count - shownCount) more" }
            return "an object with \(keys.count == 1 ? "key" : "keys") \(shown)"
        case (.array, .brief):
            return "an array of \(count)"
        case (.array, .detailed):
            return count == 0 ? "an empty array" : "an array of \(count) \(count == 1 ? "element" : "elements")"
        case (_, .brief):
            return "\(kind.withArticle) \(snippet(limit: 40))"
        case (_, .detailed):
            return "the \(kind) \(snippet(limit: 40))"
        }
    }
}

extension JSON: CustomStringConvertible, CustomDebugStringConvertible {
    /// Compact JSON text, or `(missing)`.
    public var description: String {
        isMissing ? "(missing)" : ((try? text()) ?? "(unwritable)")
    }

    /// `JSON(backend: text)`, with the compact text cut to about 200 characters.
    public var debugDescription: String {
        "JSON(\(document.backendName): \(snippet(limit: 200)))"
    }
}
