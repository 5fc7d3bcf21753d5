import Foundation
import JSONMapping

/// The orders corpora: a web shop's orders, with money in them. They are generated, the same
/// bytes on every run; no corpus folder holds them.
///
/// `orders-2k` is one order of about two kilobytes, `orders-1m` an array of orders of about a
/// megabyte. An order has a customer with an address, an ISO 8601 `placedAt` in UTC, a currency,
/// about two dozen lines (a note on some, absent from the others) and a total, the amounts read as
/// `Decimal`. `amounts` is a list of prices drawn as the lines' are, read as `[Decimal]`, and
/// `amounts-double` the same text read as `[Double]` (see `Money`): a row's figures on the two
/// show what a `Decimal` field costs beside a `Double` one.
///
/// Every amount is written with two decimals (`19.99`, `5.00`), and a total is the exact sum of
/// its lines' quantity × price, computed in cents.
enum OrdersCorpus {
    /// The corpus names: the orders, then the amounts and their `Double` twin.
    static let names = ["orders-2k", "orders-1m", "amounts", "amounts-double"]

    /// The text of the corpus `name`: the same for `amounts` and `amounts-double`.
    static func make(_ name: String) throws -> [UInt8] {
        let base = name == "amounts-double" ? "amounts" : name
        var random = SplitMix(seed: base.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        let writer = JSONWriter()
        switch base {
        case "orders-2k":
            let placedAt = try Date("2026-03-04T09:30:00Z", strategy: .iso8601)
            try order(writer, &random, id: 100_001, placedAt: placedAt, lines: 24)
        case "amounts":
            try writer.array {
                for _ in 0..<amountCount { try writer.number(text: amount(price(&random))) }
            }
        default:
            var placedAt = try Date("2026-01-01T00:00:00Z", strategy: .iso8601)
            try writer.array {
                for index in 0..<orderCount {
                    placedAt += Double(60 * (1 + random.below(600)) + random.below(60))
                    try order(writer, &random, id: 100_001 + index, placedAt: placedAt, lines: 20 + random.below(9))
                }
            }
        }
        return try writer.finish()
    }

    /// How many prices `amounts` holds.
    private static let amountCount = 10_000

    /// How many orders `orders-1m` holds.
    private static let orderCount = 480

    /// Where a customer lives, and what they pay in.
    private static let places: [(street: String, city: String, country: String, currency: String)] = [
        ("Hauptstraße", "Berlin", "DE", "EUR"), ("Rue de Rivoli", "Paris", "FR", "EUR"),
        ("Baker Street", "London", "GB", "GBP"), ("Calle Mayor", "Madrid", "ES", "EUR"),
        ("Kungsgatan", "Stockholm", "SE", "SEK"), ("Via Roma", "Roma", "IT", "EUR"),
        ("Newbury Street", "Boston", "US", "USD"), ("Bahnhofstrasse", "Zürich", "CH", "CHF"),
        ("Nørregade", "København", "DK", "DKK"),
    ]

    private static let givenNames = [
        "Anna", "Ben", "Chloé", "David", "Emma", "Felix", "Grace", "Hiroshi", "Inès", "Jonas", "Karin", "Liam",
        "María", "Noah", "Olivia", "Pedro", "Rosa", "Sven", "Tomasz", "Wen", "Yusuf", "Zoë",
    ]

    private static let familyNames = [
        "Andersson", "Becker", "Chen", "Dubois", "Eriksen", "Fischer", "García", "Hoffmann", "Jensen", "Kowalski",
        "Laurent", "Müller", "Nakamura", "O'Brien", "Petrov", "Rossi", "Schmidt", "Tanaka", "Weber",
    ]

    private static let kinds = ["Organic", "Wireless", "Steel", "Merino", "Ceramic", "Bamboo", "Linen", "Compact"]

    private static let products = [
        "coffee 1 kg", "earbuds", "bottle", "socks", "mug", "board", "notebook", "lamp", "backpack", "tea", "mat",
    ]

    private static let colours = ["BLK", "WHT", "RED", "BLU", "GRN", "GRY"]

    private static let notes = [
        "gift wrap", "leave with a neighbour", "size M", "no substitutions", "engrave “A & M”",
    ]

    /// One order: its lines' prices drawn first, so the total is their exact sum.
    private static func order(
        _ w: JSONWriter,
        _ r: inout SplitMix,
        id: Int,
        placedAt: Date,
        lines: Int
    ) throws {
        let place = r.pick(places)
        let given = r.pick(givenNames)
        let family = r.pick(familyNames)
        let login = (given + "." + family).lowercased().unicodeScalars.filter { $0.isASCII && $0 != "'" }
        var totalCents = 0
        try w.object {
            try w.member("id", int: Int64(id))
            try w.member("customer") {
                try w.object {
                    try w.member("name", string: given + " " + family)
                    try w.member("email", string: String(login) + "@example.com")
                    try w.member("address") {
                        try w.object {
                            try w.member("street", string: "\(place.street) \(1 + r.below(180))")
                            try w.member("city", string: place.city)
                            try w.member("postalCode", string: r.digits(5))
                            try w.member("country", string: place.country)
                        }
                    }
                }
            }
            try w.member("placedAt", string: placedAt.formatted(.iso8601))
            try w.member("currency", string: place.currency)
            try w.member("lines") {
                try w.array {
                    for _ in 0..<lines {
                        let quantity = r.weighted([(1, 60), (2, 25), (3, 10), (5, 5)])
                        let cents = price(&r)
                        totalCents += quantity * cents
                        try w.object {
                            try w.member("sku", string: "\(r.pick(colours))-\(r.digits(6))")
                            try w.member("name", string: "\(r.pick(kinds)) \(r.pick(products))")
                            try w.member("quantity", int: Int64(quantity))
                            try w.member("price") { try w.number(text: amount(cents)) }
                            if r.chance(25) { try w.member("note", string: r.pick(notes)) }
                        }
                    }
                }
            }
            try w.member("total") { try w.number(text: amount(totalCents)) }
        }
    }

    /// A price in cents: mostly under 20.00; a quarter end in .00, a quarter in .99.
    private static func price(_ r: inout SplitMix) -> Int {
        let euros = r.weighted([(1 + r.below(19), 60), (20 + r.below(80), 30), (100 + r.below(400), 10)])
        let ending = r.below(4)
        return euros * 100 + (ending == 0 ? 0 : ending == 1 ? 99 : r.below(100))
    }

    /// Cents as a JSON number with two decimals: 1999 as `19.99`, 500 as `5.00`.
    private static func amount(_ cents: Int) -> String {
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
