/// A JSON number in the forms it can take: exact integer, double, source text.
///
/// What custom number bridges receive (``Bridge/number(decoder:encoder:)``) and may return.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The exact value when the number is integral and fits `Int64`.
    public var int64: Int64?
    /// The exact value when the number is integral, non-negative and fits `UInt64`.
    public var uint64: UInt64?
    /// The correctly rounded value.
    public var double: Double
    /// The number as written, when known.
    public var text: String?

    /// An integer, exactly; no source text.
    public init(_ value: Int64) {
        int64 = value
        uint64 = value >= 0 ? UInt64(value) : nil
        double = Double(value)
        text = nil
    }

    /// An integer, exactly; no source text. ``int64`` is `nil` above `Int64.max`.
    public init(_ value: UInt64) {
        int64 = Int64(exactly: value)
        uint64 = value
        double = Double(value)
        text = nil
    }

    /// An integer, exactly; no source text.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// A double, with ``int64`` and ``uint64`` set when it is integral and in range; no source text.
    /// A NaN or infinity cannot be written: writers throw ``MappingError/Code/notRepresentable``.
    public init(_ value: Double) {
        int64 = Int64(exactly: value)
        uint64 = UInt64(exactly: value)
        double = value
        text = nil
    }

    /// A number from its JSON text; `nil` when the text is not a JSON number.
    public init?(text: String) {
        var text = text
        let reading: (valid: Bool, int64: Int64?, uint64: UInt64?, double: Double?) = text.withUTF8 { utf8 in
            let raw = UnsafeRawBufferPointer(utf8)
            guard NumberText.isValidJSONNumber(raw) else { return (false, nil, nil, nil) }
            let isInteger = !raw.contains(UInt8(ascii: ".")) && !raw.contains { $0 | 0x20 == UInt8(ascii: "e") }
            return (
                true, NumberText.int64(raw), NumberText.uint64(raw), NumberText.double(raw, isIntegerSyntax: isInteger)
            )
        }
        guard reading.valid, let double = reading.double else { return nil }
        self.int64 = reading.int64
        self.uint64 = reading.uint64
        self.double = double
        self.text = text
    }

    /// Reads the number at `json`; `nil` when it is not a number.
    init?(_ json: JSON) {
        guard json.kind == .number, let double = json.document.double(json.node) else { return nil }
        self.int64 = json.document.int64(json.node)
        self.uint64 = json.document.uint64(json.node)
        self.double = double
        self.text = json.document.withNumberText(json.node) { String(decoding: $0, as: UTF8.self) }
    }

    /// The text when known, else the exact integer, else the double; `-0.0` keeps its sign.
    public var description: String {
        if let text { return text }
        if isNegativeZero { return double.description }
        return int64.map(String.init) ?? uint64.map(String.init) ?? double.description
    }

    /// Whether the number is `-0`: integral (``int64`` is 0), but an integer would lose its sign.
    var isNegativeZero: Bool { double == 0 && double.sign == .minus }
}
