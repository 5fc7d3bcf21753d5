import ArgumentParser
import Foundation
import JSONMapping

/// Release-mode benchmark of the feed reader: inflate alone, parse+map alone, the whole feed read
/// sequentially and in parallel, per backend, each configuration in a process of its own so that
/// its peak RSS is its own; JSONDecoder decoding each line as a reference row.
@main
struct FeedBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonmap-feed-bench",
        abstract: "Measure the feed reader: inflate, parse+map, sequential and parallel reading, peak RSS.",
        discussion: """
            Every configuration runs in a child process (this program re-executed), which reports
            its time and its peak RSS (VmHWM). Figures are medians of --runs runs on the corpus
            feed; the generated feed runs each configuration once unless --generated-runs says more.
            Build with `swift build -c release --package-path Benchmarks` first: debug figures
            mean nothing.

            Targets: peak RSS of the reader ≤ 64 MB on the generated 1 GB feed; the sequential
            reader's throughput ≥ 80 % and the parallel reader's ≥ 90 % of the slower of inflate
            alone and parse+map alone, in the same run. parse+map alone is the reader on the
            inflated feed in memory without read-ahead: cutting, parsing and mapping on one thread.
            --read-ahead 0 measures the full and parallel readers without their producer.
            side-by-side runs both stages alone at once, on two threads with no hand-off: the
            ceiling the machine sets for any reader that overlaps them. nested reads the same
            records as one export document (written beside the generated feed in the temporary
            folder) through FeedOptions.Format.nestedArray(at:); target: ≥ 80 % of full.
            nested-plain reads that document inflated beforehand (written beside it), which the
            producer cuts while the consumer parses and maps: compared with parse+map alone.
            """
    )

    @Option(help: "Folder holding feed.ndjson.gz (a stand-in is generated when it is absent).")
    var corpus: String = "../shared/corpus"

    @Option(help: "Runs per configuration on the corpus feed; the median is reported.")
    var runs: Int = 3

    @Option(help: "Also read a generated gzip feed of this many GB inflated (e.g. 1).")
    var generateGb: Double?

    @Option(help: "Where the generated feed is written (default: the temporary folder); reused when present.")
    var generatedPath: String?

    @Option(help: "Runs per configuration on the generated feed.")
    var generatedRuns: Int = 1

    @Flag(help: "Skip the corpus feed (with --generate-gb).")
    var skipCorpus = false

    @Flag(help: "Delete the generated feed at the end.")
    var deleteGenerated = false

    @Option(name: .customLong("backend"), help: "Only these backends; repeatable (default: every linked one).")
    var backendNames: [String] = []

    @Option(help: "Workers of the parallel configuration.")
    var workers: Int = 2

    @Option(
        help:
            "FeedOptions.readAhead of the full and parallel readers, in bytes (0: no producer; default: the library's)."
    )
    var readAhead: Int?

    @Option(help: "FeedOptions.readSize of the full and parallel readers, in bytes (default: the library's).")
    var readSize: Int?

    @Flag(help: "Run the JSONDecoder reference row on the generated feed too (it is slow).")
    var referenceOnGenerated = false

    // The child's side: one configuration, run once.
    @Option(help: .hidden) var childMeasure: Measure?
    @Option(help: .hidden) var childBackend: String = "jansson"
    @Option(help: .hidden) var childPath: String = ""
    @Option(help: .hidden) var childBasePath: String = ""
    @Option(help: .hidden) var childRepeats: Int = 1

    mutating func run() async throws {
        if let childMeasure {
            let result = try await ChildRun.run(
                .init(
                    measure: childMeasure,
                    backend: childBackend,
                    path: childPath,
                    basePath: childBasePath,
                    repeats: childRepeats,
                    workers: workers,
                    readAhead: readAhead,
                    readSize: readSize
                )
            )
            print(result.line)
            return
        }
        guard runs >= 1, generatedRuns >= 1 else { throw ValidationError("runs must be at least 1") }
        let backends = backendNames.isEmpty ? Backends.names : backendNames
        for name in backends { _ = try Backends.named(name) }
        let base = try Inputs.corpusFeed(folder: corpus)
        var feeds: [(FeedInput, runs: Int, reference: Bool)] = []
        if !skipCorpus { feeds.append((base, runs, true)) }
        if let generateGb {
            let generated = try Inputs.generatedFeed(gigabytes: generateGb, base: base, path: generatedPath)
            feeds.append((generated, generatedRuns, referenceOnGenerated))
        }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
        print(
            "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load) at the start; "
                + "parallel = parallel(workers: \(workers)); read-ahead \(readAhead.map { "\($0) bytes" } ?? "default"); "
                + "read size \(readSize.map { "\($0) bytes" } ?? "default"); "
                + "CPU/wall = cores the configuration kept busy"
        )
        for (feed, runs, reference) in feeds {
            try measure(feed, runs: runs, reference: reference, backends: backends)
        }
        if deleteGenerated, feeds.count > 0, let generated = feeds.last?.0, generated.repeats > 1 || skipCorpus {
            try FileManager.default.removeItem(atPath: generated.path)
            note("deleted \(generated.path)")
        }
    }

    private func measure(_ feed: FeedInput, runs: Int, reference: Bool, backends: [String]) throws {
        var configurations: [(Measure, String)] = [(.inflate, "-")]
        for backend in backends {
            configurations += [
                (.parseMap, backend), (.full, backend), (.parallel, backend), (.sideBySide, backend),
                (.nested, backend), (.nestedPlain, backend),
            ]
        }
        if reference { configurations.append((.jsondecoder, "-")) }
        // Runs alternate over the configurations, so that machine noise spreads over all alike.
        var samples: [String: [ChildResult]] = [:]
        let export = try Inputs.exportFeed(for: feed)
        let plainExport = try Inputs.plainExport(of: export)
        for _ in 0..<runs {
            for (measure, backend) in configurations {
                let result = try runChild(
                    measure,
                    backend: backend,
                    feed: feed,
                    path: measure == .nested ? export : measure == .nestedPlain ? plainExport : nil
                )
                if measure != .inflate, result.records != feed.records {
                    note("\(measure.rawValue) \(backend) read \(result.records) records, expected \(feed.records)")
                }
                samples["\(measure.rawValue) \(backend)", default: []].append(result)
            }
        }
        func seconds(_ measure: Measure, _ backend: String) -> Double {
            let values = (samples["\(measure.rawValue) \(backend)"] ?? []).map(\.seconds).sorted()
            return values.isEmpty ? .nan : values[values.count / 2]
        }
        func cores(_ measure: Measure, _ backend: String) -> Double {
            let values = samples["\(measure.rawValue) \(backend)"] ?? []
            return values.map { $0.cpuSeconds / $0.seconds }.sorted()[values.count / 2]
        }
        func peakMB(_ measure: Measure, _ backend: String) -> Double {
            Double((samples["\(measure.rawValue) \(backend)"] ?? []).map(\.peakKB).max() ?? 0) / 1024
        }
        let megabytes = Double(feed.inflatedBytes) / 1e6
        print(
            "\n\(feed.label): \(String(format: "%.1f", megabytes)) MB inflated, \(feed.records) records; "
                + "median of \(runs) run\(runs == 1 ? "" : "s")"
        )
        var rows: [[String]] = []
        for (measure, backend) in configurations {
            let time = seconds(measure, backend)
            rows.append([
                measure.rawValue, backend, String(format: "%.0f", Double(feed.records) / time),
                String(format: "%.1f", megabytes / time), String(format: "%.2f", time),
                String(format: "%.2f", cores(measure, backend)), String(format: "%.1f", peakMB(measure, backend)),
            ])
        }
        printTable(
            header: ["measure", "backend", "records/s", "MB/s", "seconds", "CPU/wall", "peak RSS MB"],
            rows: rows
        )

        let appliesRSS = feed.inflatedBytes >= 1_000_000_000
        print()
        var summary: [[String]] = []
        for backend in backends {
            let inflate = megabytes / seconds(.inflate, "-")
            let parseMap = megabytes / seconds(.parseMap, backend)
            let floor = min(inflate, parseMap)
            let full = megabytes / seconds(.full, backend)
            let parallel = megabytes / seconds(.parallel, backend)
            let rss = max(peakMB(.full, backend), peakMB(.parallel, backend), peakMB(.nested, backend))
            let nested = megabytes / seconds(.nested, backend)
            let nestedPlain = megabytes / seconds(.nestedPlain, backend)
            // Both stages at once with no hand-off: what the machine allows a pipelined reader.
            let sideBySide = megabytes / seconds(.sideBySide, backend)
            summary.append([
                backend,
                inflate < parseMap ? "inflate" : "parse+map",
                String(format: "%.2f", sideBySide / floor),
                verdict(full / floor, passes: full / floor >= 0.8),
                verdict(parallel / floor, passes: parallel / floor >= 0.9),
                String(format: "%.2f×", parallel / full),
                verdict(nested / full, passes: nested / full >= 0.8),
                String(format: "%.2f", nestedPlain / parseMap),
                String(format: "%.1f MB ", rss) + (appliesRSS ? (rss <= 64 ? "PASS" : "MISS") : "(n/a < 1 GB)"),
            ])
        }
        printTable(
            header: [
                "backend", "slower alone", "side-by-side/min", "full/min ≥ 0.80", "parallel/min ≥ 0.90", "speed-up",
                "nested/full ≥ 0.80", "nested plain/parse+map",
                "reader RSS ≤ 64 MB",
            ],
            rows: summary
        )
        // The most each configuration could reach on two free cores, from its CPU times: the
        // slower stage's CPU time over the busiest thread's (or half of all threads', whichever
        // is more). An upper bound, not a forecast: it ignores the time threads wait for each
        // other. Contention inflates wall times, and unevenly (a configuration with more threads
        // gets more of a busy machine); CPU times are less sensitive to it.
        func medianOf(_ measure: Measure, _ backend: String, _ value: (ChildResult) -> Double) -> Double {
            let values = (samples["\(measure.rawValue) \(backend)"] ?? []).map(value).sorted()
            return values.isEmpty ? .nan : values[values.count / 2]
        }
        print()
        var projections: [[String]] = []
        for backend in backends {
            let inflateCPU = medianOf(.inflate, "-", \.cpuSeconds)
            let parseMapCPU = medianOf(.parseMap, backend, \.cpuSeconds)
            let slower = max(inflateCPU, parseMapCPU)
            var row = [backend, String(format: "%.2f / %.2f", inflateCPU, parseMapCPU)]
            for measure in [Measure.full, .parallel] {
                let busiest = medianOf(measure, backend, \.busiestThreadSeconds)
                let all = medianOf(measure, backend, \.cpuSeconds)
                let bound = max(busiest, all / 2)
                row.append(String(format: "%.2f / %.2f", busiest, all))
                row.append(bound > 0 ? String(format: "%.2f", slower / bound) : "n/a")
            }
            projections.append(row)
        }
        printTable(
            header: [
                "backend", "CPU s inflate / parse+map", "full busiest / all", "full bound", "parallel busiest / all",
                "parallel bound",
            ],
            rows: projections
        )

        if reference {
            let decoder = megabytes / seconds(.jsondecoder, "-")
            let ratios = backends.map {
                "\($0) \(String(format: "%.2f×", megabytes / seconds(.parseMap, $0) / decoder))"
            }
            print("parse+map vs JSONDecoder per line: \(ratios.joined(separator: ", "))")
        }
    }

    private func verdict(_ ratio: Double, passes: Bool) -> String {
        String(format: "%.2f ", ratio) + (passes ? "PASS" : "MISS")
    }

    /// Re-executes this program for one configuration and reads what it reports.
    /// `path` replaces the feed's own (the export document, for `nested`).
    private func runChild(_ measure: Measure, backend: String, feed: FeedInput, path: String? = nil) throws
        -> ChildResult
    {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        )
        process.arguments =
            [
                "--child-measure", measure.rawValue, "--child-backend", backend == "-" ? "jansson" : backend,
                "--child-path", path ?? feed.path, "--child-base-path", feed.basePath, "--child-repeats",
                "\(feed.repeats)",
                "--workers", "\(workers)",
            ] + (readAhead.map { ["--read-ahead", "\($0)"] } ?? []) + (readSize.map { ["--read-size", "\($0)"] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let result = ChildResult(output: String(decoding: output, as: UTF8.self))
        else {
            throw ValidationError(
                "the \(measure.rawValue) \(backend) child failed (status \(process.terminationStatus))"
            )
        }
        return result
    }

    private func printTable(header: [String], rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for (index, row) in all.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column < 2
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            print(cells.joined(separator: "  "))
            if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
    }
}
