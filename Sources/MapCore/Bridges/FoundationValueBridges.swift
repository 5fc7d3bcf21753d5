public import FoundationEssentials

/// Reads the string at `json` or throws the kind error for `typeName`.
private func requireString(_ json: JSON, _ context: MappingContext, _ typeName: String) throws -> String {
    if json.absence == nil, let value = json.document.string(json.node) { return value }
    throw context.kindError(expected: .string, at: json, targetType: typeName)
}

/// `URL` from a string that parses as a URL without repairs (no percent-encoding is added).
public struct URLBridge: JSONBridge {
    public init() {}

    public var kind: JSONKind? { .string }

    public func decode(_ json: JSON, in context: MappingContext) throws -> URL {
        let text = try requireString(json, context, "URL")
        let url = text.isEmpty ? nil : URL(string: text, encodingInvalidCharacters: false)
        return try context.converted(url, at: json, targetType: "URL") { "\"\(text)\" is not a valid URL" }
    }

    public func encode(_ value: URL, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.string(value.absoluteString)
    }
}

/// `UUID` from its 36-character string; written in upper case.
public struct UUIDBridge: JSONBridge {
    public init() {}

    public var kind: JSONKind? { .string }

    public func decode(_ json: JSON, in context: MappingContext) throws -> UUID {
        let text = try requireString(json, context, "UUID")
        return try context.converted(UUID(uuidString: text), at: json, targetType: "UUID") {
            "\"\(text)\" is not a UUID"
        }
    }

    public func encode(_ value: UUID, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.string(value.uuidString)
    }
}

/// `Data` from a base64 string (RFC 4648, with padding).
public struct DataBridge: JSONBridge {
    public init() {}

    public var kind: JSONKind? { .string }

    public func decode(_ json: JSON, in context: MappingContext) throws -> Data {
        let text = try requireString(json, context, "Data")
        return try context.converted(Data(base64Encoded: text), at: json, targetType: "Data") {
            "\(json.snippet(limit: 40)) is not base64"
        }
    }

    public func encode(_ value: Data, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.string(value.base64EncodedString())
    }
}

/// `Decimal`, exact: from the number's source text when the backend keeps it, otherwise from its
/// exact integer value, otherwise from the shortest digits of its `Double`. A number a `Decimal`
/// cannot hold exactly — more than 38 or 39 significant digits, or an exponent beyond
/// `-128...127` — fails with ``MappingError/Code/notRepresentable`` instead of being rounded.
public struct DecimalBridge: JSONBridge {
    public init() {}

    public var kind: JSONKind? { .number }

    public func decode(_ json: JSON, in context: MappingContext) throws -> Decimal {
        if let built = Self.fromDigits(json.node, of: json.document) { return built }
        return try decodeOtherwise(json, in: context)
    }

    /// Reads the node directly; a view is made only for the numbers the digits do not settle.
    public func decode(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) throws -> Decimal {
        if let built = Self.fromDigits(node, of: document) { return built }
        return try decodeOtherwise(JSON(document: document, node: node), in: context)
    }

    /// `[Decimal]` from the document's bulk read (``JSONDocument/decimals(in:)``); `nil` when any
    /// element is not a number whose digits settle it, and the caller then reads element by
    /// element, so that the one that fails is reported where it is.
    public func decodeArray(_ node: JSONNode, of document: any JSONDocument, in context: MappingContext) -> [Decimal]? {
        document.decimals(in: node)
    }

    /// The common case, built from the text's digits (``JSONDocument/decimal(_:)``): nil for
    /// anything but a number with text, and for a text a `Decimal` holds only after
    /// ``decodeOtherwise(_:in:)`` decides it.
    @inline(__always)
    private static func fromDigits(_ node: JSONNode, of document: any JSONDocument) -> Decimal? {
        document.decimal(node)
    }

    /// A value that is not a number, a number without text, or a text of more digits than
    /// ``fromDigits(_:of:)`` builds.
    private func decodeOtherwise(_ json: JSON, in context: MappingContext) throws -> Decimal {
        guard json.kind == .number else {
            throw context.kindError(expected: .number, at: json, targetType: "Decimal")
        }
        let document = json.document
        let text: String
        if let written = json.numberText {
            text = written
        } else if let integer = document.int64(json.node) {
            return DecimalText.decimal(magnitude: integer.magnitude, negative: integer < 0)
        } else if let integer = document.uint64(json.node) {
            return DecimalText.decimal(magnitude: integer, negative: false)
        } else {
            // Only the number's Double is known; its shortest digits may not be the text's.
            throw context.error(
                .notRepresentable,
                at: json,
                message:
                    "the \(document.backendName) document keeps no text for this number, so its exact Decimal is unknown",
                targetType: "Decimal"
            )
        }
        let decimal = Decimal(string: text).flatMap {
            !$0.isNaN && DecimalDigits(text) == DecimalDigits($0.description) ? $0 : nil
        }
        return try context.converted(decimal, at: json, code: .notRepresentable, targetType: "Decimal") {
            "\(text) has more significant digits or a larger exponent than a Decimal holds"
        }
    }

    public func encode(_ value: Decimal, to writer: some JSONWriting, in context: MappingContext) throws {
        guard value.isFinite else {
            throw context.nonFiniteError(value, targetType: "Decimal")
        }
        try writer.number(text: DecimalStorage.text(value))
    }
}

/// A decimal number's value in a canonical form — its significant digits and the power of ten
/// of its decimal point — so that two spellings of one value compare equal (`1.50e1` and `15`).
/// Zero is one value whatever its sign.
private struct DecimalDigits: Equatable {
    var negative = false
    var digits: [UInt8] = []
    var pointExponent = 0

    init(_ text: String) {
        var integerDigits = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0  // 0: integer digits, 1: fraction digits, 2: exponent
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where part == 2: exponentNegative = true
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if part == 2 {
                    // Clamped: any exponent this large is beyond a Decimal anyway.
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                } else {
                    digits.append(byte)
                    if part == 0 { integerDigits += 1 }
                }
            default: break
            }
        }
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty {
            negative = false
            pointExponent = 0
        } else {
            pointExponent = integerDigits - leadingZeros + (exponentNegative ? -exponent : exponent)
        }
    }
}

/// `Date` in one of several representations, chosen per field or per mapper.
///
/// ```swift
/// DateBridge(.iso8601)                       // "2024-05-01T12:00:00Z", fractional seconds optional
/// DateBridge(.millisecondsSince1970)         // 1714564800000
/// DateBridge(.iso8601Style(Date.ISO8601FormatStyle().year().month().day()))   // "2024-05-01"
/// ```
///
/// `DateBridge()` (and every implicit `Date`) uses the mapper's ``MappingOptions/dateStrategy``.
/// For patterns such as `dd/MM/yyyy`, `BackendFoundation` offers a `DateFormatter` bridge.
public struct DateBridge: JSONBridge {
    /// How a date is represented in JSON.
    public enum Strategy: Sendable {
        /// ISO 8601 date and time in UTC, with or without fractional seconds; written with
        /// milliseconds only when the date has a fraction of a second.
        case iso8601
        /// ISO 8601 as the given format style reads and writes it (date only, other separators…).
        case iso8601Style(Date.ISO8601FormatStyle)
        /// A number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
    }

    /// `nil` means: the mapper's strategy.
    public let strategy: Strategy?

    public init(_ strategy: Strategy? = nil) {
        self.strategy = strategy
    }

    public var kind: JSONKind? {
        switch strategy {
        case .secondsSince1970, .millisecondsSince1970: .number
        case .iso8601, .iso8601Style: .string
        case nil: nil
        }
    }

    private static let plain = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    public func decode(_ json: JSON, in context: MappingContext) throws -> Date {
        switch strategy ?? context.options.dateStrategy {
        case .iso8601:
            let text = try requireString(json, context, "Date")
            let date =
                ISO8601Text.date(text) ?? (try? DateBridge.fractional.parse(text))
                ?? (try? DateBridge.plain.parse(text))
            return try context.converted(date, at: json, targetType: "Date") {
                "\"\(text)\" is not an ISO 8601 date and time"
            }
        case .iso8601Style(let style):
            let text = try requireString(json, context, "Date")
            return try context.converted(try? style.parse(text), at: json, targetType: "Date") {
                "\"\(text)\" does not match the ISO 8601 format of this field"
            }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try DoubleBridge().decode(json, in: context))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try DoubleBridge().decode(json, in: context) / 1000)
        }
    }

    public func encode(_ value: Date, to writer: some JSONWriting, in context: MappingContext) throws {
        switch strategy ?? context.options.dateStrategy {
        case .iso8601:
            if let text = ISO8601Text.text(value) { return try writer.string(text) }
            let seconds = value.timeIntervalSince1970
            let style = seconds.rounded(.down) == seconds ? DateBridge.plain : DateBridge.fractional
            try writer.string(style.format(value))
        case .iso8601Style(let style):
            try writer.string(style.format(value))
        case .secondsSince1970:
            try DateBridge.writeNumber(value.timeIntervalSince1970, to: writer, context: context)
        case .millisecondsSince1970:
            try DateBridge.writeNumber(value.timeIntervalSince1970 * 1000, to: writer, context: context)
        }
    }

    /// Whole numbers are written without a fraction.
    private static func writeNumber(_ value: Double, to writer: some JSONWriting, context: MappingContext) throws {
        if let whole = Int64(exactly: value) {
            try writer.int64(whole)
        } else {
            try DoubleBridge().encode(value, to: writer, in: context)
        }
    }
}

extension URL: Bridgeable { public static var bridge: URLBridge { URLBridge() } }
extension UUID: Bridgeable { public static var bridge: UUIDBridge { UUIDBridge() } }
extension Data: Bridgeable { public static var bridge: DataBridge { DataBridge() } }
extension Decimal: Bridgeable { public static var bridge: DecimalBridge { DecimalBridge() } }
extension Date: Bridgeable { public static var bridge: DateBridge { DateBridge() } }
