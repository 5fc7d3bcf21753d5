/// Values of several types behind one: a protocol's conformers or an enum's payloads, told
/// apart by a discriminator key (`"type": "circle"`) or, without one, by trying each candidate.
///
/// ```swift
/// let shapes = PolymorphicBridge<any Shape>(discriminator: "type")
///     .case("circle", Circle.self)
///     .case("rect", Rect.self)
///     .fallback({ UnknownShape(raw: $0) }, raw: { ($0 as? UnknownShape)?.raw })
/// ```
///
/// - Tagged (`discriminator:`): the key's string picks the case, which reads the whole object
///   (the key included; a model need not map it). A missing key or a non-string fails; an
///   unregistered tag goes to the fallback, which can keep the raw `JSON`, or fails with
///   ``MappingError/Code/unknownDiscriminator`` naming the tag and the registered ones.
///   Encoding writes the tag first, then the case's members (a tag the model writes itself is
///   not written twice).
/// - Untagged (`init()`): the candidates are tried in order and the first that decodes wins;
///   the entries of the failed tries are dropped. When none fits, the error is
///   ``MappingError/Code/noMatchingCandidate``, with each candidate's own failure in
///   ``MappingError/candidateErrors``.
public struct PolymorphicBridge<Value>: JSONBridge {
    struct Case: Sendable {
        let tag: String
        let decode: @Sendable (JSON, MappingContext) throws -> Value
        /// Writes the value when it belongs to this case; `false` when it does not.
        let encode: @Sendable (Value, any JSONWriting, MappingContext) throws -> Bool
    }

    /// The key that names the case; `nil` for an untagged bridge.
    public let discriminator: String?
    let cases: [Case]
    let fallback: UnlistedFallback<Value>

    /// A bridge whose cases are named by the string at `discriminator`.
    public init(discriminator: String) {
        self.init(discriminator: discriminator, cases: [], fallback: UnlistedFallback())
    }

    /// An untagged bridge: each candidate is tried in order.
    public init() {
        self.init(discriminator: nil, cases: [], fallback: UnlistedFallback())
    }

    init(
        discriminator: String?,
        cases: [Case],
        fallback: UnlistedFallback<Value>
    ) {
        self.discriminator = discriminator
        self.cases = cases
        self.fallback = fallback
    }

    /// ``JSONKind/object`` when tagged; `nil` otherwise.
    public var kind: JSONKind? { discriminator == nil ? nil : .object }

    /// The bridge with one more case: `tag` (the discriminator's value, or the candidate's name)
    /// read by `bridge`, made a `Value` by `wrap`; `unwrap` gives the case's value back for
    /// encoding (`nil` for a value of another case).
    public func `case`<B: JSONBridge>(
        _ tag: String,
        _ bridge: B,
        wrap: @escaping @Sendable (B.Value) -> Value,
        unwrap: @escaping @Sendable (Value) -> B.Value?
    ) -> PolymorphicBridge {
        let newCase = Case(
            tag: tag,
            decode: { json, context in wrap(try bridge.decode(json, in: context)) },
            encode: { value, writer, context in
                guard let payload = unwrap(value) else { return false }
                try bridge.encode(payload, to: writer, in: context)
                return true
            }
        )
        return PolymorphicBridge(discriminator: discriminator, cases: cases + [newCase], fallback: fallback)
    }

    /// The bridge with one more case for a ``Bridgeable`` type that is a `Value` (a conformer of
    /// the protocol `Value` is the existential of): `.case("circle", Circle.self)`.
    public func `case`<T: Bridgeable & SendableMetatype>(_ tag: String, _ type: T.Type) -> PolymorphicBridge {
        let newCase = Case(
            tag: tag,
            decode: { json, context in
                let value = try ImplicitBridge<T>().decode(json, in: context)
                guard let wrapped = value as? Value else {
                    throw context.error(
                        .bridgingFailed,
                        at: json,
                        message: "\(T.self), registered as the case \"\(tag)\", is not a \(Value.self)",
                        targetType: "\(Value.self)"
                    )
                }
                return wrapped
            },
            encode: { value, writer, context in
                guard let payload = value as? T else { return false }
                try ImplicitBridge<T>().encode(payload, to: writer, in: context)
                return true
            }
        )
        return PolymorphicBridge(discriminator: discriminator, cases: cases + [newCase], fallback: fallback)
    }

    /// The bridge with a fallback for unregistered tags (tagged) or when no candidate fits
    /// (untagged): `make` receives the raw object, `raw` gives it back when encoding (`nil` for a
    /// value that is not a fallback).
    public func fallback(
        _ make: @escaping @Sendable (JSON) -> Value,
        raw: @escaping @Sendable (Value) -> JSON?
    ) -> PolymorphicBridge {
        PolymorphicBridge(discriminator: discriminator, cases: cases, fallback: UnlistedFallback(make: make, raw: raw))
    }

    // MARK: Decoding

    /// The case the discriminator names, or the first candidate that decodes.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Value {
        guard let discriminator else { return try decodeUntagged(json, in: context) }
        guard json.kind == .object else {
            throw context.kindError(expected: .object, at: json, targetType: "\(Value.self)")
        }
        context.noteKeyRead(discriminator, in: json)
        let tagJSON = json[discriminator]
        guard tagJSON.kind == .string, let tag = tagJSON.document.string(tagJSON.node) else {
            throw context.kindError(expected: .string, at: tagJSON, targetType: "the discriminator of \(Value.self)")
        }
        if let match = cases.first(where: { $0.tag == tag }) {
            return try match.decode(json, context)
        }
        if let value = fallback.value(for: json) { return value }
        throw context.error(
            .unknownDiscriminator,
            at: tagJSON,
            message:
                "unknown \(discriminator) \"\(tag)\" for \(Value.self); expected one of \(cases.map { "\"\($0.tag)\"" }.joined(separator: ", "))",
            expected: .string,
            targetType: "\(Value.self)"
        )
    }

    private func decodeUntagged(_ json: JSON, in context: MappingContext) throws -> Value {
        var failures: [(candidate: String, error: MappingError)] = []
        for candidate in cases {
            let mark = context.diagnosticsMark
            do {
                return try candidate.decode(json, context)
            } catch {
                context.discardEntries(since: mark)
                failures.append((candidate.tag, context.wrap(error, at: json, targetType: candidate.tag)))
            }
        }
        if !json.isMissing, let value = fallback.value(for: json) { return value }
        if json.isMissing { throw context.kindError(expected: nil, at: json, targetType: "\(Value.self)") }
        var error = context.error(
            .noMatchingCandidate,
            at: json,
            message: "no candidate for \(Value.self) fits: "
                + failures.map { "\($0.candidate) (\($0.error.code) at \($0.error.path))" }.joined(separator: "; "),
            targetType: "\(Value.self)"
        )
        error.candidateErrors = failures
        throw error
    }

    // MARK: Encoding

    /// Writes the value through the first case it belongs to — the tag first when tagged — or
    /// the fallback's raw value.
    public func encode(_ value: Value, to writer: some JSONWriting, in context: MappingContext) throws {
        for candidate in cases {
            guard let discriminator else {
                if try candidate.encode(value, writer, context) { return }
                continue
            }
            let builder = JSONBuilder()
            guard try candidate.encode(value, builder, context) else { continue }
            let object = try builder.makeJSON()
            guard object.kind == .object else {
                throw context.encodingError(
                    .unsupportedValue,
                    message:
                        "the \"\(candidate.tag)\" case of \(Value.self) wrote \(object.kind.map { $0.withArticle } ?? "nothing"), not an object for the discriminator",
                    targetType: "\(Value.self)"
                )
            }
            try writer.beginObject()
            try writer.key(discriminator)
            try writer.string(candidate.tag)
            try object.forEachMember { key, member in
                guard key != discriminator else { return }
                try writer.key(key)
                try writer.value(member)
            }
            try writer.endObject()
            return
        }
        try fallback.write(value, to: writer, in: context) {
            "\(type(of: value as Any)) is no registered case of \(Value.self)"
        }
    }
}

/// What a bridge of listed cases does with a value it does not list — an enum rule's unlisted
/// scalar, a polymorphic bridge's unknown tag: `make` keeps the raw JSON as a value, `raw` gives
/// it back when encoding (`nil` for a value that is not a fallback). Without `make`, an unlisted
/// value fails.
package struct UnlistedFallback<Value>: Sendable {
    let make: (@Sendable (JSON) -> Value)?
    let raw: (@Sendable (Value) -> JSON?)?

    /// No fallback: unlisted values fail.
    package init() {
        self.make = nil
        self.raw = nil
    }

    /// A fallback of `make` and `raw`.
    package init(make: @escaping @Sendable (JSON) -> Value, raw: @escaping @Sendable (Value) -> JSON?) {
        self.make = make
        self.raw = raw
    }

    /// The fallback's value for an unlisted `json`; `nil` without a fallback.
    package func value(for json: JSON) -> Value? {
        make?(json)
    }

    /// Writes the raw JSON the fallback kept in `value`, or throws
    /// ``MappingError/Code/bridgingFailed`` with `unlisted`'s message when it kept none.
    package func write(
        _ value: Value,
        to writer: some JSONWriting,
        in context: MappingContext,
        unlisted: () -> String
    ) throws {
        guard let raw, let json = raw(value) else {
            throw context.encodingError(.bridgingFailed, message: unlisted(), targetType: "\(Value.self)")
        }
        try writer.value(json)
    }
}
