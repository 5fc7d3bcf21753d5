package import Foundation
import Testing

/// How a guide in `Docs/` is tied to the test file that compiles its examples, so that every
/// Swift block of a guide is code that compiles and runs.
///
/// - A region is the run of lines between a start marker and the next end marker in the test
///   file. A start marker is a line whose text, once its indentation is trimmed, is the comment
///   "guide:" followed by one space and the region's name; an end marker is the comment
///   "guide-end" alone on its line. The marker lines are not part of the region. Regions do not
///   nest, and each name is used once.
/// - A region's text is its lines with the indentation common to its non-blank lines removed,
///   every blank line made empty, and each line followed by "\n". So a region may sit inside a
///   type or a test function and still read as top-level code in the guide.
/// - In the guide, every block that opens with "```swift" is announced by the line just above
///   it, an HTML comment "<!-- guide: NAME -->", and its text (the lines up to the closing "```",
///   each followed by "\n") must be byte-identical to region NAME's text. Every region of the
///   test file must be announced by the guide. Blocks in other languages are not checked.
///
/// ``check(named:against:minimumRegions:)`` checks all of that and reports the first differing
/// line. Editing: change the region, run `swift format format -i` on the test file, then copy the
/// formatted region into the guide (the formatter may reflow code).
package enum Guide {
    /// One block or region: its name, its text and the line where it starts.
    package struct Snippet {
        package var name: String
        package var text: String
        package var line: Int
    }

    /// The regions of a Swift source, in order.
    package static func regions(in source: String) -> (regions: [Snippet], problems: [String]) {
        var regions: [Snippet] = []
        var problems: [String] = []
        var open: (name: String, line: Int, lines: [Substring])?
        for (offset, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// guide: ") {
                if let open { problems.append("region \(open.name) (line \(open.line)) is not closed") }
                open = (String(trimmed.dropFirst("// guide: ".count)), offset + 1, [])
            } else if trimmed == "// guide-end" {
                guard let region = open else {
                    problems.append("line \(offset + 1): an end marker without a region")
                    continue
                }
                regions.append(Snippet(name: region.name, text: dedented(region.lines), line: region.line + 1))
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        if let open { problems.append("region \(open.name) (line \(open.line)) is not closed") }
        return (regions, problems)
    }

    /// The lines without their common indentation, blank lines empty, each followed by a newline.
    package static func dedented(_ lines: [Substring]) -> String {
        let isBlank = { (line: Substring) in line.allSatisfy { $0 == " " } }
        let indentation = lines.filter { !isBlank($0) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { isBlank($0) ? "\n" : $0.dropFirst(indentation) + "\n" }.joined()
    }

    /// The guide's Swift blocks, each named by the comment on the line above it.
    package static func swiftBlocks(in guide: String) -> (blocks: [Snippet], problems: [String]) {
        var blocks: [Snippet] = []
        var problems: [String] = []
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].hasPrefix("```swift") else { continue }
            let above = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let name: String
            if above.hasPrefix("<!-- guide: "), above.hasSuffix(" -->") {
                name = String(above.dropFirst("<!-- guide: ".count).dropLast(" -->".count))
            } else {
                problems.append("guide line \(index + 1): a swift block without a <!-- guide: NAME --> line above it")
                name = ""
            }
            var body = ""
            let start = index + 2
            index += 1
            while index < lines.count, lines[index] != "```" {
                body += lines[index] + "\n"
                index += 1
            }
            if index == lines.count { problems.append("guide line \(start - 1): a swift block that is not closed") }
            if !name.isEmpty { blocks.append(Snippet(name: name, text: body, line: start)) }
        }
        return (blocks, problems)
    }

    /// Where two texts first differ, as a sentence.
    package static func firstDifference(block: Snippet, region: Snippet) -> String {
        let guideLines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
        let regionLines = region.text.split(separator: "\n", omittingEmptySubsequences: false)
        for position in 0..<max(guideLines.count, regionLines.count) {
            let inGuide = position < guideLines.count ? "\"\(guideLines[position])\"" : "(end of block)"
            let inRegion = position < regionLines.count ? "\"\(regionLines[position])\"" : "(end of region)"
            if inGuide != inRegion {
                return "block \(block.name) differs from its region at guide line \(block.line + position) "
                    + "(source line \(region.line + position)): guide \(inGuide), source \(inRegion)"
            }
        }
        return "block \(block.name) differs from its region"
    }

    /// The file `name` in the package's Docs folder.
    package static func guideURL(named name: String) -> URL {
        PackageRoot.url.appendingPathComponent("Docs").appendingPathComponent(name)
    }

    /// Checks that every swift block of the guide `name` (in Docs) is byte-identical to its region
    /// of the Swift source at `source`, and that every region is shown; records an issue for each
    /// problem. Shared by the tests of every guide.
    package static func check(named name: String, against source: URL, minimumRegions: Int) throws {
        try check(named: name, against: [source], minimumRegions: minimumRegions)
    }

    /// As ``check(named:against:minimumRegions:)-(_,URL,_)``, with the regions of several Swift
    /// sources taken together: for a guide that also shows code from outside its test file (an
    /// example package's tests).
    package static func check(named name: String, against sources: [URL], minimumRegions: Int) throws {
        let guide = try String(contentsOf: guideURL(named: name), encoding: .utf8)
        var regions: [Snippet] = []
        var regionProblems: [String] = []
        for source in sources {
            let found = Self.regions(in: try String(contentsOf: source, encoding: .utf8))
            regions += found.regions
            regionProblems += found.problems.map { "\(source.lastPathComponent): \($0)" }
        }
        let sourceNames = sources.map(\.lastPathComponent).joined(separator: ", ")
        let (blocks, blockProblems) = Self.swiftBlocks(in: guide)
        for problem in regionProblems + blockProblems { Issue.record(Comment(rawValue: "\(name): \(problem)")) }

        var regionsByName: [String: Snippet] = [:]
        for region in regions {
            if regionsByName[region.name] != nil { Issue.record("region \(region.name) is defined twice") }
            regionsByName[region.name] = region
        }
        #expect(regions.count >= minimumRegions, "the regions were not found")
        for block in blocks {
            guard let region = regionsByName[block.name] else {
                Issue.record(
                    "\(name) line \(block.line): block \(block.name) has no region in \(sourceNames)"
                )
                continue
            }
            if block.text != region.text {
                Issue.record(Comment(rawValue: "\(name): " + Self.firstDifference(block: block, region: region)))
            }
        }
        let shown = Set(blocks.map(\.name))
        for region in regions where !shown.contains(region.name) {
            Issue.record("region \(region.name) (line \(region.line)) is not shown in \(name)")
        }
    }
}
