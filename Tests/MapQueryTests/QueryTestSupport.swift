import JSONMapping
import MapTestSupport
import Testing

/// What the query suites share: documents from RFC 9535's examples and a way to run a query on
/// one backend and read back each node's normalized path and compact text.
enum QueryCase {
    /// The bookstore of RFC 9535, Figure 1.
    static let bookstore = """
        { "store": {
            "book": [
              { "category": "reference",
                "author": "Nigel Rees",
                "title": "Sayings of the Century",
                "price": 8.95
              },
              { "category": "fiction",
                "author": "Evelyn Waugh",
                "title": "Sword of Honour",
                "price": 12.99
              },
              { "category": "fiction",
                "author": "Herman Melville",
                "title": "Moby Dick",
                "isbn": "0-553-21311-3",
                "price": 8.99
              },
              { "category": "fiction",
                "author": "J. R. R. Tolkien",
                "title": "The Lord of the Rings",
                "isbn": "0-395-19395-8",
                "price": 22.99
              }
            ],
            "bicycle": {
              "color": "red",
              "price": 399
            }
          }
        }
        """

    /// The document `text` parsed by the backend named `backend`.
    static func parse(_ text: String, backend: String) throws -> JSON {
        try Mapper(backendNamed: backend).parse(text)
    }

    /// The nodes `query` selects in `document` on `backend`, as (normalized path, compact text).
    static func run(_ query: String, on document: String, backend: String) throws -> [Node] {
        let json = try parse(document, backend: backend)
        return try JSONQuery(query).matches(in: json).map {
            Node(path: $0.path.normalizedPath, text: try $0.value.text())
        }
    }

    /// A selected node as the tests compare it.
    struct Node: Equatable, CustomStringConvertible {
        var path: String
        var text: String

        init(path: String, text: String) {
            self.path = path
            self.text = text
        }

        init(_ path: String, _ text: String) {
            self.init(path: path, text: text)
        }

        var description: String { "\(path) \(text)" }
    }

    /// The error compiling `query` throws; `nil` when it compiles.
    static func syntaxError(_ query: String) -> JSONQuery.SyntaxError? {
        do {
            _ = try JSONQuery(query)
            return nil
        } catch {
            return error
        }
    }
}
