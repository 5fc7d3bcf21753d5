import ArgumentParser
import Foundation

/// `jsonmap query` side by side with `jq` doing the same selection on the corpus files: each tool a
/// process of its own, reading the file, selecting and writing the matches, as at a shell.
@main
struct QueryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonmap-query-bench",
        abstract: "Time `jsonmap query` and `jq` on the same selections of the corpus files, side by side.",
        discussion: """
            Each row is one selection written twice: as an RFC 9535 query for `jsonmap query` and as \
            the jq program that selects the same values in the same order. Each tool first runs \
            once with its output kept: the two outputs must hold the same values, line by line \
            (numbers compared by value, as jq rewrites them), or the row is reported as differing \
            and the exit status is 1. Then each runs --runs times, alternately, its output going \
            to /dev/null; the table gives the median wall-clock time of each, and jq's time \
            divided by jsonmap's (target: 5 or more). Build jsonmap as the README says first: \
            `swift build -c release --static-swift-stdlib --product jsonmap` at the top of the \
            checkout.
            """
    )

    @Option(help: "Folder holding the corpus files.")
    var corpus: String = "../shared/corpus"

    @Option(help: "Runs of each tool per row; the median is reported.")
    var runs: Int = 5

    @Option(help: "The jsonmap binary (default: the release build of the checkout this program is built from).")
    var jsonmap: String?

    @Option(help: "The jq binary (default: jq on PATH).")
    var jq: String = "jq"

    @Option(name: .customLong("file"), help: "Only the rows of these files (twitter.json…); repeatable.")
    var files: [String] = []

    @Option(help: "jsonmap's --backend (default: its own default).")
    var backend: String?

    mutating func run() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        let jsonmapPath = try jsonmap ?? Self.defaultJsonmap()
        let jqPath = try Self.resolve(jq)
        let rows = QueryRow.all.filter { files.isEmpty || files.contains($0.file) }
        guard !rows.isEmpty else { throw ValidationError("no row reads \(files.joined(separator: ", "))") }
        print("jsonmap: \(jsonmapPath)")
        print("jq: \(jqPath) (\(Self.version(of: jqPath)))")
        print("median of \(runs) runs of each tool, each a process writing its matches to /dev/null")
        print("")
        let columns = [12, 20, 11, 9, 11, 9]
        print(Self.line(["row", "file", "jsonmap ms", "jq ms", "jq/jsonmap", "matches"], widths: columns))
        print(Self.line(columns.map { String(repeating: "-", count: $0) }, widths: columns))
        var differing: [String] = []
        var ratios: [Double] = []
        for row in rows {
            let path = URL(fileURLWithPath: corpus).appendingPathComponent(row.file).path
            guard FileManager.default.fileExists(atPath: path) else {
                FileHandle.standardError.write(Data("note: \(path) is missing; row \(row.name) skipped\n".utf8))
                continue
            }
            var jsonmapArguments = ["query", row.query, path]
            if let backend { jsonmapArguments.insert(contentsOf: ["--backend", backend], at: 1) }
            let jqArguments = ["-c", row.jqProgram, path]
            let ours = try Self.output(of: jsonmapPath, jsonmapArguments)
            let theirs = try Self.output(of: jqPath, jqArguments)
            if let difference = Self.firstDifference(ours, theirs) {
                differing.append(row.name)
                FileHandle.standardError.write(Data("note: \(row.name): the outputs differ: \(difference)\n".utf8))
            }
            var ourTimes: [Double] = []
            var theirTimes: [Double] = []
            for _ in 0..<runs {
                ourTimes.append(try Self.time(jsonmapPath, jsonmapArguments))
                theirTimes.append(try Self.time(jqPath, jqArguments))
            }
            let ourMedian = Self.median(ourTimes)
            let theirMedian = Self.median(theirTimes)
            let ratio = theirMedian / ourMedian
            ratios.append(ratio)
            print(
                Self.line(
                    [
                        row.name, row.file, String(format: "%.1f", ourMedian * 1000),
                        String(format: "%.1f", theirMedian * 1000), String(format: "%.1f×", ratio),
                        String(ours.count),
                    ],
                    widths: columns
                )
            )
        }
        print("")
        if let lowest = ratios.min() {
            print(String(format: "lowest jq/jsonmap: %.1f× (target: 5.0×)", lowest))
        }
        if !differing.isEmpty {
            print("outputs differ: \(differing.joined(separator: ", "))")
            throw ExitCode.failure
        }
    }

    /// The row's cells, each left-aligned in its width (a cell longer than its width keeps its length).
    static func line(_ cells: [String], widths: [Int]) -> String {
        zip(cells, widths).map { cell, width in
            cell.count >= width ? cell : cell + String(repeating: " ", count: width - cell.count)
        }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Where the two outputs first hold different values, or nil: the same number of lines, each
    /// the same text, or two numbers of the same value (jq writes `1.0` as `1` and `1e2` as `100`).
    static func firstDifference(_ ours: [String], _ theirs: [String]) -> String? {
        for (index, (left, right)) in zip(ours, theirs).enumerated() where left != right {
            if let a = Double(left), let b = Double(right), a == b { continue }
            return "line \(index + 1): jsonmap \(left.prefix(80)), jq \(right.prefix(80))"
        }
        if ours.count != theirs.count { return "jsonmap wrote \(ours.count) lines, jq \(theirs.count)" }
        return nil
    }

    /// The release build of `jsonmap` in the checkout whose Benchmarks package built this program:
    /// this program is somewhere under `Benchmarks/.build/` (`.build/release` is a link to
    /// `.build/<triple>/release`).
    static func defaultJsonmap() throws -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var build = executable.deletingLastPathComponent()
        while build.lastPathComponent != ".build", build.pathComponents.count > 1 {
            build = build.deletingLastPathComponent()
        }
        let checkout = build.deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            executable.deletingLastPathComponent().appendingPathComponent("jsonmap"),
            checkout.appendingPathComponent(".build/release/jsonmap"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ValidationError(
                "no jsonmap binary found (\(candidates.map(\.path).joined(separator: ", "))): "
                    + "run `swift build -c release --static-swift-stdlib --product jsonmap` at the top of the "
                    + "checkout, or give --jsonmap"
            )
        }
        return found.path
    }

    /// `name` as a path: itself when it holds a `/`, else found on PATH.
    static func resolve(_ name: String) throws -> String {
        if name.contains("/") { return name }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for folder in folders {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ValidationError("\(name) is not on PATH (apt install jq, or Scripts/setup jq), or give --jq")
    }

    /// The first line `binary --version` prints.
    static func version(of binary: String) -> String {
        guard let lines = try? output(of: binary, ["--version"]) else { return "version unknown" }
        return lines.first ?? "version unknown"
    }

    /// Runs `binary` and returns what it wrote on standard output, a line each; throws unless it
    /// exits with 0.
    static func output(of binary: String, _ arguments: [String]) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("query-bench-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw ValidationError("cannot write \(file.path)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try launch(binary, arguments, output: handle)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The wall-clock seconds of one run of `binary`, its output going to /dev/null.
    static func time(_ binary: String, _ arguments: [String]) throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure { try launch(binary, arguments, output: FileHandle.nullDevice) }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs `binary` to its end; throws unless it exits with 0. Spawned and waited for with
    /// `posix_spawn` and `waitpid`: Foundation's `Process.waitUntilExit()` polls its run loop in
    /// steps of 50 ms on Linux, which would round every time up to the next step.
    static func launch(_ binary: String, _ arguments: [String], output: FileHandle) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output.fileDescriptor, 1)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ValidationError("cannot run \(binary): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw ValidationError("waiting for \(binary): errno \(errno)") }
        }
        // 0: exited normally with status 0 (a signal or another status sets other bits).
        guard status == 0 else {
            throw ValidationError("\(binary) \(arguments.joined(separator: " ")) ended with wait status \(status)")
        }
    }
}

/// One selection, as an RFC 9535 query and as a jq program that selects the same values in the
/// same order.
struct QueryRow {
    var name: String
    var file: String
    var query: String
    var jqProgram: String

    /// Member paths, wildcards, a filter and a descendant search over the corpus files.
    static let all: [QueryRow] = [
        QueryRow(
            name: "names",
            file: "twitter.json",
            query: "$.statuses[*].user.screen_name",
            jqProgram: ".statuses[].user.screen_name"
        ),
        QueryRow(
            name: "filter",
            file: "twitter.json",
            query: "$.statuses[?@.retweet_count > 10].id_str",
            jqProgram: ".statuses[] | select(.retweet_count > 10) | .id_str"
        ),
        QueryRow(
            name: "descendants",
            file: "github_events.json",
            query: "$..login",
            jqProgram: #".. | objects | select(has("login")) | .login"#
        ),
        QueryRow(
            name: "wildcards",
            file: "citm_catalog.json",
            query: "$.performances[*].seatCategories[*].areas[*].areaId",
            jqProgram: ".performances[].seatCategories[].areas[].areaId"
        ),
        QueryRow(
            name: "numbers",
            file: "canada.json",
            query: "$.features[*].geometry.coordinates[*][*][0]",
            jqProgram: ".features[].geometry.coordinates[][][0]"
        ),
        QueryRow(
            name: "members",
            file: "gsoc-2018.json",
            query: "$.*.sponsor.name",
            jqProgram: ".[].sponsor.name"
        ),
    ]
}
