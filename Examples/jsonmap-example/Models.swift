import Foundation
import JSONMapping

/// A library's catalogue, as the bundled `library.json` holds it.
struct Catalogue {
    var library: String
    var updated: Date
    var books: [Book]
}

struct Book {
    enum Format: String, Bridgeable {
        case hardcover, paperback, ebook
    }

    var title: String
    var authors: [String]
    var isbn: String
    var published: Date
    var price: Decimal
    var format: Format
    var rating: Double?
    var tags: [String]
    var loans: [String: Int]
}

// A model is made Bridgeable with one Bridge that reads its fields in `decode` and writes them in
// `encode` — the atom the other idioms (maps, rules, extraction) are built from. Each field uses
// its type's built-in bridge.
extension Book: Bridgeable {
    static let bridge = Bridge<Book>(kind: .object) { json, context in
        Book(
            title: try context.decode(from: json["title"]),
            authors: try context.decode(from: json["authors"]),
            isbn: try context.decode(from: json["isbn"]),
            published: try context.decode(from: json["published"]),
            price: try context.decode(from: json["price"]),
            format: try context.decode(from: json["format"]),
            rating: try context.decode(from: json["rating"]),
            tags: try context.decode(from: json["tags"]),
            loans: try context.decode(from: json["loans"])
        )
    } encode: { book, writer, context in
        try writer.beginObject()
        try writer.key("title"); try context.encode(book.title, to: writer)
        try writer.key("authors"); try context.encode(book.authors, to: writer)
        try writer.key("isbn"); try context.encode(book.isbn, to: writer)
        try writer.key("published"); try context.encode(book.published, to: writer)
        try writer.key("price"); try context.encode(book.price, to: writer)
        try writer.key("format"); try context.encode(book.format, to: writer)
        try writer.key("rating"); try context.encode(book.rating, to: writer)
        try writer.key("tags"); try context.encode(book.tags, to: writer)
        try writer.key("loans"); try context.encode(book.loans, to: writer)
        try writer.endObject()
    }
}

extension Catalogue: Bridgeable {
    static let bridge = Bridge<Catalogue>(kind: .object) { json, context in
        Catalogue(
            library: try context.decode(from: json["library"]),
            updated: try context.decode(from: json["updated"]),
            books: try context.decode(from: json["books"])
        )
    } encode: { catalogue, writer, context in
        try writer.beginObject()
        try writer.key("library"); try context.encode(catalogue.library, to: writer)
        try writer.key("updated"); try context.encode(catalogue.updated, to: writer)
        try writer.key("books"); try context.encode(catalogue.books, to: writer)
        try writer.endObject()
    }
}
