import Foundation
import MapTestSupport
import Testing

/// `jsonmap check` and `jsonmap fmt` with `--json5` and `--jsonc`, run as the built binary.
@Suite(.timeLimit(HangGuard.minutes(2)))
struct RelaxedSyntaxCommandTests {
    typealias Scratch = BuiltBinary.Scratch

    static let json5 = "// settings\n{name: 'relay', port: 0x1F90, ratio: .5, hosts: ['a',],}\n"

    static func run(_ arguments: [String], input: String) throws -> BuiltBinary.Outcome {
        try BuiltBinary.run("jsonmap", arguments + ["-"], in: try Scratch(), input: Data(input.utf8))
    }

    @Test("check --json5 accepts JSON5 that plain check refuses at its line and column")
    func checkJSON5() throws {
        let good = try Self.run(["check", "--json5"], input: Self.json5)
        #expect(good.status == 0)
        #expect(good.errors.isEmpty)
        let strict = try Self.run(["check"], input: Self.json5)
        #expect(strict.status == 1)
        #expect(strict.errorLines.first?.hasPrefix("<stdin>:1:1: error: ") == true)
    }

    @Test("check --json5 reports malformed JSON5 as file:line:column: error: message")
    func checkMalformedJSON5() throws {
        let result = try Self.run(["check", "--json5"], input: "{\n  a: 'x',\n  b: 01,\n}")
        #expect(result.status == 1)
        #expect(result.errorLines == ["<stdin>:3:6: error: invalid number: leading zeros are not allowed"])
    }

    @Test("check --jsonc accepts comments and trailing commas and refuses JSON5's other forms")
    func checkJSONC() throws {
        let good = try Self.run(["check", "--jsonc"], input: "[1, /* two */ 2,] // end")
        #expect(good.status == 0)
        let bad = try Self.run(["check", "--jsonc"], input: "{a: 1}")
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["<stdin>:1:2: error: unexpected 'a'; expected a string key"])
    }

    @Test("--json5 with a backend that cannot read it, or with --jsonc, is a usage error")
    func usageErrors() throws {
        let foundation = try Self.run(["check", "--json5", "--backend", "foundation"], input: "[1]")
        #expect(foundation.status == 64)
        #expect(foundation.errors.contains("syntax json5 is not read by the foundation backend"))
        let both = try Self.run(["check", "--json5", "--jsonc"], input: "[1]")
        #expect(both.status == 64)
        #expect(both.errors.contains("--json5 and --jsonc cannot be used together"))
    }

    @Test("fmt --json5 writes strict JSON: no comments, quoted keys, decimal integers")
    func fmtJSON5() throws {
        let result = try Self.run(["fmt", "--json5", "--compact"], input: Self.json5)
        #expect(result.status == 0)
        #expect(result.output == #"{"name":"relay","port":8080,"ratio":0.5,"hosts":["a"]}"# + "\n")
    }

    @Test("fmt --json5 refuses a NaN or an infinity, naming its path, and writes nothing")
    func fmtNonFinite() throws {
        let result = try Self.run(["fmt", "--json5"], input: "{limits: [1, -Infinity], ratio: NaN}")
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.errorLines == [
                "<stdin>: error: limits[1] is -Infinity, which strict JSON cannot hold (it has no NaN or infinities)"
            ]
        )
    }
}
