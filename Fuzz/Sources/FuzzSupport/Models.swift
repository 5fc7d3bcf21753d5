public import Foundation
public import JSONMapping

// The fixed models the mapping target decodes fuzzed documents into: the example catalogue's
// `Book` and `Catalogue` (Examples/jsonmap-example), written once per idiom, so that every idiom
// reads the same fields — scalars, an optional, a date, a decimal, an enum, an array, a
// dictionary — and, through the rule, a stringified JSON field (a document inside a string).

/// A book's format: a string enum every idiom reads through its raw value.
public enum BookFormat: String, Sendable, Codable, Bridgeable {
    case hardcover, paperback, ebook
}

// MARK: TwoWayMaps

/// A book as a map: required links fail the decode, the optional rating is skipped when unusable.
public struct MappedBook: JSONConvertible, Sendable {
    public var title = ""
    public var authors: [String] = []
    public var published = Date(timeIntervalSince1970: 0)
    public var price = Decimal(0)
    public var format = BookFormat.paperback
    public var rating: Double?
    public var loans: [String: Int] = [:]

    public init() {}

    public static func map(_ object: inout MappedBook, _ json: Map) {
        object.title <- json["title"]
        object.authors <- json["authors"]
        object.published <- json["published"]
        object.price <- json["price"]
        object.format <- json["format"]
        object.rating <~ json["rating"]
        object.loans <- json["loans"]
    }
}

/// A catalogue as a map.
public struct MappedCatalogue: JSONConvertible, Sendable {
    public var library = ""
    public var updated = Date(timeIntervalSince1970: 0)
    public var books: [MappedBook] = []

    public init() {}

    public static func map(_ object: inout MappedCatalogue, _ json: Map) {
        object.library <- json["library"]
        object.updated <- json["updated"]
        object.books <- json["books"]
    }
}

// MARK: Extraction

/// A book read with `=>` and `=>?` into `let`s.
public struct ExtractedBook: JSONDecodable, Sendable {
    public let title: String
    public let authors: [String]
    public let published: Date
    public let price: Decimal
    public let format: BookFormat
    public let rating: Double?
    public let tags: [String]?
    public let firstLoan: Int?

    public static func decode(_ j: JSON) throws -> ExtractedBook {
        try ExtractedBook(
            title: j => "title",
            authors: j => "authors",
            published: j => "published",
            price: j => "price",
            format: j => "format",
            rating: j =>? "rating",
            tags: j =>? "tags",
            firstLoan: j =>? "loans" => "2026-10"
        )
    }
}

/// A catalogue read with `=>`.
public struct ExtractedCatalogue: JSONDecodable, Sendable {
    public let library: String
    public let updated: Date
    public let books: [ExtractedBook]

    public static func decode(_ j: JSON) throws -> ExtractedCatalogue {
        try ExtractedCatalogue(library: j => "library", updated: j => "updated", books: j => "books")
    }
}

// MARK: DeclarativeRules

/// A book made by a rule's factory once every field was read.
public struct RuledBook: Sendable {
    public var title = ""
    public var authors: [String] = []
    public var price = 0.0
    public var format = BookFormat.paperback
    public var rating: Double?
    public var loans: [String: Int]?
    public var tags: [String]?
    public var extra: [String: Int]?

    public init() {}
}

/// The format as an enum rule with a fallback for unlisted values.
public let bookFormatRule = EnumRule<BookFormat>()
    .option("hardcover", .hardcover)
    .option("paperback", .paperback)
    .option("ebook", .ebook)

/// The book rule: required and optional fields, an array rule that drops what is not a string,
/// a dictionary rule, and a stringified JSON field whose inside is another document.
public let ruledBookRule = ObjectRule(RuledBook())
    .required("title", StringRule, \.title)
    .required("authors", ArrayRule(itemRule: StringRule), \.authors)
    .required("price", DoubleRule, \.price)
    .required("format", bookFormatRule, \.format)
    .optional("rating", DoubleRule, \.rating)
    .optional("loans", DictionaryRule(valueRule: IntRule), \.loans)
    .optional("tags", ArrayRule(itemRule: StringRule) { _ in }, \.tags)
    .optional("extra", StringifiedJSONRule(DictionaryRule(valueRule: IntRule)), \.extra)

/// A catalogue of ruled books.
public struct RuledCatalogue: Sendable {
    public var library = ""
    public var books: [RuledBook] = []

    public init() {}
}

/// The catalogue rule.
public let ruledCatalogueRule = ObjectRule(RuledCatalogue())
    .required("library", StringRule, \.library)
    .required("books", ArrayRule(itemRule: ruledBookRule), \.books)

// MARK: LenientReader

/// A book read leniently: nothing fails, the context records what it could not use.
public final class ReadBook: JSONReaderInitializable {
    public let title: String?
    public let authors: [String]
    public let rating: Double?
    public let count: Int?
    public let available: Bool?
    public let loans: [String: Int]?
    public let published: Date?

    public init(_ context: JSONReaderContext) {
        title = context.getString("title")
        authors = context.getArray("authors")
        rating = context.getDouble("rating")
        count = context.getInt("count")
        available = context.getBool("available")
        loans = context.get("loans")
        published = context.get("published")
    }
}

/// A catalogue read leniently, its books through nested contexts.
public final class ReadCatalogue: JSONReaderInitializable {
    public let library: String?
    public let books: [ReadBook]

    public init(_ context: JSONReaderContext) {
        library = context.getString("library")
        books = context.getArray("books", ofClass: ReadBook.self)
    }
}

// MARK: Codable

/// A book as plain `Codable`.
public struct CodableBook: Codable, Sendable {
    public var title: String
    public var authors: [String]
    public var published: Date
    public var price: Decimal
    public var format: BookFormat
    public var rating: Double?
    public var tags: [String]?
    public var loans: [String: Int]
}

/// A catalogue as plain `Codable`.
public struct CodableCatalogue: Codable, Sendable {
    public var library: String
    public var updated: Date
    public var books: [CodableBook]
}
