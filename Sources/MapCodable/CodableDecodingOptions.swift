public import FoundationEssentials

/// How `Decodable` values are read: Foundation's own strategy types, so that code written for
/// `JSONDecoder` sets them the same way (`.convertFromSnakeCase`, `.iso8601`, and `.formatted`
/// where Foundation is imported).
public struct CodableDecodingOptions: Sendable {
    /// How JSON keys are matched to coding keys. Default `.useDefaultKeys`.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// How `Date` values are read. Default `.deferredToDate`, as `JSONDecoder`'s; the server
    /// integrations default to `.iso8601`, as their frameworks' own coders do
    /// (``defaultingDates(to:)``), unless a strategy is set here.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        get { chosenDateStrategy ?? .deferredToDate }
        set { chosenDateStrategy = newValue }
    }
    /// The date strategy set on these options; nil while it is the default.
    private var chosenDateStrategy: JSONDecoder.DateDecodingStrategy?
    /// How `Data` values are read. Default `.base64`.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    /// How strings standing for infinities and NaN are read. Default `.throw`.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    /// Values for `Decodable` implementations to read from `Decoder.userInfo`. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The defaults, as `JSONDecoder()` has them.
    public init() {}

    /// These options with `strategy` for dates unless a date strategy was set on them: how an
    /// integration gives dates its framework's default while the program's own choice wins.
    public func defaultingDates(to strategy: JSONDecoder.DateDecodingStrategy) -> CodableDecodingOptions {
        var options = self
        if options.chosenDateStrategy == nil { options.chosenDateStrategy = strategy }
        return options
    }

    /// Whether JSON keys are used as they are.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyDecodingStrategy { return true }
        return false
    }

    /// `key` as the strategy makes it before it is matched with a coding key; `path` leads to the
    /// object that holds it.
    func convertedKey(_ key: String, at path: @autoclosure () -> [any CodingKey]) -> String {
        switch keyDecodingStrategy {
        case .useDefaultKeys:
            return key
        case .convertFromSnakeCase:
            return SnakeCase.camelCased(key)
        case .custom(let convert):
            return convert(path() + [CodableKey(stringValue: key)]).stringValue
        @unknown default:
            return key
        }
    }
}

/// How `Encodable` values are written: Foundation's own strategy types and output formatting,
/// so that code written for `JSONEncoder` sets them the same way.
public struct CodableEncodingOptions: Sendable {
    /// How coding keys become JSON keys. Default `.useDefaultKeys`.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    /// How `Date` values are written. Default `.deferredToDate`, as `JSONEncoder`'s; the server
    /// integrations default to `.iso8601`, as their frameworks' own coders do
    /// (``defaultingDates(to:)``), unless a strategy is set here.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { chosenDateStrategy ?? .deferredToDate }
        set { chosenDateStrategy = newValue }
    }
    /// The date strategy set on these options; nil while it is the default.
    private var chosenDateStrategy: JSONEncoder.DateEncodingStrategy?
    /// How `Data` values are written. Default `.base64`.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    /// How infinities and NaN are written. Default `.throw`.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    /// Layout: `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`. Default none.
    public var outputFormatting: JSONEncoder.OutputFormatting = []
    /// Values for `Encodable` implementations to read from `Encoder.userInfo`. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The defaults, as `JSONEncoder()` has them.
    public init() {}

    /// These options with `strategy` for dates unless a date strategy was set on them: how an
    /// integration gives dates its framework's default while the program's own choice wins.
    public func defaultingDates(to strategy: JSONEncoder.DateEncodingStrategy) -> CodableEncodingOptions {
        var options = self
        if options.chosenDateStrategy == nil { options.chosenDateStrategy = strategy }
        return options
    }

    /// Whether coding keys are written as they are.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keyEncodingStrategy { return true }
        return false
    }

    /// The JSON key for `key`; `path` leads to the object it is written in.
    func jsonKey(for key: some CodingKey, at path: @autoclosure () -> [any CodingKey]) -> String {
        switch keyEncodingStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return SnakeCase.snakeCased(key.stringValue)
        case .custom(let convert):
            return convert(path() + [key]).stringValue
        @unknown default:
            return key.stringValue
        }
    }
}

/// The coding key of a step the package names itself: a JSON key, an array index (`Index 3`,
/// as Foundation's coders name it), or `super`.
struct CodableKey: CodingKey, Sendable {
    /// The name of a JSON key or `super`; `nil` for an array index, whose text is made only when
    /// asked, since every element written or read in an error's path gets such a key.
    private let name: String?
    /// The integer of the key; `Int.min` when it has none.
    private let number: Int

    var stringValue: String {
        if let name { return name }
        return "Index \(number)"
    }

    var intValue: Int? { number == .min ? nil : number }

    init(stringValue: String) {
        self.name = stringValue
        self.number = .min
    }

    init(intValue: Int) {
        self.name = "\(intValue)"
        self.number = intValue
    }

    /// A key with both a name and an integer value, as `Dictionary` gives its numeric keys.
    init(stringValue: String, intValue: Int) {
        self.name = stringValue
        self.number = intValue
    }

    /// The key of element `index` of an array.
    init(index: Int) {
        self.name = nil
        self.number = index
    }

    /// The key `superDecoder()` and `superEncoder()` use.
    static let `super` = CodableKey(stringValue: "super")
}

/// Foundation's snake-case conversions, rule for rule, so that keys match the same way.
enum SnakeCase {
    /// `one_two_three` → `oneTwoThree`; leading and trailing underscores are kept; a word without
    /// underscores inside is left as it is.
    static func camelCased(_ key: String) -> String {
        guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let core = key[first...last]
        let words = core.split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(core)
        } else {
            joined = ([words[0].lowercased()] + words.dropFirst().map(capitalized)).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// A word as Foundation's `capitalized` makes it: a cased letter that follows a cased letter
    /// is lower case, any other is title case (`ß` → `Ss`, `ǆ` → `ǅ`); a character that is neither
    /// cased nor case-ignorable (a digit, a dash, a dot) starts a new word, and a case-ignorable one
    /// (an apostrophe, a combining mark) does not (`t's` → `T's`).
    private static func capitalized(_ word: Substring) -> String {
        var result = ""
        result.reserveCapacity(word.utf8.count)
        var followsCased = false
        for scalar in word.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter:
                if followsCased { result += properties.lowercaseMapping } else { result.unicodeScalars.append(scalar) }
                followsCased = true
            case .lowercaseLetter:
                if followsCased { result.unicodeScalars.append(scalar) } else { result += properties.titlecaseMapping }
                followsCased = true
            case .nonspacingMark, .enclosingMark, .format:
                result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar)
                if !caseIgnorablePunctuation.contains(scalar.value) { followsCased = false }
            }
        }
        return result
    }

    /// The punctuation Foundation's capitalization passes over inside a word: the apostrophes and
    /// the soft hyphen.
    private static let caseIgnorablePunctuation: Set<UInt32> = [0x27, 0xAD, 0x2019]

    /// `oneTwoThree` → `one_two_three`: words split where lower case turns upper, and a run of
    /// capitals is one word up to the capital before the next lower-case letter (`myURLProperty` →
    /// `my_url_property`); the whole key is then lower case.
    static func snakeCased(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let scalars = key.unicodeScalars
        func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .lowercaseLetter
        }
        var words: [Range<String.Index>] = []
        var wordStart = scalars.startIndex
        var searchStart = scalars.index(after: wordStart)
        while let upper = scalars[searchStart...].firstIndex(where: isUpper) {
            words.append(wordStart..<upper)
            guard let lower = scalars[upper...].firstIndex(where: isLower) else {
                wordStart = upper
                searchStart = scalars.endIndex
                break
            }
            if lower == scalars.index(after: upper) {
                wordStart = upper
            } else {
                // A run of capitals: all but the last form one word.
                let beforeLower = scalars.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
            if searchStart >= scalars.endIndex { break }
        }
        words.append(wordStart..<scalars.endIndex)
        return words.map { String(key.unicodeScalars[$0]).lowercased() }.joined(separator: "_")
    }
}
