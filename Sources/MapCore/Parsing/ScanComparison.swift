/// The package's two scans side by side, for the differential fuzz target and tests outside the
/// package: not API, and not covered by the package's version.
@_spi(Testing)
public enum ScanComparison {
    /// How the indexed scan (the 64-byte first stage, then the grammar over its positions) and the
    /// byte-at-a-time scan differ on `input` under `options`, or `nil` when they agree: the same
    /// value tape entry for entry, and the same verdict when validating, where the byte-at-a-time
    /// scan accepts; no tape and no acceptance where it refuses.
    public static func difference(_ input: UnsafeRawBufferPointer, options: ParseOptions) -> String? {
        guard JSONScanner.indexedScanApplies(to: input.count, options: options) else { return nil }
        let scalarStorage = ValueTapeStorage()
        let indexedStorage = ValueTapeStorage()
        return withExtendedLifetime((scalarStorage, indexedStorage)) { () -> String? in
            let indexed = JSONScanner.indexedValueTape(input, options: options, storage: indexedStorage)
            let validated = JSONScanner.indexedValidate(input, options: options)
            let scalar: ValueTape
            do {
                scalar = try JSONScanner.scalarValueTape(input, options: options, storage: scalarStorage)
            } catch {
                if indexed != nil { return "the indexed scan accepted what the scalar scan refused: \(error)" }
                if validated { return "the indexed validation accepted what the scalar scan refused: \(error)" }
                return nil
            }
            guard let indexed else { return "the indexed scan declined a document the scalar scan accepted" }
            if !validated { return "the indexed validation declined a document the scalar scan accepted" }
            if indexed.count != scalar.count {
                return "tapes of \(indexed.count) and \(scalar.count) entries"
            }
            if indexed.numbersToCheck != scalar.numbersToCheck {
                return "\(indexed.numbersToCheck) and \(scalar.numbersToCheck) numbers to check"
            }
            for index in 0..<scalar.count {
                let a = indexed.entries[index]
                let b = scalar.entries[index]
                if a.offset != b.offset || a.length != b.length || a.extra != b.extra || a.kind != b.kind
                    || a.flags != b.flags
                {
                    return "entry \(index): indexed \(a), scalar \(b)"
                }
            }
            return nil
        }
    }

    /// How the indexed cut of an array's elements and the byte-at-a-time one differ on `input`
    /// from `start` (just inside an array's `[`, or where an element starts) under `options`, or
    /// `nil` when they agree: the indexed cut's spans are the first of those the byte-at-a-time
    /// scan cuts one ``JSONScanner/valueEnd(in:from:isFinal:options:backend:)`` at a time, for
    /// input that has ended and for input that may go on.
    public static func elementsDifference(
        _ input: UnsafeRawBufferPointer,
        from start: Int,
        options: ParseOptions
    ) -> String? {
        for isFinal in [true, false] {
            var indexed: [Range<Int>] = []
            JSONScanner.indexedElements(
                in: input,
                from: start,
                isFinal: isFinal,
                options: options,
                maxLength: .max,
                into: &indexed
            )
            var position = start
            for (index, span) in indexed.enumerated() {
                let end: Int?
                do {
                    end = try JSONScanner.valueEnd(in: input, from: position, isFinal: isFinal, options: options)
                } catch {
                    return "element \(index) (isFinal \(isFinal)): cut at \(span), refused by valueEnd: \(error)"
                }
                guard let end, end == span.upperBound, IndexedText.isSpace(input, from: position, to: span.lowerBound)
                else {
                    return
                        "element \(index) (isFinal \(isFinal)): cut at \(span), valueEnd from \(position): \(String(describing: end))"
                }
                position = end
                while position < input.count, IndexedText.isSpace(input, from: position, to: position + 1) {
                    position += 1
                }
                guard position < input.count, input[position] == UInt8(ascii: ",") else {
                    if index != indexed.count - 1 { return "element \(index) (isFinal \(isFinal)): no comma after it" }
                    break
                }
                position += 1
            }
        }
        return nil
    }
}
