/// The context's error factory: every ``MappingError`` a bridge throws is made here, with the
/// full path of the value, the value itself and its document's root.
extension MappingContext {
    /// An error about `json`, with its full path, value and root; its ``MappingError/actual`` is
    /// `json`'s kind. `expected`, `targetType` and `underlyingError` default to `nil`.
    public func error(
        _ code: MappingError.Code,
        at json: JSON,
        message: String,
        expected: JSONKind? = nil,
        targetType: String? = nil,
        underlyingError: (any Error)? = nil
    ) -> MappingError {
        MappingError(
            code: code,
            path: path(of: json),
            message: message,
            expected: expected,
            actual: json.kind,
            targetType: targetType,
            value: json.isMissing ? JSON?.none : json,
            root: json.root,
            underlyingError: underlyingError
        )
    }

    /// Throws ``kindError(expected:at:targetType:)`` for the value at `node`: one call where a
    /// bridge reads a node inline, instead of making the view and throwing the error there (code
    /// in every map function, for every field).
    @usableFromInline @inline(never)
    package func throwKindError(
        expected: JSONKind?,
        at node: JSONNode,
        of document: any JSONDocument,
        targetType: String
    ) throws -> Never {
        throw kindError(expected: expected, at: JSON(document: document, node: node), targetType: targetType)
    }

    /// The error for a value that is missing, null or of another kind than `expected` (`nil`: any
    /// kind).
    ///
    /// The code is ``MappingError/Code/missingKey`` or ``MappingError/Code/indexOutOfRange`` for a
    /// key or index that is not there, ``MappingError/Code/nullValue`` for `null`, and
    /// ``MappingError/Code/typeMismatch`` for a value of another kind or a step into a scalar.
    public func kindError(expected: JSONKind?, at json: JSON, targetType: String) -> MappingError {
        let wanted = expected?.withArticle ?? "a value"
        if let absence = json.absence {
            switch absence.reason {
            case .missingKey:
                return error(
                    .missingKey,
                    at: json,
                    message: "no value for key \"\(absence.trail.first.map(keyText) ?? "")\"; expected \(wanted)",
                    expected: expected,
                    targetType: targetType
                )
            case .indexOutOfRange(let count):
                return error(
                    .indexOutOfRange,
                    at: json,
                    message: "index \(absence.trail.first.map(keyText) ?? "") is out of range for an array of \(count)",
                    expected: expected,
                    targetType: targetType
                )
            case .notAContainer(let kind):
                let step = absence.trail.first.map(keyText) ?? ""
                return error(
                    .typeMismatch,
                    at: json,
                    message: "cannot look up \(step) in \(kind.withArticle)",
                    expected: expected,
                    targetType: targetType
                )
            }
        }
        let actual = json.document.kind(of: json.node)
        if actual == .null {
            return error(
                .nullValue,
                at: json,
                message: "expected \(wanted) for \(targetType), found null",
                expected: expected,
                targetType: targetType
            )
        }
        return error(
            .typeMismatch,
            at: json,
            message: "expected \(wanted) for \(targetType), found \(json.summary())",
            expected: expected,
            targetType: targetType
        )
    }

    private func keyText(_ component: JSONPath.Component) -> String {
        switch component {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }

    /// An error about the value being encoded at the current path (there is no JSON value yet).
    /// `targetType` and `underlyingError` default to `nil`.
    public func encodingError(
        _ code: MappingError.Code,
        message: String,
        targetType: String? = nil,
        underlyingError: (any Error)? = nil
    ) -> MappingError {
        MappingError(code: code, path: path, message: message, targetType: targetType, underlyingError: underlyingError)
    }

    /// The error for a NaN or infinity about to be written: JSON has no such numbers. Its code is
    /// ``MappingError/Code/notRepresentable``.
    public func nonFiniteError(_ value: some CustomStringConvertible, targetType: String) -> MappingError {
        encodingError(.notRepresentable, message: "\(value) is not a JSON number", targetType: targetType)
    }

    /// Makes any error thrown inside a bridge a ``MappingError`` about `json`: mapping errors pass
    /// through unchanged, anything else becomes ``MappingError/Code/other`` wrapping it.
    public func wrap(_ error: any Error, at json: JSON, targetType: String? = nil) -> MappingError {
        if let mappingError = error as? MappingError { return mappingError }
        return self.error(.other, at: json, message: "\(error)", targetType: targetType, underlyingError: error)
    }

    /// Makes any error thrown while encoding a ``MappingError`` at the current path: mapping errors
    /// pass through unchanged, anything else becomes ``MappingError/Code/other`` wrapping it.
    /// Call it inside ``withStep(_:node:_:)``, so the path still holds the step.
    public func wrapEncoding(_ error: any Error, targetType: String? = nil) -> MappingError {
        if let mappingError = error as? MappingError { return mappingError }
        return encodingError(.other, message: "\(error)", targetType: targetType, underlyingError: error)
    }

    /// `value` when the conversion gave one; else the error `code` (default
    /// ``MappingError/Code/bridgingFailed``) at `json` with `message` — the one check every
    /// converting bridge makes (a URL, a UUID, base64, a date, a decoder closure, an `init?(json:)`,
    /// a raw value, a number that does not fit).
    ///
    /// ```swift
    /// let text = try StringBridge().decode(json, in: context)
    /// return try context.converted(UUID(uuidString: text), at: json, targetType: "UUID") { "\"\(text)\" is not a UUID" }
    /// ```
    @inlinable
    public func converted<T>(
        _ value: T?,
        at json: JSON,
        code: MappingError.Code = .bridgingFailed,
        expected: JSONKind? = nil,
        targetType: @autoclosure () -> String,
        message: () -> String
    ) throws -> T {
        guard let value else {
            throw error(code, at: json, message: message(), expected: expected, targetType: targetType())
        }
        return value
    }

    /// `value` when the conversion gave one; else the ``MappingError/Code/bridgingFailed`` error
    /// about the value being encoded, with `message`.
    @inlinable
    public func convertedForEncoding<T>(_ value: T?, targetType: @autoclosure () -> String, message: () -> String)
        throws -> T
    {
        guard let value else {
            throw encodingError(.bridgingFailed, message: message(), targetType: targetType())
        }
        return value
    }
}
