#if Macros
    import Foundation
    import SwiftParser
    import SwiftSyntax
    import SwiftSyntaxMacroExpansion
    import SwiftSyntaxMacros
    import Testing

    /// The expansion kept in `Fixtures/<name>.expanded.swift.txt`: a golden file, since generated
    /// lines are longer than a source line may be.
    func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).expanded.swift.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// A struct whose properties name types and expressions of their own, and its field controls.
    let structSource = """
        @JSONModel(keys: .snakeCase)
        public struct Order {
            public var id: Int
            @JSONAlias("items") var lines: [Line]
            @JSONDefault(Status.open) var status: Status
            @JSONValidate({ !$0.isEmpty }) var note: String?
            @JSONUsing(DateBridge(.iso8601)) var placedAt: Date
            @JSONIgnored var cached = 0
        }
        """

    /// Models nested in an enum namespace: a struct of one property that names its sibling, a
    /// struct of none, a raw-value enum.
    let nestedSource = """
        enum API {
            @JSONModel
            struct Page {
                var lines: [Line]
            }

            @JSONModel
            struct Line {
            }

            @JSONModel
            enum Grade: Int {
                case low = 1
                @JSONFallback case other = 0
            }
        }
        """

    @Suite struct StructExpansionTests {
        @Test("A struct's reads and writes are in its body; its extension's initializers assign the values read")
        func structModel() throws {
            expectExpansion(structSource, expandedSource: try golden("Struct"))
        }

        @Test("A nested model's extension names it qualified; one property is read as a value, none as nothing")
        func nestedModels() throws {
            expectExpansion(nestedSource, expandedSource: try golden("NestedModels"))
        }
    }

    /// The names an extension of `source`'s expansion looks up unqualified: the name of each type
    /// it spells without a module or a base, and of each expression that is not a member access.
    func unqualifiedNames(inExtensionsOf source: String) -> Set<String> {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext(
            sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")]
        )
        let expanded = file.expand(
            macroSpecs: modelMacros,
            contextGenerator: {
                BasicMacroExpansionContext(sharingWith: context, lexicalContext: $0.allMacroLexicalContexts())
            }
        )
        final class Collector: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if node.parent?.as(MemberAccessExprSyntax.self)?.declName != node { names.insert(node.baseName.text) }
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        for statement in expanded.as(SourceFileSyntax.self)?.statements ?? [] {
            if let extensionDecl = statement.item.as(ExtensionDeclSyntax.self) {
                collector.walk(extensionDecl.memberBlock)
            }
        }
        return collector.names
    }

    @Suite struct ExtensionScopeTests {
        /// What an extension may look up: itself, its coding keys, the package's and the standard
        /// library's modules, the types the macro writes itself, and its own locals and parameters.
        static let generated: Set<String> = [
            "Self", "CodingKeys", "UserCreatedCodingKeys", "CircleCodingKeys", "MapCore", "MapModels", "Swift",
            "String", "CodingKey", "RawValue", "DecodingError", "reader", "decoder", "node", "document", "context",
            "values", "direct", "raw", "value", "self", "writer", "encoder", "container",
        ]

        @Test(
            "An extension looks up no name the declaration wrote: its types and expressions are in the body",
            arguments: [
                structSource, nestedSource,
                "@JSONModel\npublic final class Settings {\n    var theme: Theme\n    var accent: Accent?\n}",
                "@JSONModel\nenum Shape {\n    case circle(radius: Radius)\n    case label(Label)\n    case none\n}",
                "@JSONModel(tagging: .internal(tag: \"type\"))\nenum Event {\n    case userCreated(id: ID)\n"
                    + "    case moved(Point)\n}",
                "@JSONModel(tagging: .adjacent(tag: \"t\", content: \"c\"))\nenum Message {\n    case text(Text)\n"
                    + "    case pair(Int, Int)\n}",
                "@JSONModel(tagging: .untagged)\nenum Value {\n    case point(x: Coordinate, y: Coordinate)\n"
                    + "    case number(Number)\n}",
            ]
        )
        func extensionScope(source: String) {
            // `_<property>`: the locals an initializer takes the values read apart into.
            let looked = unqualifiedNames(inExtensionsOf: source).filter { !$0.hasPrefix("_") }
            #expect(looked.subtracting(Self.generated) == [])
        }
    }

    @Suite struct TaggedEnumExpansionTests {
        @Test("An externally tagged enum expands to reads and writes of one member named by the case")
        func external() throws {
            expectExpansion(
                """
                @JSONModel
                enum Shape {
                    case circle(radius: Double)
                    case label(String)
                    case none
                }
                """,
                expandedSource: try golden("ExternallyTaggedEnum")
            )
        }

        @Test("An internally tagged enum expands to reads and writes of the tag beside the members")
        func internallyTagged() throws {
            expectExpansion(
                """
                @JSONModel(keys: .snakeCase, tagging: .internal(tag: "type"))
                enum Event {
                    case userCreated(userID: Int, nickName: String?)
                    @JSONKey("moved") case moved(Point)
                    case ping
                }
                """,
                expandedSource: try golden("InternallyTaggedEnum")
            )
        }

        @Test("An adjacently tagged enum expands to reads and writes of the tag and the content side by side")
        func adjacent() throws {
            expectExpansion(
                """
                @JSONModel(tagging: .adjacent(tag: "t", content: "c"))
                enum Message {
                    case text(String)
                    case pair(Int, Int)
                    case empty
                }
                """,
                expandedSource: try golden("AdjacentlyTaggedEnum")
            )
        }

        @Test("An untagged enum expands to tries of each case in order")
        func untagged() throws {
            expectExpansion(
                """
                @JSONModel(tagging: .untagged)
                enum Value {
                    case point(x: Int, y: Int)
                    case number(Int)
                    case nothing
                }
                """,
                expandedSource: try golden("UntaggedEnum")
            )
        }
    }

    @Suite struct ClassExpansionTests {
        @Test("A final class gets its initializers in its body, and keeps the init() it had")
        func finalClass() throws {
            expectExpansion(
                """
                @JSONModel
                public final class Settings {
                    public var theme: String = "light"
                    var accent: String?
                }
                """,
                expandedSource: try golden("FinalClass")
            )
        }
    }
#endif
