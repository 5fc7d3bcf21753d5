/// An I-Regexp (RFC 9485) checked against its grammar and compiled for a matcher whose time is
/// linear in the length of the string it reads.
///
/// RFC 9485 keeps to what a regular-expression automaton can run, so the pattern compiles to a
/// small program (Thompson's construction) that a Pike VM runs one scalar at a time, every
/// thread in step: the time is at most the string's length in Unicode scalars times the
/// program's length, whatever the pattern, so a pattern read from an untrusted document cannot
/// make a query run for long. Matching is by Unicode scalar value, and `.` matches any scalar but
/// `\n` and `\r`, as RFC 9485 says. A pattern outside the grammar, one whose quantifier bounds
/// pass ``maxRepetition``, or one whose program passes ``maxProgramLength`` (bounds multiply when
/// repetitions nest) has no program: `match` and `search` are then false.
struct IRegexp: Sendable, Hashable {
    /// The largest bound a range quantifier (`{n,m}`) may give.
    static let maxRepetition = 1000

    /// The most instructions a compiled pattern may hold.
    static let maxProgramLength = 10_000

    /// The pattern as written.
    let pattern: String
    /// The compiled program.
    private let program: [Instruction]
    /// The scalar sets the program's `scalar` instructions test.
    private let sets: [ScalarSet]

    /// The pattern compiled; `nil` when it is not a valid I-Regexp or its program is too long.
    init?(_ pattern: String) {
        var parser = IRegexpParser(scalars: Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        var compiler = IRegexpCompiler()
        guard compiler.compile(tree), compiler.program.count < Self.maxProgramLength else { return nil }
        compiler.program.append(.match)
        self.pattern = pattern
        self.program = compiler.program
        self.sets = compiler.sets
    }

    /// Whether the whole of `string` matches.
    func matchesWhole(_ string: String) -> Bool {
        run(string, searching: false)
    }

    /// Whether some substring of `string` matches.
    func matchesPart(of string: String) -> Bool {
        run(string, searching: true)
    }

    /// A bound on the work of matching `string`: its length times the program's, each step of the
    /// Pike VM visiting each instruction at most once.
    func cost(of string: String) -> Int {
        let (cost, overflow) = (string.utf8.count + 1).multipliedReportingOverflow(by: program.count)
        return overflow ? .max : cost
    }

    static func == (lhs: IRegexp, rhs: IRegexp) -> Bool { lhs.pattern == rhs.pattern }

    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// The Pike VM: the threads alive before each scalar, each a program position, each position
    /// at most once. A search starts a thread at every position and succeeds as soon as one
    /// reaches `match`; a whole match must have one at `match` after the last scalar.
    private func run(_ string: String, searching: Bool) -> Bool {
        var marks = [Int](repeating: 0, count: program.count)
        var generation = 1
        var current: [Int] = []
        var next: [Int] = []
        var stack: [Int] = []
        var matched = false

        /// Adds the threads `position` leads to without reading a scalar.
        func add(_ position: Int, to list: inout [Int]) {
            stack.append(position)
            while let at = stack.popLast() {
                guard marks[at] != generation else { continue }
                marks[at] = generation
                switch program[at] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .scalar: list.append(at)
                case .match:
                    matched = true
                    list.append(at)
                }
            }
        }

        add(0, to: &current)
        if searching && matched { return true }
        for scalar in string.unicodeScalars {
            generation += 1
            matched = false
            next.removeAll(keepingCapacity: true)
            for position in current {
                if case .scalar(let set) = program[position], sets[set].contains(scalar) {
                    add(position + 1, to: &next)
                }
            }
            if searching {
                if matched { return true }
                add(0, to: &next)
                if matched { return true }
            }
            swap(&current, &next)
            if current.isEmpty && !searching { return false }
        }
        return current.contains { if case .match = program[$0] { true } else { false } }
    }
}

/// One step of a compiled pattern.
private enum Instruction: Sendable {
    /// Reads one scalar, which must be in the set at this index, and goes on to the next step.
    case scalar(Int)
    /// Goes on at both positions.
    case split(Int, Int)
    /// Goes on at the position.
    case jump(Int)
    /// The pattern has matched.
    case match
}

/// The scalars one atom matches: ranges and general categories, or everything but them.
private struct ScalarSet: Sendable {
    var negated = false
    var ranges: [ClosedRange<UInt32>] = []
    /// `\p{…}` (`excluded` false) or `\P{…}` (true), by category name.
    var categories: [(name: String, excluded: Bool)] = []

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = ranges.contains { $0.contains(scalar.value) }
        if !found && !categories.isEmpty {
            let category = Self.name(of: scalar.properties.generalCategory)
            found = categories.contains { item in
                let inside = item.name.count == 1 ? category.hasPrefix(item.name) : category == item.name
                return inside != item.excluded
            }
        }
        return found != negated
    }

    /// The two-letter name Unicode gives a general category.
    static func name(of category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }
}

/// A parsed pattern.
private indirect enum PatternNode {
    case scalar(ScalarSet)
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// `maximum` nil: no upper bound.
    case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// Thompson's construction: each node becomes a run of instructions that ends where the next one
/// starts. Stops as soon as the program passes ``IRegexp/maxProgramLength``.
private struct IRegexpCompiler {
    var program: [Instruction] = []
    var sets: [ScalarSet] = []

    mutating func compile(_ node: PatternNode) -> Bool {
        guard program.count < IRegexp.maxProgramLength else { return false }
        switch node {
        case .scalar(let set):
            sets.append(set)
            program.append(.scalar(sets.count - 1))
        case .sequence(let nodes):
            for node in nodes {
                guard compile(node) else { return false }
            }
        case .alternation(let branches):
            // split(first, rest) first jump(end) split(second, rest) … last
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    guard compile(branch) else { return false }
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    guard compile(branch) else { return false }
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repetition(let body, let minimum, let maximum):
            for _ in 0..<minimum {
                guard compile(body) else { return false }
            }
            if let maximum {
                // Each optional copy may be skipped, which skips the copies after it too.
                var splits: [Int] = []
                for _ in minimum..<max(minimum, maximum) {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, 0))
                    guard compile(body) else { return false }
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                program.append(.split(loop + 1, 0))
                guard compile(body) else { return false }
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
        return program.count < IRegexp.maxProgramLength
    }
}

/// Reads RFC 9485's grammar by recursive descent into a ``PatternNode``. Nesting of groups is
/// bounded by ``maxDepth``, so no pattern can exhaust the stack.
private struct IRegexpParser {
    static let maxDepth = 64

    let scalars: [Unicode.Scalar]
    var position = 0
    var depth = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func parse() -> PatternNode? {
        guard let tree = expression(), position == scalars.count else { return nil }
        return tree
    }

    /// `i-regexp = branch *( "|" branch )`.
    mutating func expression() -> PatternNode? {
        guard let first = branch() else { return nil }
        var branches = [first]
        while current == "|" {
            position += 1
            guard let next = branch() else { return nil }
            branches.append(next)
        }
        return branches.count == 1 ? first : .alternation(branches)
    }

    /// `branch = *piece`; a piece is an atom and an optional quantifier.
    mutating func branch() -> PatternNode? {
        var pieces: [PatternNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            guard let atom = atom(), let piece = quantified(atom) else { return nil }
            pieces.append(piece)
        }
        return pieces.count == 1 ? pieces[0] : .sequence(pieces)
    }

    mutating func atom() -> PatternNode? {
        guard let scalar = current else { return nil }
        switch scalar {
        case "(":
            guard depth < Self.maxDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            position += 1
            guard let inner = expression(), current == ")" else { return nil }
            position += 1
            return inner
        case ".":
            position += 1
            return .scalar(ScalarSet(negated: true, ranges: [0x0A...0x0A, 0x0D...0x0D]))
        case "[":
            return characterClassExpression().map(PatternNode.scalar)
        case "\\":
            if let property = propertyEscape() {
                return .scalar(ScalarSet(categories: [property]))
            }
            guard let escaped = singleCharacterEscape() else { return nil }
            return .scalar(ScalarSet(ranges: [escaped.value...escaped.value]))
        case "*", "+", "?", "{", "}", "]", ")", "|":
            return nil
        default:
            position += 1
            return .scalar(ScalarSet(ranges: [scalar.value...scalar.value]))
        }
    }

    /// `quantifier = "*" / "+" / "?" / "{" n [ "," [ m ] ] "}"` after `atom`, or nothing.
    mutating func quantified(_ atom: PatternNode) -> PatternNode? {
        guard let scalar = current else { return atom }
        switch scalar {
        case "*":
            position += 1
            return .repetition(atom, minimum: 0, maximum: nil)
        case "+":
            position += 1
            return .repetition(atom, minimum: 1, maximum: nil)
        case "?":
            position += 1
            return .repetition(atom, minimum: 0, maximum: 1)
        case "{":
            position += 1
            guard let low = decimal() else { return nil }
            var high: Int? = low
            if current == "," {
                position += 1
                high = nil
                if current != "}" {
                    guard let bound = decimal(), bound >= low else { return nil }
                    high = bound
                }
            }
            guard current == "}" else { return nil }
            position += 1
            return .repetition(atom, minimum: low, maximum: high)
        default:
            return atom
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

    /// `\p{…}` or `\P{…}` with one of the general categories I-Regexp allows.
    mutating func propertyEscape() -> (name: String, excluded: Bool)? {
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
        return (name, scalars[start + 1] == "P")
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
    mutating func characterClassExpression() -> ScalarSet? {
        position += 1  // "["
        var set = ScalarSet()
        if current == "^" {
            position += 1
            set.negated = true
        }
        var items = 0
        if current == "-" {
            position += 1
            set.ranges.append(0x2D...0x2D)
            items += 1
        }
        while let scalar = current, scalar != "]" {
            if scalar == "-" {
                // A "-" is allowed last only, and not as the whole class after a leading "-".
                guard position + 1 < scalars.count, scalars[position + 1] == "]", items > 0 else { return nil }
                position += 1
                set.ranges.append(0x2D...0x2D)
                continue
            }
            if let property = propertyEscape() {
                set.categories.append(property)
                items += 1
                continue
            }
            guard let low = classCharacter() else { return nil }
            if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let high = classCharacter(), low.value <= high.value else { return nil }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
            items += 1
        }
        guard current == "]", items > 0 else { return nil }
        position += 1
        return set
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
}
