#if Macros
    import SwiftDiagnostics
    public import SwiftSyntax
    import SwiftSyntaxBuilder
    public import SwiftSyntaxMacros

    /// The field controls: markers read by `@JSONModel`, which expand to nothing themselves.
    public struct FieldControlMacro: PeerMacro {
        public static func expansion(
            of node: AttributeSyntax,
            providingPeersOf declaration: some DeclSyntaxProtocol,
            in context: some MacroExpansionContext
        ) throws -> [DeclSyntax] {
            let name = node.attributeName.trimmedDescription
            let fits =
                name == "JSONFallback"
                ? declaration.is(EnumCaseDeclSyntax.self)
                : declaration.is(VariableDeclSyntax.self)
                    || name == "JSONKey" && declaration.is(EnumCaseDeclSyntax.self)
            if !fits {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: ModelDiagnostic(
                            message: node.attributeName.trimmedDescription == "JSONFallback"
                                ? "@JSONFallback applies to an enum case"
                                : "@\(node.attributeName.trimmedDescription) applies to a stored property",
                            id: "controlNotOnProperty"
                        )
                    )
                )
            }
            return []
        }
    }

    /// `@JSONModel`: a model's direct decode and encode over the package's documents and writers,
    /// and its `Codable` conformance with the same keys and rules.
    public struct JSONModelMacro: ExtensionMacro {
        public static func expansion(
            of node: AttributeSyntax,
            attachedTo declaration: some DeclGroupSyntax,
            providingExtensionsOf type: some TypeSyntaxProtocol,
            conformingTo protocols: [TypeSyntax],
            in context: some MacroExpansionContext
        ) throws -> [ExtensionDeclSyntax] {
            let wanted = Set(protocols.map(\.trimmedDescription))
            var conformances = ["MapModels.JSONModel"]
            if wanted.contains("Decodable") || wanted.contains("Swift.Decodable") { conformances.append("Decodable") }
            if wanted.contains("Encodable") || wanted.contains("Swift.Encodable") { conformances.append("Encodable") }
            if let enumeration = declaration.as(EnumDeclSyntax.self) {
                if RawValueEnum.applies(to: enumeration) {
                    return RawValueEnum.expansion(
                        of: node,
                        enumeration,
                        type: type.trimmedDescription,
                        conformances: conformances,
                        in: context
                    )
                }
                return taggedEnum(node, enumeration, type: type.trimmedDescription, conformances, in: context)
            }
            guard let structure = declaration.as(StructDeclSyntax.self) else {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: ModelDiagnostic(
                            message: "@JSONModel applies to a struct or a raw-value enum in this version",
                            id: "unsupportedDeclaration"
                        )
                    )
                )
                return []
            }
            var convention = "asWritten"
            var refuses = false
            for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
                let value = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
                switch argument.label?.text {
                case "keys": convention = value
                case "unknownMembers": refuses = value == "refuse"
                default: break
                }
            }
            var diagnostics: [Diagnostic] = []
            let fields = FieldParser.fields(
                of: structure.memberBlock.members,
                convention: convention,
                diagnostics: &diagnostics
            )
            diagnoseDuplicateKeys(fields, into: &diagnostics)
            if fields.filter(\.rest).count > 1 {
                diagnostics.append(
                    Diagnostic(
                        node: node,
                        message: ModelDiagnostic(message: "a model has at most one @JSONRest property", id: "twoRests")
                    )
                )
            }
            if refuses, let rest = fields.first(where: \.rest) {
                diagnostics.append(
                    Diagnostic(
                        node: rest.syntax,
                        message: ModelDiagnostic(
                            message: "a model that refuses unknown members has none for @JSONRest to capture",
                            id: "restWithRefusal"
                        )
                    )
                )
            }
            guard diagnostics.isEmpty else {
                diagnostics.forEach(context.diagnose)
                return []
            }
            let access = accessLevel(of: structure.modifiers)
            let model = Model(
                name: type.trimmedDescription,
                access: access,
                fields: fields,
                refusesUnknownMembers: refuses
            )
            let source = """
                extension \(model.name): \(conformances.joined(separator: ", ")) {
                \(model.codingKeys())
                \(model.directDecode())
                \(model.directEncode())
                \(model.codableDecode())
                \(model.codableEncode())
                }
                """
            return Model.extensionDecl(source)
        }

        static func taggedEnum(
            _ node: AttributeSyntax,
            _ enumeration: EnumDeclSyntax,
            type name: String,
            _ conformances: [String],
            in context: some MacroExpansionContext
        ) -> [ExtensionDeclSyntax] {
            var convention = "asWritten"
            var tagging = Tagging.external
            for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
                switch argument.label?.text {
                case "keys":
                    convention = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
                case "tagging":
                    guard let spelled = Tagging(argument.expression) else {
                        context.diagnose(
                            Diagnostic(
                                node: argument,
                                message: ModelDiagnostic(
                                    message: "the tagging must be spelled out with string literals: .external, "
                                        + ".internal(tag: \"type\"), .adjacent(tag: \"t\", content: \"c\"), .untagged",
                                    id: "taggingNotLiteral"
                                )
                            )
                        )
                        return []
                    }
                    tagging = spelled
                case "unknownMembers":
                    context.diagnose(
                        Diagnostic(
                            node: argument,
                            message: ModelDiagnostic(
                                message: "unknownMembers applies to a struct or a class: an enum's cases read "
                                    + "different members",
                                id: "unknownMembersOnEnum"
                            )
                        )
                    )
                    return []
                default: break
                }
            }
            guard let cases = TaggedEnum.cases(of: enumeration, tagging: tagging, convention: convention, in: context)
            else { return [] }
            let model = TaggedEnum(
                name: name,
                access: accessLevel(of: enumeration.modifiers),
                tagging: tagging,
                cases: cases
            )
            return Model.extensionDecl(model.source(conformances: conformances))
        }

        static func accessLevel(of modifiers: DeclModifierListSyntax) -> String {
            for modifier in modifiers {
                switch modifier.name.text {
                case "public", "open": return "public "
                case "package": return "package "
                default: continue
                }
            }
            return ""
        }

        static func diagnoseDuplicateKeys(_ fields: [ModelField], into diagnostics: inout [Diagnostic]) {
            var owners: [String: String] = [:]
            for field in fields where !field.ignored && !field.rest {
                for key in field.keys {
                    if let owner = owners[key] {
                        diagnostics.append(
                            Diagnostic(
                                node: field.syntax,
                                message: ModelDiagnostic(
                                    message: "'\(field.name)' and '\(owner)' both map to the key \"\(key)\"",
                                    id: "duplicateKey"
                                )
                            )
                        )
                    } else {
                        owners[key] = field.name
                    }
                }
            }
        }
    }
#endif
