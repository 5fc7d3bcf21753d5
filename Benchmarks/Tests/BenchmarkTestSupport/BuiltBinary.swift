package import Foundation
import Testing

/// Runs one of the benchmark executables as a built binary, as a user would: `swift build
/// --package-path Benchmarks` (and `swift test`, which builds every target first) builds them; a
/// test fails when its binary is missing.
package enum BuiltBinary {
    /// The Benchmarks package's folder, found from this file (not the working directory).
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/BenchmarkTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Benchmarks

    /// `name` next to the running test bundle (the build folder it was built in) first, then in
    /// the package's default `.build/debug`.
    package static func locate(_ name: String) -> URL? {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            packageRoot.appendingPathComponent(".build/debug/\(name)"),
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What a run printed, and how it ended.
    package struct Outcome {
        /// The exit status.
        package var status: Int32
        /// Standard output.
        package var output: String
        /// Standard error.
        package var errors: String

        /// Standard output's lines, without their newlines.
        package var lines: [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// Runs `name` with `arguments` in `scratch/work`, a folder with no `../shared/corpus` beside it,
    /// with nothing on its standard input. Output goes to files, so neither stream can fill up and
    /// block the process.
    package static func run(_ name: String, _ arguments: [String], in scratch: Scratch) throws -> Outcome {
        let binary = try #require(
            locate(name),
            "\(name) is not built; run `swift build --package-path Benchmarks` first"
        )
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let outputFile = scratch.url.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorFile = scratch.url.appendingPathComponent("stderr-\(UUID().uuidString)")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = work
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        )
    }
}

/// A fresh folder under the system's temporary directory, removed when the value goes away.
package final class Scratch {
    /// The folder.
    package let url: URL

    /// Makes the folder.
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmap-benchmarks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
