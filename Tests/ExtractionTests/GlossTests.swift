import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Gloss's models: `init?(json:)` with `<~~`, `toJSON()` with `~~>` and `jsonify`, nested models,
/// arrays of them, path keys, custom transformations and a date format per field.
@Suite struct GlossTests {
    // MARK: Models

    struct RepoOwner: JSONInitializable, JSONExportable, Equatable {
        let ownerId: Int
        let username: String?

        init(ownerId: Int, username: String?) {
            self.ownerId = ownerId
            self.username = username
        }

        init?(json: JSON) {
            guard let ownerId: Int = "id" <~~ json else { return nil }
            self.ownerId = ownerId
            self.username = "login" <~~ json
        }

        func toJSON() -> JSON? {
            jsonify(["id" ~~> ownerId, "login" ~~> username])
        }
    }

    /// Gloss's `Glossy`, spelt as in Gloss.
    struct Label: Glossy, Equatable {
        let name: String

        init?(json: JSON) {
            guard let name: String = "name" <~~ json else { return nil }
            self.name = name
        }

        func toJSON() -> JSON? { jsonify(["name" ~~> name]) }
    }

    @Test(
        "Glossy reads and writes, and fromJSON is init?(json:) under Gloss's early name",
        arguments: linkedBackendNames
    )
    func glossyAndFromJSON(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let labels = try mapper.decode([Label].self, from: #"[{"name": "a"}, {"name": "b"}]"#)
        #expect(labels.map(\.name) == ["a", "b"])
        #expect(try mapper.encodeToString(labels) == #"[{"name":"a"},{"name":"b"}]"#)
        let json = try mapper.parse(#"{"name": "c"}"#)
        #expect(Label.fromJSON(json) == Label(json: json))
        #expect(Label.fromJSON(try mapper.parse("{}")) == nil)
        let error = try #require(throws: MappingError.self) { try mapper.decode([Label].self, from: #"[{}]"#) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == [0])
    }

    enum Language: String, Bridgeable, Equatable {
        case swift = "Swift"
        case c = "C"
    }

    struct Repo: JSONInitializable, JSONExportable, Equatable {
        let repoId: Int
        let name: String?
        let language: Language?
        let owner: RepoOwner?
        let ownerLogin: String?
        let contributors: [RepoOwner]?
        let created: Date?
        let pushed: Date?
        let stars: Int?

        /// A date format for one field only: a calendar day.
        static let dayBridge = DateBridge(.iso8601Style(Date.ISO8601FormatStyle().year().month().day()))
        /// A custom transformation: a count written as a string.
        static let stringifiedInt = Bridge<Int>.string(decoder: { Int($0) }, encoder: { String($0) })

        init(
            repoId: Int,
            name: String? = nil,
            language: Language? = nil,
            owner: RepoOwner? = nil,
            ownerLogin: String? = nil,
            contributors: [RepoOwner]? = nil,
            created: Date? = nil,
            pushed: Date? = nil,
            stars: Int? = nil
        ) {
            self.repoId = repoId
            self.name = name
            self.language = language
            self.owner = owner
            self.ownerLogin = ownerLogin
            self.contributors = contributors
            self.created = created
            self.pushed = pushed
            self.stars = stars
        }

        init?(json: JSON) {
            guard let repoId: Int = "id" <~~ json else { return nil }
            self.repoId = repoId
            self.name = "name" <~~ json
            self.language = "language" <~~ json
            self.owner = "owner" <~~ json
            self.ownerLogin = ("owner" / "login") <~~ json
            self.contributors = "contributors" <~~ json
            self.created = json.lenientValue(at: "created", with: Self.dayBridge)
            self.pushed = "pushed" <~~ json
            self.stars = json.lenientValue(at: "stars", with: Self.stringifiedInt)
        }

        func toJSON() -> JSON? {
            jsonify([
                "id" ~~> repoId,
                "name" ~~> name,
                "language" ~~> language,
                "owner" ~~> owner,
                "contributors" ~~> contributors,
                JSONMember("created", created, with: Self.dayBridge),
                "pushed" ~~> pushed,
                JSONMember("stars", stars, with: Self.stringifiedInt),
            ])
        }
    }

    /// A model written below a path.
    struct Commit: JSONInitializable, JSONExportable, Equatable {
        let sha: String
        let author: String?

        init(sha: String, author: String?) {
            self.sha = sha
            self.author = author
        }

        init?(json: JSON) {
            guard let sha: String = ("meta" / "sha") <~~ json else { return nil }
            self.sha = sha
            self.author = ("meta" / "author" / "name") <~~ json
        }

        func toJSON() -> JSON? {
            jsonify([("meta" / "sha") ~~> sha, ("meta" / "author" / "name") ~~> author])
        }
    }

    /// Not exportable: it cannot be written.
    struct ReadOnly: JSONInitializable {
        let id: Int
        init?(json: JSON) {
            guard let id: Int = "id" <~~ json else { return nil }
            self.id = id
        }
    }

    static let repoText = """
        {"id": 40102424, "name": "Gloss", "language": "Swift",
         "owner": {"id": 5371505, "login": "hkellaway"},
         "contributors": [{"id": 1, "login": "a"}, {"id": 2}],
         "created": "2015-08-02", "pushed": "2016-01-05T10:20:30Z", "stars": "1500"}
        """

    static let repo = Repo(
        repoId: 40_102_424,
        name: "Gloss",
        language: .swift,
        owner: RepoOwner(ownerId: 5_371_505, username: "hkellaway"),
        ownerLogin: "hkellaway",
        contributors: [RepoOwner(ownerId: 1, username: "a"), RepoOwner(ownerId: 2, username: nil)],
        created: Date(timeIntervalSince1970: 1_438_473_600),
        pushed: Date(timeIntervalSince1970: 1_451_989_230),
        stars: 1500
    )

    static let repoOutput =
        #"{"id":40102424,"name":"Gloss","language":"Swift","owner":{"id":5371505,"login":"hkellaway"},"contributors":[{"id":1,"login":"a"},{"id":2}],"created":"2015-08-02","pushed":"2016-01-05T10:20:30Z","stars":"1500"}"#

    // MARK: Reading

    @Test(
        "init?(json:) reads with `<~~`: nested models, arrays, a path key, a per-field date and a transformation",
        arguments: linkedBackendNames
    )
    func decodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let json = try mapper.parse(Self.repoText)
        #expect(Repo(json: json) == Self.repo)
        #expect(try mapper.decode(Repo.self, from: Self.repoText) == Self.repo)
        #expect(try mapper.decode([Repo].self, from: "[\(Self.repoText)]") == [Self.repo])
    }

    @Test(
        "Missing, null and wrongly typed values read as nil; a missing required one fails the init",
        arguments: linkedBackendNames
    )
    func lenientReads(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let sparse = try #require(Repo(json: try mapper.parse(#"{"id": 1}"#)))
        #expect(sparse == Repo(repoId: 1))

        let wrong = try #require(
            Repo(
                json: try mapper.parse(
                    #"{"id": 2, "name": 5, "language": "Cobol", "owner": "me", "contributors": [{"login": "x"}], "created": "08/02/2015", "pushed": null, "stars": 12}"#
                )
            )
        )
        #expect(wrong == Repo(repoId: 2))

        #expect(Repo(json: try mapper.parse(#"{"name": "no id"}"#)) == nil)
        #expect(Repo(json: try mapper.parse(#"{"id": "1"}"#)) == nil)
        #expect(Repo(json: try mapper.parse("[1]")) == nil)
    }

    @Test("A nil init at the top level of a mapper is bridgingFailed with the path", arguments: linkedBackendNames)
    func nilInitThroughMapper(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let top = try #require(throws: MappingError.self) {
            try mapper.decode(RepoOwner.self, from: #"{"login": "x"}"#)
        }
        #expect(top.code == .bridgingFailed)
        #expect(top.path == .root)
        #expect(top.targetType == "RepoOwner")

        let inArray = try #require(throws: MappingError.self) {
            try mapper.decode([RepoOwner].self, from: #"[{"id": 1}, {"id": "2"}]"#)
        }
        #expect(inArray.code == .bridgingFailed)
        #expect(inArray.path == [1])
        #expect(inArray.value?["id"].string == "2")

        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded == false)
        #expect(report.entries.last.map(ExpectedEntry.init) == ExpectedEntry(.error, .bridgingFailed, at: [1]))
    }

    @Test(
        "A wrongly typed value read leniently is a warning in the diagnostics of the mapper that started the decode",
        arguments: linkedBackendNames
    )
    func lenientReadWarns(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let input =
            #"{"id": 3, "name": 5, "contributors": [{"id": 1, "login": true}], "created": "yesterday", "stars": 12}"#
        let repo = try mapper.decode(Repo.self, from: input)
        #expect(repo == Repo(repoId: 3, contributors: [RepoOwner(ownerId: 1, username: nil)]))
        let report = try #require(diagnostics.reports.last)
        #expect(report.succeeded)
        #expect(
            report.entries.map(ExpectedEntry.init) == [
                ExpectedEntry(.warning, .wrongType, at: ["name"]),
                ExpectedEntry(.warning, .wrongType, at: ["contributors", 0, "login"]),
                ExpectedEntry(.warning, .bridgingFailed, at: ["created"]),
                ExpectedEntry(.warning, .wrongType, at: ["stars"]),
            ]
        )

        // The same init outside any mapper reads the same values and reports nowhere.
        #expect(Repo(json: try mapper.parse(input)) == repo)
        #expect(diagnostics.reports.count == 1)
    }

    // MARK: Writing

    @Test(
        "toJSON() writes with `~~>` and jsonify, dropping nil members, through the same bridges",
        arguments: linkedBackendNames
    )
    func encodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(try Self.repo.toJSON()?.text() == Self.repoOutput)
        #expect(try mapper.encodeToString(Self.repo) == Self.repoOutput)
        #expect(try Repo(repoId: 9).toJSON()?.text() == #"{"id":9}"#)
        #expect(try mapper.encodeToString([Repo(repoId: 9, stars: 3)]) == #"[{"id":9,"stars":"3"}]"#)
    }

    @Test("toJSON() → init?(json:) gives the same model back", arguments: linkedBackendNames)
    func roundTrip(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let bytes = try mapper.encode(Self.repo)
        #expect(Repo(json: try mapper.parse(bytes)) == Self.repo)
        #expect(try mapper.decode(Repo.self, from: bytes) == Self.repo)
    }

    @Test("Path keys read and write nested objects", arguments: linkedBackendNames)
    func pathKeys(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let commit = try #require(
            Commit(json: try mapper.parse(#"{"meta": {"sha": "abc", "author": {"name": "Ada"}}}"#))
        )
        #expect(commit == Commit(sha: "abc", author: "Ada"))
        #expect(try commit.toJSON()?.text() == #"{"meta":{"sha":"abc","author":{"name":"Ada"}}}"#)
        #expect(try Commit(sha: "d", author: nil).toJSON()?.text() == #"{"meta":{"sha":"d"}}"#)
        #expect(Commit(json: try mapper.parse(#"{"meta": "abc"}"#)) == nil)
    }

    @Test(
        "jsonify of no members is an empty object, a later member at the same place wins, and parsed views copy in",
        arguments: linkedBackendNames
    )
    func jsonifyEdges(backend: String) throws {
        let parsed = try idiomMapper(backend).parse(#"{"raw": [1, {"k": null}], "text": "t"}"#)
        #expect(
            try jsonify(["raw" ~~> parsed["raw"], "n" ~~> 1]).map { try $0.text() } == #"{"raw":[1,{"k":null}],"n":1}"#
        )
        let nothing: String? = nil
        #expect(try jsonify(["a" ~~> nothing]).map { try $0.text() } == "{}")
        #expect(try jsonify(["a" ~~> 1, "b" ~~> 2, "a" ~~> 3]).map { try $0.text() } == #"{"a":3,"b":2}"#)
    }

    @Test(
        "A member whose value cannot be written makes jsonify nil, and fails an encode",
        arguments: linkedBackendNames
    )
    func unwritableMember(backend: String) throws {
        let mapper = try idiomMapper(backend)
        #expect(jsonify(["x" ~~> Double.nan]) == nil)
        let readOnly = try #require(ReadOnly(json: try mapper.parse(#"{"id": 1}"#)))
        #expect(readOnly.id == 1)
        let error = try #require(throws: MappingError.self) { try mapper.encode(readOnly) }
        #expect(error.code == .unsupportedValue)
    }
}
