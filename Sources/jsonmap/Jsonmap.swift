import ArgumentParser

/// `jsonmap`: the package's command-line tool. Each subcommand lives in its own file under
/// `Commands/`.
@main
struct Jsonmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonmap",
        abstract: "Tools for JSON and the package: benchmark throughput.",
        subcommands: [BenchCommand.self]
    )
}
