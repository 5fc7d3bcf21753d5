import Foundation
import JSONMapping

// The orders through maps: the models of Orders.swift as `JSONConvertible` types. The amounts
// go through their type's own bridge (`DecimalBridge` for `Decimal`), `placedAt` through
// `DateBridge(.iso8601)`, and a line's `note` is optional (`<~`): absent from most lines.

extension Mapped {
    struct Order: JSONConvertible, ModelChecksum {
        var id = 0
        var customer = Customer()
        var placedAt = Date(timeIntervalSince1970: 0)
        var currency = ""
        var lines: [OrderLine] = []
        var total = Decimal()

        static func map(_ object: inout Order, _ json: Map) {
            object.id <- json["id"]
            object.customer <- json["customer"]
            object.placedAt <- json["placedAt"] ~ DateBridge(.iso8601)
            object.currency <- json["currency"]
            object.lines <- json["lines"]
            object.total <- json["total"]
        }

        var checksum: Int {
            lines.reduce(id &+ customer.checksum &+ placedAt.checksum &+ currency.utf8.count &+ total.checksum) {
                $0 &+ $1.checksum
            }
        }
    }

    struct Customer: JSONConvertible {
        var name = ""
        var email = ""
        var address = Address()

        static func map(_ object: inout Customer, _ json: Map) {
            object.name <- json["name"]
            object.email <- json["email"]
            object.address <- json["address"]
        }

        var checksum: Int { name.utf8.count &+ email.utf8.count &+ address.checksum }
    }

    struct Address: JSONConvertible {
        var street = ""
        var city = ""
        var postalCode = ""
        var country = ""

        static func map(_ object: inout Address, _ json: Map) {
            object.street <- json["street"]
            object.city <- json["city"]
            object.postalCode <- json["postalCode"]
            object.country <- json["country"]
        }

        var checksum: Int { street.utf8.count &+ city.utf8.count &+ postalCode.utf8.count &+ country.utf8.count }
    }

    struct OrderLine: JSONConvertible {
        var sku = ""
        var name = ""
        var quantity = 0
        var price = Decimal()
        var note: String?

        static func map(_ object: inout OrderLine, _ json: Map) {
            object.sku <- json["sku"]
            object.name <- json["name"]
            object.quantity <- json["quantity"]
            object.price <- json["price"]
            object.note <~ json["note"]
        }

        var checksum: Int {
            sku.utf8.count &+ name.utf8.count &+ quantity &+ price.checksum &+ (note?.utf8.count ?? 0)
        }
    }
}
