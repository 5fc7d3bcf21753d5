import ArgumentParser
import Foundation
import JSONMapping
import Synchronization

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

            With --ndjson each line is a document of its own, read in pieces, so a feed of any \
            size is checked in a fixed amount of memory; every bad line is reported and the \
            reading goes on.

            When standard error is a terminal, a progress line there shows the bytes read, \
            the records checked and the rate, updated in place a few times a second; it is \
            never written when standard error is a file or a pipe.

            Standard input is named <stdin>; a file literally named - is ./-.

            EXAMPLES
              jsonmap check payload.json feed.json.gz
              jsonmap check --ndjson events.ndjson.gz
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

    @Flag(
        name: .customLong("ndjson"),
        help: "Check each line as a JSON document of its own (NDJSON), reading the input in pieces."
    )
    var ndjson = false

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
        let progress = CheckProgress(shown: isatty(STDERR_FILENO) == 1)
        var allWellFormed = true
        for argument in files {
            let file = InputFile(argument: argument)
            if ndjson {
                allWellFormed = checkFeed(file, mapper: mapper, progress: progress) && allWellFormed
                continue
            }
            do throws(ParseError) {
                _ = try file.parse(with: mapper)
            } catch {
                allWellFormed = false
                progress.report(Diagnostics.line(for: error, in: file))
            }
        }
        progress.finish()
        if !allWellFormed { throw ExitCode.failure }
    }

    /// Checks every line of `file`, reporting each bad one; whether all were well-formed.
    private func checkFeed(_ file: InputFile, mapper: Mapper, progress: CheckProgress) -> Bool {
        progress.start(file.displayName)
        let failures = FeedFailures()
        do {
            let source: CountingByteSource
            if file.isStandardInput {
                source = CountingByteSource(FileHandleByteSource(.standardInput), progress: progress)
            } else {
                source = CountingByteSource(try FileByteSource(path: file.argument), progress: progress)
            }
            let reader = try mapper.feed(
                from: source,
                options: FeedOptions(format: .ndjson, errorPolicy: .skip),
                onError: { failures.append($0) }
            )
            while try reader.next() != nil {
                progress.record()
                for failure in failures.take() { progress.report(Self.line(for: failure, in: file)) }
            }
            for failure in failures.take() { progress.report(Self.line(for: failure, in: file)) }
            return reader.skippedCount == 0
        } catch let error as ParseError {
            progress.report(Diagnostics.line(for: error, in: file))
        } catch let error as FeedError {
            for failure in failures.take() { progress.report(Self.line(for: failure, in: file)) }
            progress.report(Self.line(for: error, in: file))
        } catch let error as MappingError {
            progress.report(
                error.parseError.map { Diagnostics.line(for: $0, in: file) }
                    ?? "\(file.displayName): error: \(error.message)"
            )
        } catch {
            progress.report("\(file.displayName): error: \(error)")
        }
        return false
    }

    /// `file:line:column: error: message` for a bad record (the feed error's place is the failure's
    /// own, in the feed), `file: error: message` for input that cannot be read or inflated.
    static func line(for failure: FeedError, in file: InputFile) -> String {
        if let parseError = failure.error.parseError {
            if Diagnostics.streamCodes.contains(parseError.code) || parseError.code == .inputTooLarge {
                let place = parseError.code == .inputTooLarge ? ":\(failure.line):\(failure.column)" : ""
                return "\(file.displayName)\(place): error: \(parseError.message)"
            }
            return "\(file.displayName):\(failure.line):\(failure.column): error: \(parseError.message)"
        }
        return "\(file.displayName):\(failure.line):\(failure.column): error: \(failure.error.message)"
    }
}

/// The records a feed skipped, handed from its error handler to the loop that reports them.
private final class FeedFailures: Sendable {
    private let failures = Mutex<[FeedError]>([])

    func append(_ failure: FeedError) { failures.withLock { $0.append(failure) } }

    /// The failures received since the last call.
    func take() -> [FeedError] {
        failures.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
    }
}

/// A source that counts the bytes read from `base` (compressed, for gzip) and tells the progress.
private struct CountingByteSource: ByteSource {
    var base: any ByteSource
    let progress: CheckProgress

    init(_ base: some ByteSource, progress: CheckProgress) {
        self.base = base
        self.progress = progress
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
        let count = try base.read(into: buffer)
        progress.read(count)
        return count
    }
}

/// The progress line `jsonmap check` keeps on standard error while it reads: written only when
/// standard error is a terminal, over itself (a carriage return and an erase to the end of the
/// line), at most ``interval`` apart, and erased before a diagnostic and at the end.
///
/// Not `Sendable`: one command's state, used from its one thread.
final class CheckProgress {
    /// The least time between two updates of the line.
    static let interval: Duration = .milliseconds(250)

    private let shown: Bool
    private let clock = ContinuousClock()
    private var name = ""
    private var started: ContinuousClock.Instant
    private var lastShown: ContinuousClock.Instant?
    private var bytes = 0
    private var records = 0
    private var lineIsShown = false

    init(shown: Bool) {
        self.shown = shown
        started = clock.now
    }

    /// Starts counting for the input `name`.
    func start(_ name: String) {
        self.name = name
        bytes = 0
        records = 0
        started = clock.now
        lastShown = nil
    }

    /// Counts `count` bytes read.
    func read(_ count: Int) {
        bytes += count
        update()
    }

    /// Counts one record checked.
    func record() {
        records += 1
        // The clock is looked at once every 4096 records: reading it costs more than counting.
        if records & 4095 == 0 { update() }
    }

    /// Writes `text` as a diagnostic line, erasing the progress line first.
    func report(_ text: String) {
        erase()
        Diagnostics.report(text)
    }

    /// Writes the last figures as the final state of the line, then ends it.
    func finish() {
        guard shown, lastShown != nil || bytes > 0 else { return }
        write("\r" + Self.line(name: name, bytes: bytes, records: records, seconds: elapsed) + "\u{1B}[K\n")
        lineIsShown = false
    }

    private var elapsed: Double {
        let duration = clock.now - started
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private func update() {
        guard shown else { return }
        let now = clock.now
        if let lastShown, now - lastShown < Self.interval { return }
        lastShown = now
        write("\r" + Self.line(name: name, bytes: bytes, records: records, seconds: elapsed) + "\u{1B}[K")
        lineIsShown = true
    }

    private func erase() {
        guard lineIsShown else { return }
        write("\r\u{1B}[K")
        lineIsShown = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The progress text: `NAME: 1.2 GB read, 3,456,789 records, 85.1 MB/s` (decimal units).
    static func line(name: String, bytes: Int, records: Int, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(bytes) / seconds : 0
        let noun = records == 1 ? "record" : "records"
        return "\(name): \(size(Double(bytes))) read, \(grouped(records)) \(noun), \(size(rate))/s"
    }

    /// `bytes` in B, kB, MB, GB or TB, with one decimal above bytes.
    static func size(_ bytes: Double) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = bytes
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `count` with a comma between groups of three digits.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
