public import MapCore

/// The steps an encoding link writes at, below the mapped object, when that is not one of its keys.
@usableFromInline
final class EncodingSteps {
    /// The steps above the last one.
    @usableFromInline let parent: [JSONPath.Component]
    /// The last step; `nil` for the mapped object itself.
    @usableFromInline let last: JSONPath.Component?

    @usableFromInline
    init(parent: [JSONPath.Component], last: JSONPath.Component?) {
        self.parent = parent
        self.last = last
    }
}

/// A ``MapKey`` with the bridge that converts its value and, optionally, a validation.
///
/// Decoding, a required link (``required(_:)-(B.Value)``, `<-`) fails the map when the value is
/// missing, `null`, of another kind, rejected by the bridge or by the validation; an optional link
/// (``optional(_:)``, `<~`) leaves the property as it is when the value is missing or `null`, and
/// when it is of another kind or rejected records a warning entry and leaves it as well.
///
/// Encoding, a required link writes the property — `nil` fails the encode — and an optional one
/// writes it unless it is `nil` (then omitted, or `null` when
/// `MappingOptions.encodesNilAsNull` is set). The validation runs first: a value it rejects
/// fails a required link and is left out, with a warning, by an optional one.
public struct MapLink<B: JSONBridge>: ~Escapable {
    @usableFromInline let key: MapKey
    @usableFromInline let bridge: B
    @usableFromInline let validation: ((B.Value) -> Bool)?

    @usableFromInline @_lifetime(copy key)
    init(key: MapKey, bridge: B, validation: ((B.Value) -> Bool)?) {
        self.key = key
        self.bridge = bridge
        self.validation = validation
    }

    /// This link with a validation added; with one already there, both must pass (the `§` operator).
    @inlinable @_lifetime(copy self)
    public func validated(_ validation: @escaping (B.Value) -> Bool) -> MapLink<B> {
        guard let existing = self.validation else {
            return MapLink(key: key, bridge: bridge, validation: validation)
        }
        return MapLink(key: key, bridge: bridge) { existing($0) && validation($0) }
    }

    /// Links a property as required (`<-`).
    @inlinable
    public func required(_ property: inout B.Value) {
        let map = key.map
        switch map.direction {
        case .decoding:
            if let value = decodeRequired() { property = value }
        case .checking:
            _ = decodeRequired()
        case .encoding:
            encode(property, required: true)
        }
    }

    /// Links an optional property as required (`<-`): the value must be there and valid, and
    /// `nil` cannot be encoded.
    @inlinable
    public func required(_ property: inout B.Value?) {
        let map = key.map
        switch map.direction {
        case .decoding:
            if let value = decodeRequired() { property = value }
        case .checking:
            _ = decodeRequired()
        case .encoding:
            guard let value = property else {
                requiredPropertyIsNil()
                return
            }
            encode(value, required: true)
        }
    }

    /// Links an optional property as optional (`<~`).
    @inlinable
    public func optional(_ property: inout B.Value?) {
        let map = key.map
        switch map.direction {
        case .decoding:
            if let value = decodeOptional() { property = value }
        case .checking:
            _ = decodeOptional()
        case .encoding:
            guard let value = property else {
                if map.context.options.encodesNilAsNull { map.encoder?.writeNull(parent: key.parent, last: key.last) }
                return
            }
            encode(value, required: false)
        }
    }

    // MARK: Decoding

    // The success path is inlinable, so it specializes in the caller's module with the link's
    // bridge; every failure goes to an out-of-line function.

    @inlinable
    func decodeRequired() -> B.Value? {
        do {
            let value = try key.read(with: bridge)
            if let validation, !validation(value) {
                requiredValidationFailed(key.decodingView)
                return nil
            }
            return value
        } catch {
            requiredFailed(error, key.decodingView)
            return nil
        }
    }

    @inlinable
    func decodeOptional() -> B.Value? {
        switch key.place {
        case .absentMember:
            return nil
        case .missing:
            // Absent — unless the path ran into a scalar (`links.home` in `{"links": "x"}`),
            // which is a type mismatch, not an absence.
            let json = key.decodingView
            if json.isLookupInWrongKind { optionalLookupFailed(json) }
            return nil
        case .none, .key, .steps:
            break
        }
        let map = key.map
        guard map.document.kind(of: key.node) != .null else { return nil }
        let mark = map.context.diagnosticsMark
        do {
            let value = try key.read(with: bridge)
            if let validation, !validation(value) {
                optionalValidationFailed(key.decodingView)
                return nil
            }
            return value
        } catch {
            optionalFailed(error, key.decodingView, since: mark)
            return nil
        }
    }

    @usableFromInline
    func requiredValidationFailed(_ json: JSON) {
        key.map.fail(
            key.map.context.error(
                .validationFailed,
                at: json,
                message: validationMessage(json),
                targetType: "\(B.Value.self)"
            )
        )
    }

    @usableFromInline
    func requiredFailed(_ error: any Error, _ json: JSON) {
        key.map.fail(key.map.context.wrap(error, at: json, targetType: "\(B.Value.self)"))
    }

    @usableFromInline
    func optionalLookupFailed(_ json: JSON) {
        let context = key.map.context
        let failure = context.kindError(expected: bridge.kind, at: json, targetType: "\(B.Value.self)")
        context.warn(.wrongType, at: json, message: "optional value skipped: \(failure.message)", code: failure.code)
    }

    @usableFromInline
    func optionalValidationFailed(_ json: JSON) {
        key.map.context.warn(
            .validationFailed,
            at: json,
            message: "optional value skipped: \(validationMessage(json))",
            code: .validationFailed
        )
    }

    /// What failed inside (a nested map's links) is tolerated here: warnings, not errors — one
    /// entry per problem, so the skip itself is reported only when nothing inside was.
    @usableFromInline
    func optionalFailed(_ error: any Error, _ json: JSON, since mark: Int) {
        let context = key.map.context
        context.demoteErrors(since: mark)
        guard context.diagnosticsMark == mark else { return }
        let failure = context.wrap(error, at: json, targetType: "\(B.Value.self)")
        context.warn(
            LogEntry.Kind(code: failure.code),
            at: json,
            message: "optional value skipped: \(failure.message)",
            code: failure.code
        )
    }

    private func validationMessage(_ json: JSON) -> String {
        "\(json.snippet(limit: 60)) did not pass the validation of \(B.Value.self)"
    }

    // MARK: Encoding

    @inlinable
    func encode(_ value: B.Value, required: Bool) {
        if let validation, !validation(value) {
            encodingValidationFailed(required: required)
            return
        }
        key.map.encode(value, with: bridge, at: key, required: required)
    }

    @usableFromInline
    func requiredPropertyIsNil() {
        let map = key.map
        map.fail(
            map.context.encodingError(
                .missingKey,
                message: "the required property mapped to \(key.path) is nil",
                targetType: "\(B.Value.self)"
            ).prefixed(by: key)
        )
    }

    @usableFromInline
    func encodingValidationFailed(required: Bool) {
        let map = key.map
        let message = "the value mapped to \(key.path) did not pass the validation of \(B.Value.self)"
        if required {
            map.fail(
                map.context.encodingError(.validationFailed, message: message, targetType: "\(B.Value.self)")
                    .prefixed(by: key)
            )
        } else {
            map.context.withSteps(key.path) {
                map.context.warn(.validationFailed, at: nil, message: "optional value left out: \(message)")
            }
        }
    }
}

extension MappingError {
    /// The error with the link's place appended to its path (encoding errors are made before the
    /// step is taken).
    @usableFromInline
    func prefixed(by key: MapKey) -> MappingError {
        var copy = self
        copy.path = path.appending(key.path)
        return copy
    }
}
