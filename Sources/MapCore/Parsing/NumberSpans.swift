/// The spans of the numbers of JSON text, in document order, found without validating: strings
/// are skipped (escapes included) and every run of number bytes outside them is a number. The text
/// must be JSON a parser has accepted; for a backend that keeps a document's values but not their
/// text, it matches the numbers of its tree, taken in the same order, to their text.
///
/// The text's object members are counted too (a `:` outside strings ends each key). A tree with
/// fewer members than its text kept one value of a repeated key, possibly where the first stood
/// and with the last one's numbers: its numbers are not in the text's order, even when there are
/// as many of them, and must not be matched.
package enum NumberSpans {
    package static func inDocumentOrder(_ text: UnsafeRawBufferPointer) -> (spans: [Range<Int>], members: Int) {
        var spans: [Range<Int>] = []
        var members = 0
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
            } else if byte == UInt8(ascii: ":") {
                members += 1
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
        return (spans, members)
    }

    /// Whether `byte` can continue a JSON number: a digit, a sign, a point or an exponent mark.
    @inline(__always)
    package static func continuesNumber(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }
}
