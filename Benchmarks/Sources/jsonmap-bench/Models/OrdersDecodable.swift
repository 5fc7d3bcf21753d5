import Foundation
import JSONMapping

// The orders through throwing extraction: the models of Orders.swift as `JSONDecodable` types.
// The amounts come out of `=>` through their type's own bridge (`DecimalBridge` for `Decimal`),
// `placedAt` through `DateBridge(.iso8601)`, a line's `note` out of `=>?` (absent from most lines).

extension Decoded {
    struct Order: JSONDecodable, ModelChecksum {
        let id: Int
        let customer: Customer
        let placedAt: Date
        let currency: String
        let lines: [OrderLine]
        let total: Decimal

        static func decode(_ j: JSON) throws -> Order {
            try Order(
                id: j => "id",
                customer: j => "customer",
                placedAt: j["placedAt"].decode(with: DateBridge(.iso8601)),
                currency: j => "currency",
                lines: j => "lines",
                total: j => "total"
            )
        }

        var checksum: Int {
            lines.reduce(id &+ customer.checksum &+ placedAt.checksum &+ currency.utf8.count &+ total.checksum) {
                $0 &+ $1.checksum
            }
        }
    }

    struct Customer: JSONDecodable {
        let name: String
        let email: String
        let address: Address

        static func decode(_ j: JSON) throws -> Customer {
            try Customer(name: j => "name", email: j => "email", address: j => "address")
        }

        var checksum: Int { name.utf8.count &+ email.utf8.count &+ address.checksum }
    }

    struct Address: JSONDecodable {
        let street: String
        let city: String
        let postalCode: String
        let country: String

        static func decode(_ j: JSON) throws -> Address {
            try Address(
                street: j => "street",
                city: j => "city",
                postalCode: j => "postalCode",
                country: j => "country"
            )
        }

        var checksum: Int { street.utf8.count &+ city.utf8.count &+ postalCode.utf8.count &+ country.utf8.count }
    }

    struct OrderLine: JSONDecodable {
        let sku: String
        let name: String
        let quantity: Int
        let price: Decimal
        let note: String?

        static func decode(_ j: JSON) throws -> OrderLine {
            try OrderLine(
                sku: j => "sku",
                name: j => "name",
                quantity: j => "quantity",
                price: j => "price",
                note: j =>? "note"
            )
        }

        var checksum: Int {
            sku.utf8.count &+ name.utf8.count &+ quantity &+ price.checksum &+ (note?.utf8.count ?? 0)
        }
    }
}
