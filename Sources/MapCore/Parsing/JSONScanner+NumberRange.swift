extension JSONScanner {
    /// The error for the first number of a scanned document that a backend cannot hold: one
    /// beyond `Double`'s range (`1e400`) or, when `integersBeyond64Bits` is set, an integer
    /// written without fraction or exponent outside `Int64.min…UInt64.max` — or outside
    /// `Int64.min…Int64.max` when `integersBeyondInt64` is set too.
    ///
    /// Backends call it after their parser refused text the scan accepts (`tape` is that scan's),
    /// to say which number it was and where, in the same words on every backend. Returns `nil`
    /// when no number is out of range.
    package static func numberOutOfRange(
        in input: UnsafeRawBufferPointer,
        tape: ScanTape,
        integersBeyond64Bits: Bool,
        integersBeyondInt64: Bool = false,
        backend: String
    ) -> ParseError? {
        for entry in tape.entries where entry.kind == .number {
            let text = UnsafeRawBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset + entry.length)])
            let isInteger = entry.flags & TapeEntry.integer != 0
            guard
                let reason = whyOutOfRange(
                    text,
                    isInteger: isInteger,
                    integersBeyond64Bits: integersBeyond64Bits,
                    integersBeyondInt64: integersBeyondInt64
                )
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
        integersBeyond64Bits: Bool,
        integersBeyondInt64: Bool
    ) -> String? {
        if let value = NumberText.double(text, isIntegerSyntax: isInteger), !value.isFinite {
            return "is beyond Double's range"
        }
        guard integersBeyond64Bits, isInteger else { return nil }
        if integersBeyondInt64 {
            switch NumberText.integer(text) {
            case .value(let magnitude, let negative) where magnitude > UInt64(Int64.max) + (negative ? 1 : 0):
                return "is an integer outside Int64.min…Int64.max"
            case .outOfRange:
                return "is an integer outside Int64.min…Int64.max"
            default:
                return nil
            }
        }
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
