import ArgumentParser
import Foundation
import JSONMapping

/// `jsonmap-bench`: the model benchmark. Release-mode throughput of parsing, mapping and encoding
/// the corpus's models, every measure side by side with Foundation's JSONDecoder (or, for
/// encoding, JSONEncoder) in one process.
@main
struct JsonmapBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonmap-bench",
        abstract: "Measure parsing, mapping and encoding throughput against Foundation's JSONDecoder and JSONEncoder.",
        discussion: """
            Measures alternate within one process; each figure is the median of --runs runs. \
            Build with `swift build -c release --package-path Benchmarks` first: debug figures mean \
            nothing. Before timing, every backend's models are checked to decode to exactly what \
            JSONDecoder decodes, what every encoding row writes to decode back to them, and \
            JSONMappingEncoder with .sortedKeys to write JSONEncoder's bytes with .sortedKeys; a \
            difference is a note on standard error. Decoding rows are compared with jsondecoder \
            (codable is JSONMappingDecoder on each backend, macro the @JSONModel models); encoding \
            rows (jsonencoder, encode, codable-encode, macro-encode) with jsonencoder, in a table of \
            their own.

            Four more corpora are always generated, never read from a folder: orders-2k (one \
            order) and orders-1m (a list of orders), whose money the models read as Decimal, and \
            amounts (a list of prices read as [Decimal]) and amounts-double (the same text read \
            as [Double]), which show what a Decimal field costs beside a Double. They run when \
            named with --file, or with the rest when neither --file nor --corpus is given.

            Measures: \(Measure.allCases.map(\.rawValue).joined(separator: ", ")).
            Backends: \(Backends.names.joined(separator: ", ")).

            EXAMPLES
              swift build -c release --package-path Benchmarks --product jsonmap-bench
              Benchmarks/.build/release/jsonmap-bench --runs 9
              Benchmarks/.build/release/jsonmap-bench --json --file twitter --measure jsondecoder --measure bridges
              Benchmarks/.build/release/jsonmap-bench --file twitter --measure jsonencoder --measure codable-encode
              Benchmarks/.build/release/jsonmap-bench --file canada --measure parse --backend jansson --iterations 3
              Benchmarks/.build/release/jsonmap-bench --file amounts --file amounts-double --runs 9
              valgrind --tool=callgrind Benchmarks/.build/release/jsonmap-bench --file amounts --iterations 3

            EXIT STATUS
              0   the table, the JSON rows or the checksums were printed
              1   the corpus cannot be read, or a measure failed
              64  usage error (--runs below 5, an unknown measure or backend)
            """
    )

    @Option(
        help: """
            Folder of corpus .json files (default: ../shared/corpus when present, else generated data); \
            the orders corpora are generated either way.
            """
    )
    var corpus: String?

    @Option(help: "Runs per measure; the median is reported (at least 5).")
    var runs: Int = 7

    @Flag(
        help: """
            Print one JSON object per row instead of a table: corpus, backend, measure, mbps, and \
            ratio_vs_jsondecoder or ratio_vs_jsonencoder (the other null).
            """
    )
    var json = false

    @Option(
        name: .customLong("file"),
        help: "Only these corpora: a file's name without .json, or an orders corpus's name; repeatable."
    )
    var files: [String] = []

    @Option(name: .customLong("measure"), help: "Only these measures; repeatable.")
    var measures: [Measure] = []

    @Option(name: .customLong("backend"), help: "Only these backends for per-backend measures; repeatable.")
    var backendNames: [String] = []

    @Option(help: "Run each selected row exactly this many times, print checksums and exit (for callgrind).")
    var iterations: Int?

    func validate() throws {
        // --iterations runs each row a fixed number of times and takes no medians.
        if iterations == nil, runs < 5 { throw ValidationError("--runs must be at least 5") }
        for name in backendNames {
            do throws(MappingError) {
                _ = try Backends.named(name)
            } catch {
                throw ValidationError(error.message)
            }
        }
    }

    mutating func run() throws {
        let inputs = try Corpus.load(folder: corpus, only: files)
        let backends = try backendNames.isEmpty ? Backends.linked : backendNames.map { try Backends.named($0) }
        let selected = measures.isEmpty ? Measure.allCases : measures
        if let iterations {
            for input in inputs {
                let prepared = try Prepared(input, backends: backends)
                for row in rows(selected, backends: backends, for: prepared) {
                    var checksum = Checksum()
                    for _ in 0..<iterations { checksum.combine(try row.run(prepared)) }
                    print("\(input.name) \(row.measure.rawValue) \(row.backend) checksum \(checksum.value)")
                }
            }
            return
        }
        if !json {
            var origins: [String] = []
            for input in inputs where !origins.contains(input.origin) { origins.append(input.origin) }
            let origin = origins.isEmpty ? "none" : origins.joined(separator: " and ")
            print(
                "corpus: \(origin); median of \(runs) runs; MB/s of input; ratio = speed ÷ jsondecoder's"
                    + " (encoding rows: ÷ jsonencoder's)\n"
            )
        }
        var decoding: [[String]] = []
        var encoding: [[String]] = []
        for input in inputs {
            let prepared = try Prepared(input, backends: backends)
            for problem in prepared.disagreements() {
                FileHandle.standardError.write(Data("note: \(problem)\n".utf8))
            }
            let rows = rows(selected, backends: backends, for: prepared)
            let results = try Timing.measure(rows, on: prepared, runs: runs)
            for row in rows {
                guard let mbps = results[row] else { continue }
                // Each row against its own reference: decoding rows JSONDecoder, encoding rows JSONEncoder.
                let reference = row.measure.reference
                let ratio = results[Row(measure: reference, backend: reference.fixedBackend)].map { mbps / $0 }
                if json {
                    // Both ratio fields on every row; the one that does not apply is null.
                    let rounded: Any = ratio.map { ($0 * 100).rounded() / 100 } ?? NSNull()
                    let fields: [String: Any] = [
                        "corpus": input.name, "backend": row.backend, "measure": row.measure.rawValue,
                        "mbps": (mbps * 10).rounded() / 10,
                        "ratio_vs_jsondecoder": reference == .jsondecoder ? rounded : NSNull(),
                        "ratio_vs_jsonencoder": reference == .jsonencoder ? rounded : NSNull(),
                    ]
                    let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
                    print(String(decoding: data, as: UTF8.self))
                } else {
                    let cells = [
                        input.name, row.measure.rawValue, row.backend, String(format: "%.1f", mbps),
                        ratio.map { String(format: "%.2f×", $0) } ?? "-",
                    ]
                    if row.measure.isEncoding { encoding.append(cells) } else { decoding.append(cells) }
                }
            }
        }
        if !json {
            if !decoding.isEmpty || encoding.isEmpty {
                printTable(header: ["corpus", "measure", "backend", "MB/s", "vs jsondecoder"], rows: decoding)
            }
            if !encoding.isEmpty {
                if !decoding.isEmpty { print() }
                printTable(header: ["corpus", "measure", "backend", "MB/s", "vs jsonencoder"], rows: encoding)
            }
        }
    }

    /// The rows to run on one input: per-backend measures once per backend, model measures only
    /// where the corpus has models.
    private func rows(_ measures: [Measure], backends: [any JSONBackend], for input: Prepared) -> [Row] {
        measures.flatMap { measure -> [Row] in
            if measure.needsModels, input.models == nil { return [] }
            if measure == .macro || measure == .macroEncode, input.models?.macro == nil { return [] }
            if measure.isPerBackend { return backends.map { Row(measure: measure, backend: $0.name) } }
            return [Row(measure: measure, backend: measure.fixedBackend)]
        }
    }

    private func printTable(header: [String], rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for (index, row) in all.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column < 3
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            print(cells.joined(separator: "  "))
            if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
    }
}
