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
    /// `nil` when they agree: the indexed cut's spans are the first of
    /// ``elementsByValueEnd(_:from:isFinal:options:maxLength:)``'s, for input that has ended and
    /// for input that may go on.
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
            let scalar = elementsByValueEnd(input, from: start, isFinal: isFinal, options: options)
            if indexed != Array(scalar.prefix(indexed.count)) {
                return "isFinal \(isFinal): cut at \(indexed), by valueEnd at \(scalar)"
            }
        }
        return nil
    }

    /// How the cut of an array's elements by their brackets
    /// (``JSONScanner/bracketedElements(in:from:options:maxLength:into:)``) departs from what a feed
    /// needs of it on `input` from `start`, or `nil` when it does not: each span is the element
    /// `valueEnd` cuts there, until the first span `valueEnd` refuses, for which
    /// `JSONScanner.elementError` gives the error `valueEnd` gives on the whole input (code,
    /// offset, message). What follows a refused span is not looked at: a feed ends there.
    public static func bracketedElementsDifference(
        _ input: UnsafeRawBufferPointer,
        from start: Int,
        options: ParseOptions
    ) -> String? {
        guard JSONScanner.bracketCutApplies(options: options) else { return nil }
        var spans: [Range<Int>] = []
        JSONScanner.bracketedElements(
            in: input,
            from: start,
            isFinal: true,
            options: options,
            maxLength: .max,
            into: &spans
        )
        let scalar = elementsByValueEnd(input, from: start, isFinal: true, options: options)
        for (index, span) in spans.enumerated() {
            if index < scalar.count {
                if span != scalar[index] { return "element \(index): cut at \(span), by valueEnd at \(scalar[index])" }
                continue
            }
            let whole: ParseError
            do {
                let end = try JSONScanner.valueEnd(in: input, from: span.lowerBound, isFinal: true, options: options)
                return "element \(index): cut at \(span), valueEnd ends it at \(end.map(String.init) ?? "nil") "
                    + "but stopped the byte-at-a-time cut"
            } catch {
                whole = error
            }
            guard
                let alone = JSONScanner.elementError(
                    UnsafeRawBufferPointer(rebasing: input[span]),
                    followedBy: input.count - span.upperBound,
                    options: options,
                    backend: ""
                )
            else { return "element \(index): cut at \(span), accepted alone, refused in the whole input: \(whole)" }
            if alone.code != whole.code || alone.offset + span.lowerBound != whole.offset
                || alone.message != whole.message
            {
                return "element \(index): cut at \(span), refused alone with \(alone), in the whole input with \(whole)"
            }
            // A feed ends at that element: what the cut makes of the bytes after it is never used.
            return nil
        }
        return nil
    }

    /// The spans of an array's elements from `start` as the byte-at-a-time scan cuts them, one
    /// ``JSONScanner/valueEnd(in:from:isFinal:options:backend:)`` each: up to the first it refuses,
    /// cannot end, or finds longer than `maxLength`, or the array's end.
    public static func elementsByValueEnd(
        _ input: UnsafeRawBufferPointer,
        from start: Int,
        isFinal: Bool,
        options: ParseOptions,
        maxLength: Int = .max
    ) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var position = start
        func skipSpace() {
            while position < input.count, [0x20, 0x09, 0x0A, 0x0D].contains(input[position]) { position += 1 }
        }
        while true {
            skipSpace()
            let first = position
            guard let end = try? JSONScanner.valueEnd(in: input, from: first, isFinal: isFinal, options: options),
                end - first <= maxLength
            else { return spans }
            spans.append(first..<end)
            position = end
            skipSpace()
            guard position < input.count, input[position] == UInt8(ascii: ",") else { return spans }
            position += 1
        }
    }
}
