// Compiled only with the Benchmarks package's trait Macros (see Package.swift).
#if Macros
    import Foundation
    import JSONMapping

    // The orders through `@JSONModel`: the models of Orders.swift again, the same fields and keys,
    // nested in `Macro` beside top-level types of the same names. The amounts are `Decimal`s read
    // by their implicit bridge, `placedAt` through `DateBridge(.iso8601)`, and a line's `note` is
    // optional: absent from most lines, and left out when `nil`.

    extension Macro {
        @JSONModel
        struct Order: ModelChecksum {
            var id: Int
            var customer: Customer
            @JSONUsing(DateBridge(.iso8601)) var placedAt: Date
            var currency: String
            var lines: [OrderLine]
            var total: Decimal

            var checksum: Int {
                lines.reduce(id &+ customer.checksum &+ placedAt.checksum &+ currency.utf8.count &+ total.checksum) {
                    $0 &+ $1.checksum
                }
            }
        }

        @JSONModel
        struct Customer {
            var name: String
            var email: String
            var address: Address

            var checksum: Int { name.utf8.count &+ email.utf8.count &+ address.checksum }
        }

        @JSONModel
        struct Address {
            var street: String
            var city: String
            var postalCode: String
            var country: String

            var checksum: Int {
                street.utf8.count &+ city.utf8.count &+ postalCode.utf8.count &+ country.utf8.count
            }
        }

        @JSONModel
        struct OrderLine {
            var sku: String
            var name: String
            var quantity: Int
            var price: Decimal
            var note: String?

            var checksum: Int {
                sku.utf8.count &+ name.utf8.count &+ quantity &+ price.checksum &+ (note?.utf8.count ?? 0)
            }
        }
    }
#endif
