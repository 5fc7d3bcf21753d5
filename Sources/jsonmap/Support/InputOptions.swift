import ArgumentParser
import JSONMapping

/// The options every reading subcommand shares: which backend parses the input, in which syntax.
struct InputOptions: ParsableArguments {
    @Option(
        name: .customLong("backend"),
        help: ArgumentHelp(
            "The parser: \(Backends.names.joined(separator: ", ")) (default: $JSONMAPPING_BACKEND, else \(Backends.names.first ?? "none")).",
            valueName: "name"
        )
    )
    var backendName: String?

    @Flag(help: "Read the input as JSON5 (comments, trailing commas, unquoted keys, single quotes, hex, NaN...).")
    var json5 = false

    @Flag(help: "Read the input as JSONC: JSON with comments and trailing commas.")
    var jsonc = false

    /// The syntax the flags ask for.
    var syntax: ParseOptions.Syntax { json5 ? .json5 : jsonc ? .jsonc : .json }

    /// Fails early, before any input is read, when the backend is unknown or cannot read the syntax.
    func validate() throws {
        if json5, jsonc { throw ValidationError("--json5 and --jsonc cannot be used together") }
        _ = try mapper()
    }

    /// A mapper over the chosen backend, reading the chosen syntax. For JSONC and JSON5 without
    /// `--backend`, the native backend, the one that reads them.
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the linked backends when `--backend`
    ///   or `JSONMAPPING_BACKEND` names none of them, or when the backend named does not read the syntax.
    func mapper() throws -> Mapper {
        var parseOptions = ParseOptions()
        parseOptions.syntax = syntax
        do throws(MappingError) {
            if let backendName { return try Mapper(backendNamed: backendName, parseOptions: parseOptions) }
            if syntax != .json { return try Mapper(backendNamed: "native", parseOptions: parseOptions) }
            return try Mapper()
        } catch {
            throw ValidationError(error.message)
        }
    }
}
