extension JSONScanner {
    /// The error for the first number of a scanned document that a backend cannot hold: one
    /// beyond `Double`'s range (`1e400`) or, when `integersBeyond64Bits` is set, an integer
    /// written without fraction or exponent outside `Int64.min…UInt64.max`.
    ///
    /// Backends call it after their parser refused text the scan accepts (`tape` is that scan's),
    /// to say which number it was and where. Returns `nil` when no number is out of range.
    package static func numberOutOfRange(
        in input: UnsafeRawBufferPointer,
        tape: ScanTape,
        integersBeyond64Bits: Bool,
        backend: String
    ) -> ParseError? {
        for entry in tape.entries where entry.kind == .number {
            let text = UnsafeRawBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset + entry.length)])
            let isInteger = entry.flags & TapeEntry.integer != 0
            guard let reason = whyOutOfRange(text, isInteger: isInteger, integersBeyond64Bits: integersBeyond64Bits)
            else { continue }
            return ParseError(
                code: .numberOutOfRange,
                message: "the number \(String(decoding: text, as: UTF8.self)) \(reason)",
                offset: Int(entry.offset),
                in: input,
                backend: backend
            )
        }
        return nil
    }

    /// Why a valid number's text cannot be held, or `nil` when it can.
    private static func whyOutOfRange(
        _ text: UnsafeRawBufferPointer,
        isInteger: Bool,
        integersBeyond64Bits: Bool
    ) -> String? {
        if let value = NumberText.double(text, isIntegerSyntax: isInteger), !value.isFinite {
            return "is beyond Double's range"
        }
        guard integersBeyond64Bits, isInteger else { return nil }
        switch NumberText.integer(text) {
        case .value(let magnitude, true) where magnitude > UInt64(Int64.max) + 1:
            return "is an integer outside Int64.min…UInt64.max"
        case .outOfRange:
            return "is an integer outside Int64.min…UInt64.max"
        default:
            return nil
        }
    }
}
