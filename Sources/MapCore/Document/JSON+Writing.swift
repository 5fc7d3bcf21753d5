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
