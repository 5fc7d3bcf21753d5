#if Macros
    import SwiftDiagnostics
    import SwiftSyntax

    /// A stored property of a model, with its field controls read from its attributes.
    struct ModelField {
        var name: String
        /// The declared type, as written.
        var type: String
        /// The type inside `Optional`, or the type itself.
        var wrapped: String
        var isOptional: Bool
        /// The element type of an array type.
        var element: String?
        var key: String
        var aliases: [String] = []
        var defaultValue: String?
        var defaultWhen = "missing"
        var ignored = false
        var omitIfDefault = false
        var validation: String?
        var lossy = false
        var rest = false
        var bridge: String?
        var syntax: Syntax
        /// The `@JSONOmitIfDefault` attribute, where a fix-it adds the default it needs.
        var omitAttribute: Syntax?

        /// Every key the field is read from: its own, then its aliases.
        var keys: [String] { [key] + aliases }

        /// The bridge of the (wrapped) value: the field's own, or the type's implicit one.
        var valueBridge: String {
            if lossy { return "MapCore.ArrayBridge(\(elementBridge))" }
            return bridge ?? "MapCore.ImplicitBridge<\(wrapped)>()"
        }

        /// The bridge of each element of a lossy array.
        var elementBridge: String { bridge ?? "MapCore.ImplicitBridge<\(element ?? wrapped)>()" }

        /// Whether the `Codable` path reads and writes the value through its bridge rather than the
        /// container's own methods: a field with a bridge of its own, and the Foundation values whose
        /// `Codable` form depends on a coder's strategies, so that both paths agree.
        var codesThroughBridge: Bool {
            bridge != nil || ["Date", "Data", "Foundation.Date", "Foundation.Data"].contains(wrapped)
        }
    }

    /// A problem with a model declaration, reported where the macro expands.
    struct ModelDiagnostic: DiagnosticMessage {
        let message: String
        let id: String
        var severity: DiagnosticSeverity { .error }
        var diagnosticID: MessageID { MessageID(domain: "MapModelMacros", id: id) }
    }

    /// The fix-it message of a diagnostic.
    struct ModelFixIt: FixItMessage {
        let message: String
        var fixItID: MessageID { MessageID(domain: "MapModelMacros", id: message) }
    }

    enum FieldParser {
        static let controls: Set<String> = [
            "JSONKey", "JSONAlias", "JSONDefault", "JSONIgnored", "JSONOmitIfDefault", "JSONValidate",
            "JSONLossy", "JSONRest", "JSONUsing",
        ]

        /// The stored properties of `members`, each with its controls; problems are added to
        /// `diagnostics`.
        static func fields(
            of members: MemberBlockItemListSyntax,
            convention: String,
            diagnostics: inout [Diagnostic]
        ) -> [ModelField] {
            var fields: [ModelField] = []
            for item in members {
                guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
                if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) {
                    continue
                }
                let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
                for binding in variable.bindings {
                    if let accessors = binding.accessorBlock, !isObserverBlock(accessors) { continue }
                    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    let name = String(pattern.identifier.text.filter { $0 != "`" })
                    var field = ModelField(
                        name: name,
                        type: "",
                        wrapped: "",
                        isOptional: false,
                        key: KeyNames.convert(name, to: convention),
                        syntax: Syntax(binding)
                    )
                    read(variable.attributes, into: &field, diagnostics: &diagnostics)
                    if isLet && binding.initializer != nil { field.ignored = true }
                    if field.ignored {
                        if binding.initializer == nil {
                            diagnostics.append(
                                Diagnostic(
                                    node: binding,
                                    message: ModelDiagnostic(
                                        message: "an ignored property needs an initial value",
                                        id: "ignoredWithoutValue"
                                    ),
                                    fixIt: insert(
                                        " = <#value#>",
                                        at: binding.endPositionBeforeTrailingTrivia,
                                        in: Syntax(binding),
                                        "add an initial value"
                                    )
                                )
                            )
                        }
                        fields.append(field)
                        continue
                    }
                    guard let annotation = binding.typeAnnotation?.type else {
                        diagnostics.append(
                            Diagnostic(
                                node: binding,
                                message: ModelDiagnostic(
                                    message: "@JSONModel needs the type of '\(name)' written out",
                                    id: "missingType"
                                )
                            )
                        )
                        continue
                    }
                    describe(annotation, into: &field)
                    check(&field, diagnostics: &diagnostics)
                    fields.append(field)
                }
            }
            return fields
        }

        static func isObserverBlock(_ block: AccessorBlockSyntax) -> Bool {
            guard case .accessors(let list) = block.accessors else { return false }
            return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }

        static func describe(_ type: TypeSyntax, into field: inout ModelField) {
            field.type = type.trimmedDescription
            var inner = type
            if let optional = type.as(OptionalTypeSyntax.self) {
                field.isOptional = true
                inner = optional.wrappedType
            } else if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
                let argument = identifier.genericArgumentClause?.arguments.first?.argument
            {
                field.isOptional = true
                inner = TypeSyntax(argument) ?? type
            }
            field.wrapped = inner.trimmedDescription
            if let array = inner.as(ArrayTypeSyntax.self) { field.element = array.element.trimmedDescription }
        }

        static func read(
            _ attributes: AttributeListSyntax,
            into field: inout ModelField,
            diagnostics: inout [Diagnostic]
        ) {
            for element in attributes {
                guard let attribute = element.as(AttributeSyntax.self) else { continue }
                let name = attribute.attributeName.trimmedDescription
                guard controls.contains(name) else { continue }
                let arguments = Array(attribute.arguments?.as(LabeledExprListSyntax.self) ?? [])
                switch name {
                case "JSONKey":
                    if let key = arguments.first.flatMap({ literal($0.expression) }) {
                        field.key = key
                    } else {
                        diagnostics.append(notLiteral(attribute))
                    }
                case "JSONAlias":
                    for argument in arguments {
                        if let alias = literal(argument.expression) {
                            field.aliases.append(alias)
                        } else {
                            diagnostics.append(notLiteral(attribute))
                        }
                    }
                case "JSONDefault":
                    field.defaultValue = arguments.first?.expression.trimmedDescription
                    if let when = arguments.first(where: { $0.label?.text == "when" }) {
                        field.defaultWhen =
                            when.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? "missing"
                    }
                case "JSONIgnored": field.ignored = true
                case "JSONOmitIfDefault":
                    field.omitIfDefault = true
                    field.omitAttribute = Syntax(attribute)
                case "JSONValidate": field.validation = arguments.first?.expression.trimmedDescription
                case "JSONLossy": field.lossy = true
                case "JSONRest": field.rest = true
                case "JSONUsing": field.bridge = arguments.first?.expression.trimmedDescription
                default: break
                }
            }
        }

        /// A fix-it that inserts `text` at `position` of `node`.
        static func insert(_ text: String, at position: AbsolutePosition, in node: Syntax, _ message: String) -> FixIt {
            FixIt(
                message: ModelFixIt(message: message),
                changes: [.replaceText(range: position..<position, with: text, in: node)]
            )
        }

        /// The error for a `CodingKeys` (or, for an enum, `<Case>CodingKeys`) the type declares
        /// itself, which the macro's own would clash with. The fix-it removes it; for a struct or a
        /// class (`fields` given) it also names each key it gave on its property with `@JSONKey`, and
        /// marks `@JSONIgnored` each property it left out, as `Codable` leaves it out.
        static func diagnoseCodingKeys(
            in members: MemberBlockItemListSyntax,
            generated: Set<String>,
            fields: [ModelField]?,
            into diagnostics: inout [Diagnostic]
        ) {
            for item in members {
                let declared: TokenSyntax? =
                    item.decl.as(EnumDeclSyntax.self)?.name ?? item.decl.as(StructDeclSyntax.self)?.name
                    ?? item.decl.as(TypeAliasDeclSyntax.self)?.name
                guard let declared, generated.contains(declared.text) else { continue }
                var changes: [FixIt.Change] = [
                    .replaceText(range: item.position..<item.endPosition, with: "", in: Syntax(item))
                ]
                var message = "remove \(declared.text)"
                if let fields, let keys = rawKeys(of: item.decl.as(EnumDeclSyntax.self)) {
                    for field in fields where !field.ignored && !field.rest {
                        guard let variable = field.syntax.parent?.parent?.as(VariableDeclSyntax.self) else { continue }
                        let position = variable.positionAfterSkippingLeadingTrivia
                        let attribute: String
                        if let key = keys[field.name] {
                            guard key != field.key else { continue }
                            attribute = "@JSONKey(\"\(key)\") "
                        } else {
                            attribute = "@JSONIgnored "
                        }
                        changes.append(.replaceText(range: position..<position, with: attribute, in: Syntax(variable)))
                    }
                    if changes.count > 1 { message = "replace CodingKeys with @JSONKey and @JSONIgnored" }
                }
                diagnostics.append(
                    Diagnostic(
                        node: declared,
                        message: ModelDiagnostic(
                            message: "@JSONModel generates \(declared.text); name a key with @JSONKey instead",
                            id: "codingKeysDeclared"
                        ),
                        fixIt: FixIt(message: ModelFixIt(message: message), changes: changes)
                    )
                )
            }
        }

        /// The key of each case of a `CodingKeys` enum: its string raw value, or its name; `nil` when
        /// a case has a raw value that is not a string literal.
        static func rawKeys(of enumeration: EnumDeclSyntax?) -> [String: String]? {
            guard let enumeration else { return nil }
            var keys: [String: String] = [:]
            for item in enumeration.memberBlock.members {
                guard let declaration = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in declaration.elements {
                    let name = element.name.text.filter { $0 != "`" }
                    if let raw = element.rawValue {
                        guard let key = literal(raw.value) else { return nil }
                        keys[name] = key
                    } else {
                        keys[name] = name
                    }
                }
            }
            return keys
        }

        static func literal(_ expression: ExprSyntax) -> String? {
            guard let string = expression.as(StringLiteralExprSyntax.self), string.segments.count == 1,
                case .stringSegment(let segment) = string.segments.first
            else { return nil }
            return segment.content.text
        }

        static func notLiteral(_ attribute: AttributeSyntax) -> Diagnostic {
            Diagnostic(
                node: attribute,
                message: ModelDiagnostic(message: "a key must be a string literal", id: "keyNotLiteral")
            )
        }

        /// Controls that do not fit the property's type.
        static func check(_ field: inout ModelField, diagnostics: inout [Diagnostic]) {
            func refuse(_ message: String, _ id: String, fixIt: FixIt? = nil) {
                diagnostics.append(
                    Diagnostic(
                        node: field.syntax,
                        message: ModelDiagnostic(message: message, id: id),
                        fixIts: fixIt.map { [$0] } ?? []
                    )
                )
            }
            if field.lossy && field.element == nil {
                refuse("@JSONLossy applies to an array; '\(field.name)' is \(field.type)", "lossyNotArray")
                field.lossy = false
            }
            if field.rest && field.type.filter({ !$0.isWhitespace }) != "[String:JSON]" {
                refuse("@JSONRest captures members into [String: JSON]; '\(field.name)' is \(field.type)", "restType")
                field.rest = false
            }
            if field.omitIfDefault && field.defaultValue == nil {
                let fixIt = field.omitAttribute.map { attribute in
                    insert(
                        "@JSONDefault(<#value#>) ",
                        at: attribute.positionAfterSkippingLeadingTrivia,
                        in: attribute,
                        "add a @JSONDefault value"
                    )
                }
                refuse(
                    "@JSONOmitIfDefault needs a @JSONDefault value to compare with",
                    "omitWithoutDefault",
                    fixIt: fixIt
                )
                field.omitIfDefault = false
            }
        }
    }

    /// Keys made from property names by a ``KeyConvention``, when the macro expands.
    enum KeyNames {
        /// The words of a Swift name: `userID` is `user`, `ID`; `URLString` is `URL`, `String`.
        static func words(_ name: String) -> [String] {
            var words: [String] = []
            var current = ""
            let characters = Array(name)
            for (index, character) in characters.enumerated() {
                if character == "_" {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                    continue
                }
                if character.isUppercase, !current.isEmpty {
                    let previous = characters[index - 1]
                    let next = index + 1 < characters.count ? characters[index + 1] : nil
                    if previous.isLowercase || previous.isNumber
                        || (previous.isUppercase && next.map { $0.isLowercase } == true)
                    {
                        words.append(current)
                        current = ""
                    }
                }
                current.append(character)
            }
            if !current.isEmpty { words.append(current) }
            return words
        }

        static func convert(_ name: String, to convention: String) -> String {
            let parts = words(name)
            switch convention {
            case "snakeCase": return parts.map { $0.lowercased() }.joined(separator: "_")
            case "kebabCase": return parts.map { $0.lowercased() }.joined(separator: "-")
            case "screamingSnakeCase": return parts.map { $0.uppercased() }.joined(separator: "_")
            case "camelCase": return name.prefix(1).lowercased() + name.dropFirst()
            case "pascalCase": return name.prefix(1).uppercased() + name.dropFirst()
            default: return name
            }
        }
    }
#endif
