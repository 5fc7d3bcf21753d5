/// An I-Regexp (RFC 9485) checked against its grammar and translated to a Swift `Regex`.
///
/// The translation writes every literal as a `\u{…}` escape, every group as a non-capturing
/// group, `.` as `[^\n\r]` (I-Regexp's dot excludes only those two), and matches by Unicode scalar
/// value, so that what matches is what RFC 9485 says matches, whatever Swift's own defaults for
/// grapheme clusters and newlines. A pattern outside the grammar, or one whose quantifier bounds
/// pass ``maxRepetition``, has no translation: `match` and `search` are then false.
///
/// Swift's `Regex` backtracks, so a pattern with nested quantifiers can take time exponential in
/// the subject's length; the guide tells users to evaluate patterns read from a document only
/// over documents they trust.
struct IRegexp: Sendable, Hashable {
    /// The largest bound a range quantifier (`{n,m}`) may give.
    static let maxRepetition = 1000

    /// The pattern as written.
    let pattern: String
    /// The pattern in Swift's regex syntax.
    let translation: String
    /// The compiled translation, matching by Unicode scalar.
    private let compiled: Compiled

    /// Holds the compiled `Regex`. `Regex<AnyRegexOutput>` is not declared `Sendable`, because its
    /// output type can hold values of any type; this one is never changed after it is made, and
    /// matching only reads it, so sharing it between tasks is safe.
    private final class Compiled: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>

        init(_ regex: Regex<AnyRegexOutput>) {
            self.regex = regex
        }
    }

    /// The pattern translated and compiled; `nil` when it is not a valid I-Regexp.
    init?(_ pattern: String) {
        var translator = IRegexpTranslator(scalars: Array(pattern.unicodeScalars))
        guard let translation = translator.translate(),
            let regex = try? Regex(translation).matchingSemantics(.unicodeScalar)
        else { return nil }
        self.pattern = pattern
        self.translation = translation
        self.compiled = Compiled(regex)
    }

    /// Whether the whole of `string` matches.
    func matchesWhole(_ string: String) -> Bool {
        ((try? compiled.regex.wholeMatch(in: string)) ?? nil) != nil
    }

    /// Whether some substring of `string` matches.
    func matchesPart(of string: String) -> Bool {
        ((try? compiled.regex.firstMatch(in: string)) ?? nil) != nil
    }

    static func == (lhs: IRegexp, rhs: IRegexp) -> Bool { lhs.pattern == rhs.pattern }

    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// Reads RFC 9485's grammar by recursive descent and writes the Swift pattern as it goes.
/// Nesting of groups is bounded by ``maxDepth``, so no pattern can exhaust the stack.
private struct IRegexpTranslator {
    static let maxDepth = 64

    let scalars: [Unicode.Scalar]
    var position = 0
    var output = ""
    var depth = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func translate() -> String? {
        guard expression(), position == scalars.count else { return nil }
        return output
    }

    /// `i-regexp = branch *( "|" branch )`.
    mutating func expression() -> Bool {
        guard branch() else { return false }
        while current == "|" {
            position += 1
            output += "|"
            guard branch() else { return false }
        }
        return true
    }

    /// `branch = *piece`; a piece is an atom and an optional quantifier.
    mutating func branch() -> Bool {
        while let scalar = current, scalar != "|", scalar != ")" {
            guard atom(), quantifier() else { return false }
        }
        return true
    }

    mutating func atom() -> Bool {
        guard let scalar = current else { return false }
        switch scalar {
        case "(":
            guard depth < Self.maxDepth else { return false }
            depth += 1
            defer { depth -= 1 }
            position += 1
            output += "(?:"
            guard expression(), current == ")" else { return false }
            position += 1
            output += ")"
            return true
        case ".":
            position += 1
            output += #"[^\n\r]"#
            return true
        case "[":
            return characterClassExpression()
        case "\\":
            if let property = propertyEscape() {
                output += property
                return true
            }
            guard let escaped = singleCharacterEscape() else { return false }
            output += Self.literal(escaped)
            return true
        case "*", "+", "?", "{", "}", "]", ")", "|":
            return false
        default:
            position += 1
            output += Self.literal(scalar)
            return true
        }
    }

    /// `quantifier = "*" / "+" / "?" / "{" n [ "," [ m ] ] "}"`, or nothing.
    mutating func quantifier() -> Bool {
        guard let scalar = current else { return true }
        switch scalar {
        case "*", "+", "?":
            position += 1
            output.unicodeScalars.append(scalar)
            return true
        case "{":
            position += 1
            guard let low = decimal() else { return false }
            var text = "{\(low)"
            if current == "," {
                position += 1
                text += ","
                if current != "}" {
                    guard let high = decimal(), high >= low else { return false }
                    text += "\(high)"
                }
            }
            guard current == "}" else { return false }
            position += 1
            output += text + "}"
            return true
        default:
            return true
        }
    }

    /// `1*DIGIT`, at most ``IRegexp/maxRepetition``.
    mutating func decimal() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = value * 10 + Int(scalar.value - 48)
            guard value <= IRegexp.maxRepetition else { return nil }
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// `\p{…}` or `\P{…}` with one of the general categories I-Regexp allows, as Swift writes it.
    mutating func propertyEscape() -> String? {
        guard position + 1 < scalars.count, scalars[position] == "\\",
            scalars[position + 1] == "p" || scalars[position + 1] == "P"
        else { return nil }
        let start = position
        position += 2
        guard current == "{" else {
            position = start
            return nil
        }
        position += 1
        var name = ""
        while let scalar = current, scalar != "}" {
            name.unicodeScalars.append(scalar)
            position += 1
            guard name.unicodeScalars.count <= 2 else { break }
        }
        guard current == "}", Self.categories.contains(name) else {
            position = start
            return nil
        }
        position += 1
        return "\\\(scalars[start + 1]){\(name)}"
    }

    /// The categories of RFC 9485's `IsCategory`.
    static let categories: Set<String> = [
        "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
        "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs",
        "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
    ]

    /// `SingleCharEsc`: a backslash and one of `()*+-.?[\]^{|}nrt`; the character it stands for.
    mutating func singleCharacterEscape() -> Unicode.Scalar? {
        guard current == "\\", position + 1 < scalars.count else { return nil }
        let escaped = scalars[position + 1]
        let result: Unicode.Scalar
        switch escaped {
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": result = escaped
        case "n": result = "\n"
        case "r": result = "\r"
        case "t": result = "\t"
        default: return nil
        }
        position += 2
        return result
    }

    /// `"[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`.
    mutating func characterClassExpression() -> Bool {
        position += 1  // "["
        var text = "["
        if current == "^" {
            position += 1
            text += "^"
        }
        var items = 0
        if current == "-" {
            position += 1
            text += Self.literal("-")
            items += 1
        }
        while let scalar = current, scalar != "]" {
            if scalar == "-" {
                // A "-" is allowed last only, and not as the whole class after a leading "-".
                guard position + 1 < scalars.count, scalars[position + 1] == "]", items > 0 else { return false }
                position += 1
                text += Self.literal("-")
                continue
            }
            if let property = propertyEscape() {
                text += property
                items += 1
                continue
            }
            guard let low = classCharacter() else { return false }
            if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let high = classCharacter(), low.value <= high.value else { return false }
                text += Self.literal(low) + "-" + Self.literal(high)
            } else {
                text += Self.literal(low)
            }
            items += 1
        }
        guard current == "]", items > 0 else { return false }
        position += 1
        output += text + "]"
        return true
    }

    /// `CCchar`: any character but `-`, `[`, `\` and `]`, or a `SingleCharEsc`.
    mutating func classCharacter() -> Unicode.Scalar? {
        guard let scalar = current else { return nil }
        switch scalar {
        case "\\": return singleCharacterEscape()
        case "-", "[", "]": return nil
        default:
            position += 1
            return scalar
        }
    }

    /// The scalar as a Swift regex escape, literal wherever it appears.
    static func literal(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16) + "}"
    }
}
