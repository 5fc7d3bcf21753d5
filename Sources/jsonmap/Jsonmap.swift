import ArgumentParser

/// `jsonmap`: the package's command-line tool. Each subcommand lives in its own file under
/// `Commands/`.
@main
struct Jsonmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonmap",
        abstract: "Check, query, reformat and benchmark JSON; gzip input is read transparently.",
        discussion: """
            FILE arguments are paths, or - for standard input. Input that starts with the gzip \
            magic bytes is inflated before it is parsed. --backend NAME picks the parser \
            (default: the one the JSONMAPPING_BACKEND environment variable names, else the first \
            linked backend).

            Run `jsonmap help <subcommand>` for a subcommand's options, examples and exit statuses.
            """,
        subcommands: [
            DemoCommand.self, CheckCommand.self, GetCommand.self, QueryCommand.self, FmtCommand.self, BenchCommand.self,
        ]
    )
}
