#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
    internal import _Builtin_intrinsics.intel
#endif

/// Cuts the elements of an array whose elements are objects or arrays by their brackets alone,
/// without checking what is inside them: a record parser that validates each element whole does
/// that. How a feed cuts the array it streams when the backend's parse of each record checks
/// everything the validating scanner would (see ``JSONScanner/bracketedElements(in:from:options:maxLength:into:)``).
///
/// Per 64-byte block it finds quotes, backslashes and brackets as bitmasks, the bytes inside
/// strings by the prefix XOR of the unescaped quotes (Langdale and Lemire, "Parsing Gigabytes of
/// JSON per Second", 2019), and counts brackets outside strings; only a block where the count may
/// reach zero is walked bracket by bracket.
///
/// Contract: for an element that is valid JSON, the span it gives is exactly the element, as the
/// validating scanner would cut it. For one that is not, the span ends at a bracket outside any
/// string where the count of open brackets falls to zero (brackets of either kind counted alike):
/// the element's first error, as the scanner finds it, lies inside that span.
enum BracketCutter {
    /// The bitmasks of one block, bit `i` for byte `i`.
    struct Masks {
        var quote: UInt64 = 0
        var backslash: UInt64 = 0
        /// `{` and `[`.
        var open: UInt64 = 0
        /// `}` and `]`.
        var close: UInt64 = 0

        @inline(__always)
        init(_ block: UnsafeRawPointer) {
            for part in 0..<4 {
                let shift = UInt64(part &* 16)
                let lanes = Masks.classify(block + part &* 16)
                quote |= UInt64(lanes.quote) &<< shift
                backslash |= UInt64(lanes.backslash) &<< shift
                open |= UInt64(lanes.open) &<< shift
                close |= UInt64(lanes.close) &<< shift
            }
        }

        typealias Lanes = (quote: UInt16, backslash: UInt16, open: UInt16, close: UInt16)

        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel) && !PORTABLE_SIMD
            @inline(__always)
            static func classify(_ pointer: UnsafeRawPointer) -> Lanes {
                let vector = _mm_loadu_si128(pointer.assumingMemoryBound(to: __m128i.self))
                @inline(__always) func bits(_ value: __m128i, _ byte: Int8) -> UInt16 {
                    UInt16(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(value, _mm_set1_epi8(byte))))
                }
                // `[` and `{`, `]` and `}` differ only in bit 0x20.
                let folded = _mm_or_si128(vector, _mm_set1_epi8(0x20))
                return (bits(vector, 0x22), bits(vector, 0x5C), bits(folded, 0x7B), bits(folded, 0x7D))
            }
        #else
            @inline(__always)
            static func classify(_ pointer: UnsafeRawPointer) -> Lanes {
                let vector = pointer.loadUnaligned(as: SIMD16<UInt8>.self)
                @inline(__always) func bits(_ value: SIMD16<UInt8>, _ byte: UInt8) -> UInt16 {
                    let difference = value ^ SIMD16(repeating: byte)
                    // The top bit of each lane set where the difference is zero.
                    let zero = ~(((difference & SIMD16(repeating: 0x7F)) &+ SIMD16(repeating: 0x7F)) | difference)
                    return BlockMasks.highBits(zero)
                }
                let folded = vector | SIMD16(repeating: 0x20)
                return (bits(vector, 0x22), bits(vector, 0x5C), bits(folded, 0x7B), bits(folded, 0x7D))
            }
        #endif
    }

    /// The end of the element whose `{` or `[` is at `start` of `bytes[..<end]`: the offset past
    /// the bracket that brings the count back to zero; `nil` when the input ends first, when
    /// brackets nest deeper than `maxDepth`, or when the element would be longer than `maxLength`.
    static func elementEnd(
        _ bytes: UnsafePointer<UInt8>,
        from start: Int,
        end: Int,
        maxDepth: Int,
        maxLength: Int
    ) -> Int? {
        let limit = start &+ min(maxLength, end &- start)
        var depth = 0
        var inStringCarry: UInt64 = 0
        var escapeCarry: UInt64 = 0
        var blockStart = start
        while blockStart < limit {
            let masks: Masks
            if blockStart &+ 64 <= end {
                masks = Masks(UnsafeRawPointer(bytes + blockStart))
            } else {
                // The input's last partial block, padded with spaces.
                var block = SIMD64<UInt8>(repeating: 0x20)
                masks = withUnsafeMutableBytes(of: &block) { padded in
                    padded.baseAddress!.copyMemory(from: bytes + blockStart, byteCount: end &- blockStart)
                    return Masks(UnsafeRawPointer(padded.baseAddress!))
                }
            }
            var escaped: UInt64 = 0
            if masks.backslash | escapeCarry != 0 {
                escaped = StructuralIndexer.escapes(backslash: masks.backslash, carry: &escapeCarry).escaped
            }
            let quotes = masks.quote & ~escaped
            let inString = StructuralIndexer.prefixXor(quotes) ^ inStringCarry
            inStringCarry = UInt64(bitPattern: Int64(bitPattern: inString) >> 63)
            let opens = masks.open & ~inString
            let closes = masks.close & ~inString
            let closeCount = closes.nonzeroBitCount
            let openCount = opens.nonzeroBitCount
            if depth > closeCount, depth &+ openCount <= maxDepth {
                // The count cannot fall to zero nor pass the limit within this block.
                depth = depth &+ openCount &- closeCount
            } else {
                var brackets = opens | closes
                while brackets != 0 {
                    let bit = brackets & (0 &- brackets)
                    brackets &= brackets &- 1
                    if opens & bit != 0 {
                        depth &+= 1
                        if depth > maxDepth { return nil }
                    } else {
                        depth &-= 1
                        if depth == 0 {
                            let after = blockStart &+ bit.trailingZeroBitCount &+ 1
                            return after <= limit ? after : nil
                        }
                    }
                }
            }
            blockStart &+= 64
        }
        return nil
    }
}

extension JSONScanner {
    /// The most bytes past a problem the scanner reads to say what it is (a surrogate pair's
    /// escapes, a character's continuation bytes): an element's error depends on at most this
    /// many bytes after it, and only on whether they are there.
    package static let errorLookahead = 16

    /// Whether ``bracketedElements(in:from:isFinal:options:maxLength:into:)`` may cut elements under
    /// `options`: strict JSON, repeated keys let through.
    package static func bracketCutApplies(options: ParseOptions) -> Bool {
        options.syntax == .json && options.duplicateKeys != .reject && options.maxDepth > 0
    }

    /// Cuts an array's elements from `start`, where one starts (whitespace before it aside), by
    /// their brackets alone: appends the span of each element that is an object or an array and
    /// is whole in `input` — followed by ``errorLookahead`` bytes at least, unless `isFinal` says
    /// `input` holds all there is — as ``BracketCutter`` finds it. Stops before anything else: an
    /// element of another kind, one not whole, nested deeper than `options.maxDepth`, longer than
    /// `maxLength`, anything but whitespace and one comma between two elements, and the array's
    /// end. What is left is for ``valueEnd(in:from:isFinal:options:backend:)``.
    ///
    /// An element is not checked: the caller parses each span with a parser that refuses
    /// whatever the validating scanner refuses, and on a refusal asks
    /// ``elementError(_:followedBy:options:backend:)`` for the scanner's error.
    package static func bracketedElements(
        in input: UnsafeRawBufferPointer,
        from start: Int,
        isFinal: Bool,
        options: ParseOptions,
        maxLength: Int,
        into spans: inout [Range<Int>]
    ) {
        guard let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let end = input.count
        @inline(__always) func skipWhitespace(_ at: inout Int) {
            while at < end {
                let byte = base[at]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                at &+= 1
            }
        }
        var at = start
        skipWhitespace(&at)
        while at < end, base[at] | 0x20 == UInt8(ascii: "{") {
            guard
                let elementEnd = BracketCutter.elementEnd(
                    base,
                    from: at,
                    end: end,
                    maxDepth: options.maxDepth,
                    maxLength: maxLength
                )
            else { return }
            guard isFinal || end - elementEnd >= errorLookahead else { return }
            spans.append(at..<elementEnd)
            at = elementEnd
            skipWhitespace(&at)
            guard at < end, base[at] == UInt8(ascii: ",") else { return }
            at &+= 1
            skipWhitespace(&at)
        }
    }

    /// The validating scanner's error for `element`, a whole element cut by its brackets alone
    /// that `followedBy` bytes follow in the input (``errorLookahead`` at most are counted), with
    /// offsets in the element; `nil` when the scanner finds it valid. It is the error
    /// ``valueEnd(in:from:isFinal:options:backend:)`` gives for the element in the whole input:
    /// the element's first error lies inside it (its brackets close it), and what the scanner reads
    /// past that error to describe it stops at the string's closing quote, also inside, so the
    /// bytes after the element matter only by being there — spaces stand in for them.
    package static func elementError(
        _ element: UnsafeRawBufferPointer,
        followedBy: Int,
        options: ParseOptions,
        backend: String
    ) -> ParseError? {
        let padding = max(0, min(followedBy, errorLookahead))
        var padded = [UInt8](repeating: 0x20, count: element.count + padding)
        padded.withUnsafeMutableBytes { $0.copyMemory(from: element) }
        return padded.withUnsafeBytes { bytes -> ParseError? in
            do throws(ParseError) {
                _ = try valueEnd(in: bytes, from: 0, isFinal: true, options: options, backend: backend)
                return nil
            } catch {
                return error
            }
        }
    }
}
