import JSONMapping
import MapTestSupport
import Testing

/// Decoding the nodes a query selects through a mapper: every idiom, every backend, and errors
/// at the node's path.
@Suite struct MapperQueryTests {
    struct Book: Decodable, Equatable {
        var title: String
        var price: Double
    }

    struct Priced: JSONDecodable, Equatable {
        var price: Double

        init(price: Double) {
            self.price = price
        }

        static func decode(_ json: JSON) throws -> Priced {
            Priced(price: try json["price"].decode(Double.self))
        }
    }

    @Test("a Decodable model decodes from each selected node, in order", arguments: BuildBackends.names)
    func decodable(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let query = try JSONQuery("$.store.book[?@.price < 10]")
        let books = try mapper.decode(Book.self, matching: query, from: QueryCase.bookstore)
        #expect(books == [Book(title: "Sayings of the Century", price: 8.95), Book(title: "Moby Dick", price: 8.99)])
    }

    @Test("a Bridgeable type and a bridge decode each selected node", arguments: BuildBackends.names)
    func bridgeable(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let prices = try mapper.decode(Double.self, matching: JSONQuery("$..price"), from: QueryCase.bookstore)
        #expect(prices == [8.95, 12.99, 8.99, 22.99, 399])
        let priced = try mapper.decode(
            Priced.self,
            matching: JSONQuery("$..[?@.price > 20]"),
            from: QueryCase.bookstore
        )
        // The store is visited before the book array, so the bicycle comes first.
        #expect(priced == [Priced(price: 399), Priced(price: 22.99)])
        let titles = try mapper.decode(with: StringBridge(), matching: JSONQuery("$..title"), from: QueryCase.bookstore)
        #expect(titles == ["Sayings of the Century", "Sword of Honour", "Moby Dick", "The Lord of the Rings"])
    }

    @Test("a node that does not decode throws a MappingError at the node's path", arguments: BuildBackends.names)
    func errorPath(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let query = try JSONQuery("$.store.book[*]")
        let document = #"{"store": {"book": [{"title": "A", "price": 1}, {"title": "B", "price": "two"}]}}"#
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Book.self, matching: query, from: document)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["store", "book", 1, "price"])
    }

    @Test(
        "input that does not parse throws invalidJSON; matches(of:in:) throws the ParseError",
        arguments: BuildBackends.names
    )
    func badInput(backend: String) throws {
        let mapper = try Mapper(backendNamed: backend)
        let error = try #require(throws: MappingError.self) {
            try mapper.decode(Int.self, matching: JSONQuery("$[*]"), from: "[1, 2,]")
        }
        #expect(error.code == .invalidJSON)
        #expect(throws: ParseError.self) { try mapper.matches(of: JSONQuery("$[*]"), in: "[1,") }
        #expect(try mapper.matches(of: JSONQuery("$[*]"), in: "[1, 2]").map(\.path.normalizedPath) == ["$[0]", "$[1]"])
    }

    @Test("$ is the view a query is given, and paths are from it", arguments: BuildBackends.names)
    func subview(backend: String) throws {
        let json = try QueryCase.parse(QueryCase.bookstore, backend: backend)
        let bicycle = json["store"]["bicycle"]
        #expect(try bicycle.matches(of: JSONQuery("$.color")).map(\.path.normalizedPath) == ["$['color']"])
        #expect(try JSONQuery("$.color").values(in: bicycle).map { try $0.decode(String.self) } == ["red"])
        #expect(try JSONQuery("$").matches(in: json["missing"]).isEmpty)
    }

    @Test("a compiled query is shared between tasks")
    func sharedBetweenTasks() async throws {
        let query = try JSONQuery("$[?@ > 2]")
        let mapper = try Mapper()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for size in 1...8 {
                group.addTask {
                    let json = try mapper.parse("[" + (1...size).map(String.init).joined(separator: ",") + "]")
                    return query.matches(in: json).count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted()
        }
        #expect(counts == [0, 0, 1, 2, 3, 4, 5, 6])
    }
}
