package import Foundation
import Testing

/// The package's root folder, found from this file (not the working directory).
package enum PackageRoot {
    /// `…/Tests/MapTestSupport/Corpus.swift` three levels up.
    package static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/MapTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root
}

/// The shared test corpus, `../shared/corpus` beside the package root: the one way every test finds
/// it. Tests that need it are skipped with a message when it is absent (`.enabled(if: Corpus.isAvailable)`).
package enum Corpus {
    /// The corpus folder.
    package static let url = PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Whether the corpus folder is there.
    package static let isAvailable: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }()

    /// The names of the corpus's `.json` files, sorted; empty when the folder is absent.
    package static let jsonFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The JSON files that have a `.gz` copy made by the system's gzip.
    package static let names = [
        "canada.json", "citm_catalog.json", "github_events.json", "gsoc-2018.json", "twitter.json",
    ]

    /// The path of the corpus file `name`.
    package static func path(_ name: String) throws -> String {
        try #require(isAvailable, "the corpus (../shared/corpus) is absent")
        return url.appendingPathComponent(name).path
    }

    /// The bytes of the corpus file `name`.
    package static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: try path(name))))
    }
}

/// A fresh folder under the system's temporary directory, removed when the value goes away.
package final class Scratch {
    /// The folder.
    package let url: URL

    /// Makes the folder.
    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmap-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    package func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
