import Foundation
import Testing
import MapTestSupport

/// `jsonmap-jansson-only` and `jsonmap-simdjson-only`, programs built from MapCore and one C
/// backend alone, link that backend's library and no libFoundation or ICU. (What the jansson one
/// prints is tested in BackendJanssonTests.)
@Suite struct SingleBackendBinaryTests {
    static let name = "jsonmap-simdjson-only"

    @Test(
        "A program built from MapCore and one C backend links that library and no libFoundation or ICU",
        arguments: [("jsonmap-jansson-only", "libjansson.so"), ("jsonmap-simdjson-only", "libsimdjson.so")]
    )
    func linksNoFoundation(program: String, library: String) throws {
        let binary = try #require(BuiltBinary.locate(program), "\(program) is not built")
        let scratch = try BuiltBinary.Scratch()
        let ldd = try BuiltBinary.run("/usr/bin/ldd", [binary.path], in: scratch)
        #expect(ldd.status == 0)
        let libraries = ldd.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(libraries.contains { $0.hasPrefix(library) })
        #expect(!ldd.output.contains("libFoundation.so"))
        #expect(!ldd.output.contains("libFoundationInternationalization"))
        #expect(!ldd.output.contains("lib_FoundationICU"))
        #expect(!ldd.output.contains("libicu"))
        #expect(!ldd.output.contains("not found"))
    }

    @Test(
        "jsonmap-simdjson-only parses standard input with simdjson, or reports the error's line and column and exits 1",
        arguments: [
            ("{\"a\": 1}\n", 0, "simdjson: object of 1 members\n", ""),
            ("\u{FEFF}[1, [2, 3], {}]", 0, "simdjson: array of 3 elements\n", ""),
            ("[1,\n 2,]", 1, "", "stdin:2:3: trailing comma before ']'\n"),
            (
                "{\"id\": 18446744073709551616}", 1, "",
                "stdin:1:8: the number 18446744073709551616 is an integer outside Int64.min…UInt64.max\n"
            ),
        ] as [(String, Int32, String, String)]
    )
    func describesInput(input: String, status: Int32, output: String, errors: String) throws {
        let scratch = try BuiltBinary.Scratch()
        let result = try BuiltBinary.run(Self.name, [], in: scratch, input: Data(input.utf8))
        #expect(result.status == status)
        #expect(result.output == output)
        #expect(result.errors == errors)
    }
}
