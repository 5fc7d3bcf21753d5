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
        "JSONValidate": MacroSpec(type: FieldControlMacro.self),
        "JSONUsing": MacroSpec(type: FieldControlMacro.self),
    ]

    /// `assertMacroExpansion` reporting through Swift Testing; with `fixedSource`, the source after
    /// every fix-it is applied.
    func expectExpansion(
        _ source: String,
        expandedSource: String,
        diagnostics: [DiagnosticSpec] = [],
        fixedSource: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source,
            expandedSource: expandedSource,
            diagnostics: diagnostics,
            macroSpecs: modelMacros,
            fixedSource: fixedSource,
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
                        column: 28,
                        fixIts: [FixItSpec(message: "add a @JSONDefault value")]
                    ),
                    DiagnosticSpec(
                        message: "an ignored property needs an initial value",
                        line: 6,
                        column: 22,
                        fixIts: [FixItSpec(message: "add an initial value")]
                    ),
                ],
                fixedSource: """
                    @JSONModel
                    struct A {
                        @JSONLossy var a: Int
                        @JSONRest var b: [String: Int]
                        @JSONDefault(<#value#>) @JSONOmitIfDefault var c: Int
                        @JSONIgnored var d: Int = <#value#>
                    }
                    """
            )
        }

        @Test("A CodingKeys of the model's own is a compile error, fixed by @JSONKey and @JSONIgnored")
        func codingKeysDeclared() {
            expectExpansion(
                """
                @JSONModel
                struct Book {
                    var title: String
                    var pageCount: Int
                    var cache: Int = 0

                    enum CodingKeys: String, CodingKey {
                        case title
                        case pageCount = "page_count"
                    }
                }
                """,
                expandedSource: """
                    struct Book {
                        var title: String
                        var pageCount: Int
                        var cache: Int = 0

                        enum CodingKeys: String, CodingKey {
                            case title
                            case pageCount = "page_count"
                        }
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@JSONModel generates CodingKeys; name a key with @JSONKey instead",
                        line: 7,
                        column: 10,
                        fixIts: [FixItSpec(message: "replace CodingKeys with @JSONKey and @JSONIgnored")]
                    )
                ],
                fixedSource: """
                    @JSONModel
                    struct Book {
                        var title: String
                        @JSONKey("page_count") var pageCount: Int
                        @JSONIgnored var cache: Int = 0
                    }
                    """
            )
        }

        @Test("An enum's CodingKeys of its own is a compile error, fixed by removing it")
        func enumCodingKeysDeclared() {
            expectExpansion(
                """
                @JSONModel
                enum Shape {
                    case circle(radius: Double)
                    enum CircleCodingKeys: CodingKey {
                        case radius
                    }
                }
                """,
                expandedSource: """
                    enum Shape {
                        case circle(radius: Double)
                        enum CircleCodingKeys: CodingKey {
                            case radius
                        }
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@JSONModel generates CircleCodingKeys; name a key with @JSONKey instead",
                        line: 4,
                        column: 10,
                        fixIts: [FixItSpec(message: "remove CircleCodingKeys")]
                    )
                ],
                fixedSource: """
                    @JSONModel
                    enum Shape {
                        case circle(radius: Double)
                    }
                    """
            )
        }

        @Test("A fallback case with values, on an untagged enum, or a @JSONKey on a raw-value case, is refused")
        func fallbacksAndRawKeys() {
            expectExpansion(
                """
                @JSONModel
                enum A {
                    case a(x: Int)
                    @JSONFallback case other(String)
                }
                @JSONModel(tagging: .untagged)
                enum B {
                    case b(Int)
                    @JSONFallback case other
                }
                @JSONModel
                enum C: String {
                    @JSONKey("see") case c
                }
                """,
                expandedSource: """
                    enum A {
                        case a(x: Int)
                        case other(String)
                    }
                    enum B {
                        case b(Int)
                        case other
                    }
                    enum C: String {
                        case c
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "the @JSONFallback case takes a tag no case has, whose content it cannot know: it "
                            + "has no associated values",
                        line: 4,
                        column: 24
                    ),
                    DiagnosticSpec(
                        message: "an untagged enum has no tag for a @JSONFallback case to take; a case without "
                            + "associated values reads null",
                        line: 9,
                        column: 24
                    ),
                    DiagnosticSpec(
                        message: "a case of an enum with raw values is named by its raw value; write the name as "
                            + "the raw value instead of @JSONKey",
                        line: 13,
                        column: 5
                    ),
                ]
            )
        }

        @Test("A tagging on a struct or on an enum of raw values is a compile error")
        func taggingWithoutCases() {
            expectExpansion(
                """
                @JSONModel(tagging: .untagged)
                struct A {
                    var a: Int
                }
                @JSONModel(tagging: .external)
                enum B: Int {
                    case b
                }
                """,
                expandedSource: """
                    struct A {
                        var a: Int
                    }
                    enum B: Int {
                        case b
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(message: "tagging applies to an enum with associated values", line: 1, column: 12),
                    DiagnosticSpec(message: "tagging applies to an enum with associated values", line: 5, column: 12),
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

        @Test("An enum of raw values that are neither strings nor integers is a compile error")
        func enumRawTypeRefused() {
            expectExpansion(
                """
                @JSONModel
                enum A: Double {
                    case a = 1.5
                }
                """,
                expandedSource: """
                    enum A: Double {
                        case a = 1.5
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@JSONModel on an enum with raw values needs String or integer raw values",
                        line: 1,
                        column: 1
                    )
                ]
            )
        }

        @Test("An internally tagged case whose single value is not written as an object is a compile error")
        func internalNotObject() {
            expectExpansion(
                """
                @JSONModel(tagging: .internal(tag: "type"))
                enum A {
                    case a(Int)
                    case b([String])
                    case c(Point)
                }
                """,
                expandedSource: """
                    enum A {
                        case a(Int)
                        case b([String])
                        case c(Point)
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "the case 'a' holds Int, which is not written as an object: an internally tagged "
                            + "case has no place for its tag \"type\"; label the value or use .adjacent(tag:content:)",
                        line: 3,
                        column: 12
                    ),
                    DiagnosticSpec(
                        message: "the case 'b' holds [String], which is not written as an object: an internally "
                            + "tagged case has no place for its tag \"type\"; label the value or use "
                            + ".adjacent(tag:content:)",
                        line: 4,
                        column: 12
                    ),
                ]
            )
        }

        @Test("Two cases mapping to one tag are a compile error at the second")
        func duplicateTags() {
            expectExpansion(
                """
                @JSONModel(keys: .snakeCase)
                enum A {
                    case userName(Int)
                    @JSONKey("user_name") case other(Int)
                }
                """,
                expandedSource: """
                    enum A {
                        case userName(Int)
                        case other(Int)
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "'other' and 'userName' both map to the tag \"user_name\"",
                        line: 4,
                        column: 32
                    )
                ]
            )
        }

        @Test("An internal tag that is also a member of a case, and two members of one key, are compile errors")
        func tagCollision() {
            expectExpansion(
                """
                @JSONModel(keys: .snakeCase, tagging: .internal(tag: "type"))
                enum A {
                    case a(type: String, size: Int)
                    case b(userName: String, user_name: String)
                }
                """,
                expandedSource: """
                    enum A {
                        case a(type: String, size: Int)
                        case b(userName: String, user_name: String)
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "'user_name' and 'userName' both map to the key \"user_name\"",
                        line: 4,
                        column: 30
                    ),
                    DiagnosticSpec(
                        message: "the member \"type\" of the case 'a' is also the tag's key",
                        line: 3,
                        column: 12
                    ),
                ]
            )
        }

        @Test("An adjacent tag and content of one key, and a tagging not spelled with literals, are compile errors")
        func taggingSpelling() {
            expectExpansion(
                """
                @JSONModel(tagging: .adjacent(tag: "t", content: "t"))
                enum A {
                    case a(Int)
                }
                @JSONModel(tagging: .internal(tag: name))
                enum B {
                    case b(x: Int)
                }
                @JSONModel(unknownMembers: .refuse)
                enum C {
                    case c(x: Int)
                }
                """,
                expandedSource: """
                    enum A {
                        case a(Int)
                    }
                    enum B {
                        case b(x: Int)
                    }
                    enum C {
                        case c(x: Int)
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(message: "the tag and the content have one key, \"t\"", line: 3, column: 10),
                    DiagnosticSpec(
                        message: "the tagging must be spelled out with string literals: .external, "
                            + ".internal(tag: \"type\"), .adjacent(tag: \"t\", content: \"c\"), .untagged",
                        line: 5,
                        column: 12
                    ),
                    DiagnosticSpec(
                        message:
                            "unknownMembers applies to a struct or a class: an enum's cases read different members",
                        line: 9,
                        column: 12
                    ),
                ]
            )
        }

        @Test("A class that is not final is refused, with a fix-it that marks it final")
        func classNotFinal() {
            expectExpansion(
                """
                @JSONModel
                public class A {
                    var a: Int = 0
                }
                """,
                expandedSource: """
                    public class A {
                        var a: Int = 0
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@JSONModel applies to a final class: a subclass would inherit a decode that makes an "
                            + "instance of this class and reads none of the subclass's properties",
                        line: 1,
                        column: 1,
                        fixIts: [FixItSpec(message: "mark the class final")]
                    )
                ],
                fixedSource: """
                    @JSONModel
                    public final class A {
                        var a: Int = 0
                    }
                    """
            )
        }

        @Test("An actor is refused: the macro applies to structs, final classes and enums")
        func actorRefused() {
            expectExpansion(
                """
                @JSONModel
                actor A {
                    var a: Int = 0
                }
                """,
                expandedSource: """
                    actor A {
                        var a: Int = 0
                    }
                    """,
                diagnostics: [
                    DiagnosticSpec(
                        message: "@JSONModel applies to a struct, a final class or an enum",
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
