import ArgumentParser
import Foundation
import JSONMapping

/// `jsonmap bench FILE...`: how fast the validating scan checks the user's files, and how fast each
/// linked backend parses them and reads every value back through `JSON` views.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure check, parse and walk throughput on your files, per backend.",
        discussion: """
            Each input is read (and inflated) once; then its text is timed in memory:

              check   the package's validating scan alone (strict RFC 8259, UTF-8)
              parse   each backend's parse alone
              walk    every value of the parsed document read through JSON views
                      and the built-in bridges, as mapping code reads them
                      (the parse is not timed)

            Figures are MB/s of JSON text (inflated text for gzip input), the median of --runs \
            runs; each run repeats a measure for about 40 ms, and the measures alternate so that \
            the machine's noise spreads over all of them. Build with `swift build -c release` \
            first: debug figures mean nothing. An input that cannot be read or is not JSON is \
            reported as `jsonmap check` reports it.

            EXAMPLES
              swift build -c release --product jsonmap
              .build/release/jsonmap bench payload.json feed.json.gz
              .build/release/jsonmap bench --backend simdjson --runs 9 payload.json
              .build/release/jsonmap bench --json payload.json

            EXIT STATUS
              0   every input was measured
              1   an input cannot be read or inflated, or is not JSON
                  (the other inputs are still measured)
              64  usage error (no FILE, - given twice, --runs below 1, unknown backend)
            """
    )

    @Option(
        name: .customLong("backend"),
        help: ArgumentHelp(
            "Only this backend: \(Backends.names.joined(separator: ", ")); repeatable (default: every one).",
            valueName: "name"
        )
    )
    var backendNames: [String] = []

    @Option(help: "Runs per measure; the median is reported.")
    var runs: Int = 5

    @Flag(help: "Print one JSON object per row: file, bytes, measure, backend (null for check), mbps.")
    var json = false

    @Argument(help: ArgumentHelp("The inputs to measure; - reads standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one FILE (- for standard input)") }
        guard files.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("- (standard input) can be given only once")
        }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        _ = try backends()
    }

    /// The backends `--backend` names, or every linked one.
    ///
    /// - Throws: `ValidationError` (exit status 64) naming the linked backends for an unknown name.
    func backends() throws -> [any JSONBackend] {
        guard !backendNames.isEmpty else { return Backends.linked }
        do throws(MappingError) {
            return try backendNames.map { name throws(MappingError) in try Backends.named(name) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let mappers = try backends().map { try Mapper(backend: $0) }
        var allMeasured = true
        var table: [[String]] = []
        if !json { print("median of \(runs) run\(runs == 1 ? "" : "s"); MB/s of JSON text (gzip inflated first)\n") }
        for argument in files {
            let file = InputFile(argument: argument)
            let rows: [Row]
            do {
                rows = try measure(file, with: mappers)
            } catch let error as ParseError {
                allMeasured = false
                Diagnostics.report(Diagnostics.line(for: error, in: file))
                continue
            }
            for row in rows {
                if json {
                    let fields: [String: Any] = [
                        "file": file.displayName, "bytes": row.bytes, "measure": row.measure,
                        "backend": row.backend ?? NSNull(), "mbps": (row.mbps * 10).rounded() / 10,
                    ]
                    let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
                    print(String(decoding: data, as: UTF8.self))
                } else {
                    table.append([
                        file.displayName, String(row.bytes), row.measure, row.backend ?? "-",
                        String(format: "%.1f", row.mbps),
                    ])
                }
            }
        }
        if !json, !table.isEmpty { printTable(header: ["file", "bytes", "measure", "backend", "MB/s"], rows: table) }
        if !allMeasured { throw ExitCode.failure }
    }

    /// One figure: a measure on one input, on one backend (`nil` for the scan, which has none).
    struct Row {
        var bytes: Int
        var measure: String
        var backend: String?
        var mbps: Double
    }

    /// Reads `file` and times the scan, then every mapper's parse, then every mapper's walk.
    ///
    /// - Throws: `ParseError` when the input cannot be read or inflated, or when the scan or a
    ///   backend rejects it (nothing is timed then); a walk's `MappingError`.
    func measure(_ file: InputFile, with mappers: [Mapper]) throws -> [Row] {
        let text = try file.text()
        let count = text.count
        try Self.check(text)
        var work: [(measure: String, backend: String?, run: () throws -> Int)] = [
            ("check", nil, { try Self.check(text) })
        ]
        var walks: [(measure: String, backend: String?, run: () throws -> Int)] = []
        for mapper in mappers {
            let document = try mapper.parse(text)
            work.append(("parse", mapper.backend.name, { try mapper.parse(text).count }))
            walks.append(("walk", mapper.backend.name, { try Self.walk(document, MappingContext()) }))
        }
        work += walks
        let medians = try Self.medianSeconds(work.map(\.run), runs: runs)
        return zip(work, medians).map { item, seconds in
            Row(bytes: count, measure: item.measure, backend: item.backend, mbps: Double(count) / seconds / 1e6)
        }
    }

    /// Runs the validating scan (`JSONScanner`, through `ParseError.validating`, with the default
    /// `ParseOptions`) over `text`; returns the number of bytes it checked.
    @discardableResult
    static func check(_ text: [UInt8]) throws(ParseError) -> Int {
        if let failure = text.withUnsafeBytes({ ParseError.validating($0, backend: "") }) { throw failure }
        return text.count
    }

    /// The median seconds of one call of each of `bodies` over `runs` runs. Every run calls each
    /// body in turn, as many times as fill about 40 ms (counted once before the runs).
    static func medianSeconds(_ bodies: [() throws -> Int], runs: Int) throws -> [Double] {
        let clock = ContinuousClock()
        var checksum = 0
        func seconds(_ body: () throws -> Int, times: Int) throws -> Double {
            let elapsed = try clock.measure {
                for _ in 0..<times { checksum &+= try body() }
            }
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let times = try bodies.map { max(1, Int(0.04 / max(try seconds($0, times: 1), 1e-7))) }
        var samples = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<runs {
            for index in bodies.indices {
                samples[index].append(try seconds(bodies[index], times: times[index]) / Double(times[index]))
            }
        }
        withExtendedLifetime(checksum) {}
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// Reads every value below `json` through `JSON` views and the built-in bridges; returns a sum
    /// over what it read, so that no read can be optimized away.
    static func walk(_ json: JSON, _ context: MappingContext) throws -> Int {
        switch json.kind {
        case .object?:
            var sum = 0
            try json.forEachMember { key, value in sum &+= try key.utf8.count &+ walk(value, context) }
            return sum
        case .array?:
            return try json.elements.reduce(0) { try $0 &+ walk($1, context) }
        case .string?:
            return try StringBridge().decode(json, in: context).utf8.count
        case .number?:
            return Int(truncatingIfNeeded: try DoubleBridge().decode(json, in: context).bitPattern)
        case .bool?:
            return try BoolBridge().decode(json, in: context) ? 1 : 0
        case .null?, nil:
            return 0
        }
    }

    private func printTable(header: [String], rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for (index, row) in all.enumerated() {
            let cells = row.enumerated().map { column, cell in
                // Text to the left, numbers to the right.
                column == 1 || column == 4
                    ? String(repeating: " ", count: widths[column] - cell.count) + cell
                    : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
    }
}
