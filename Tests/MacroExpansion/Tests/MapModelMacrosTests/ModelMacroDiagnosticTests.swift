#if Macros
    import MapModelMacros
    import SwiftSyntaxMacroExpansion
    import SwiftSyntaxMacros
    import SwiftSyntaxMacrosGenericTestSupport
    import Testing

    /// The macros under test, by the names the declarations give them.
    let modelMacros: [String: MacroSpec] = [
        "JSONModel": MacroSpec(type: JSONModelMacro.self),
        "JSONKey": MacroSpec(type: FieldControlMacro.self),
        "JSONAlias": MacroSpec(type: FieldControlMacro.self),
        "JSONDefault": MacroSpec(type: FieldControlMacro.self),
        "JSONIgnored": MacroSpec(type: FieldControlMacro.self),
        "JSONOmitIfDefault": MacroSpec(type: FieldControlMacro.self),
        "JSONLossy": MacroSpec(type: FieldControlMacro.self),
        "JSONRest": MacroSpec(type: FieldControlMacro.self),
        "JSONFallback": MacroSpec(type: FieldControlMacro.self),
    ]

    /// `assertMacroExpansion` reporting through Swift Testing.
    func expectExpansion(
        _ source: String,
        expandedSource: String,
        diagnostics: [DiagnosticSpec] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source,
            expandedSource: expandedSource,
            diagnostics: diagnostics,
            macroSpecs: modelMacros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) }
        )
    }

    @Suite struct ModelMacroDiagnosticTests {
        @Test("Two properties mapping to one key are a compile error at the second")
        func duplicateKeys() {
            expectExpansion(
                """
                @JSONModel
                struct A {
                    var a: Int
                    @JSONAlias("a") var b: Int
                }
                """,
                expandedSource: """
                    struct A {
                        var a: Int
                        var b: Int
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(message: "'b' and 'a' both map to the key \"a\"", line: 4, column: 25)
                ]
            )
        }

        @Test("A case convention that makes two keys equal is a compile error")
        func conventionCollision() {
            expectExpansion(
                """
                @JSONModel(keys: .snakeCase)
                struct A {
                    var userName: Int
                    var user_name: Int
                }
                """,
                expandedSource: """
                    struct A {
                        var userName: Int
                        var user_name: Int
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "'user_name' and 'userName' both map to the key \"user_name\"",
                        line: 4,
                        column: 9
                    )
                ]
            )
        }

        @Test("Controls that do not fit the property's type are compile errors")
        func controlsThatDoNotFit() {
            expectExpansion(
                """
                @JSONModel
                struct A {
                    @JSONLossy var a: Int
                    @JSONRest var b: [String: Int]
                    @JSONOmitIfDefault var c: Int
                    @JSONIgnored var d: Int
                }
                """,
                expandedSource: """
                    struct A {
                        var a: Int
                        var b: [String: Int]
                        var c: Int
                        var d: Int
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(message: "@JSONLossy applies to an array; 'a' is Int", line: 3, column: 20),
                    DiagnosticSpec(
                        message: "@JSONRest captures members into [String: JSON]; 'b' is [String: Int]",
                        line: 4,
                        column: 19
                    ),
                    DiagnosticSpec(
                        message: "@JSONOmitIfDefault needs a @JSONDefault value to compare with",
                        line: 5,
                        column: 28
                    ),
                    DiagnosticSpec(message: "an ignored property needs an initial value", line: 6, column: 22),
                ]
            )
        }

        @Test("A property without a written type is a compile error")
        func missingType() {
            expectExpansion(
                """
                @JSONModel
                struct A {
                    var a = 1
                }
                """,
                expandedSource: """
                    struct A {
                        var a = 1
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(message: "@JSONModel needs the type of 'a' written out", line: 3, column: 9)
                ]
            )
        }

        @Test("An enum without raw values is refused with a message until such enums are supported")
        func enumRefused() {
            expectExpansion(
                """
                @JSONModel
                enum A {
                    case a
                }
                """,
                expandedSource: """
                    enum A {
                        case a
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message:
                            "@JSONModel on an enum needs String or integer raw values and no associated values in this version",
                        line: 1,
                        column: 1
                    )
                ]
            )
        }

        @Test("A class is refused with a message until classes are supported")
        func classRefused() {
            expectExpansion(
                """
                @JSONModel
                final class A {
                    var a: Int = 0
                }
                """,
                expandedSource: """
                    final class A {
                        var a: Int = 0
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@JSONModel applies to a struct or a raw-value enum in this version",
                        line: 1,
                        column: 1
                    )
                ]
            )
        }

        @Test("A field control on something other than a property is a compile error")
        func controlOnFunction() {
            expectExpansion(
                """
                @JSONKey("a")
                func f() {}
                """,
                expandedSource: """
                    func f() {}
                    """,
                diagnostics: [DiagnosticSpec(message: "@JSONKey applies to a stored property", line: 1, column: 1)]
            )
        }
    }
#endif
