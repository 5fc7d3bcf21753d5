/// A field's three states — missing, `null`, or a value — kept apart, as a PATCH body needs them:
/// a missing key leaves a property alone, `null` clears it, a value sets it.
///
/// ```swift
/// struct ProfilePatch: JSONConvertible {
///     var nickname: Presence<String> = .absent
///     static func map(_ object: inout Self, _ json: Map) { object.nickname <- json["nickname"] }
/// }
/// ```
///
/// Decoding never fails for a missing key or `null` (a path that runs into a scalar still fails,
/// as a type mismatch); a value fails as its type's bridge fails. Encoding leaves an
/// ``absent`` field out — key and all —, writes `null` for ``null`` and the value for
/// ``value(_:)``. (An absent element of an array is written as `null`: arrays have no gaps.)
/// Works the same in a `Map` (`<-`), an `ObjectRule` (`.required("nickname", \.nickname)`)
/// and the throwing extraction (`let nickname: Presence<String> = try json => "nickname"`).
public enum Presence<Wrapped> {
    /// The key is not there.
    case absent
    /// The key is there, with `null`.
    case null
    /// The key is there, with a value.
    case value(Wrapped)

    /// The value, when there is one.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the key is there (with `null` or a value).
    public var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }
}

extension Presence: Sendable where Wrapped: Sendable {}
extension Presence: Equatable where Wrapped: Equatable {}
extension Presence: Hashable where Wrapped: Hashable {}

extension Presence: Bridgeable where Wrapped: Bridgeable {
    /// The bridge of a ``Presence`` of a ``Bridgeable`` type.
    public static var bridge: PresenceBridge<ImplicitBridge<Wrapped>> { PresenceBridge(ImplicitBridge<Wrapped>()) }
}

/// Reads and writes a ``Presence``, the value through another bridge.
public struct PresenceBridge<Base: JSONBridge>: JSONBridge {
    /// The bridge of the value.
    public let base: Base

    /// Presences whose values `base` reads and writes.
    public init(_ base: Base) {
        self.base = base
    }

    /// The base bridge's kind.
    public var kind: JSONKind? { base.kind }

    /// ``Presence/absent`` for a missing value, ``Presence/null`` for `null`, else the value.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Presence<Base.Value> {
        if json.isMissing {
            guard !json.isLookupInWrongKind else {
                throw context.kindError(expected: base.kind, at: json, targetType: "Presence<\(Base.Value.self)>")
            }
            return .absent
        }
        if json.kind == .null { return .null }
        return .value(try base.decode(json, in: context))
    }

    /// `null` for ``Presence/absent`` and ``Presence/null`` (an absent field is left out before
    /// this is reached; see ``omits(_:in:)``), the value otherwise.
    public func encode(_ value: Presence<Base.Value>, to writer: some JSONWriting, in context: MappingContext) throws {
        switch value {
        case .absent, .null: try writer.null()
        case .value(let wrapped): try base.encode(wrapped, to: writer, in: context)
        }
    }

    /// `true` for ``Presence/absent``: the field is left out.
    public func omits(_ value: Presence<Base.Value>, in context: MappingContext) -> Bool {
        if case .absent = value { return true }
        return false
    }
}
