package import FoundationEssentials

/// The one ISO 8601 form servers send most, `YYYY-MM-DDTHH:MM:SSZ`, read and written without
/// Foundation's format styles, which build calendar components for each date.
///
/// Both directions give exactly what `Date.ISO8601FormatStyle()` gives, or `nil`: they take only
/// whole seconds in UTC, in the years 1600 to 9999, where that style's Gregorian calendar is the
/// proleptic one computed here (its Julian years end in 1582). Everything else is left to the
/// format style, so no text reads or writes differently.
package enum ISO8601Text {
    /// The date the 20 bytes of `text` name, or `nil` when `text` is not in the fast form, names
    /// no date of the fast range, or may be read otherwise by the format style.
    package static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { date(bytes: $0) }
    }

    /// ``date(_:)`` for UTF-8 bytes.
    package static func date(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            (1600...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= daysIn(month: month, of: year), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`, or `nil` when it has a fraction of a second or lies
    /// outside the fast range.
    package static func text(_ date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval.rounded(.down) == interval, abs(interval) < 1e12 else { return nil }
        let seconds = Int(interval)
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let inDay = seconds - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        guard (1600...9999).contains(year) else { return nil }
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int, _ at: Int, _ width: Int) {
                var value = value
                for index in stride(from: at + width - 1, through: at, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 0, 4)
            buffer[4] = UInt8(ascii: "-")
            put(month, 5, 2)
            buffer[7] = UInt8(ascii: "-")
            put(day, 8, 2)
            buffer[10] = UInt8(ascii: "T")
            put(inDay / 3_600, 11, 2)
            buffer[13] = UInt8(ascii: ":")
            put(inDay / 60 % 60, 14, 2)
            buffer[16] = UInt8(ascii: ":")
            put(inDay % 60, 17, 2)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// The decimal number of `count` digits at `start`; `nil` if any is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Days from civil and back in the proleptic Gregorian calendar, counted in 400-year eras
    // (146,097 days each) of years that start in March, so that a leap day ends its year.

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = year / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
