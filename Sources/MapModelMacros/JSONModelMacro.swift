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
    public struct JSONModelMacro: ExtensionMacro, MemberMacro {
        /// A final class's initializers, which a class's extension cannot declare: the direct read, the
        /// `Codable` one, and the `init()` the class had before they were declared, when it had one.
        /// Nothing for a struct or an enum, and nothing for a class with problems (the extension
        /// expansion reports them).
        public static func expansion(
            of node: AttributeSyntax,
            providingMembersOf declaration: some DeclGroupSyntax,
            conformingTo protocols: [TypeSyntax],
            in context: some MacroExpansionContext
        ) throws -> [DeclSyntax] {
            guard let classDecl = declaration.as(ClassDeclSyntax.self),
                classDecl.modifiers.contains(where: { $0.name.text == "final" }),
                let model = model(of: node, classDecl, type: classDecl.name.text, diagnoses: false, in: context)
            else { return [] }
            var members = [
                DeclSyntax(stringLiteral: model.readingInit()), DeclSyntax(stringLiteral: model.codableDecode()),
            ]
            if hadDefaultInit(classDecl) { members.append("init() {}") }
            return members
        }

        /// The error for a `tagging:` argument on a model without cases that carry values.
        static func taggingWithoutCases(_ argument: LabeledExprSyntax) -> Diagnostic {
            Diagnostic(
                node: argument,
                message: ModelDiagnostic(
                    message: "tagging applies to an enum with associated values",
                    id: "taggingWithoutCases"
                )
            )
        }

        /// The fix-it that writes `final` before the `class` keyword.
        static func markFinal(_ declaration: some DeclGroupSyntax) -> FixIt {
            let position =
                declaration.as(ClassDeclSyntax.self)?.classKeyword.positionAfterSkippingLeadingTrivia
                ?? declaration.positionAfterSkippingLeadingTrivia
            return FixIt(
                message: ModelFixIt(message: "mark the class final"),
                changes: [.replaceText(range: position..<position, with: "final ", in: Syntax(declaration))]
            )
        }

        /// Whether the class has the implicit `init()`: no initializer of its own, and an initial value
        /// for every stored property (`nil` for an optional `var`).
        static func hadDefaultInit(_ classDecl: ClassDeclSyntax) -> Bool {
            var initialized = true
            for item in classDecl.memberBlock.members {
                if item.decl.is(InitializerDeclSyntax.self) { return false }
                guard let variable = item.decl.as(VariableDeclSyntax.self),
                    !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
                else { continue }
                let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
                for binding in variable.bindings {
                    if let accessors = binding.accessorBlock, !FieldParser.isObserverBlock(accessors) { continue }
                    let optional =
                        binding.typeAnnotation.map {
                            $0.type.is(OptionalTypeSyntax.self)
                                || $0.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                        } ?? false
                    if binding.initializer == nil && !(isVar && optional) { initialized = false }
                }
            }
            return initialized
        }

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
            let isClass = declaration.is(ClassDeclSyntax.self)
            guard declaration.is(StructDeclSyntax.self) || isClass else {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: ModelDiagnostic(
                            message: "@JSONModel applies to a struct, a final class or an enum",
                            id: "unsupportedDeclaration"
                        )
                    )
                )
                return []
            }
            if isClass, !declaration.modifiers.contains(where: { $0.name.text == "final" }) {
                context.diagnose(
                    Diagnostic(
                        node: node,
                        message: ModelDiagnostic(
                            message: "@JSONModel applies to a final class: a subclass would inherit a decode that "
                                + "makes an instance of this class and reads none of the subclass's properties",
                            id: "classNotFinal"
                        ),
                        fixIt: markFinal(declaration)
                    )
                )
                return []
            }
            guard let model = model(of: node, declaration, type: type.trimmedDescription, in: context) else {
                return []
            }
            // A class's initializers are members of its body (see the member expansion).
            let source = """
                extension \(model.name): \(conformances.joined(separator: ", ")) {
                \(model.codingKeys())
                \(model.directDecode())
                \(isClass ? "" : model.readingInit())
                \(model.directEncode())
                \(isClass ? "" : model.codableDecode())
                \(model.codableEncode())
                }
                """
            return Model.extensionDecl(source)
        }

        /// The model of a struct's or a class's stored properties, or `nil` when the declaration has
        /// problems, reported through `context` when `diagnoses`.
        static func model(
            of node: AttributeSyntax,
            _ declaration: some DeclGroupSyntax,
            type name: String,
            diagnoses: Bool = true,
            in context: some MacroExpansionContext
        ) -> Model? {
            var convention = "asWritten"
            var refuses = false
            var diagnostics: [Diagnostic] = []
            for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
                let value = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
                switch argument.label?.text {
                case "keys": convention = value
                case "unknownMembers": refuses = value == "refuse"
                case "tagging": diagnostics.append(taggingWithoutCases(argument))
                default: break
                }
            }
            let fields = FieldParser.fields(
                of: declaration.memberBlock.members,
                convention: convention,
                diagnostics: &diagnostics
            )
            diagnoseDuplicateKeys(fields, into: &diagnostics)
            FieldParser.diagnoseCodingKeys(
                in: declaration.memberBlock.members,
                generated: ["CodingKeys"],
                fields: fields,
                into: &diagnostics
            )
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
                if diagnoses { diagnostics.forEach(context.diagnose) }
                return nil
            }
            return Model(
                name: name,
                access: accessLevel(of: declaration.modifiers),
                fields: fields,
                refusesUnknownMembers: refuses,
                isClass: declaration.is(ClassDeclSyntax.self)
            )
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
