import Foundation
import JSONMapping

/// A money amount as a model of its own, for the `amounts` corpora: a list of prices read as
/// `[Decimal]` (`amounts`) or as `[Double]` (`amounts-double`). Every row reads the same text
/// into each, so the figures of a row on the two differ only by what a `Decimal` field costs
/// beside a `Double` one.
protocol Money: BenchModel, Sendable {
    /// The type of ``rule``.
    associatedtype Rule: JSONBridge where Rule.Value == Self

    /// The rule the declarative-rules row reads an amount with.
    static var rule: Rule { get }
}

extension Decimal: Money {
    static var rule: DecimalBridge { DecimalBridge() }

    /// From the number's shortest decimal text: `NSNumber.decimalValue` would take the digits of
    /// the `Double` JSONSerialization parsed (19.99 as 19.98999999999999488).
    static func handMapped(_ value: Any?) -> Decimal? {
        guard let number = value as? NSNumber else { return nil }
        return Decimal(string: number.stringValue)
    }

    init?(handMapped value: Any) {
        guard let amount = Decimal.handMapped(value) else { return nil }
        self = amount
    }

    init?(document: any JSONDocument, node: JSONNode) {
        guard let amount = Doc.decimal(document, node) else { return nil }
        self = amount
    }

    /// The value's stored form, word by word. Different values never share a stored form, so
    /// the checksum is exact. Foundation's parsing and the package's `DecimalBridge` both store a
    /// value in its compact form (no trailing zero in the significand: `19.90` as 199 × 10⁻¹), so
    /// one value gives one checksum whichever of them read it; a row that stored an equal value
    /// in another form would show as a disagreement too.
    var checksum: Int {
        withUnsafeBytes(of: self) { bytes in
            var sum = 0
            var offset = 0
            while offset + 4 <= bytes.count {
                sum = sum &* 31 &+ Int(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
            }
            while offset < bytes.count {
                sum = sum &* 31 &+ Int(bytes[offset])
                offset += 1
            }
            return sum
        }
    }
}

extension Double: Money {
    static var rule: ImplicitBridge<Double> { DoubleRule }

    init?(handMapped value: Any) {
        guard let amount = Hand.double(value) else { return nil }
        self = amount
    }

    init?(document: any JSONDocument, node: JSONNode) {
        guard let amount = Doc.double(document, node) else { return nil }
        self = amount
    }

    /// The value's bits.
    var checksum: Int { Int(truncatingIfNeeded: bitPattern) }
}

extension Doc {
    /// The exact `Decimal` of the number at `node`, through the document's own read of its digits
    /// (`JSONDocument.decimal(_:)`), else from its source text; `nil` when the node is missing, is
    /// not a number, or the backend keeps no text for it.
    static func decimal(_ document: any JSONDocument, _ node: JSONNode?) -> Decimal? {
        guard let node else { return nil }
        if let value = document.decimal(node) { return value }
        return document.withNumberText(node) { Decimal(string: String(decoding: $0, as: UTF8.self)) } ?? nil
    }
}
