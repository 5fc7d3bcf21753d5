#if Macros
    import SwiftDiagnostics
    import SwiftSyntax
    import SwiftSyntaxMacros

    /// How an enum's case is named in JSON: `@JSONModel(tagging:)`.
    enum Tagging: Equatable {
        /// `{"circle": {"radius": 1}}`; a case without content is the bare string `"none"`.
        case external
        /// `{"type": "circle", "radius": 1}`.
        case `internal`(tag: String)
        /// `{"t": "circle", "c": {"radius": 1}}`; a case without content has no `"c"`.
        case adjacent(tag: String, content: String)
        /// `{"radius": 1}`: the first case whose content reads the value; a case without content
        /// is `null`.
        case untagged

        var isInternal: Bool {
            if case .internal = self { return true }
            return false
        }

        /// The tagging an attribute argument spells: `.external`, `.internal(tag: "type")`,
        /// `.adjacent(tag: "t", content: "c")`, `.untagged`; `nil` when it is none of them.
        init?(_ expression: ExprSyntax) {
            if let member = expression.as(MemberAccessExprSyntax.self) {
                switch member.declName.baseName.text {
                case "external": self = .external
                case "untagged": self = .untagged
                default: return nil
                }
                return
            }
            guard let call = expression.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self)
            else { return nil }
            let arguments = Dictionary(
                call.arguments.map { ($0.label?.text ?? "", FieldParser.literal($0.expression)) },
                uniquingKeysWith: { first, _ in first }
            )
            switch member.declName.baseName.text.filter({ $0 != "`" }) {
            case "internal":
                guard let tag = arguments["tag"] ?? nil else { return nil }
                self = .internal(tag: tag)
            case "adjacent":
                guard let tag = arguments["tag"] ?? nil, let content = arguments["content"] ?? nil else { return nil }
                self = .adjacent(tag: tag, content: content)
            default: return nil
            }
        }
    }

    /// A case of an enum with associated values, as `@JSONModel` maps it.
    struct EnumCase {
        /// The case's Swift name.
        let name: String
        /// The name the JSON gives the case.
        var tag: String
        /// Labelled (or several) associated values: members of an object, by label (`_0`, `_1` for
        /// unlabelled ones, as Swift's own `Codable` names them).
        var members: [ModelField] = []
        /// A single unlabelled associated value: the content itself.
        var single: ModelField?
        let syntax: Syntax
        /// Marked `@JSONFallback`: the case a tag no case has reads as.
        var isFallback = false

        /// The coding keys of the case's members, named as Swift's own `Codable` names them.
        var keysType: String { name.prefix(1).uppercased() + name.dropFirst() + "CodingKeys" }

        /// The pattern that binds the associated values to `_<name>` locals.
        var pattern: String { expression { "let \($0)" } }

        /// The case made of the `_<name>` locals.
        var construction: String { expression { $0 } }

        /// `.<case>`, with one item per associated value, labelled as declared: `item` of the
        /// value's local `_<name>`.
        func expression(_ item: (String) -> String) -> String {
            if let single { return ".\(name)(\(item("_\(single.name)")))" }
            if members.isEmpty { return ".\(name)" }
            let items = members.map { member in
                member.name.hasPrefix("_") ? item("_\(member.name)") : "\(member.name): \(item("_\(member.name)"))"
            }
            return ".\(name)(\(items.joined(separator: ", ")))"
        }
    }

    /// `@JSONModel` on an enum with associated values (or with neither raw nor associated values):
    /// each case named by its tag in one of the four representations of ``Tagging``.
    struct TaggedEnum {
        let name: String
        let access: String
        let tagging: Tagging
        let cases: [EnumCase]

        /// The cases of `enumeration`, or `nil` when some cannot be generated, reported through
        /// `context` when `diagnoses`.
        static func cases(
            of enumeration: EnumDeclSyntax,
            tagging: Tagging,
            convention: String,
            diagnoses: Bool,
            in context: some MacroExpansionContext
        ) -> [EnumCase]? {
            var diagnostics: [Diagnostic] = []
            var cases: [EnumCase] = []
            for declaration in enumeration.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) }) {
                var renamed: String?
                let attributes = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
                let isFallback = attributes.contains { $0.attributeName.trimmedDescription == "JSONFallback" }
                for attribute in attributes where attribute.attributeName.trimmedDescription == "JSONKey" {
                    let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression
                    if let tag = argument.flatMap(FieldParser.literal) {
                        renamed = tag
                    } else {
                        diagnostics.append(FieldParser.notLiteral(attribute))
                    }
                }
                if renamed != nil, declaration.elements.count > 1 {
                    diagnostics.append(
                        Diagnostic(
                            node: declaration,
                            message: ModelDiagnostic(
                                message: "@JSONKey names one case; declare the cases it does not name apart",
                                id: "keyOnSeveralCases"
                            )
                        )
                    )
                }
                for element in declaration.elements {
                    let name = element.name.text.filter { $0 != "`" }
                    var enumCase = EnumCase(
                        name: name,
                        tag: renamed ?? KeyNames.convert(name, to: convention),
                        syntax: Syntax(element)
                    )
                    enumCase.isFallback = isFallback
                    let parameters = Array(element.parameterClause?.parameters ?? [])
                    if parameters.count == 1, parameters[0].firstName.map({ $0.text == "_" }) ?? true {
                        var field = ModelField(
                            name: name,
                            type: "",
                            wrapped: "",
                            isOptional: false,
                            key: enumCase.tag,
                            syntax: Syntax(parameters[0])
                        )
                        // The content is the value, `null` included: an optional is read and
                        // written through its own bridge.
                        field.type = parameters[0].type.trimmedDescription
                        field.wrapped = field.type
                        enumCase.single = field
                    } else {
                        for (index, parameter) in parameters.enumerated() {
                            let label = parameter.firstName.map { $0.text.filter { $0 != "`" } }
                            let named = label.flatMap { $0 == "_" ? nil : $0 }
                            var field = ModelField(
                                name: named ?? "_\(index)",
                                type: "",
                                wrapped: "",
                                isOptional: false,
                                key: named.map { KeyNames.convert($0, to: convention) } ?? "_\(index)",
                                syntax: Syntax(parameter)
                            )
                            FieldParser.describe(parameter.type, into: &field)
                            enumCase.members.append(field)
                        }
                    }
                    cases.append(enumCase)
                }
            }
            diagnose(cases, tagging: tagging, into: &diagnostics)
            FieldParser.diagnoseCodingKeys(
                in: enumeration.memberBlock.members,
                generated: Set(["CodingKeys"] + cases.filter { !$0.members.isEmpty }.map(\.keysType)),
                fields: nil,
                into: &diagnostics
            )
            guard diagnostics.isEmpty else {
                if diagnoses { diagnostics.forEach(context.diagnose) }
                return nil
            }
            return cases
        }

        /// The scalar and array types a JSON writes as something other than an object.
        static let notObjects: Set<String> = [
            "String", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
            "UInt64", "Double", "Float", "Decimal", "Date", "Data", "URL", "UUID", "JSON",
        ]

        static func diagnose(_ cases: [EnumCase], tagging: Tagging, into diagnostics: inout [Diagnostic]) {
            func refuse(_ node: Syntax, _ message: String, _ id: String) {
                diagnostics.append(Diagnostic(node: node, message: ModelDiagnostic(message: message, id: id)))
            }
            if cases.isEmpty {
                return
            }
            for enumCase in cases { JSONModelMacro.diagnoseDuplicateKeys(enumCase.members, into: &diagnostics) }
            let fallbacks = cases.filter(\.isFallback)
            if fallbacks.count > 1 {
                refuse(fallbacks[1].syntax, "an enum has at most one @JSONFallback case", "twoFallbacks")
            }
            for fallback in fallbacks where tagging == .untagged {
                refuse(
                    fallback.syntax,
                    "an untagged enum has no tag for a @JSONFallback case to take; a case without associated "
                        + "values reads null",
                    "fallbackUntagged"
                )
            }
            for fallback in fallbacks where fallback.single != nil || !fallback.members.isEmpty {
                refuse(
                    fallback.syntax,
                    "the @JSONFallback case takes a tag no case has, whose content it cannot know: it has no "
                        + "associated values",
                    "fallbackWithValues"
                )
            }
            if tagging != .untagged {
                var owners: [String: String] = [:]
                for enumCase in cases {
                    if let owner = owners[enumCase.tag] {
                        refuse(
                            enumCase.syntax,
                            "'\(enumCase.name)' and '\(owner)' both map to the tag \"\(enumCase.tag)\"",
                            "duplicateTag"
                        )
                    } else {
                        owners[enumCase.tag] = enumCase.name
                    }
                }
            }
            switch tagging {
            case .internal(let tag):
                for enumCase in cases {
                    if let single = enumCase.single {
                        let type = single.type.filter { !$0.isWhitespace }
                        if notObjects.contains(type) || type.hasPrefix("[") && !type.contains(":")
                            || type.hasSuffix("?") || type.hasPrefix("Optional<")
                        {
                            refuse(
                                single.syntax,
                                "the case '\(enumCase.name)' holds \(single.type), which is not written as an "
                                    + "object: an internally tagged case has no place for its tag \"\(tag)\"; "
                                    + "label the value or use .adjacent(tag:content:)",
                                "internalNotObject"
                            )
                        }
                    }
                    for member in enumCase.members where member.key == tag {
                        refuse(
                            member.syntax,
                            "the member \"\(tag)\" of the case '\(enumCase.name)' is also the tag's key",
                            "tagCollision"
                        )
                    }
                }
            case .adjacent(let tag, let content) where tag == content:
                refuse(cases[0].syntax, "the tag and the content have one key, \"\(tag)\"", "tagCollision")
            default: break
            }
        }

        /// The case a tag no case has reads as.
        var fallback: EnumCase? { cases.first(where: \.isFallback) }

        /// The list of tags, as a literal array.
        var tags: String { "[" + cases.map { "\"\($0.tag)\"" }.joined(separator: ", ") + "]" }

        var kind: String {
            switch tagging {
            case .internal, .adjacent: ".object"
            case .external, .untagged: "nil"
            }
        }

        /// The extension of `type`: the conformances, the kind and the coding keys, which spell no
        /// type the user wrote.
        func source(type: String, conformances: [String]) -> String {
            """
            extension \(type): \(conformances.joined(separator: ", ")) {
            \(access)static var jsonKind: MapCore.JSONKind? { \(kind) }
            \(codingKeys())
            }
            """
        }

        /// The members of the enum's body: the reads and writes, which spell the associated values'
        /// types, and so must be where the enum's declaration sees them (an enum has no memberwise
        /// initializer for its initializers to suppress).
        func members() -> [String] {
            [directDecode(), directEncode(), codableDecode(), codableEncode()]
        }

        // MARK: Coding keys

        func codingKeys() -> String {
            var declarations: [String] = []
            switch tagging {
            case .external:
                let keyed = cases.filter { $0.single != nil || !$0.members.isEmpty }
                if !keyed.isEmpty {
                    let lines = keyed.map { "case \($0.name) = \"\($0.tag)\"" }
                    declarations.append(
                        "enum CodingKeys: String, CodingKey {\n" + lines.joined(separator: "\n") + "\n}"
                    )
                }
            case .internal(let tag):
                declarations.append("enum CodingKeys: String, CodingKey {\ncase tag = \"\(tag)\"\n}")
            case .adjacent(let tag, let content):
                declarations.append(
                    "enum CodingKeys: String, CodingKey {\ncase tag = \"\(tag)\"\ncase content = \"\(content)\"\n}"
                )
            case .untagged: break
            }
            for enumCase in cases where !enumCase.members.isEmpty {
                let lines = enumCase.members.map { "case \($0.name) = \"\($0.key)\"" }
                declarations.append(
                    "enum \(enumCase.keysType): String, CodingKey {\n" + lines.joined(separator: "\n") + "\n}"
                )
            }
            return declarations.joined(separator: "\n")
        }

        // MARK: The direct path

        func directDecode() -> String {
            var body: [String] = []
            switch tagging {
            case .external:
                body.append(
                    "let _tag = try MapModels.ModelTag.external(node, of: document, in: context, model: \(name).self)"
                )
            case .internal(let tag):
                body.append(
                    "var reader = try MapModels.ModelReader(node, of: document, in: context, model: \(name).self)"
                )
                body.append("let _tag = try MapModels.ModelTag.internal(\"\(tag)\", in: &reader)")
            case .adjacent(let tag, let content):
                body.append(
                    "var reader = try MapModels.ModelReader(node, of: document, in: context, model: \(name).self)"
                )
                body.append(
                    "let _tag = try MapModels.ModelTag.adjacent(\"\(tag)\", content: \"\(content)\", in: &reader)"
                )
            case .untagged:
                body.append("var _cases = MapModels.UntaggedCases(node, of: document, in: context)")
                for enumCase in cases {
                    body.append(
                        "do {\n\(untaggedRead(enumCase))\n} catch {\n_cases.failed(\"\(enumCase.name)\", error)\n}"
                    )
                }
                body.append("throw _cases.noMatch(model: \(name).self)")
            }
            if tagging != .untagged {
                body.append("switch _tag.name {")
                for enumCase in cases {
                    body.append("case \"\(enumCase.tag)\":\n\(taggedRead(enumCase))")
                }
                let unknown = fallback.map { "return .\($0.name)" } ?? "throw _tag.unknown(cases: \(tags))"
                body.append("default:\n\(unknown)\n}")
            }
            return """
                \(access)static func decodeModel(
                    _ node: MapCore.JSONNode,
                    of document: any MapCore.JSONDocument,
                    in context: MapCore.MappingContext
                ) throws -> \(name) {
                \(body.joined(separator: "\n"))
                }
                """
        }

        /// The direct read of a case's members from `reader`, returning the case.
        func memberReads(_ enumCase: EnumCase) -> [String] {
            enumCase.members.map { Model.directRead($0, assigns: false) } + ["return \(enumCase.construction)"]
        }

        func taggedRead(_ enumCase: EnumCase) -> String {
            if let single = enumCase.single {
                if tagging.isInternal {
                    return "return .\(enumCase.name)(try \(single.valueBridge).decode(node, of: document, in: context))"
                }
                return "return .\(enumCase.name)(try \(single.valueBridge).decode(try _tag.content(), of: document, "
                    + "in: context))"
            }
            if enumCase.members.isEmpty { return "return .\(enumCase.name)" }
            if tagging.isInternal { return memberReads(enumCase).joined(separator: "\n") }
            let open =
                "var reader = try MapModels.ModelReader(try _tag.content(), of: document, in: context, "
                + "model: \(name).self)"
            return ([open] + memberReads(enumCase)).joined(separator: "\n")
        }

        func untaggedRead(_ enumCase: EnumCase) -> String {
            if let single = enumCase.single {
                return "return .\(enumCase.name)(try \(single.valueBridge).decode(node, of: document, in: context))"
            }
            if enumCase.members.isEmpty { return "try _cases.null()\nreturn .\(enumCase.name)" }
            let open = "var reader = try MapModels.ModelReader(node, of: document, in: context, model: \(name).self)"
            return ([open] + memberReads(enumCase)).joined(separator: "\n")
        }

        func directEncode() -> String {
            var body = ["switch self {"]
            for enumCase in cases {
                body.append("case \(enumCase.pattern):")
                body.append(directWrite(enumCase))
            }
            body.append("}")
            return """
                \(access)func encodeModel(
                    to writer: some MapCore.JSONWriting,
                    in context: MapCore.MappingContext
                ) throws {
                \(body.joined(separator: "\n"))
                }
                """
        }

        /// The object of a case's members, written to `writer`.
        func memberObject(_ enumCase: EnumCase) -> [String] {
            ["try writer.beginObject()"] + enumCase.members.map { Model.directWrite($0, value: "_\($0.name)") }
                + ["try writer.endObject()"]
        }

        func directWrite(_ enumCase: EnumCase) -> String {
            let value = enumCase.single.map { "_\($0.name)" } ?? ""
            var lines: [String] = []
            switch tagging {
            case .external:
                if let single = enumCase.single {
                    lines = [
                        "try writer.beginObject()", Model.directWrite(single, value: value), "try writer.endObject()",
                    ]
                } else if enumCase.members.isEmpty {
                    lines = ["try writer.string(\"\(enumCase.tag)\")"]
                } else {
                    lines = ["try writer.beginObject()"]
                    lines.append("try MapModels.ModelWriting.member(\"\(enumCase.tag)\", to: writer, in: context) {")
                    lines += memberObject(enumCase)
                    lines += ["}", "try writer.endObject()"]
                }
            case .internal(let tag):
                if let single = enumCase.single {
                    lines = [
                        "try MapModels.ModelWriting.tagged(\"\(tag)\", \"\(enumCase.tag)\", content: \(value), "
                            + "with: \(single.valueBridge), to: writer, in: context)"
                    ]
                } else {
                    lines = [
                        "try writer.beginObject()", "try writer.key(\"\(tag)\")",
                        "try writer.string(\"\(enumCase.tag)\")",
                    ]
                    lines += enumCase.members.map { Model.directWrite($0, value: "_\($0.name)") }
                    lines.append("try writer.endObject()")
                }
            case .adjacent(let tag, let content):
                lines = [
                    "try writer.beginObject()", "try writer.key(\"\(tag)\")", "try writer.string(\"\(enumCase.tag)\")",
                ]
                if let single = enumCase.single {
                    lines.append(
                        "try MapModels.ModelWriting.member(\"\(content)\", \(value), with: \(single.valueBridge), "
                            + "to: writer, in: context)"
                    )
                } else if !enumCase.members.isEmpty {
                    lines.append("try MapModels.ModelWriting.member(\"\(content)\", to: writer, in: context) {")
                    lines += memberObject(enumCase)
                    lines.append("}")
                }
                lines.append("try writer.endObject()")
            case .untagged:
                if let single = enumCase.single {
                    lines = ["try \(single.valueBridge).encode(\(value), to: writer, in: context)"]
                } else if enumCase.members.isEmpty {
                    lines = ["try writer.null()"]
                } else {
                    lines = memberObject(enumCase)
                }
            }
            return lines.joined(separator: "\n")
        }

        // MARK: The Codable path

        func codableDecode() -> String {
            var body = [
                "if let direct = try MapModels.ModelBridge<\(name)>().decodeDirectly(from: decoder) {",
                "self = direct",
                "return",
                "}",
            ]
            switch tagging {
            case .external:
                body.append("let _tag = try MapModels.ModelCoding.externalTag(from: decoder, model: \(name).self)")
                body.append("switch _tag.name {")
            case .internal, .adjacent:
                body.append("let outer = try decoder.container(keyedBy: CodingKeys.self)")
                body.append("let _tag = try outer.decode(Swift.String.self, forKey: CodingKeys.tag)")
                body.append("switch _tag {")
            case .untagged:
                body.append("var _failures = MapModels.ModelCoding.UntaggedFailures()")
                for enumCase in cases {
                    body.append(
                        "do {\n\(codableUntaggedRead(enumCase))\nreturn\n} catch {\n"
                            + "_failures.failed(\"\(enumCase.name)\", error)\n}"
                    )
                }
                body.append("throw _failures.noMatch(in: decoder, model: \(name).self)")
            }
            if tagging != .untagged {
                for enumCase in cases {
                    body.append("case \"\(enumCase.tag)\":\n\(codableTaggedRead(enumCase))")
                }
                let unknown =
                    tagging == .external
                    ? "MapModels.ModelCoding.unknownTag(_tag.name, codingPath: _tag.codingPath, "
                    : "MapModels.ModelCoding.unknownTag(_tag, codingPath: outer.codingPath + [CodingKeys.tag], "
                let fallback = self.fallback.map { "self = .\($0.name)" }
                body.append("default:\n\(fallback ?? "throw \(unknown)cases: \(tags), model: \(name).self)")\n}")
            }
            return """
                \(access)init(from decoder: any Swift.Decoder) throws {
                \(body.joined(separator: "\n"))
                }
                """
        }

        /// The reads of a case's members from `container`, keyed by the case's keys, ending with the
        /// assignment of the case.
        func codableMemberReads(_ enumCase: EnumCase) -> [String] {
            enumCase.members.map { Model.codableRead($0, keys: enumCase.keysType, assigns: false) }
                + ["self = \(enumCase.construction)"]
        }

        func codableTaggedRead(_ enumCase: EnumCase) -> String {
            var lines: [String] = []
            if var single = enumCase.single {
                switch tagging {
                case .internal:
                    return "self = .\(enumCase.name)(try \(single.type)(from: decoder))"
                case .adjacent:
                    single.name = "content"
                    lines = ["let container = outer", Model.codableRead(single, assigns: false)]
                    lines.append("self = .\(enumCase.name)(_content)")
                default:
                    lines = ["let container = try decoder.container(keyedBy: CodingKeys.self)"]
                    lines += [Model.codableRead(single, assigns: false), "self = \(enumCase.construction)"]
                }
                return lines.joined(separator: "\n")
            }
            if enumCase.members.isEmpty { return "self = .\(enumCase.name)" }
            switch tagging {
            case .external:
                lines = [
                    "let outer = try decoder.container(keyedBy: CodingKeys.self)",
                    "let container = try outer.nestedContainer(keyedBy: \(enumCase.keysType).self, "
                        + "forKey: CodingKeys.\(enumCase.name))",
                ]
            case .adjacent:
                lines = [
                    "let container = try outer.nestedContainer(keyedBy: \(enumCase.keysType).self, "
                        + "forKey: CodingKeys.content)"
                ]
            default:
                lines = ["let container = try decoder.container(keyedBy: \(enumCase.keysType).self)"]
            }
            return (lines + codableMemberReads(enumCase)).joined(separator: "\n")
        }

        func codableUntaggedRead(_ enumCase: EnumCase) -> String {
            if let single = enumCase.single {
                let read =
                    single.codesThroughBridge
                    ? "try \(single.valueBridge).decode(from: decoder)"
                    : "try decoder.singleValueContainer().decode(\(single.type).self)"
                return "self = .\(enumCase.name)(\(read))"
            }
            if enumCase.members.isEmpty {
                return "try MapModels.ModelCoding.decodeNull(from: decoder)\nself = .\(enumCase.name)"
            }
            let open = "let container = try decoder.container(keyedBy: \(enumCase.keysType).self)"
            return ([open] + codableMemberReads(enumCase)).joined(separator: "\n")
        }

        func codableEncode() -> String {
            var body = [
                "if try MapModels.ModelBridge<\(name)>().encodeDirectly(self, to: encoder) { return }",
                "switch self {",
            ]
            for enumCase in cases {
                body.append("case \(enumCase.pattern):")
                body.append(codableWrite(enumCase))
            }
            body.append("}")
            return """
                \(access)func encode(to encoder: any Swift.Encoder) throws {
                \(body.joined(separator: "\n"))
                }
                """
        }

        func codableMemberWrites(_ enumCase: EnumCase) -> [String] {
            enumCase.members.map { Model.codableWrite($0, value: "_\($0.name)", keys: enumCase.keysType) }
        }

        func codableWrite(_ enumCase: EnumCase) -> String {
            let value = enumCase.single.map { "_\($0.name)" } ?? ""
            var lines: [String] = []
            switch tagging {
            case .external:
                if let single = enumCase.single {
                    lines = ["var container = encoder.container(keyedBy: CodingKeys.self)"]
                    lines.append(Model.codableWrite(single, value: value))
                } else if enumCase.members.isEmpty {
                    lines = [
                        "var container = encoder.singleValueContainer()", "try container.encode(\"\(enumCase.tag)\")",
                    ]
                } else {
                    lines = [
                        "var outer = encoder.container(keyedBy: CodingKeys.self)",
                        "var container = outer.nestedContainer(keyedBy: \(enumCase.keysType).self, "
                            + "forKey: CodingKeys.\(enumCase.name))",
                    ]
                    lines += codableMemberWrites(enumCase)
                }
            case .internal, .adjacent:
                lines = [
                    "var outer = encoder.container(keyedBy: CodingKeys.self)",
                    "try outer.encode(\"\(enumCase.tag)\", forKey: CodingKeys.tag)",
                ]
                if var single = enumCase.single {
                    if case .internal(let tag) = tagging {
                        lines = [
                            "try MapModels.ModelCoding.encodeTagged(\"\(tag)\", \"\(enumCase.tag)\", content: \(value), "
                                + "with: \(single.valueBridge), to: encoder)"
                        ]
                    } else {
                        single.name = "content"
                        lines.append(Model.codableWrite(single, value: value, container: "outer"))
                    }
                } else if !enumCase.members.isEmpty {
                    let nested =
                        tagging.isInternal
                        ? "var container = encoder.container(keyedBy: \(enumCase.keysType).self)"
                        : "var container = outer.nestedContainer(keyedBy: \(enumCase.keysType).self, "
                            + "forKey: CodingKeys.content)"
                    lines.append(nested)
                    lines += codableMemberWrites(enumCase)
                }
            case .untagged:
                if let single = enumCase.single {
                    lines =
                        single.codesThroughBridge
                        ? ["try \(single.valueBridge).encode(\(value), to: encoder)"]
                        : ["var container = encoder.singleValueContainer()", "try container.encode(\(value))"]
                } else if enumCase.members.isEmpty {
                    lines = ["var container = encoder.singleValueContainer()", "try container.encodeNil()"]
                } else {
                    lines = ["var container = encoder.container(keyedBy: \(enumCase.keysType).self)"]
                    lines += codableMemberWrites(enumCase)
                }
            }
            return lines.joined(separator: "\n")
        }
    }
#endif
