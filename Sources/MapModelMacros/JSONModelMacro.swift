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
        /// The members that spell the types and expressions the user wrote, which only the model's
        /// body sees as the user does (see ``Model``): a final class's initializers (which a class's
        /// extension cannot declare; the `init()` it had before them, when it had one) and writes; a
        /// struct's reads, which its extension's initializers assign, and writes; a tagged enum's
        /// reads and writes. Nothing for a raw-value enum, whose extension spells no such type, and
        /// nothing for a declaration with problems (the extension expansion reports them).
        public static func expansion(
            of node: AttributeSyntax,
            providingMembersOf declaration: some DeclGroupSyntax,
            conformingTo protocols: [TypeSyntax],
            in context: some MacroExpansionContext
        ) throws -> [DeclSyntax] {
            if let enumeration = declaration.as(EnumDeclSyntax.self) {
                guard !RawValueEnum.applies(to: enumeration),
                    let model = taggedEnum(node, enumeration, diagnoses: false, in: context)
                else { return [] }
                return model.members().map { DeclSyntax(stringLiteral: $0) }
            }
            if let classDecl = declaration.as(ClassDeclSyntax.self) {
                guard classDecl.modifiers.contains(where: { $0.name.text == "final" }),
                    let model = model(of: node, classDecl, type: classDecl.name.text, diagnoses: false, in: context)
                else { return [] }
                var members = [model.readingInit(), model.codableDecode()]
                if hadDefaultInit(classDecl) { members.append("init() {}") }
                members += model.directEncode() + [model.codableEncode()]
                return members.map { DeclSyntax(stringLiteral: $0) }
            }
            guard declaration.is(StructDeclSyntax.self),
                let model = model(of: node, declaration, type: "Self", diagnoses: false, in: context)
            else { return [] }
            let values = [model.valuesAlias].compactMap { $0 } + [model.readValues(), model.decodeValues()]
            return (values + model.directEncode() + [model.codableEncode()]).map {
                DeclSyntax(stringLiteral: $0)
            }
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
                guard let model = taggedEnum(node, enumeration, in: context) else { return [] }
                return Model.extensionDecl(model.source(type: type.trimmedDescription, conformances: conformances))
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
            // The extension names the model `Self`, and what spells a type the user wrote is in the
            // body (see the member expansion).
            guard let model = model(of: node, declaration, type: "Self", in: context) else { return [] }
            var members = [model.codingKeys(), model.directDecode()]
            if !isClass { members += [model.readingInit(), model.codableDecode()] }
            let source = """
                extension \(type.trimmedDescription): \(conformances.joined(separator: ", ")) {
                \(members.joined(separator: "\n"))
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

        /// The tagged enum's model, named `Self`, or `nil` when the declaration has problems,
        /// reported through `context` when `diagnoses`.
        static func taggedEnum(
            _ node: AttributeSyntax,
            _ enumeration: EnumDeclSyntax,
            diagnoses: Bool = true,
            in context: some MacroExpansionContext
        ) -> TaggedEnum? {
            var convention = "asWritten"
            var tagging = Tagging.external
            for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
                switch argument.label?.text {
                case "keys":
                    convention = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
                case "tagging":
                    guard let spelled = Tagging(argument.expression) else {
                        if diagnoses {
                            context.diagnose(
                                Diagnostic(
                                    node: argument,
                                    message: ModelDiagnostic(
                                        message: "the tagging must be spelled out with string literals: .external, "
                                            + ".internal(tag: \"type\"), .adjacent(tag: \"t\", content: \"c\"), "
                                            + ".untagged",
                                        id: "taggingNotLiteral"
                                    )
                                )
                            )
                        }
                        return nil
                    }
                    tagging = spelled
                case "unknownMembers":
                    if diagnoses {
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
                    }
                    return nil
                default: break
                }
            }
            guard
                let cases = TaggedEnum.cases(
                    of: enumeration,
                    tagging: tagging,
                    convention: convention,
                    diagnoses: diagnoses,
                    in: context
                )
            else { return nil }
            return TaggedEnum(
                name: "Self",
                access: accessLevel(of: enumeration.modifiers),
                tagging: tagging,
                cases: cases
            )
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
