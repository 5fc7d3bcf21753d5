import JSONMapping
import MapTestSupport
import Testing

/// `ObjectRule.recursive`: Bender's folder of folders, read, dumped and failing with a causal chain.
@Suite struct RecursiveRuleTests {
    struct Folder: Equatable, Sendable {
        var name = ""
        var size: Int64 = 0
        var folders: [Folder]?
    }

    static let folderRule = ObjectRule<Folder>.recursive { folder in
        ObjectRule(Folder())
            .required("name", StringRule, \.name)
            .required("size", Int64Rule, \.size)
            .optional("folders", ArrayRule(itemRule: folder), \.folders)
    }

    static let threeLevels = """
        {
          "name": "root", "size": 1024,
          "folders": [
            {"name": "docs", "size": 512, "folders": [
              {"name": "drafts", "size": 128, "folders": []},
              {"name": "final", "size": 256}
            ]},
            {"name": "empty", "size": 0, "folders": null}
          ]
        }
        """

    static let threeLevelsValue = Folder(
        name: "root",
        size: 1024,
        folders: [
            Folder(
                name: "docs",
                size: 512,
                folders: [
                    Folder(name: "drafts", size: 128, folders: []),
                    Folder(name: "final", size: 256),
                ]
            ),
            Folder(name: "empty", size: 0),
        ]
    )

    @Test("A recursive rule reads folders three levels deep", arguments: linkedBackendNames)
    func decodesThreeLevels(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try mapper.decode(with: Self.folderRule, from: Self.threeLevels) == Self.threeLevelsValue)
        #expect(try Self.folderRule.decode(mapper.parse(Self.threeLevels)) == Self.threeLevelsValue)
    }

    @Test("A recursive rule dumps folders three levels deep, and the dump reads back", arguments: linkedBackendNames)
    func encodesThreeLevels(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let expected: JSON = [
            "name": "root", "size": 1024,
            "folders": [
                [
                    "name": "docs", "size": 512,
                    "folders": [
                        ["name": "drafts", "size": 128, "folders": []],
                        ["name": "final", "size": 256],
                    ],
                ],
                ["name": "empty", "size": 0],
            ],
        ]
        #expect(try mapper.ruleOutput(Self.threeLevelsValue, with: Self.folderRule) == expected)
        let text = try mapper.encodeToString(Self.threeLevelsValue, with: Self.folderRule)
        #expect(try mapper.decode(with: Self.folderRule, from: text) == Self.threeLevelsValue)
        let bytes = try Self.folderRule.encode(Self.threeLevelsValue)
        #expect(try Self.folderRule.decode(mapper.parse(bytes)) == Self.threeLevelsValue)
    }

    @Test("A failure inside a nested folder reads as Bender's causal chain", arguments: linkedBackendNames)
    func causalChain(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = #"{"name": "root", "size": 1, "folders": [{"name": "a", "size": "256 Error!"}]}"#
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: Self.folderRule, from: text) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["folders", 0, "size"])
        #expect(
            error.causalChain
                == #"optional field "folders" of Folder → item #0 → mandatory field "size" → value of unexpected type "256 Error!", expected Int64"#
        )
        #expect(
            error.ruleTrail == [
                .field("folders", isRequired: false, of: "Folder"),
                .item(0),
                .field("size", isRequired: true, of: "Folder"),
            ]
        )
    }

    @Test("A failure two folders down has the whole chain and path", arguments: linkedBackendNames)
    func deepCausalChain(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text =
            #"{"name": "r", "size": 1, "folders": [{"name": "a", "size": 2}, {"name": "b", "size": 3, "folders": [{"size": 4}]}]}"#
        let error = try #require(throws: MappingError.self) { try mapper.decode(with: Self.folderRule, from: text) }
        #expect(error.code == .missingKey)
        #expect(error.path == ["folders", 1, "folders", 0, "name"])
        #expect(
            error.causalChain
                == #"optional field "folders" of Folder → item #1 → optional field "folders" → item #0 → mandatory field "name" → value missing, expected String"#
        )
    }
}
