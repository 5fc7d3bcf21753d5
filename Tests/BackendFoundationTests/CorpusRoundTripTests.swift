import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

/// parse with the Foundation backend → write with ``JSONWriter`` → parse again, over every
/// `.json` file of `../shared/corpus`: the values must come back exactly — doubles bit for bit,
/// object members in their order.
@Suite(.enabled(if: corpusAvailable, "../shared/corpus is absent, so the corpus round trip is skipped"))
struct CorpusRoundTripTests {
    let mapper: Mapper

    init() throws {
        mapper = try foundationMapper()
    }

    private func write(_ json: JSON, options: JSONWriter.Options, byValue: Bool = false) throws -> [UInt8] {
        let writer = JSONWriter(options: options)
        if byValue {
            try writeByValue(json, to: writer)
        } else {
            try writer.value(json)
        }
        return try writer.finish()
    }

    @Test("The corpus holds the five benchmark files")
    func corpusIsComplete() {
        for name in ["canada.json", "citm_catalog.json", "github_events.json", "gsoc-2018.json", "twitter.json"] {
            #expect(corpusFiles.contains(name), "\(name) is missing from \(Corpus.url.path)")
        }
    }

    @Test("A compact write parses back to exactly the same values, in the same order", arguments: corpusFiles)
    func compactRoundTrip(file: String) throws {
        let original = try mapper.parse(try corpusBytes(file))
        let written = try write(original, options: JSONWriter.Options())
        #expect(!written.contains(UInt8(ascii: "\n")), "compact output has no line breaks")
        let again = try mapper.parse(written)
        let difference = exactDifference(original, again)
        #expect(difference == nil, "\(file): \(difference ?? "")")
        #expect(original == again)

        // Writing the re-parsed document gives the same bytes: the output is stable.
        #expect(try write(again, options: JSONWriter.Options()) == written)
    }

    @Test(
        "A pretty, key-sorted write parses back to the same values with each object's keys sorted",
        arguments: corpusFiles
    )
    func prettySortedRoundTrip(file: String) throws {
        let original = try mapper.parse(try corpusBytes(file))
        let written = try write(original, options: JSONWriter.Options(formatting: .pretty(indent: 2), sortsKeys: true))
        #expect(written.starts(with: Array("{\n  \"".utf8)) || written.starts(with: Array("[\n  ".utf8)))
        let again = try mapper.parse(written)
        let difference = exactDifference(original, again, sortedKeys: true)
        #expect(difference == nil, "\(file): \(difference ?? "")")
        #expect(original == again)
    }

    @Test(
        "Numbers written from their values (not their text) read back bit for bit",
        arguments: corpusFiles
    )
    func valueRoundTrip(file: String) throws {
        let original = try mapper.parse(try corpusBytes(file))
        let written = try write(original, options: JSONWriter.Options(), byValue: true)
        let again = try mapper.parse(written)
        let difference = exactDifference(original, again)
        #expect(difference == nil, "\(file): \(difference ?? "")")
    }

    @Test("The comparison helper notices a changed double, a reordered object and a changed string")
    func comparisonHelperDetectsDifferences() throws {
        let base = try mapper.parse(#"{"a": [1.5, "x"], "b": 2}"#)
        #expect(exactDifference(base, try mapper.parse(#"{"a": [1.5, "x"], "b": 2}"#)) == nil)
        #expect(exactDifference(base, try mapper.parse(#"{"a": [1.5000000000000002, "x"], "b": 2}"#)) != nil)
        #expect(exactDifference(base, try mapper.parse(#"{"b": 2, "a": [1.5, "x"]}"#)) != nil)
        #expect(exactDifference(base, try mapper.parse(#"{"b": 2, "a": [1.5, "x"]}"#), sortedKeys: true) != nil)
        #expect(exactDifference(try mapper.parse(#"{"b": 2, "a": [1.5, "x"]}"#), base, sortedKeys: true) == nil)
        #expect(exactDifference(base, try mapper.parse(#"{"a": [1.5, "y"], "b": 2}"#)) != nil)
        #expect(exactDifference(try mapper.parse("[0.0]"), try mapper.parse("[-0.0]")) != nil)
        #expect(exactDifference(try mapper.parse("[1]"), try mapper.parse("[true]")) != nil)
    }
}
