import MapCore
import MapIO
import Testing

/// The `relaxedSyntax` parity row: which backends read JSONC and JSON5, and how the others refuse.
@Suite struct SyntaxConformanceTests {
    static let readsRelaxedSyntax = Parity(
        .relaxedSyntax,
        foundation: false,
        jansson: false,
        simdjson: false,
        native: true
    )

    @Test(
        "A Mapper reads JSONC and JSON5 over native, and is refused when built over any other backend",
        arguments: backends
    )
    func mapperChecksTheSyntax(backend: RegisteredBackend) throws {
        let reads = Self.readsRelaxedSyntax[backend.id]
        #expect(backend.backend.reads(.json))
        for syntax in [ParseOptions.Syntax.jsonc, .json5] {
            var options = ParseOptions()
            options.syntax = syntax
            #expect(backend.backend.reads(syntax) == reads)
            if reads {
                let mapper = try backend.mapper(options)
                let json = try mapper.parse("[1, /* two */ 2,]")
                #expect(json.count == 2)
                #expect(json[1].int == 2)
                continue
            }
            let error = #expect(throws: MappingError.self) { try backend.mapper(options) }
            #expect(error?.code == .unsupportedValue)
            #expect(error?.message.contains("syntax \(syntax)") == true)
            #expect(error?.message.contains("the \(backend.name) backend") == true)
            #expect(error?.message.contains("native backend") == true)
        }
    }

    @Test("A backend that reads strict JSON only refuses a relaxed syntax in its own parse", arguments: backends)
    func backendParseChecksTheSyntax(backend: RegisteredBackend) throws {
        guard !Self.readsRelaxedSyntax[backend.id] else { return }
        var options = ParseOptions()
        options.syntax = .json5
        // Even strict JSON text is refused: the options ask for a syntax the backend does not read.
        let error = try reject("[1]", with: backend, options: options)
        #expect(error.code == .backendFailure)
        #expect(error.message.contains("json5"))
        #expect(error.message.contains("native backend"))
        #expect(error.backend == backend.name)
    }
}
