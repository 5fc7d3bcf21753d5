// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import Foundation
    import Testing
    import MapTestSupport

    /// `jsonmap-jansson-only`, a program built from MapCore and BackendJansson alone, parses with
    /// jansson (that it links no libFoundation and no ICU is tested in JSONMappingTests'
    /// SingleBackendBinaryTests). `swift build --build-tests` always builds it, next to the test
    /// binary, so these tests fail (rather than skip) when it is missing.
    @Suite struct JanssonOnlyBinaryTests {
        static let name = "jsonmap-jansson-only"

        /// The folders to look in, in order: the products folder of the running test binary (whatever
        /// `--scratch-path` built it), then the package's default build folder.
        static let searchedFolders: [URL] = {
            var folders: [URL] = []
            if let executable = Bundle.main.executableURL {
                folders.append(executable.deletingLastPathComponent())
            }
            folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            let root = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent()  // Tests/BackendJanssonTests
                .deletingLastPathComponent()  // Tests
                .deletingLastPathComponent()  // the package root
            folders.append(root.appendingPathComponent(".build/debug"))
            return folders
        }()

        static let binary: URL? = searchedFolders.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }

        /// Runs a program with `input` on standard input; returns its status and both outputs.
        static func run(_ executable: URL, arguments: [String] = [], input: [UInt8] = []) throws
            -> (status: Int32, output: String, errors: String)
        {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let stdin = Pipe()
            let output = Pipe()
            let errors = Pipe()
            process.standardInput = stdin
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: input)
            try stdin.fileHandleForWriting.close()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: outputData, as: UTF8.self),
                String(decoding: errorData, as: UTF8.self)
            )
        }

        static func requireBinary() throws -> URL {
            try #require(
                binary,
                "\(name) is not in \(searchedFolders.map(\.path)); `swift build --build-tests` builds it"
            )
        }

        @Test(
            "It parses standard input with jansson and describes the top-level value",
            arguments: [
                ("{\"a\": 1}\n", "jansson: object of 1 members\n"),
                ("[1, [2, 3], {}]", "jansson: array of 3 elements\n"),
                ("\u{FEFF}{\"a\": [], \"b\": null}", "jansson: object of 2 members\n"),
            ]
        )
        func describesInput(input: String, expected: String) throws {
            let result = try Self.run(try Self.requireBinary(), input: Array(input.utf8))
            #expect(result.status == 0)
            #expect(result.output == expected)
            #expect(result.errors.isEmpty)
        }

        @Test(
            "Malformed input exits 1 with the parse error's line and column on standard error",
            arguments: [
                (Array("{\"a\":[1,2\n".utf8), "stdin:2:1: unexpected end of input; expected ',' or ']'\n"),
                (Array("[1,\n 2,]".utf8), "stdin:2:3: trailing comma before ']'\n"),
                (
                    Array("{\"id\":\n 9223372036854775808}".utf8),
                    "stdin:2:2: the number 9223372036854775808 is an integer outside Int64.min…Int64.max\n"
                ),
                (Array("[1]".utf8) + [0], "stdin:1:4: unexpected NUL byte (0x00) after the top-level value\n"),
            ] as [([UInt8], String)]
        )
        func reportsParseErrors(input: [UInt8], expected: String) throws {
            let result = try Self.run(try Self.requireBinary(), input: input)
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(result.errors == expected)
        }
    }
#endif
