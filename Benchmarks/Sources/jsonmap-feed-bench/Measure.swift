import ArgumentParser
import Foundation
import JSONMapping

/// One configuration, run in a process of its own so that its peak RSS is its own.
enum Measure: String, CaseIterable, ExpressibleByArgument {
    /// The gzip file read through `InflatingByteSource` to its end.
    case inflate
    /// The plain records already in memory, split and mapped by the feed reader.
    case parseMap = "parse+map"
    /// The gzip file through the feed reader's `next()`.
    case full
    /// The gzip file through `parallel(workers:)`, consumed in an async context.
    case parallel
    /// The plain records in memory, each line decoded by Foundation's JSONDecoder.
    case jsondecoder
    /// `inflate` and `parse+map` at once on two threads, each over its own input with no hand-off:
    /// the most any reader overlapping the two stages can reach on this machine, since both
    /// stages then share the machine's caches, memory bandwidth and host.
    case sideBySide = "side-by-side"
    /// The same records as one export document (`{"meta": …, "data": {"items": [ … ]}}`, gzip)
    /// through `FeedOptions.Format.nestedArray(at:)` and `next()`: the child's path is the export.
    case nested
    /// `nested` on the export document inflated beforehand, a plain file: reading leaves the
    /// producer free to cut the records, and the consumer only parses and maps.
    case nestedPlain = "nested-plain"

    var isPerBackend: Bool {
        self == .parseMap || self == .full || self == .parallel || self == .sideBySide || self == .nested
            || self == .nestedPlain
    }
}

/// What a child process reports: one line, `RESULT key=value …`.
struct ChildResult {
    var seconds: Double
    var records: Int
    var checksum: Int
    /// VmHWM, in kB.
    var peakKB: Int
    /// CPU time (user + system) of the process over the measured part: how many cores it kept busy.
    var cpuSeconds: Double
    /// CPU time of the busiest thread over the measured part (from `/proc/self/task`; 0 where
    /// it is not there): what bounds the configuration's speed when every thread has a core.
    var busiestThreadSeconds: Double = 0

    var line: String {
        "RESULT seconds=\(seconds) records=\(records) checksum=\(checksum) peak_kb=\(peakKB) cpu=\(cpuSeconds)"
            + " busiest=\(busiestThreadSeconds)"
    }

    init(seconds: Double, records: Int, checksum: Int, peakKB: Int, cpuSeconds: Double) {
        self.seconds = seconds
        self.records = records
        self.checksum = checksum
        self.peakKB = peakKB
        self.cpuSeconds = cpuSeconds
    }

    init?(output: String) {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") }) else { return nil }
        var fields: [String: String] = [:]
        for pair in line.dropFirst("RESULT ".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let seconds = fields["seconds"].flatMap(Double.init), let records = fields["records"].flatMap(Int.init),
            let checksum = fields["checksum"].flatMap(Int.init), let peakKB = fields["peak_kb"].flatMap(Int.init),
            let cpuSeconds = fields["cpu"].flatMap(Double.init)
        else { return nil }
        self.init(seconds: seconds, records: records, checksum: checksum, peakKB: peakKB, cpuSeconds: cpuSeconds)
        busiestThreadSeconds = fields["busiest"].flatMap(Double.init) ?? 0
    }
}

/// The other thread's outcome in `side-by-side`: written once before `done` is signalled and read
/// only after waiting on it, so the semaphore orders the two accesses.
private final class StageResult: @unchecked Sendable {
    var result: Result<Int, any Error>?
    let done = DispatchSemaphore(value: 0)
}

/// The child's side: runs one configuration once and times it.
enum ChildRun {
    struct Configuration {
        var measure: Measure
        var backend: String
        var path: String
        var basePath: String
        var repeats: Int
        var workers: Int
        /// `FeedOptions.readAhead` of the full and parallel readers; `nil` keeps the default.
        var readAhead: Int?
        /// `FeedOptions.readSize` of the full and parallel readers; `nil` keeps the default.
        var readSize: Int?
    }

    static func run(_ configuration: Configuration) async throws -> ChildResult {
        let clock = ContinuousClock()
        var records = 0
        var checksum = 0
        var parseOptions = ParseOptions()
        // The default bound (1 GiB) is a guard for documents held whole; a longer feed raises it.
        parseOptions.maxInflatedSize = Int.max
        let mapper = try Mapper(backendNamed: configuration.backend, parseOptions: parseOptions)
        var plain: [UInt8] = []
        if [.parseMap, .jsondecoder, .sideBySide].contains(configuration.measure) {
            plain = try Inputs.inflate(path: configuration.basePath)
        }
        var readerOptions = FeedOptions()
        if let readAhead = configuration.readAhead { readerOptions.readAhead = readAhead }
        if let readSize = configuration.readSize { readerOptions.readSize = readSize }
        let threadsStart = threadCPUTimes()
        let cpuStart = cpuTime()
        let start = clock.now
        switch configuration.measure {
        case .inflate:
            checksum = try inflateStage(path: configuration.path)
        case .parseMap:
            (records, checksum) = try parseMapStage(mapper, plain: plain, repeats: configuration.repeats)
        case .sideBySide:
            // The inflate stage on a thread of its own, parse+map on this one; both must finish.
            let inflated = StageResult()
            let path = configuration.path
            let thread = Thread {
                inflated.result = Result { try inflateStage(path: path) }
                inflated.done.signal()
            }
            thread.start()
            (records, checksum) = try parseMapStage(mapper, plain: plain, repeats: configuration.repeats)
            inflated.done.wait()
            checksum &+= try inflated.result!.get()
        case .full:
            let reader = try mapper.feed(FeedStatus.self, from: JSONFile(configuration.path), options: readerOptions)
            while let status = try reader.next() {
                records += 1
                checksum &+= status.checksum
            }
        case .nested, .nestedPlain:
            var options = readerOptions
            options.format = .nestedArray(at: "data" / "items")
            let reader = try mapper.feed(FeedStatus.self, from: JSONFile(configuration.path), options: options)
            while let status = try reader.next() {
                records += 1
                checksum &+= status.checksum
            }
            guard reader.envelope?.isComplete == true else { throw CocoaError(.fileReadCorruptFile) }
        case .parallel:
            let reader = try mapper.feed(FeedStatus.self, from: JSONFile(configuration.path), options: readerOptions)
            for try await status in reader.parallel(workers: configuration.workers) {
                records += 1
                checksum &+= status.checksum
            }
        case .jsondecoder:
            let decoder = JSONDecoder()
            for _ in 0..<configuration.repeats {
                var lineStart = 0
                while lineStart < plain.count {
                    let end = plain[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? plain.count
                    if end > lineStart {
                        let status = try decoder.decode(DecodableFeedStatus.self, from: Data(plain[lineStart..<end]))
                        records += 1
                        checksum &+= status.checksum
                    }
                    lineStart = end + 1
                }
            }
        }
        let elapsed = clock.now - start
        let threadsEnd = threadCPUTimes()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var result = ChildResult(
            seconds: seconds,
            records: records,
            checksum: checksum,
            peakKB: peakResidentKB(),
            cpuSeconds: cpuTime() - cpuStart
        )
        result.busiestThreadSeconds =
            threadsEnd.map { thread, end in end - (threadsStart[thread] ?? 0) }.max() ?? 0
        return result
    }

    /// The inflate stage alone: the gzip file read through `InflatingByteSource` to its end.
    static func inflateStage(path: String) throws -> Int {
        var checksum = 0
        let source = InflatingByteSource(try FileByteSource(path: path), maxInflatedSize: Int.max)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Inputs.readSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { break }
            checksum &+= Int(buffer[count - 1]) &+ count
        }
        return checksum
    }

    /// The parse+map stage alone: the plain records cut, parsed and mapped on the calling thread,
    /// with no producer.
    static func parseMapStage(_ mapper: Mapper, plain: [UInt8], repeats: Int) throws -> (records: Int, checksum: Int) {
        var options = FeedOptions()
        options.compression = .none
        options.readAhead = 0
        let reader = try mapper.feed(
            FeedStatus.self,
            from: RepeatingByteSource(plain, times: repeats),
            options: options
        )
        var records = 0
        var checksum = 0
        while let status = try reader.next() {
            records += 1
            checksum &+= status.checksum
        }
        return (records, checksum)
    }

    /// User and system CPU seconds of each thread of this process, by thread id, from
    /// `/proc/self/task/*/stat` (fields 14 and 15, in clock ticks); empty where /proc is not there.
    static func threadCPUTimes() -> [String: Double] {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0, let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else {
            return [:]
        }
        var times: [String: Double] = [:]
        for thread in threads {
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(thread)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command name in parentheses: state is field 3, utime 14, stime 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            times[thread] = (user + system) / ticks
        }
        return times
    }

    /// User and system CPU seconds of this process, all threads.
    static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// This process's peak resident set (VmHWM), in kB; 0 where /proc is not there.
    static func peakResidentKB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
