public import MapCore

/// A key or path with defaults, for the throwing extraction:
/// `let retries: Int = try json => Defaulted("retries", ifAbsent: 3, ifInvalid: 3)`.
public struct Defaulted<Value: Bridgeable & Equatable & Sendable>: Sendable {
    /// Where the value is.
    public var path: JSONPath
    /// The value used when the JSON has none (missing or `null`).
    public var ifAbsent: Value?
    /// The value used when the JSON's value is invalid (reported as a warning).
    public var ifInvalid: Value?

    /// The value at `path`, with the given defaults.
    public init(_ path: JSONPath, ifAbsent: Value? = nil, ifInvalid: Value? = nil) {
        self.path = path
        self.ifAbsent = ifAbsent
        self.ifInvalid = ifInvalid
    }
}

extension JSON {
    /// The value at `path` as `T`, with defaults for an absent and an invalid value — the named
    /// form of `json => Defaulted(path, ifAbsent:ifInvalid:)`.
    public func value<T: Bridgeable & Equatable & Sendable>(
        _ type: T.Type = T.self,
        at path: JSONPath,
        ifAbsent: T? = nil,
        ifInvalid: T? = nil
    ) throws -> T {
        MappingContext.current?.noteKeyReads(along: path, from: self)
        return try self[path].decode(with: ImplicitBridge<T>().defaulting(ifAbsent: ifAbsent, ifInvalid: ifInvalid))
    }
}

/// The value at a path with defaults: `try json => Defaulted("retries", ifAbsent: 3)`.
public func => <T>(json: JSON, defaulted: Defaulted<T>) throws -> T {
    try json.value(at: defaulted.path, ifAbsent: defaulted.ifAbsent, ifInvalid: defaulted.ifInvalid)
}
