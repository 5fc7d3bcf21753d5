import Foundation
import JSONMapping

// The orders through rules: the `Mapped` models of OrdersMapped.swift, read by `ObjectRule`s
// bound with key paths, field for field as their maps read them. The amounts are read by
// `Money.rule` (`DecimalBridge()` or `DoubleRule`), `placedAt` by `DateBridge(.iso8601)`.

extension Ruled {
    /// One order whose amounts are `Decimal`.
    static let orderDecimal = order(Decimal.self)
    /// One order whose amounts are `Double`.
    static let orderDouble = order(Double.self)

    /// The rule of an order whose amounts are `Amount`, made once per amount type by the stored
    /// rules above.
    static func order<Amount: Money>(_: Amount.Type) -> ObjectRule<Mapped.Order<Amount>> {
        ObjectRule(Mapped.Order<Amount>())
            .required("id", IntRule, \.id)
            .required("customer", customer, \.customer)
            .required("placedAt", DateBridge(.iso8601), \.placedAt)
            .required("currency", StringRule, \.currency)
            .required("lines", ArrayRule(itemRule: orderLine(Amount.self)), \.lines)
            .required("total", Amount.rule, \.total)
    }

    static let customer = ObjectRule(Mapped.Customer())
        .required("name", StringRule, \.name)
        .required("email", StringRule, \.email)
        .required("address", address, \.address)

    static let address = ObjectRule(Mapped.Address())
        .required("street", StringRule, \.street)
        .required("city", StringRule, \.city)
        .required("postalCode", StringRule, \.postalCode)
        .required("country", StringRule, \.country)

    /// The rule of an order's line whose price is `Amount`.
    static func orderLine<Amount: Money>(_: Amount.Type) -> ObjectRule<Mapped.OrderLine<Amount>> {
        ObjectRule(Mapped.OrderLine<Amount>())
            .required("sku", StringRule, \.sku)
            .required("name", StringRule, \.name)
            .required("quantity", IntRule, \.quantity)
            .required("price", Amount.rule, \.price)
            .optional("note", StringRule, \.note)
    }
}
