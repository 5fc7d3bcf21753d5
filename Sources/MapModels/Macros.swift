/// How `@JSONModel` names the JSON keys of the properties that do not name their own with
/// `@JSONKey`; applied when the macro expands, so no key is converted at run time.
public enum KeyConvention: Sendable {
    /// The property's name as written: `userName`.
    case asWritten
    /// `user_name`.
    case snakeCase
    /// `user-name`.
    case kebabCase
    /// `userName` (a leading capital lowered).
    case camelCase
    /// `UserName`.
    case pascalCase
    /// `USER_NAME`.
    case screamingSnakeCase
}

/// What `@JSONModel` does with an object's members that no property names.
public enum UnknownMembers: Sendable {
    /// Ignores them, as `Codable` does.
    case ignore
    /// Refuses the object: one `MappingError.Code.unknownMember` error that lists every such
    /// member (serde's `deny_unknown_fields`).
    case refuse
}

/// When `@JSONDefault`'s value stands in for a member.
public enum DefaultWhen: Sendable {
    /// When the member is not there; `null` is read as the property's type reads it.
    case missing
    /// When the member is `null`; a missing member is an error (unless the type is optional).
    case null
    /// When the member is not there or is `null`.
    case missingOrNull
}

/// How `@JSONModel` names the case of an enum with associated values in JSON: serde's four
/// enum representations, with serde's names (`tag`, `content`, `untagged`).
///
/// An associated value with a label is a member of the case's content, named by its label (under
/// the type's key convention); several unlabelled values are the members `_0`, `_1`, … (as Swift's
/// own `Codable` names them); a single unlabelled value is the content itself. A case's name is
/// its tag, under the type's key convention, or as `@JSONKey` on the case names it.
public enum EnumTagging: Sendable {
    /// `{"circle": {"radius": 1}}`: an object of one member, named by the case, whose value is the
    /// content; a case without associated values is the bare string `"none"` (and is read from an
    /// object of one member too, as Swift's own `Codable` writes it). The default: what Swift's
    /// own `Codable` and serde do.
    case external
    /// `{"type": "circle", "radius": 1}`: the tag is a member of the content, so every case's
    /// content is an object: labelled values, or a single value of a type written as an object.
    case `internal`(tag: String)
    /// `{"t": "circle", "c": {"radius": 1}}`: the tag and the content side by side; a case without
    /// associated values has no content member.
    case adjacent(tag: String, content: String)
    /// `{"radius": 1}`: no tag; the first case (in declaration order) whose content reads the
    /// value is taken, and a case without associated values is `null`. When none reads it, one
    /// `MappingError.Code.noMatchingCandidate` error keeps every case's own error, at its path.
    case untagged
}

#if Macros
    /// Generates a model's direct reads and writes over the package's documents and writers, and a
    /// matching `Codable` conformance.
    ///
    /// It applies to a struct, an enum and a `final` class. A class's initializers are declared in
    /// its body (an extension cannot declare them); a class that had the implicit `init()` keeps
    /// it. A class that is not `final` is refused: a subclass would inherit a decode that makes an
    /// instance of the superclass and reads none of the subclass's properties.
    ///
    /// Every generated declaration that spells a type or an expression of the model's declaration
    /// is a member of its body, so that it names what the declaration names, when the model is
    /// nested in another type too; the extension holds the conformances and what spells none. A
    /// struct's initializers are in the extension, so that it keeps its memberwise initializer:
    /// they assign what the body's `_readJSONModel` and `_decodeJSONModel` read.
    ///
    /// Named for what the declaration becomes — a JSON model, the ``JSONModel`` protocol it conforms
    /// to — and not `@JSONCodable`, the name of the Swift project's prototype macro, so that both
    /// can be used in one program.
    ///
    /// - Parameters:
    ///   - keys: How keys are made from property names, and tags from case names (see
    ///     ``KeyConvention``).
    ///   - unknownMembers: What to do with members no property names (see ``UnknownMembers``); a
    ///     struct's or a class's.
    ///   - tagging: How an enum with associated values names its case (see ``EnumTagging``);
    ///     spelled with string literals, read when the macro expands.
    @attached(extension, conformances: JSONModel, Decodable, Encodable, names: arbitrary)
    @attached(
        member,
        names: named(init),
        named(decodeModel),
        named(encodeModel),
        named(encode),
        named(_readJSONModel),
        named(_JSONModelValues),
        named(_decodeJSONModel),
        named(_encodeJSONModel)
    )
    public macro JSONModel(
        keys: KeyConvention = .asWritten,
        unknownMembers: UnknownMembers = .ignore,
        tagging: EnumTagging = .external
    ) = #externalMacro(module: "MapModelMacros", type: "JSONModelMacro")

    /// The JSON key of a property, or the tag of an enum's case (serde's `rename`).
    @attached(peer)
    public macro JSONKey(_ key: StaticString) = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// Other keys accepted when decoding, tried in order after the property's key (serde's `alias`).
    @attached(peer)
    public macro JSONAlias(_ keys: StaticString...) =
        #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// The value a property takes when its member is missing, `null`, or either (serde's `default`).
    @attached(peer)
    public macro JSONDefault<T>(_ value: T, when: DefaultWhen = .missing) =
        #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// A property the macro neither reads nor writes; it must have an initial value (serde's `skip`).
    @attached(peer)
    public macro JSONIgnored() = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// Leaves the member out when encoding if the property equals its `@JSONDefault` value
    /// (serde's `skip_serializing_if`). An optional property is left out when `nil` in any case,
    /// as `Codable` does.
    @attached(peer)
    public macro JSONOmitIfDefault() = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// A check of the decoded value; a value it refuses fails the decode with
    /// `MappingError.Code.validationFailed` at the member's path.
    @attached(peer)
    public macro JSONValidate<T>(_ isValid: (T) -> Bool) =
        #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// An array read element by element: an element that does not convert is dropped, and the
    /// drop recorded as a warning at the element's path, instead of failing the model.
    @attached(peer)
    public macro JSONLossy() = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// A `[String: JSON]` property that captures every member no other property names (serde's
    /// `flatten` into a map), and writes them back after the named members.
    @attached(peer)
    public macro JSONRest() = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// The case an enum with raw values takes for a raw value no case has (an API's newer value),
    /// instead of failing; writing it writes its own raw value. On a tagged enum, a case without
    /// associated values that takes a tag no case has, and writes its own (serde's `other`).
    @attached(peer)
    public macro JSONFallback() = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")

    /// The bridge that reads and writes the property: a per-field strategy for dates, data and
    /// numbers (`DateBridge(.millisecondsSince1970)`, `DataBridge()`, …), or any bridge.
    @attached(peer)
    public macro JSONUsing<B>(_ bridge: B) = #externalMacro(module: "MapModelMacros", type: "FieldControlMacro")
#endif
