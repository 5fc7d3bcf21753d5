extension MappingError {
    /// One rule a failure passed through on its way out: the field, item or member that held the
    /// failing value. ``MappingError/ruleTrail`` lists them outermost first.
    public enum RuleStep: Hashable, Sendable, CustomStringConvertible {
        /// A field of an `ObjectRule`: its path as written (`"size"`, `"owner/id"`), whether it
        /// is required, and the type the rule makes.
        case field(String, isRequired: Bool, of: String)
        /// An element of an `ArrayRule`.
        case item(Int)
        /// A member of a `DictionaryRule`.
        case member(String)
        /// The JSON inside a string, read by a `StringifiedJSONRule`.
        case stringified

        /// `mandatory field "size" of Folder`, `item #0`, `member "en"`, `JSON inside the string`.
        public var description: String { text(showingType: true) }

        func text(showingType: Bool) -> String {
            switch self {
            case .field(let name, let isRequired, let type):
                let head = "\(isRequired ? "mandatory" : "optional") field \"\(name)\""
                return showingType ? "\(head) of \(type)" : head
            case .item(let index): return "item #\(index)"
            case .member(let key): return "member \"\(key)\""
            case .stringified: return "JSON inside the string"
            }
        }
    }

    /// The failure told as a chain of causes, from the outermost rule down to the value, the way
    /// Bender told it:
    ///
    /// ```text
    /// optional field "folders" of Folder → item #0 → mandatory field "size" → value of unexpected type "256 Error!", expected Int64
    /// ```
    ///
    /// A field names its rule's type only where it changes. Without rules, the chain is the
    /// failure alone.
    public var causalChain: String {
        var parts: [String] = []
        var lastType: String?
        for step in ruleTrail {
            if case .field(_, _, let type) = step {
                parts.append(step.text(showingType: type != lastType))
                lastType = type
            } else {
                parts.append(step.description)
            }
        }
        parts.append(causeText)
        return parts.joined(separator: " → ")
    }

    /// The last link of ``causalChain``: what was wrong with the value itself.
    var causeText: String {
        let wanted = targetType ?? expected?.withArticle ?? "a value"
        switch code {
        case .typeMismatch where value != nil, .nullValue:
            return "value of unexpected type \(value.map { $0.snippet(limit: 40) } ?? "null"), expected \(wanted)"
        case .missingKey:
            return "value missing, expected \(wanted)"
        default:
            return message
        }
    }

    /// The error as it leaves a rule's field, item or member: `step` added to the front of the trail.
    @usableFromInline
    package func passing(through step: RuleStep) -> MappingError {
        var copy = self
        copy.ruleTrail.insert(step, at: 0)
        return copy
    }
}
