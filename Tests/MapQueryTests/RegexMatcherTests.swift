import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// The I-Regexp matcher behind `match` and `search`: the same answers as a regular-expression
/// engine on the same patterns, and time linear in the string whatever the pattern.
@Suite struct RegexMatcherTests {
    /// The indexes of `strings` whose whole text matches `pattern` through `match`, or some
    /// substring of which matches through `search`.
    static func selected(_ function: String, _ pattern: String, in strings: [String]) throws -> [Int] {
        let document = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
        let json = try Mapper(backend: NativeBackend()).parse(document)
        return try JSONQuery("$[?\(function)(@, '\(pattern)')]").matches(in: json).compactMap {
            if case .index(let index) = $0.path.components.last { index } else { nil }
        }
    }

    /// A random pattern over `a`, `b` and `.`, with classes, groups, alternation and every
    /// quantifier, written both as an I-Regexp and as the equivalent pattern of Swift's `Regex`.
    struct PatternPair {
        var iRegexp = ""
        var swift = ""
    }

    static func randomPattern(depth: Int, using generator: inout some RandomNumberGenerator) -> PatternPair {
        var pair = PatternPair()
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var atom: PatternPair
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: atom = PatternPair(iRegexp: "a", swift: "a")
            case 1: atom = PatternPair(iRegexp: "b", swift: "b")
            case 2: atom = PatternPair(iRegexp: ".", swift: #"[^\n\r]"#)
            case 3: atom = PatternPair(iRegexp: "[^a]", swift: "[^a]")
            case 4: atom = PatternPair(iRegexp: #"\n"#, swift: #"\n"#)
            default:
                guard depth < 3 else {
                    atom = PatternPair(iRegexp: "[ab]", swift: "[ab]")
                    break
                }
                let left = randomPattern(depth: depth + 1, using: &generator)
                let right = randomPattern(depth: depth + 1, using: &generator)
                atom =
                    Bool.random(using: &generator)
                    ? PatternPair(iRegexp: "(\(left.iRegexp))", swift: "(?:\(left.swift))")
                    : PatternPair(
                        iRegexp: "(\(left.iRegexp)|\(right.iRegexp))",
                        swift: "(?:\(left.swift)|\(right.swift))"
                    )
            }
            // Groups take `?` or a fixed count only: the reference, a backtracking engine, takes
            // time exponential in the string under a group's `*` or `+` (which the test below checks
            // the matcher does not).
            let isGroup = atom.iRegexp.hasPrefix("(")
            let quantifiers = isGroup ? ["", "", "?", "{2}"] : ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}"]
            let quantifier = quantifiers.randomElement(using: &generator)!
            pair.iRegexp += atom.iRegexp + quantifier
            pair.swift += atom.swift + quantifier
        }
        return pair
    }

    @Test("match and search agree with Swift's Regex on random patterns and strings")
    func agreesWithRegex() throws {
        var generator = SplitMix64(seed: 9535)
        let strings = (0..<40).map { _ in
            let length = Int.random(in: 0...6, using: &generator)
            return String((0..<length).map { _ in "ab\nc".randomElement(using: &generator)! })
        }
        for _ in 0..<150 {
            let pattern = Self.randomPattern(depth: 0, using: &generator)
            let regex = try Regex(pattern.swift).matchingSemantics(.unicodeScalar)
            let whole = strings.indices.filter { (try? regex.wholeMatch(in: strings[$0])) != nil }
            let part = strings.indices.filter { (try? regex.firstMatch(in: strings[$0])) != nil }
            #expect(try Self.selected("match", pattern.iRegexp, in: strings) == whole, "\(pattern.iRegexp)")
            #expect(try Self.selected("search", pattern.iRegexp, in: strings) == part, "\(pattern.iRegexp)")
        }
    }

    @Test(
        "patterns that make a backtracking engine take exponential time answer at once",
        .timeLimit(HangGuard.minutes(1))
    )
    func noCatastrophicBacktracking() throws {
        let long = String(repeating: "a", count: 5_000)
        let cases: [(pattern: String, matches: [Int])] = [
            ("(a*)*b", [1]), ("(a|a)*b", [1]), ("(a|aa)+c", []), ("(a+)+b", [1]), ("(.*a){20}b", [1]),
            ("((a?){30}a{30})b", []),
        ]
        for (pattern, matches) in cases {
            #expect(try Self.selected("match", pattern, in: [long, long + "b"]) == matches, "\(pattern)")
            #expect(try Self.selected("search", pattern, in: [long]).isEmpty, "\(pattern)")
        }
        #expect(try Self.selected("search", "((a?){30}a{30})b", in: [long + "b"]) == [0])
    }

    @Test("a pattern whose program would be too long matches nothing, as an invalid one does")
    func programLengthBound() throws {
        #expect(try Self.selected("match", "a{100}", in: [String(repeating: "a", count: 100)]) == [0])
        #expect(try Self.selected("match", "(a{1000}){1000}", in: ["a"]).isEmpty)
        #expect(try Self.selected("search", "(a{1000}){1000}", in: ["a"]).isEmpty)
    }
}
