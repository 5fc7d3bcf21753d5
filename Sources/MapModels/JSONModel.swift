public import MapCore

/// A model that reads itself from a document's nodes and writes itself to a writer, with no
/// `Decoder` or `Encoder` in between: what `@JSONModel` generates.
///
/// A conforming type is `Bridgeable` through ``ModelBridge``, so every idiom and entry point
/// that takes a bridgeable type — `Mapper`, the feeds, the server coders, a map's `<-`, a rule's
/// field, `=>` — reads and writes it directly. Its `Codable` conformance (generated too) takes the
/// same direct path under `JSONMappingDecoder` and `JSONMappingEncoder` (see
/// `JSONBridge.decodeDirectly(from:)`), and reads the same keys with the same rules through the
/// containers of any other decoder, Foundation's `JSONDecoder` included.
///
/// Conformers written by hand must keep that promise: ``decodeModel(_:of:in:)`` and `init(from:)`
/// accept the same JSON and produce equal values; ``encodeModel(to:in:)`` and `encode(to:)` write
/// the same members.
public protocol JSONModel: Bridgeable {
    /// The JSON kind the model is written as: `.object` for a struct or class, `.string` for an
    /// enum of string raw values, `nil` for an enum whose shapes vary (untagged).
    static var jsonKind: JSONKind? { get }

    /// Reads the model from the value at `node` of `document`.
    ///
    /// - Throws: `MappingError` made by `context`, at the path of the value that failed.
    static func decodeModel(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws
        -> Self

    /// Writes the model to `writer` as one complete JSON value.
    ///
    /// - Throws: `MappingError` made by `context`; the writer's own errors pass through.
    func encodeModel(to writer: some JSONWriting, in context: MappingContext) throws
}

extension JSONModel {
    /// A struct or class is written as an object.
    @inlinable
    public static var jsonKind: JSONKind? { .object }

    /// The model's bridge: its generated reads and writes.
    @inlinable
    public static var bridge: ModelBridge<Self> { ModelBridge() }
}

/// The bridge of a ``JSONModel``: calls the model's generated decode and encode.
public struct ModelBridge<Model: JSONModel>: JSONBridge {
    /// The bridge; there is nothing to configure.
    @inlinable
    public init() {}

    /// The model's ``JSONModel/jsonKind``.
    @inlinable
    public var kind: JSONKind? { Model.jsonKind }

    /// Reads the model from `json`; a missing value is the kind error for the model's kind.
    @inlinable
    public func decode(_ json: JSON, in context: MappingContext) throws -> Model {
        if json.isMissing {
            throw context.kindError(expected: Model.jsonKind, at: json, targetType: "\(Model.self)")
        }
        return try Model.decodeModel(json.node, of: json.document, in: context)
    }

    /// Reads the model from `node`, without a view.
    @inlinable
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Model {
        try Model.decodeModel(node, of: document, in: context)
    }

    /// Writes the model through its generated encode.
    @inlinable
    public func encode(_ value: Model, to writer: some JSONWriting, in context: MappingContext) throws {
        try value.encodeModel(to: writer, in: context)
    }
}
