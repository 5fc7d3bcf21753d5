import ArgumentParser
import Foundation
import JSONMapping

/// `jsonmap fmt FILE`: writes the input's value back out, pretty or compact, optionally gzipped.
struct FmtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fmt",
        abstract: "Reformat JSON: pretty (the default) or compact, keys sorted on request, gzip on request.",
        discussion: """
            The input (gzip or not) is parsed in full, then written to standard output followed \
            by a newline: indented by 2 spaces by default, by N with --indent N, or with no \
            whitespace at all with --compact. Numbers keep their source text when the backend \
            keeps it. --gzip compresses the output with zlib (and refuses to write it to a \
            terminal).

            A malformed input prints the same line as `jsonmap check` on standard error and \
            nothing on standard output.

            With --json5 or --jsonc the input is read in that syntax and written as strict \
            JSON: comments and trailing commas are dropped, keys quoted, hexadecimal integers \
            written in decimal. A JSON5 NaN, Infinity or -Infinity, which JSON cannot hold, \
            is an error naming its path, and nothing is written.

            EXAMPLES
              jsonmap fmt payload.json
              jsonmap fmt --compact --sort-keys payload.json.gz
              curl -s https://example.com/feed.json | jsonmap fmt --indent 4 -
              jsonmap fmt --compact --gzip big.json > big.json.gz
              jsonmap fmt --json5 settings.json5 > settings.json

            EXIT STATUS
              0   the input was well-formed and was written
              1   the input is not well-formed, cannot be read or does not inflate,
                  holds a number strict JSON cannot (JSON5), or the output cannot be written
              64  usage error (--compact with --indent, --indent outside 0...16,
                  --gzip to a terminal, unknown backend)
            """
    )

    /// The largest `--indent`: enough for any layout, small enough that a deep document cannot make
    /// the output explode.
    static let maxIndent = 16

    @OptionGroup var input: InputOptions

    @Argument(help: ArgumentHelp("The input; - reads standard input.", valueName: "file"))
    var file: String

    @Flag(help: "Write no whitespace at all.")
    var compact = false

    @Option(help: ArgumentHelp("Indent by this many spaces (0...16; default 2).", valueName: "n"))
    var indent: Int?

    @Flag(help: "Write each object's keys in Unicode code point order.")
    var sortKeys = false

    @Flag(help: "Compress the output with gzip.")
    var gzip = false

    func validate() throws {
        if compact, indent != nil { throw ValidationError("--compact and --indent cannot be used together") }
        if let indent, !(0...Self.maxIndent).contains(indent) {
            throw ValidationError("--indent must be between 0 and \(Self.maxIndent), not \(indent)")
        }
        if gzip, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("--gzip will not write compressed data to a terminal; redirect standard output")
        }
    }

    /// The writer's layout the flags ask for.
    var writerOptions: JSONWriter.Options {
        JSONWriter.Options(formatting: compact ? .compact : .pretty(indent: indent ?? 2), sortsKeys: sortKeys)
    }

    func run() throws {
        let mapper = try input.mapper()
        let source = InputFile(argument: file)
        let json: JSON
        do throws(ParseError) {
            json = try source.parse(with: mapper)
        } catch {
            Diagnostics.report(Diagnostics.line(for: error, in: source))
            throw ExitCode.failure
        }
        if input.syntax == .json5, let found = Self.firstNonFiniteNumber(in: json) {
            let place = found.path.isRoot ? "the top-level value" : "\(found.path)"
            let word = found.value.isNaN ? "NaN" : found.value < 0 ? "-Infinity" : "Infinity"
            Diagnostics.report(
                "\(source.displayName): error: \(place) is \(word), which strict JSON cannot hold (it has no NaN "
                    + "or infinities)"
            )
            throw ExitCode.failure
        }
        let writer = JSONWriter(options: writerOptions)
        try writer.value(json)
        var text = try writer.finish()
        text.append(UInt8(ascii: "\n"))
        try StandardOutput.write(gzip ? Compression.gzip.compress(text) : text)
    }

    /// The path and value of the first number (in document order) that is NaN or infinite, if any.
    static func firstNonFiniteNumber(in json: JSON, at path: JSONPath = .root) -> (path: JSONPath, value: Double)? {
        switch json.kind {
        case .number:
            guard let double = json.document.double(json.node), !double.isFinite else { return nil }
            return (path, double)
        case .array:
            for (index, element) in json.elements.enumerated() {
                if let found = firstNonFiniteNumber(in: element, at: path.appending(.index(index))) { return found }
            }
            return nil
        case .object:
            for (key, value) in json.members {
                if let found = firstNonFiniteNumber(in: value, at: path.appending(.key(key))) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
