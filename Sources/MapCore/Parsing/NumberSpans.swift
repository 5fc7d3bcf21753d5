/// The spans of the numbers of JSON text, in document order, found without validating: strings
/// are skipped (escapes included) and every run of number bytes outside them is a number. The text
/// must be JSON a parser has accepted; for a backend that keeps a document's values but not their
/// text, it matches the numbers of its tree, taken in the same order, to their text.
package enum NumberSpans {
    package static func inDocumentOrder(_ text: UnsafeRawBufferPointer) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        let count = text.count
        var index = 0
        while index < count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                while index < count {
                    let inside = text[index]
                    if inside == UInt8(ascii: "\\") {
                        index += 2
                    } else if inside == UInt8(ascii: "\"") {
                        break
                    } else {
                        index += 1
                    }
                }
                index += 1
            } else if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
                let start = index
                index += 1
                while index < count, continuesNumber(text[index]) { index += 1 }
                spans.append(start..<index)
            } else {
                index += 1
            }
        }
        return spans
    }

    /// Whether `byte` can continue a JSON number: a digit, a sign, a point or an exponent mark.
    @inline(__always)
    package static func continuesNumber(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }
}
