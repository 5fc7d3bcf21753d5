#if Macros
    import SwiftDiagnostics
    import SwiftSyntax
    import SwiftSyntaxMacros

    /// `@JSONModel` on an enum with raw values: the raw value read and written through its bridge,
    /// and a value no case has read as the `@JSONFallback` case when there is one.
    enum RawValueEnum {
        /// The raw-value types the macro reads and writes.
        static let rawTypes: Set<String> = [
            "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        ]
        /// Raw-value types a JSON model's enum cannot have.
        static let refusedRawTypes: Set<String> = ["Double", "Float", "Float16", "Character", "Substring"]

        /// Whether `enumeration` is a raw-value enum: cases without associated values and a raw
        /// type (every other enum is tagged).
        static func applies(to enumeration: EnumDeclSyntax) -> Bool {
            let cases = enumeration.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
            let hasPayload = cases.contains { $0.elements.contains { $0.parameterClause != nil } }
            guard !hasPayload, let first = enumeration.inheritanceClause?.inheritedTypes.first else { return false }
            let type = first.type.trimmedDescription
            return rawTypes.contains(type) || refusedRawTypes.contains(type)
        }

        static func expansion(
            of node: AttributeSyntax,
            _ enumeration: EnumDeclSyntax,
            type name: String,
            conformances: [String],
            in context: some MacroExpansionContext
        ) -> [ExtensionDeclSyntax] {
            let cases = enumeration.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
            let rawType = enumeration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
            let hasPayload = cases.contains { $0.elements.contains { $0.parameterClause != nil } }
            guard let rawType, !hasPayload, rawTypes.contains(rawType) else {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: ModelDiagnostic(
                            message: "@JSONModel on an enum with raw values needs String or integer raw values",
                            id: "unsupportedEnum"
                        )
                    )
                )
                return []
            }
            let fallbacks = cases.filter { declaration in
                declaration.attributes.contains {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "JSONFallback"
                }
            }
            guard fallbacks.count <= 1, fallbacks.first.map({ $0.elements.count == 1 }) ?? true else {
                context.diagnose(
                    Diagnostic(
                        node: Syntax(fallbacks.last ?? cases[0]),
                        message: ModelDiagnostic(
                            message: "an enum has at most one @JSONFallback case",
                            id: "twoFallbacks"
                        )
                    )
                )
                return []
            }
            var renamesCases = false
            for declaration in cases {
                for attribute in declaration.attributes.compactMap({ $0.as(AttributeSyntax.self) })
                where attribute.attributeName.trimmedDescription == "JSONKey" {
                    renamesCases = true
                    context.diagnose(
                        Diagnostic(
                            node: attribute,
                            message: ModelDiagnostic(
                                message: "a case of an enum with raw values is named by its raw value; "
                                    + "write the name as the raw value instead of @JSONKey",
                                id: "keyOnRawValueCase"
                            )
                        )
                    )
                }
            }
            let tagging = node.arguments?.as(LabeledExprListSyntax.self)?.first { $0.label?.text == "tagging" }
            if let tagging { context.diagnose(JSONModelMacro.taggingWithoutCases(tagging)) }
            if renamesCases || tagging != nil { return [] }
            let fallback = fallbacks.first?.elements.first?.name.text
            let access = JSONModelMacro.accessLevel(of: enumeration.modifiers)
            let bridge = "MapCore.ImplicitBridge<RawValue>()"
            let unknownDirect =
                fallback.map { "return .\($0)" }
                ?? "throw MapModels.ModelReader.unknownRawValue(raw, at: node, of: document, in: context, model: Self.self)"
            let unknownCodable =
                fallback.map { "self = .\($0)" }
                    ?? """
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath,
                            debugDescription: "Cannot initialize \(name) from invalid \(rawType) value \\(raw)"
                        )
                    )
                    """
            // The raw type is named `RawValue`, and the enum `Self`: spelled as the user wrote them, they
            // would name what the file sees, not what the enum's declaration sees.
            let source = """
                extension \(name): \(conformances.joined(separator: ", ")) {
                \(access)static var jsonKind: MapCore.JSONKind? { \(bridge).kind }
                \(access)static func decodeModel(
                    _ node: MapCore.JSONNode,
                    of document: any MapCore.JSONDocument,
                    in context: MapCore.MappingContext
                ) throws -> Self {
                    let raw = try \(bridge).decode(node, of: document, in: context)
                    if let value = Self(rawValue: raw) { return value }
                    \(unknownDirect)
                }
                \(access)func encodeModel(to writer: some MapCore.JSONWriting, in context: MapCore.MappingContext) throws {
                    try \(bridge).encode(self.rawValue, to: writer, in: context)
                }
                \(access)init(from decoder: any Swift.Decoder) throws {
                    let raw = try decoder.singleValueContainer().decode(RawValue.self)
                    if let value = Self(rawValue: raw) {
                        self = value
                    } else {
                        \(unknownCodable)
                    }
                }
                \(access)func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(self.rawValue)
                }
                }
                """
            return Model.extensionDecl(source)
        }
    }
#endif
