import ArgumentParser
import JSONMapping

/// The options every reading subcommand shares: which backend parses the input.
struct InputOptions: ParsableArguments {
    @Option(
        name: .customLong("backend"),
        help: ArgumentHelp(
            "The parser: \(Backends.names.joined(separator: ", ")) (default: $JSONMAPPING_BACKEND, else \(Backends.names.first ?? "none")).",
            valueName: "name"
        )
    )
    var backendName: String?

    /// Fails early, before any input is read, when the backend is unknown.
    func validate() throws {
        _ = try mapper()
    }

    /// A mapper over the chosen backend.
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the linked backends when `--backend`
    ///   or `JSONMAPPING_BACKEND` names none of them.
    func mapper() throws -> Mapper {
        do throws(MappingError) {
            if let backendName { return try Mapper(backendNamed: backendName) }
            return try Mapper()
        } catch {
            throw ValidationError(error.message)
        }
    }
}
