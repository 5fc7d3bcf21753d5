import ArgumentParser
import JSONMapping

/// `jsonmap query EXPR FILE...`: prints the nodes an RFC 9535 JSONPath query selects, one JSON
/// value a line.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the nodes a JSONPath query (RFC 9535) selects, one JSON value a line.",
        discussion: """
            EXPR is a JSONPath query as RFC 9535 defines it: $ for the root, .name and ['name'] \
            for members, [0] and [-1] for elements, [start:end:step] slices, * wildcards, .. for \
            descendants, and [?…] filters with comparisons, &&, ||, ! and the functions length, \
            count, match, search and value. Quote it for the shell.

            Each selected node is written as compact JSON followed by a newline, in the order \
            the RFC defines (object members in document order, a node before its descendants); \
            the inputs are read in the order given, and their lines follow one another. With \
            --paths, each node's normalized path ($['store']['book'][0]) is written instead \
            of its value. A query that selects nothing writes nothing.

            A query that is not valid is reported with the offset and a caret under the place \
            where it stops being valid, before any input is read. A malformed input prints the \
            same line as `jsonmap check`, and the other inputs are still queried.

            EXAMPLES
              jsonmap query '$.store.book[?@.price < 10].title' store.json
              jsonmap query --paths '$..author' store.json.gz
              curl -s https://example.com/feed.json | jsonmap query '$.items[-1]' -

            EXIT STATUS
              0   every input was read and queried (whether or not anything matched)
              1   an input is not well-formed, cannot be read or does not inflate
              64  usage error (an invalid query, no FILE, unknown backend)
            """
    )

    @OptionGroup var input: InputOptions

    @Flag(name: .customLong("paths"), help: "Write each node's normalized path instead of its value.")
    var paths = false

    @Argument(help: ArgumentHelp("The JSONPath query.", valueName: "expr"))
    var expression: String

    @Argument(help: ArgumentHelp("The inputs; - reads standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        _ = try compiledQuery()
        guard !files.isEmpty else { throw ValidationError("give at least one FILE (- for standard input)") }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("- (standard input) can be given only once")
        }
    }

    /// The query, or a `ValidationError` (exit status 64) showing where it is not valid.
    func compiledQuery() throws -> JSONQuery {
        do throws(JSONQuery.SyntaxError) {
            return try JSONQuery(expression)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let query = try compiledQuery()
        let mapper = try input.mapper()
        var allRead = true
        for argument in files {
            let file = InputFile(argument: argument)
            let root: JSON
            do throws(ParseError) {
                root = try file.parse(with: mapper)
            } catch {
                Diagnostics.report(Diagnostics.line(for: error, in: file))
                allRead = false
                continue
            }
            var output: [UInt8] = []
            // Paths only when asked for: the values alone are selected without a trail.
            if paths {
                for match in query.matches(in: root) {
                    output += match.path.normalizedPath.utf8
                    output.append(UInt8(ascii: "\n"))
                }
            } else {
                for value in query.values(in: root) {
                    // The writer's bytes as they are: no String made and validated per match.
                    let writer = JSONWriter()
                    try writer.value(value)
                    output += try writer.finish()
                    output.append(UInt8(ascii: "\n"))
                }
            }
            try StandardOutput.write(output)
        }
        if !allRead { throw ExitCode.failure }
    }
}
