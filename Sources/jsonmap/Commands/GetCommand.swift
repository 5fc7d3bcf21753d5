import ArgumentParser
import JSONMapping

/// `jsonmap get FILE PATH`: prints the value at a path as compact JSON.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at a path as JSON.",
        discussion: """
            PATH is either the dotted form, with quoted keys where a key needs them \
            (statuses[3].user.id, ["user name"].first), or an RFC 6901 JSON Pointer \
            (/statuses/3/user/id, with ~1 for / and ~0 for ~ inside a key). A PATH starting \
            with / is a pointer; an empty PATH or $ is the whole document. As RFC 6901 says, an \
            index step on an object reads the member with that decimal key.

            The value is written as compact JSON followed by a newline. When the path is not \
            there, nothing is written to standard output and standard error names the deepest \
            part found:

              error: no key "c" at a.b[0] (found an object with keys x, y)

            A malformed input prints the same line as `jsonmap check`.

            EXAMPLES
              jsonmap get payload.json 'statuses[0].user.screen_name'
              jsonmap get payload.json.gz /statuses/0/user/screen_name
              curl -s https://example.com/feed.json | jsonmap get - items[2]
              jsonmap get config.json /paths/~1usr~1local     # the key "/usr/local"

            EXIT STATUS
              0   the value was found and written
              1   the path is not in the document, or the input is not well-formed,
                  cannot be read or does not inflate
              64  usage error (a PATH that is not a path, unknown backend)
            """
    )

    @OptionGroup var input: InputOptions

    @Argument(help: ArgumentHelp("The input; - reads standard input.", valueName: "file"))
    var file: String

    @Argument(help: ArgumentHelp("a.b[0].c, /a/b/0/c, or \"\" or $ for the root.", valueName: "path"))
    var path: String

    func validate() throws {
        _ = try PathArgument(parsing: path)
    }

    func run() throws {
        let path = try PathArgument(parsing: path)
        let mapper = try input.mapper()
        let source = InputFile(argument: file)
        let root: JSON
        do throws(ParseError) {
            root = try source.parse(with: mapper)
        } catch {
            Diagnostics.report(Diagnostics.line(for: error, in: source))
            throw ExitCode.failure
        }
        switch PathLookup.value(at: path.path, in: root) {
        case .success(let value):
            var text = Array(try value.text().utf8)
            text.append(UInt8(ascii: "\n"))
            try StandardOutput.write(text)
        case .failure(let missing):
            Diagnostics.report("error: " + PathLookup.message(for: missing, in: path))
            throw ExitCode.failure
        }
    }
}
