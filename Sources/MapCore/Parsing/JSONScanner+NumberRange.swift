extension JSONScanner {
    /// The error for the first number of a document the scan accepts that a backend cannot hold:
    /// one beyond `Double`'s range (`1e400`) or, when `integersBeyond64Bits` is set, an integer
    /// written without fraction or exponent outside `Int64.min…UInt64.max`.
    ///
    /// Backends call it after their parser refused text the scan accepts, to say which number it
    /// was and where. Returns `nil` when the scan rejects the input or no number is out of range.
    package static func numberOutOfRange(
        in input: UnsafeRawBufferPointer,
        options: ParseOptions,
        integersBeyond64Bits: Bool,
        backend: String
    ) -> ParseError? {
        guard let tape = try? JSONScanner.tape(input, options: options, backend: backend) else { return nil }
        return numberOutOfRange(in: input, tape: tape, integersBeyond64Bits: integersBeyond64Bits, backend: backend)
    }

    /// ``numberOutOfRange(in:options:integersBeyond64Bits:backend:)`` over a tape the caller already has.
    package static func numberOutOfRange(
        in input: UnsafeRawBufferPointer,
        tape: ScanTape,
        integersBeyond64Bits: Bool,
        backend: String
    ) -> ParseError? {
        for entry in tape.entries where entry.kind == .number {
            let text = UnsafeRawBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset + entry.length)])
            let isInteger = entry.flags & TapeEntry.integer != 0
            let reason: String
            if let value = NumberText.double(text, isIntegerSyntax: isInteger), !value.isFinite {
                reason = "is beyond Double's range"
            } else if integersBeyond64Bits, isInteger, case .outOfRange = NumberText.integer(text) {
                reason = "is an integer outside Int64.min…UInt64.max"
            } else if integersBeyond64Bits, isInteger, case .value(let magnitude, true) = NumberText.integer(text),
                magnitude > UInt64(Int64.max) + 1
            {
                reason = "is an integer outside Int64.min…UInt64.max"
            } else {
                continue
            }
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
}
