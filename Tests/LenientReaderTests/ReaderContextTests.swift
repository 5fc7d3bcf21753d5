import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// JSONMapper's reader context: lenient typed getters, `[]` for missing arrays, problems with
/// their paths, and an `isValid` flag that turns false on malformed input while the model is
/// still created.
@Suite struct ReaderContextTests {
    // MARK: Models

    final class Address: JSONReaderInitializable {
        let city: String?
        let zip: Int?

        init(_ context: JSONReaderContext) {
            city = context.getString("city")
            zip = context.getInt("zip")
        }

        var snapshot: AddressSnapshot { AddressSnapshot(city: city, zip: zip) }
    }

    struct AddressSnapshot: Equatable {
        var city: String?
        var zip: Int?
    }

    final class Person: JSONReaderInitializable {
        let name: String?
        let age: Int?
        let height: Double?
        let active: Bool?
        let born: Date?
        let address: Address?
        let roles: [String]
        let friends: [Person]

        init(_ context: JSONReaderContext) {
            name = context.getString("name")
            age = context.getInt("age")
            height = context.getDouble("height")
            active = context.getBool("active")
            born = context.get("born", as: Date.self)
            address = context.getObject("address", ofClass: Address.self)
            roles = context.getArray("roles")
            friends = context.getArray("friends", ofClass: Person.self)
        }

        var snapshot: PersonSnapshot {
            PersonSnapshot(
                name: name,
                age: age,
                height: height,
                active: active,
                born: born,
                address: address?.snapshot,
                roles: roles,
                friends: friends.map(\.name)
            )
        }
    }

    /// What a `Person` read, for comparing.
    struct PersonSnapshot: Equatable {
        var name: String?
        var age: Int?
        var height: Double?
        var active: Bool?
        var born: Date?
        var address: AddressSnapshot?
        var roles: [String] = []
        var friends: [String?] = []
    }

    static let valid = """
        {"name": "Ada", "age": 36, "height": 1.65, "active": true, "born": "1815-12-10T00:00:00Z",
         "address": {"city": "London", "zip": 1}, "roles": ["admin", "dev"],
         "friends": [{"name": "Bo"}, {"name": "Cy", "age": 3}], "unknown": [1, 2]}
        """

    // MARK: Reading

    @Test(
        "Every getter reads its value from a valid input, and unknown keys are ignored",
        arguments: linkedBackendNames
    )
    func validInput(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let context = mapper.readerContext(Self.valid)
        let person = Person(context)
        #expect(context.isValid)
        #expect(context.parseError == nil)
        #expect(context.problems.isEmpty)
        #expect(
            person.snapshot
                == PersonSnapshot(
                    name: "Ada",
                    age: 36,
                    height: 1.65,
                    active: true,
                    born: Date(timeIntervalSince1970: -4_861_728_000),
                    address: AddressSnapshot(city: "London", zip: 1),
                    roles: ["admin", "dev"],
                    friends: ["Bo", "Cy"]
                )
        )
        #expect(person.friends[1].age == 3)
    }

    @Test("Missing and null values read as nil and arrays as empty, with no problem", arguments: linkedBackendNames)
    func missingAndNull(backend: String) throws {
        let mapper = try idiomMapper(backend)
        for input in [
            "{}",
            #"{"name": null, "age": null, "height": null, "active": null, "born": null, "address": null, "roles": null, "friends": null}"#,
        ] {
            let context = mapper.readerContext(input)
            #expect(Person(context).snapshot == PersonSnapshot(), "\(input)")
            #expect(context.problems.isEmpty, "\(input)")
            #expect(context.isValid)
        }
    }

    @Test(
        "Wrongly typed values read as nil or empty, each a warning problem with its path",
        arguments: linkedBackendNames
    )
    func wrongTypes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let context = mapper.readerContext(
            #"{"name": 5, "age": "36", "height": true, "active": "yes", "born": "tuesday", "address": [1], "roles": "admin", "friends": {"name": "Bo"}}"#
        )
        #expect(Person(context).snapshot == PersonSnapshot())
        #expect(context.isValid)
        #expect(
            context.problems.map(ExpectedEntry.init) == [
                ExpectedEntry(.warning, .wrongType, at: ["name"]),
                ExpectedEntry(.warning, .wrongType, at: ["age"]),
                ExpectedEntry(.warning, .wrongType, at: ["height"]),
                ExpectedEntry(.warning, .wrongType, at: ["active"]),
                ExpectedEntry(.warning, .bridgingFailed, at: ["born"]),
                ExpectedEntry(.warning, .wrongType, at: ["address"]),
                ExpectedEntry(.warning, .wrongType, at: ["roles"]),
                ExpectedEntry(.warning, .wrongType, at: ["friends"]),
            ]
        )
    }

    @Test("A number with a fraction is not an Int: nil, with a problem", arguments: linkedBackendNames)
    func fractionalInt(backend: String) throws {
        let context = try idiomMapper(backend).readerContext(#"{"age": 36.5, "height": 2}"#)
        let person = Person(context)
        #expect(person.age == nil)
        #expect(person.height == 2)
        #expect(context.problems.map(ExpectedEntry.init) == [ExpectedEntry(.warning, .bridgingFailed, at: ["age"])])
    }

    @Test("Arrays keep their valid elements and record each other one at its index", arguments: linkedBackendNames)
    func arraysDropBadElements(backend: String) throws {
        let context = try idiomMapper(backend).readerContext(
            #"{"roles": ["admin", 1, "dev", null], "friends": [{"name": "Bo"}, 3, {"name": 4, "roles": [true]}]}"#
        )
        let person = Person(context)
        #expect(person.roles == ["admin", "dev"])
        #expect(person.friends.map(\.name) == ["Bo", nil])
        #expect(
            context.problems.map(ExpectedEntry.init) == [
                ExpectedEntry(.warning, .wrongType, at: ["roles", 1]),
                ExpectedEntry(.warning, .wrongType, at: ["roles", 3]),
                ExpectedEntry(.warning, .wrongType, at: ["friends", 1]),
                ExpectedEntry(.warning, .wrongType, at: ["friends", 2, "name"]),
                ExpectedEntry(.warning, .wrongType, at: ["friends", 2, "roles", 0]),
            ]
        )
    }

    @Test("A nested object's problems reach the parent context with their full path", arguments: linkedBackendNames)
    func nestedProblems(backend: String) throws {
        let context = try idiomMapper(backend).readerContext(#"{"address": {"city": 1, "zip": 2}}"#)
        let person = Person(context)
        #expect(person.address?.snapshot == AddressSnapshot(city: nil, zip: 2))
        #expect(
            context.problems.map(ExpectedEntry.init) == [ExpectedEntry(.warning, .wrongType, at: ["address", "city"])]
        )
    }

    @Test(
        "A context over an already parsed view reads it, with paths from its document's root",
        arguments: linkedBackendNames
    )
    func contextOverView(backend: String) throws {
        let json = try idiomMapper(backend).parse(#"{"people": [{"name": "Ada", "age": "x"}]}"#)
        let context = JSONReaderContext(json["people"][0])
        let person = Person(context)
        #expect(person.name == "Ada")
        #expect(person.age == nil)
        #expect(
            context.problems.map(ExpectedEntry.init) == [ExpectedEntry(.warning, .wrongType, at: ["people", 0, "age"])]
        )
    }

    // MARK: Malformed input

    @Test(
        "Malformed input makes an invalid context with the parse error, and the model is still created",
        arguments: linkedBackendNames
    )
    func malformedInput(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let (person, context) = mapper.read(Person.self, from: "{\"name\": \"Ada\",\n \"age\": }")
        #expect(context.isValid == false)
        let parseError = try #require(context.parseError)
        #expect(parseError.line == 2)
        #expect(parseError.column == 9)
        #expect(parseError.backend == backend)
        #expect(person.snapshot == PersonSnapshot())
        #expect(context.problems.isEmpty)

        let entry = try #require(diagnostics.entries.last)
        #expect(ExpectedEntry(entry) == ExpectedEntry(.error, .dataToJSON, at: .root))
        #expect(entry.line == 2)
        #expect(entry.column == 9)
        #expect(diagnostics.reports.last?.succeeded == false)
    }

    @Test("Input that is not JSON at all, from bytes or Data, is invalid too", arguments: linkedBackendNames)
    func notJSON(backend: String) throws {
        let mapper = try idiomMapper(backend)
        for context in [
            mapper.readerContext(Array("name=Ada".utf8)), mapper.readerContext(Data()), mapper.readerContext("[1, 2"),
        ] {
            #expect(context.isValid == false)
            #expect(context.parseError != nil)
            #expect(Person(context).roles == [])
        }
    }

    @Test("A valid context reports its problems to the mapper's diagnostics handler", arguments: linkedBackendNames)
    func problemsReachDiagnostics(backend: String) throws {
        let diagnostics = IdiomDiagnostics()
        let mapper = try diagnostics.mapper(backend)
        let (person, context) = mapper.read(Person.self, from: #"{"name": 5}"#)
        #expect(person.name == nil)
        #expect(context.problems.map(ExpectedEntry.init) == [ExpectedEntry(.warning, .wrongType, at: ["name"])])
        #expect(diagnostics.summary == [ExpectedEntry(.warning, .wrongType, at: ["name"])])
    }
}
