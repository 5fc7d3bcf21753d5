import Foundation
import JSONMapping

// The orders corpus: a web shop's orders, with money in them. `price` and `total` are `Decimal`,
// `quantity` an `Int`, `placedAt` an ISO 8601 `Date`, and a line's `note` is absent from most
// lines. `orders-2k` is one `Order`, `orders-1m` an `[Order]`. The types are concrete, as a
// user's are: the witnesses the coders call are specialized for them.

struct Order: BenchModel {
    var id: Int
    var customer: Customer
    var placedAt: Date
    var currency: String
    var lines: [OrderLine]
    var total: Decimal

    static let bridge = Bridge<Order>(kind: .object) { json, context in
        Order(
            id: try context.field(json, "id"),
            customer: try context.field(json, "customer"),
            placedAt: try DateBridge(.iso8601).decode(json["placedAt"], in: context),
            currency: try context.field(json, "currency"),
            lines: try context.field(json, "lines"),
            total: try context.field(json, "total")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.id, "id", to: writer)
        try context.field(value.customer, "customer", to: writer)
        try writer.key("placedAt")
        try DateBridge(.iso8601).encode(value.placedAt, to: writer, in: context)
        try context.field(value.currency, "currency", to: writer)
        try context.field(value.lines, "lines", to: writer)
        try context.field(value.total, "total", to: writer)
        try writer.endObject()
    }

    init(id: Int, customer: Customer, placedAt: Date, currency: String, lines: [OrderLine], total: Decimal) {
        self.id = id
        self.customer = customer
        self.placedAt = placedAt
        self.currency = currency
        self.lines = lines
        self.total = total
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let id = Hand.int(object["id"]),
            let customer = Customer(handMapped: object["customer"] as Any),
            let placedAt = Hand.iso8601(object["placedAt"]), let currency = Hand.string(object["currency"]),
            let lines = Hand.list(object["lines"], OrderLine.init(handMapped:)),
            let total = Decimal.handMapped(object["total"])
        else { return nil }
        self.init(id: id, customer: customer, placedAt: placedAt, currency: currency, lines: lines, total: total)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let id = object.int("id"),
            let customer = object.member("customer").flatMap({ Customer(document: document, node: $0) }),
            let placedAt = object.iso8601("placedAt"), let currency = object.string("currency"),
            let lines = object.list("lines", OrderLine.init(document:node:)),
            let total = Doc.decimal(document, object.member("total"))
        else { return nil }
        self.init(id: id, customer: customer, placedAt: placedAt, currency: currency, lines: lines, total: total)
    }

    var checksum: Int {
        lines.reduce(id &+ customer.checksum &+ placedAt.checksum &+ currency.utf8.count &+ total.checksum) {
            $0 &+ $1.checksum
        }
    }
}

struct Customer: Codable, Bridgeable {
    var name: String
    var email: String
    var address: Address

    static let bridge = Bridge<Customer>(kind: .object) { json, context in
        Customer(
            name: try context.field(json, "name"),
            email: try context.field(json, "email"),
            address: try context.field(json, "address")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.name, "name", to: writer)
        try context.field(value.email, "email", to: writer)
        try context.field(value.address, "address", to: writer)
        try writer.endObject()
    }

    init(name: String, email: String, address: Address) {
        self.name = name
        self.email = email
        self.address = address
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let name = Hand.string(object["name"]),
            let email = Hand.string(object["email"]), let address = Address(handMapped: object["address"] as Any)
        else { return nil }
        self.init(name: name, email: email, address: address)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let name = object.string("name"),
            let email = object.string("email"),
            let address = object.member("address").flatMap({ Address(document: document, node: $0) })
        else { return nil }
        self.init(name: name, email: email, address: address)
    }

    var checksum: Int { name.utf8.count &+ email.utf8.count &+ address.checksum }
}

struct Address: Codable, Bridgeable {
    var street: String
    var city: String
    var postalCode: String
    var country: String

    static let bridge = Bridge<Address>(kind: .object) { json, context in
        Address(
            street: try context.field(json, "street"),
            city: try context.field(json, "city"),
            postalCode: try context.field(json, "postalCode"),
            country: try context.field(json, "country")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.street, "street", to: writer)
        try context.field(value.city, "city", to: writer)
        try context.field(value.postalCode, "postalCode", to: writer)
        try context.field(value.country, "country", to: writer)
        try writer.endObject()
    }

    init(street: String, city: String, postalCode: String, country: String) {
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.country = country
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let street = Hand.string(object["street"]),
            let city = Hand.string(object["city"]), let postalCode = Hand.string(object["postalCode"]),
            let country = Hand.string(object["country"])
        else { return nil }
        self.init(street: street, city: city, postalCode: postalCode, country: country)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let street = object.string("street"),
            let city = object.string("city"), let postalCode = object.string("postalCode"),
            let country = object.string("country")
        else { return nil }
        self.init(street: street, city: city, postalCode: postalCode, country: country)
    }

    var checksum: Int { street.utf8.count &+ city.utf8.count &+ postalCode.utf8.count &+ country.utf8.count }
}

struct OrderLine: Codable, Bridgeable {
    var sku: String
    var name: String
    var quantity: Int
    var price: Decimal
    var note: String?

    static let bridge = Bridge<OrderLine>(kind: .object) { json, context in
        OrderLine(
            sku: try context.field(json, "sku"),
            name: try context.field(json, "name"),
            quantity: try context.field(json, "quantity"),
            price: try context.field(json, "price"),
            note: try context.optionalField(json, "note")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.sku, "sku", to: writer)
        try context.field(value.name, "name", to: writer)
        try context.field(value.quantity, "quantity", to: writer)
        try context.field(value.price, "price", to: writer)
        // As in the input: a line without a note has no `note` member.
        if let note = value.note { try context.field(note, "note", to: writer) }
        try writer.endObject()
    }

    init(sku: String, name: String, quantity: Int, price: Decimal, note: String?) {
        self.sku = sku
        self.name = name
        self.quantity = quantity
        self.price = price
        self.note = note
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let sku = Hand.string(object["sku"]),
            let name = Hand.string(object["name"]), let quantity = Hand.int(object["quantity"]),
            let price = Decimal.handMapped(object["price"])
        else { return nil }
        self.init(sku: sku, name: name, quantity: quantity, price: price, note: Hand.string(object["note"]))
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let sku = object.string("sku"),
            let name = object.string("name"), let quantity = object.int("quantity"),
            let price = Doc.decimal(document, object.member("price"))
        else { return nil }
        self.init(sku: sku, name: name, quantity: quantity, price: price, note: object.string("note"))
    }

    var checksum: Int {
        sku.utf8.count &+ name.utf8.count &+ quantity &+ price.checksum &+ (note?.utf8.count ?? 0)
    }
}

extension Date {
    /// The date's bits: exact, the same in every process.
    var checksum: Int { Int(truncatingIfNeeded: timeIntervalSince1970.bitPattern) }
}

/// An array of a corpus's models is a model too: the top level of a document that is a list
/// (`orders-1m`). Its checksum depends on the elements' order.
extension Array: ModelChecksum where Element: ModelChecksum {
    var checksum: Int { reduce(0) { $0 &* 31 &+ $1.checksum } }
}

extension Array: BenchModel where Element: BenchModel {
    init?(handMapped value: Any) {
        guard let elements = Hand.list(value, Element.init(handMapped:)) else { return nil }
        self = elements
    }

    init?(document: any JSONDocument, node: JSONNode) {
        guard let elements = Doc.list(document, node, Element.init(document:node:)) else { return nil }
        self = elements
    }
}
