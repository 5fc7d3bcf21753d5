public import MapCore

extension JSONPath {
    /// The path as an RFC 9535 normalized path (section 2.7): `$['store']['book'][0]`.
    ///
    /// Every key is in single quotes; `'` and `\` are escaped with a backslash, the control
    /// characters as `\b`, `\f`, `\n`, `\r`, `\t` or `\u00XX` with lowercase hexadecimal digits,
    /// and every other character is written as it is. The root is `$`. The text is itself a
    /// query that selects exactly this node.
    public var normalizedPath: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                text += "['"
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "\u{08}": text += "\\b"
                    case "\u{0C}": text += "\\f"
                    case "\n": text += "\\n"
                    case "\r": text += "\\r"
                    case "\t": text += "\\t"
                    case "'": text += "\\'"
                    case "\\": text += "\\\\"
                    case let control where control.value < 0x20:
                        let hex = String(control.value, radix: 16)
                        text += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
                    default:
                        text.unicodeScalars.append(scalar)
                    }
                }
                text += "']"
            }
        }
        return text
    }
}
