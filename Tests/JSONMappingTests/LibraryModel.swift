import Foundation
import JSONMapping
import MapTestSupport

// A small model made Bridgeable by hand, with closures over `JSON` and a writer: nested arrays,
// dictionaries, dates and an enum. Every field is read through `context.decode`, an implicit
// use, so per-mapper overrides reach it.

enum Genre: String, Bridgeable, Equatable {
    case fiction, science, poetry
}

struct Book: Equatable {
    var title: String
    var year: Int
    var available: Bool
    var ratings: [[Int]]
    var flags: [[Bool]]
}

struct Shelf: Equatable {
    var label: String
    var genre: Genre
    var books: [Book]
}

struct Library: Equatable {
    var name: String
    var opened: Date
    var shelves: [Shelf]
    var staff: [String: [String]]
    var visits: [String: Date]
}

extension Book: Bridgeable {
    static let bridge = Bridge<Book>(
        kind: .object,
        decode: { json, context in
            Book(
                title: try context.decode(String.self, from: json["title"]),
                year: try context.decode(Int.self, from: json["year"]),
                available: try context.decode(Bool.self, from: json["available"]),
                ratings: try context.decode([[Int]].self, from: json["ratings"]),
                flags: try context.decode([[Bool]].self, from: json["flags"])
            )
        },
        encode: { book, writer, context in
            try writer.beginObject()
            try writer.key("title")
            try context.encode(book.title, to: writer)
            try writer.key("year")
            try context.encode(book.year, to: writer)
            try writer.key("available")
            try context.encode(book.available, to: writer)
            try writer.key("ratings")
            try context.encode(book.ratings, to: writer)
            try writer.key("flags")
            try context.encode(book.flags, to: writer)
            try writer.endObject()
        }
    )
}

extension Shelf: Bridgeable {
    static let bridge = Bridge<Shelf>(
        kind: .object,
        decode: { json, context in
            Shelf(
                label: try context.decode(String.self, from: json["label"]),
                genre: try context.decode(Genre.self, from: json["genre"]),
                books: try context.decode([Book].self, from: json["books"])
            )
        },
        encode: { shelf, writer, context in
            try writer.beginObject()
            try writer.key("label")
            try context.encode(shelf.label, to: writer)
            try writer.key("genre")
            try context.encode(shelf.genre, to: writer)
            try writer.key("books")
            try context.encode(shelf.books, to: writer)
            try writer.endObject()
        }
    )
}

extension Library: Bridgeable {
    static let bridge = Bridge<Library>(
        kind: .object,
        decode: { json, context in
            Library(
                name: try context.decode(String.self, from: json["name"]),
                opened: try context.decode(Date.self, from: json["opened"]),
                shelves: try context.decode([Shelf].self, from: json["shelves"]),
                staff: try context.decode([String: [String]].self, from: json["staff"]),
                visits: try context.decode([String: Date].self, from: json["visits"])
            )
        },
        encode: { library, writer, context in
            try writer.beginObject()
            try writer.key("name")
            try context.encode(library.name, to: writer)
            try writer.key("opened")
            try context.encode(library.opened, to: writer)
            try writer.key("shelves")
            try context.encode(library.shelves, to: writer)
            try writer.key("staff")
            try context.encode(library.staff, to: writer)
            try writer.key("visits")
            try context.encode(library.visits, to: writer)
            try writer.endObject()
        }
    )
}

enum Fixtures {
    /// A valid library, compact, with dictionary keys already in sorted order so that encoding
    /// the decoded value gives these exact bytes back.
    static let libraryCompact =
        #"{"name":"City Library","opened":"2020-03-01T09:00:00Z","shelves":["#
        + #"{"label":"A","genre":"fiction","books":[{"title":"Dune","year":1965,"available":true,"ratings":[[5,4],[3]],"flags":[[true],[]]}]},"#
        + #"{"label":"B","genre":"science","books":[{"title":"Cosmos","year":1980,"available":false,"ratings":[[5],[4,4,5]],"flags":[[false,true]]}]}"#
        + #"],"staff":{"evenings":[],"mornings":["Ann","Bo"]},"#
        + #""visits":{"first":"2020-03-02T10:15:30Z","precise":"2020-03-03T08:00:00.250Z"}}"#

    /// The same library, laid out on several lines, whose 3rd rating of the second list of
    /// `shelves[1].books[0]` is a string.
    static let libraryWithBadRating = """
        {
          "name": "City Library",
          "opened": "2020-03-01T09:00:00Z",
          "shelves": [
            {"label": "A", "genre": "fiction", "books": [
              {"title": "Dune", "year": 1965, "available": true, "ratings": [[5, 4], [3]], "flags": [[true], []]}
            ]},
            {"label": "B", "genre": "science", "books": [
              {"title": "Cosmos", "year": 1980, "available": false, "ratings": [[5], [4, 4, "five"]], "flags": [[false, true]]}
            ]}
          ],
          "staff": {"mornings": ["Ann", "Bo"], "evenings": []},
          "visits": {"first": "2020-03-02T10:15:30Z", "precise": "2020-03-03T08:00:00.250Z"}
        }
        """

    /// A library whose booleans inside nested arrays (and one field) are written as strings.
    static let libraryWithStringBools = """
        {
          "name": "City Library",
          "opened": "2020-03-01T09:00:00Z",
          "shelves": [
            {"label": "A", "genre": "fiction", "books": [
              {"title": "Dune", "year": 1965, "available": "true", "ratings": [[5, 4], [3]], "flags": [["true"], []]}
            ]},
            {"label": "B", "genre": "science", "books": [
              {"title": "Cosmos", "year": 1980, "available": false, "ratings": [[5], [4, 4, 5]], "flags": [[false, "true"]]}
            ]}
          ],
          "staff": {"mornings": ["Ann", "Bo"], "evenings": []},
          "visits": {"first": "2020-03-02T10:15:30Z", "precise": "2020-03-03T08:00:00.250Z"}
        }
        """

    static let library = Library(
        name: "City Library",
        opened: Date(timeIntervalSince1970: 1_583_053_200),  // 2020-03-01T09:00:00Z
        shelves: [
            Shelf(
                label: "A",
                genre: .fiction,
                books: [
                    Book(title: "Dune", year: 1965, available: true, ratings: [[5, 4], [3]], flags: [[true], []])
                ]
            ),
            Shelf(
                label: "B",
                genre: .science,
                books: [
                    Book(
                        title: "Cosmos",
                        year: 1980,
                        available: false,
                        ratings: [[5], [4, 4, 5]],
                        flags: [[false, true]]
                    )
                ]
            ),
        ],
        staff: ["mornings": ["Ann", "Bo"], "evenings": []],
        visits: [
            "first": Date(timeIntervalSince1970: 1_583_144_130),  // 2020-03-02T10:15:30Z
            "precise": Date(timeIntervalSince1970: 1_583_222_400.25),  // 2020-03-03T08:00:00.250Z
        ]
    )
}
