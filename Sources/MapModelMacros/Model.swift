#if Macros
    import SwiftSyntax
    import SwiftSyntaxBuilder

    /// The code `@JSONModel` generates for a struct's or a final class's fields.
    ///
    /// An extension's lexical context is the file's, not the declaration's: a type the user wrote,
    /// or an expression (a default, a validation, a bridge), spelled in an extension names what the
    /// file sees, which is not what the model's body sees when the model is nested in another
    /// type. So every declaration that spells one is a member of the model's body (the member
    /// expansion), and the extension holds only code that spells none: the conformance, the coding
    /// keys, `decodeModel`, and a struct's initializers, which must stay out of its body so that it
    /// keeps its memberwise initializer. Those initializers assign the values that the body's
    /// `_readJSONModel` and `_decodeJSONModel` read.
    struct Model {
        /// The extension in `source`, parsed.
        static func extensionDecl(_ source: String) -> [ExtensionDeclSyntax] {
            let declaration = DeclSyntax(stringLiteral: source)
            return declaration.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
        }

        let name: String
        let access: String
        let fields: [ModelField]
        let refusesUnknownMembers: Bool
        /// A final class: its initializers are members of its body, and its `Codable` read assigns
        /// each property of the direct read's value instead of `self`.
        var isClass = false

        var mapped: [ModelField] { fields.filter { !$0.ignored } }
        var named: [ModelField] { mapped.filter { !$0.rest } }

        /// Every key and alias a property reads, as a literal array.
        var knownKeys: String { "[" + named.flatMap(\.keys).map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

        static func codingCase(_ field: ModelField, alias index: Int? = nil) -> String {
            index.map { "_\(field.name)Alias\($0)" } ?? field.name
        }

        func codingKeys() -> String {
            var cases: [String] = []
            for field in named {
                cases.append("case \(field.name) = \"\(field.key)\"")
                for (index, alias) in field.aliases.enumerated() {
                    cases.append("case \(Self.codingCase(field, alias: index)) = \"\(alias)\"")
                }
            }
            if cases.isEmpty { return "enum CodingKeys: CodingKey {}" }
            return "enum CodingKeys: String, CodingKey {\n" + cases.joined(separator: "\n") + "\n}"
        }

        // MARK: The direct path

        func directDecode() -> String {
            """
            \(access)static func decodeModel(
                _ node: MapCore.JSONNode,
                of document: any MapCore.JSONDocument,
                in context: MapCore.MappingContext
            ) throws -> \(name) {
                var reader = try MapModels.ModelReader(node, of: document, in: context, model: \(name).self)
                return try \(name)(_readingJSONModel: &reader)
            }
            """
        }

        /// The initializer that reads each property from a model reader: a class's reads them itself,
        /// a struct's assigns what `_readJSONModel` returns, through an initializer that cannot
        /// throw when that is a tuple.
        func readingInit() -> String {
            if !isClass, mapped.count > 1 {
                // An initializer that assigns the values of a throwing read itself is compiled to
                // copy the whole value into its result; one that cannot throw assigns in place.
                return """
                    private init(_readingJSONModel reader: inout MapModels.ModelReader) throws {
                    self.init(_jsonModelValues: try Self._readJSONModel(&reader))
                    }
                    private init(_jsonModelValues values: consuming _JSONModelValues) {
                    (\(mapped.map { "self.\($0.name)" }.joined(separator: ", "))) = values
                    }
                    """
            }
            let body =
                isClass
                ? directReads(assigns: true) : assignments(of: "Self._readJSONModel(&reader)")
            return """
                private init(_readingJSONModel reader: inout MapModels.ModelReader) throws {
                \(body.joined(separator: "\n"))
                }
                """
        }

        /// A struct's type of the tuple of its mapped properties' values, a member of its body.
        var valuesAlias: String? {
            mapped.count > 1 ? "private typealias _JSONModelValues = \(valuesTuple)" : nil
        }

        /// A struct's direct reads, a member of its body: every mapped property's value, in
        /// declaration order.
        func readValues() -> String {
            valuesFunction("_readJSONModel(_ reader: inout MapModels.ModelReader)", reads: directReads(assigns: false))
        }

        /// The private static function `signature` that does `reads` into the `_<name>` locals and
        /// returns them, typed by ``valuesType``.
        func valuesFunction(_ signature: String, reads: [String]) -> String {
            """
            private static func \(signature) throws\(valuesType) {
            \((reads + returnValues()).joined(separator: "\n"))
            }
            """
        }

        /// The reads of every mapped property from `reader`, each into the local `_<name>`, assigned
        /// to the property when `assigns`.
        func directReads(assigns: Bool) -> [String] {
            var body: [String] = []
            for field in mapped where !field.rest {
                body.append(Self.directRead(field, assigns: assigns))
            }
            if let rest = mapped.first(where: \.rest) {
                let target = assigns ? "self.\(rest.name)" : "let _\(rest.name)"
                body.append("\(target) = reader.rest(known: \(knownKeys))")
            }
            if refusesUnknownMembers {
                body.append("try reader.refuseUnknownMembers(known: \(knownKeys), model: \(name).self)")
            }
            return body
        }

        /// The return type of a function that returns every mapped property's value: nothing, the
        /// value, or a tuple of the values in declaration order.
        var valuesType: String {
            switch mapped.count {
            case 0: ""
            case 1: " -> \(mapped[0].type)"
            default: " -> \(valuesTuple)"
            }
        }

        /// The tuple type of every mapped property's value, in declaration order.
        var valuesTuple: String {
            "(" + mapped.map(\.type).joined(separator: ", ") + ")"
        }

        /// The return of the `_<name>` locals, typed by ``valuesType``.
        func returnValues() -> [String] {
            switch mapped.count {
            case 0: []
            case 1: ["return _\(mapped[0].name)"]
            default: ["return (" + mapped.map { "_\($0.name)" }.joined(separator: ", ") + ")"]
            }
        }

        /// The assignment of each mapped property from the values `call` returns; it spells no type.
        /// The tuple is taken apart into locals, which each assignment then moves: no element is
        /// copied, as reading `values.0` out of a tuple kept whole would.
        func assignments(of call: String) -> [String] {
            switch mapped.count {
            case 0: ["try \(call)"]
            case 1: ["self.\(mapped[0].name) = try \(call)"]
            default:
                ["let (" + mapped.map { "_\($0.name)" }.joined(separator: ", ") + ") = try \(call)"]
                    + mapped.map { field in "self.\(field.name) = _\(field.name)" }
            }
        }

        /// A field's direct read into the local `_<name>`, assigned to the property when `assigns`.
        static func directRead(_ field: ModelField, assigns: Bool = true) -> String {
            let node = "_\(field.name)Node"
            let lookup = field.keys.map { "reader.member(\"\($0)\")" }.joined(separator: " ?? ")
            let value =
                field.lossy
                ? "try reader.lossyArray(member, with: \(field.elementBridge))"
                : "try reader.value(member, with: \(field.valueBridge))"
            let missing = "throw reader.missing(\"\(field.key)\", with: \(field.valueBridge))"
            var lines = ["let \(node) = \(lookup)"]
            let target = "let _\(field.name): \(field.type)"
            if let defaultValue = field.defaultValue {
                let onNull =
                    ["null", "missingOrNull"].contains(field.defaultWhen)
                    ? "_\(field.name) = \(defaultValue)"
                    : field.isOptional ? "_\(field.name) = nil" : "_\(field.name) = \(value)"
                let onMissing =
                    ["missing", "missingOrNull"].contains(field.defaultWhen)
                    ? "_\(field.name) = \(defaultValue)" : field.isOptional ? "_\(field.name) = nil" : missing
                lines += [
                    target,
                    "if let member = \(node) {",
                    "if reader.isNull(member) { \(onNull) } else { _\(field.name) = \(value) }",
                    "} else { \(onMissing) }",
                ]
            } else if field.isOptional {
                if field.lossy {
                    lines += [
                        target,
                        "if let member = \(node), !reader.isNull(member) { _\(field.name) = \(value) }",
                        "else { _\(field.name) = nil }",
                    ]
                } else {
                    lines.append("\(target) = try reader.optionalValue(\(node), with: \(field.valueBridge))")
                }
            } else {
                lines += [target, "if let member = \(node) { _\(field.name) = \(value) } else { \(missing) }"]
            }
            return Self.finish(
                field,
                lines,
                failure: "reader.validationFailed(\"\(field.key)\", at: \(node), type: \(field.type).self)",
                assigns: assigns
            )
        }

        /// `encodeModel`, and the writes it calls (`_encodeJSONModel`).
        func directEncode() -> [String] {
            var body = ["try writer.beginObject()"]
            for field in named { body.append(Self.directWrite(field, value: "self.\(field.name)")) }
            if let rest = mapped.first(where: \.rest) {
                body.append("try MapModels.ModelWriting.rest(self.\(rest.name), to: writer, in: context)")
            }
            body.append("try writer.endObject()")
            // The writes are specialized for the package's byte writer, which `Mapper.encode` and the
            // server coders pass, behind a cast: the requirement is generic over the writer, and
            // a generic write of a nested array would ask the runtime for metadata per element.
            return [
                """
                \(access)func encodeModel(to writer: some MapCore.JSONWriting, in context: MapCore.MappingContext) throws {
                if let bytes = writer as? MapCore.JSONWriter {
                try _encodeJSONModel(to: bytes, in: context)
                } else {
                try _encodeJSONModel(to: writer, in: context)
                }
                }
                """,
                """
                private func _encodeJSONModel(to writer: some MapCore.JSONWriting, in context: MapCore.MappingContext) throws {
                \(body.joined(separator: "\n"))
                }
                """,
            ]
        }

        /// The direct write of a field whose value is `value`.
        static func directWrite(_ field: ModelField, value: String) -> String {
            let bridge = field.valueBridge
            let written = field.isOptional ? "_value" : value
            var write = "try MapModels.ModelWriting.member(\"\(field.key)\", \(written), with: \(bridge), "
            write += "to: writer, in: context)"
            if field.isOptional { write = "if let _value = \(value) { \(write) }" }
            if field.omitIfDefault, let defaultValue = field.defaultValue {
                write = "if \(value) != \(defaultValue) { \(write) }"
            }
            return write
        }

        // MARK: The Codable path

        /// The `Codable` initializer: a class's reads each property itself, a struct's assigns what
        /// `_decodeJSONModel` returns.
        func codableDecode() -> String {
            let adopt = isClass ? mapped.map { "self.\($0.name) = direct.\($0.name)" } : ["self = direct"]
            var body =
                ["if let direct = try MapModels.ModelBridge<\(name)>().decodeDirectly(from: decoder) {"] + adopt + [
                    "return",
                    "}",
                ]
            body += isClass ? codableReads(assigns: true) : assignments(of: "Self._decodeJSONModel(from: decoder)")
            return """
                \(access)init(from decoder: any Swift.Decoder) throws {
                \(body.joined(separator: "\n"))
                }
                """
        }

        /// A struct's reads through a decoder's containers, a member of its body: every mapped
        /// property's value, in declaration order.
        func decodeValues() -> String {
            valuesFunction("_decodeJSONModel(from decoder: any Swift.Decoder)", reads: codableReads(assigns: false))
        }

        /// The reads of every mapped property through `decoder`'s containers, each into the local
        /// `_<name>`, assigned to the property when `assigns`.
        func codableReads(assigns: Bool) -> [String] {
            var body: [String] = []
            if !named.isEmpty { body.append("let container = try decoder.container(keyedBy: CodingKeys.self)") }
            for field in named { body.append(Self.codableRead(field, assigns: assigns)) }
            if let rest = mapped.first(where: \.rest) {
                let target = assigns ? "self.\(rest.name)" : "let _\(rest.name)"
                body.append("\(target) = try MapModels.ModelCoding.rest(from: decoder, known: \(knownKeys))")
            }
            if refusesUnknownMembers {
                body.append(
                    "try MapModels.ModelCoding.refuseUnknownMembers(in: decoder, known: \(knownKeys), model: \(name).self)"
                )
            }
            return body
        }

        /// A field's read through `container`, keyed by `keys`, into the local `_<name>`, assigned to
        /// the property when `assigns`.
        static func codableRead(_ field: ModelField, keys keysType: String = "CodingKeys", assigns: Bool = true)
            -> String
        {
            var lines: [String] = []
            let key = "_\(field.name)Key"
            if field.aliases.isEmpty {
                lines.append("let \(key) = \(keysType).\(field.name)")
            } else {
                let keys = ([field.name] + field.aliases.indices.map { Self.codingCase(field, alias: $0) })
                    .map { "\(keysType).\($0)" }.joined(separator: ", ")
                lines.append("let \(key) = MapModels.ModelCoding.firstPresent([\(keys)], in: container)")
            }
            let read: String
            if field.lossy {
                read = "try MapModels.ModelCoding.lossyArray(\(key), in: container, with: \(field.elementBridge))"
            } else if field.codesThroughBridge {
                read = "try MapModels.ModelCoding.decode(\(key), in: container, with: \(field.valueBridge))"
            } else {
                read = "try container.decode(\(field.wrapped).self, forKey: \(key))"
            }
            let target = "let _\(field.name): \(field.type)"
            if let defaultValue = field.defaultValue {
                let onNull =
                    ["null", "missingOrNull"].contains(field.defaultWhen)
                    ? defaultValue : field.isOptional ? "nil" : read
                let onMissing =
                    ["missing", "missingOrNull"].contains(field.defaultWhen)
                    ? defaultValue : field.isOptional ? "nil" : read
                lines += [
                    target,
                    "if container.contains(\(key)) {",
                    "if try container.decodeNil(forKey: \(key)) { _\(field.name) = \(onNull) }",
                    "else { _\(field.name) = \(read) }",
                    "} else { _\(field.name) = \(onMissing) }",
                ]
            } else if field.isOptional {
                lines += [
                    target,
                    "if container.contains(\(key)), try !container.decodeNil(forKey: \(key)) { _\(field.name) = \(read) }",
                    "else { _\(field.name) = nil }",
                ]
            } else {
                lines.append("\(target) = \(read)")
            }
            return Self.finish(
                field,
                lines,
                failure: "MapModels.ModelCoding.validationFailed(\(key), in: container)",
                assigns: assigns
            )
        }

        /// A field's read, ended the same way on both paths: the validation (throwing `failure`
        /// when it says no) and the assignment of the read value to the property.
        static func finish(_ field: ModelField, _ lines: [String], failure: String, assigns: Bool) -> String {
            var lines = lines
            if let validation = field.validation {
                let check = "(\(validation) as (\(field.type)) -> Swift.Bool)(_\(field.name))"
                lines.append("if !\(check) { throw \(failure) }")
            }
            if assigns { lines.append("self.\(field.name) = _\(field.name)") }
            return lines.joined(separator: "\n")
        }

        func codableEncode() -> String {
            var body = [
                "if try MapModels.ModelBridge<\(name)>().encodeDirectly(self, to: encoder) { return }"
            ]
            if !named.isEmpty { body.append("var container = encoder.container(keyedBy: CodingKeys.self)") }
            for field in named { body.append(Self.codableWrite(field, value: "self.\(field.name)")) }
            if let rest = mapped.first(where: \.rest) {
                body.append("try MapModels.ModelCoding.encodeRest(self.\(rest.name), to: encoder)")
            }
            return """
                \(access)func encode(to encoder: any Swift.Encoder) throws {
                \(body.joined(separator: "\n"))
                }
                """
        }

        /// The write of a field whose value is `value` to the container named `container`, keyed by
        /// `keys`.
        static func codableWrite(
            _ field: ModelField,
            value: String,
            keys: String = "CodingKeys",
            container: String = "container"
        ) -> String {
            let written = field.isOptional ? "_value" : value
            var write: String
            if field.codesThroughBridge || field.lossy {
                write =
                    "try MapModels.ModelCoding.encode(\(written), at: \(keys).\(field.name), in: &\(container), "
                    + "with: \(field.valueBridge))"
            } else {
                write = "try \(container).encode(\(written), forKey: \(keys).\(field.name))"
            }
            if field.isOptional { write = "if let _value = \(value) { \(write) }" }
            if field.omitIfDefault, let defaultValue = field.defaultValue {
                write = "if \(value) != \(defaultValue) { \(write) }"
            }
            return write
        }
    }
#endif
