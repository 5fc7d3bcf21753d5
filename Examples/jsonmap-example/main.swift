import Foundation
import JSONMapping

// Decodes the bundled catalogue with the default backend, prints the models, writes one back,
// then shows what a broken payload reports.

guard let url = Bundle.module.url(forResource: "library", withExtension: "json") else {
    FileHandle.standardError.write(Data("library.json is missing from the bundle\n".utf8))
    exit(1)
}
let bytes = try Data(contentsOf: url)
let mapper: Mapper
do {
    // The default backend: the one JSONMAPPING_BACKEND names, else the first linked of simdjson,
    // native, jansson and Foundation (`Backends.linked`).
    mapper = try Mapper()
} catch {
    FileHandle.standardError.write(Data("jsonmap-example: \(error)\n".utf8))
    exit(2)
}
print("Backend: \(mapper.backend.name)")

let catalogue = try mapper.decode(Catalogue.self, from: bytes)
print("\(catalogue.library) — \(catalogue.books.count) books, updated \(catalogue.updated.formatted(.iso8601))\n")
for book in catalogue.books {
    let rating = book.rating.map { String(format: "%.1f", $0) } ?? "unrated"
    let loans = book.loans.values.reduce(0, +)
    print("• \(book.title)")
    print(
        "  by \(book.authors.joined(separator: ", ")) · \(book.format.rawValue) · \(book.price) · \(rating) · \(loans) loans"
    )
    print("  tags: \(book.tags.joined(separator: ", "))")
}

let pretty = try Mapper(
    options: {
        var options = MappingOptions(); options.writer = .pretty; return options
    }()
)
print("\nThe first book, encoded again:")
print(try pretty.encodeToString(catalogue.books[0]))

print("\nA payload with a wrong value reports the path, the kinds and the chain from the root:")
var broken = String(decoding: bytes, as: UTF8.self)
broken = broken.replacingOccurrences(of: "\"price\": 55.00", with: "\"price\": \"fifty-five\"")
do {
    _ = try mapper.decode(Catalogue.self, from: broken)
} catch let error as MappingError {
    print(error)
    print(error.debugDescription)
}

print("\nMalformed text reports line and column:")
do {
    _ = try mapper.decode(Catalogue.self, from: "{\n  \"library\": \"x\",\n  \"books\": [1, 2,]\n}")
} catch let error as MappingError {
    print(error)
}

print("\nThe same file read into plain Codable structs, with the drop-in for JSONDecoder:")
struct Listing: Codable {
    struct Entry: Codable {
        var title: String
        var price: Decimal
    }
    var library: String
    var updated: Date
    var books: [Entry]
}
let decoder = JSONMappingDecoder()  // was: JSONDecoder()
decoder.dateDecodingStrategy = .iso8601
let listing = try decoder.decode(Listing.self, from: bytes)
print("\(listing.library): " + listing.books.map { "\($0.title) (\($0.price))" }.joined(separator: ", "))
