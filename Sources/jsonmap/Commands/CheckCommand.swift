import ArgumentParser
import JSONMapping

/// `jsonmap check FILE...`: reports every input that is not well-formed JSON, compiler-style.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that files are well-formed JSON (gzip or not).",
        discussion: """
            Each input is parsed in full by the chosen backend. Nothing is printed for a \
            well-formed input; for each one that is not, one line goes to standard error:

              FILE:LINE:COLUMN: error: MESSAGE   a problem in the JSON text
                                                 (for gzip, in the inflated text)
              FILE: error: MESSAGE               the input cannot be read or inflated

            Standard input is named <stdin>; a file literally named - is ./-.

            EXAMPLES
              jsonmap check payload.json feed.json.gz
              curl -s https://example.com/feed.json | jsonmap check -
              jsonmap check --backend foundation *.json

            EXIT STATUS
              0   every input is well-formed JSON
              1   at least one input is not well-formed, cannot be read,
                  or does not inflate
              64  usage error (no FILE, - given twice, unknown backend)
            """
    )

    @OptionGroup var input: InputOptions

    @Argument(help: ArgumentHelp("The inputs to check; - reads standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one FILE (- for standard input)") }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("- (standard input) can be given only once")
        }
    }

    func run() throws {
        let mapper = try input.mapper()
        var allWellFormed = true
        for argument in files {
            let file = InputFile(argument: argument)
            do throws(ParseError) {
                _ = try file.parse(with: mapper)
            } catch {
                allWellFormed = false
                Diagnostics.report(Diagnostics.line(for: error, in: file))
            }
        }
        if !allWellFormed { throw ExitCode.failure }
    }
}
