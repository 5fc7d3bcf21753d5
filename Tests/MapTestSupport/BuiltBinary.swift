package import Foundation
package import Testing

/// Runs one of the package's executables as a built binary, as a user would: `swift build
/// --build-tests` builds them; a test fails when its binary is missing.
package enum BuiltBinary {
    /// Next to the running test bundle (the build folder it was built in) first, then the
    /// package's default `.build/debug`; an absolute path as it is.
    package static func locate(_ name: String) -> URL? {
        // An absolute path names a system program (`/usr/bin/ldd`).
        if name.hasPrefix("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let root = PackageRoot.url
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent(name),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
            root.appendingPathComponent(".build/debug/\(name)"),
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The scratch folders runs happen in.
    package typealias Scratch = MapTestSupport.Scratch

    package struct Outcome {
        package var status: Int32
        package var output: String
        package var errors: String
        /// Standard output as bytes, for output that is not text (gzip).
        package var outputData = Data()

        package var lines: [Substring] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
        package var errorLines: [Substring] {
            errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        }
    }

    /// Runs `name` with `arguments` in `scratch/work`, `input` on its standard input (empty by
    /// default). Output goes to files, so neither stream can fill up and block the process.
    package static func run(
        _ name: String,
        _ arguments: [String],
        in scratch: Scratch,
        input: Data = Data(),
        environment: [String: String] = [:]
    ) throws -> Outcome {
        let binary = try #require(locate(name), "\(name) is not built; run `swift build --build-tests` first")
        let work = scratch.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let inputFile = scratch.url.appendingPathComponent("stdin-\(UUID().uuidString)")
        let outputFile = scratch.url.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorFile = scratch.url.appendingPathComponent("stderr-\(UUID().uuidString)")
        try input.write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        let stdin = try FileHandle(forReadingFrom: inputFile)
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        defer {
            try? stdin.close()
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = work
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = errors
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        try process.run()
        process.waitUntilExit()
        let outputData = try Data(contentsOf: outputFile)
        return Outcome(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
            outputData: outputData
        )
    }
}
