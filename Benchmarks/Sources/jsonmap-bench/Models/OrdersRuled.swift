import Foundation
import JSONMapping

// The orders through rules: the `Mapped` models of OrdersMapped.swift, read by `ObjectRule`s
// bound with key paths, field for field as their maps read them. The amounts are read by
// `DecimalBridge()`, `placedAt` by `DateBridge(.iso8601)`.

extension Ruled {
    /// One order.
    static let order = ObjectRule(Mapped.Order())
        .required("id", IntRule, \.id)
        .required("customer", customer, \.customer)
        .required("placedAt", DateBridge(.iso8601), \.placedAt)
        .required("currency", StringRule, \.currency)
        .required("lines", ArrayRule(itemRule: orderLine), \.lines)
        .required("total", DecimalBridge(), \.total)

    static let customer = ObjectRule(Mapped.Customer())
        .required("name", StringRule, \.name)
        .required("email", StringRule, \.email)
        .required("address", address, \.address)

    static let address = ObjectRule(Mapped.Address())
        .required("street", StringRule, \.street)
        .required("city", StringRule, \.city)
        .required("postalCode", StringRule, \.postalCode)
        .required("country", StringRule, \.country)

    /// One line of an order.
    static let orderLine = ObjectRule(Mapped.OrderLine())
        .required("sku", StringRule, \.sku)
        .required("name", StringRule, \.name)
        .required("quantity", IntRule, \.quantity)
        .required("price", DecimalBridge(), \.price)
        .optional("note", StringRule, \.note)
}
