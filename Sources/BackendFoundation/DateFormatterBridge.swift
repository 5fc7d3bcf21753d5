public import Foundation
public import MapCore

/// `Date` as a string in a `DateFormatter` pattern, for formats ISO 8601 does not cover
/// (`"dd/MM/yyyy"`, `"EEE, d MMM yyyy HH:mm:ss Z"`).
///
/// ```swift
/// let bridge = DateFormatterBridge(format: "dd/MM/yyyy")
/// ```
///
/// The formatter uses the POSIX locale and, unless told otherwise, UTC, so a pattern reads
/// the same on every machine.
public struct DateFormatterBridge: JSONBridge {
    private let formatter: DateFormatter
    private let format: String

    /// A bridge for `format`, a `DateFormatter` pattern; `timeZone` defaults to UTC and `locale` to
    /// `en_US_POSIX`.
    public init(
        format: String,
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!,
        locale: Locale = Locale(identifier: "en_US_POSIX")
    ) {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        formatter.timeZone = timeZone
        formatter.locale = locale
        self.formatter = formatter
        self.format = format
    }

    /// Always `JSONKind.string`.
    public var kind: JSONKind? { .string }

    /// Reads a string in the format; one that does not match throws
    /// `MappingError.Code.bridgingFailed`, and anything but a string fails as `StringBridge` does.
    public func decode(_ json: JSON, in context: MappingContext) throws -> Date {
        let text = try StringBridge().decode(json, in: context)
        return try context.converted(formatter.date(from: text), at: json, targetType: "Date") {
            "\"\(text)\" does not match the date format \"\(format)\""
        }
    }

    /// Writes the date in the format, in the bridge's time zone.
    public func encode(_ value: Date, to writer: some JSONWriting, in context: MappingContext) throws {
        try writer.string(formatter.string(from: value))
    }
}
