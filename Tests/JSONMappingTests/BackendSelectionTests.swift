import Foundation
import MapTestSupport
import Testing

/// `JSONMAPPING_BACKEND` chooses the default backend of a whole process, so it is tested by
/// running the built example executable with the variable set.
@Suite struct BackendSelectionTests {
    /// The example built beside this test binary (the build's own products, whatever its traits).
    static let example: URL? = BuiltBinary.locate("jsonmap-example")

    /// Runs the example with `JSONMAPPING_BACKEND` set (or removed); returns status and output.
    static func run(backend: String?) throws -> (status: Int32, output: String, errors: String) {
        guard let example else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = example
        var environment = ProcessInfo.processInfo.environment
        environment["JSONMAPPING_BACKEND"] = backend
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test(
        "JSONMAPPING_BACKEND picks the default backend; unset, it is simdjson when linked, else native",
        .enabled(if: example != nil, "the jsonmap-example executable has not been built"),
        arguments: BuildBackends.names.map { ($0, $0) } + [(nil, BuildBackends.defaultName)] as [(String?, String)]
    )
    func environmentChoosesBackend(variable: String?, expected: String) throws {
        let result = try Self.run(backend: variable)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Backend: \(expected)\n"))
        #expect(result.output.contains("Harbour Street Lending Library"))
    }

    @Test(
        "An unknown JSONMAPPING_BACKEND is a clear error listing the linked backends",
        .enabled(if: example != nil, "the jsonmap-example executable has not been built")
    )
    func unknownBackendIsAnError() throws {
        let result = try Self.run(backend: "rapidjson")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errors
                == "jsonmap-example: unsupportedValue at the root: JSONMAPPING_BACKEND is \"rapidjson\", which names no linked backend; the linked backends are "
                + BuildBackends.names.joined(separator: ", ") + "\n"
        )
    }
}
