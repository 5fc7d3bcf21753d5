#if Macros
    import Foundation
    import Testing

    /// The expansion kept in `Fixtures/<name>.expanded.swift.txt`: a golden file, since generated
    /// lines are longer than a source line may be.
    func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).expanded.swift.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
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
