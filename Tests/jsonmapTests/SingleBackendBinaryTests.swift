import Foundation
import MapTestSupport
import Testing

/// `jsonmap-native-only`, `jsonmap-jansson-only` and `jsonmap-simdjson-only`, programs built from
/// MapCore and one backend alone, link that backend's library (none for the native one) and no
/// libFoundation or ICU. (What the jansson one prints is tested in BackendJanssonTests.)
@Suite struct SingleBackendBinaryTests {
    /// Each program and the C library it must link (`nil`: none). The C backends' programs are
    /// tested when their traits link them into the package's tests.
    static let programs: [(program: String, library: String?)] = {
        var programs: [(program: String, library: String?)] = [("jsonmap-native-only", nil)]
        #if Jansson
            programs.append(("jsonmap-jansson-only", "libjansson.so"))
        #endif
        #if Simdjson
            programs.append(("jsonmap-simdjson-only", "libsimdjson.so"))
        #endif
        return programs
    }()

    @Test(
        "A program built from MapCore and one backend links that backend's C library, if any, and no libFoundation or ICU",
        arguments: programs
    )
    func linksNoFoundation(program: String, library: String?) throws {
        let binary = try #require(BuiltBinary.locate(program), "\(program) is not built")
        let scratch = try BuiltBinary.Scratch()
        let ldd = try BuiltBinary.run("/usr/bin/ldd", [binary.path], in: scratch)
        #expect(ldd.status == 0)
        let libraries = ldd.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(libraries.contains { $0.hasPrefix("libFoundationEssentials.so") })
        for other in ["libjansson.so", "libsimdjson.so"] {
            #expect(libraries.contains { $0.hasPrefix(other) } == (other == library), "\(other)")
        }
        #expect(!ldd.output.contains("libFoundation.so"))
        #expect(!ldd.output.contains("libFoundationInternationalization"))
        #expect(!ldd.output.contains("lib_FoundationICU"))
        #expect(!ldd.output.contains("libicu"))
        #expect(!ldd.output.contains("not found"))
    }

    @Test(
        "jsonmap-native-only parses standard input with the native backend, or reports the error's line and column and exits 1",
        arguments: [
            ("{\"a\": 1}\n", 0, "native: object of 1 members\n", ""),
            ("\u{FEFF}[1, [2, 3], {}]", 0, "native: array of 3 elements\n", ""),
            ("[1,\n 2,]", 1, "", "stdin:2:3: trailing comma before ']'\n"),
            ("{\"id\": 18446744073709551616}", 0, "native: object of 1 members\n", ""),
            ("{\"n\": 1e400}", 1, "", "stdin:1:7: the number 1e400 is beyond Double's range\n"),
        ] as [(String, Int32, String, String)]
    )
    func describesInputNatively(input: String, status: Int32, output: String, errors: String) throws {
        let scratch = try BuiltBinary.Scratch()
        let result = try BuiltBinary.run("jsonmap-native-only", [], in: scratch, input: Data(input.utf8))
        #expect(result.status == status)
        #expect(result.output == output)
        #expect(result.errors == errors)
    }

    #if Simdjson
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
            let result = try BuiltBinary.run("jsonmap-simdjson-only", [], in: scratch, input: Data(input.utf8))
            #expect(result.status == status)
            #expect(result.output == output)
            #expect(result.errors == errors)
        }
    #endif
}
