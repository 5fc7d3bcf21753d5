import MapCore
import Testing

/// Inputs the fuzz targets of the `Fuzz/` package found failing (`Scripts/fuzz.sh`), each kept as
/// the check that failed; `Docs/Reliability.md` lists them with the target that found them.
@Suite struct FuzzRegressionTests {
    /// fuzz-paths: a key starting with a combining mark printed as a pointer (`/̦o/`) was refused
    /// by `JSONPath(pointer:)`, whose `hasPrefix("/")` compared grapheme clusters: the slash and
    /// the mark are one.
    @Test("A pointer whose first token starts with a combining mark reads back as its path")
    func pointerStartingWithCombiningMark() throws {
        let path = JSONPath([.key("\u{0326}o"), .key("")])
        #expect(path.pointer == "/\u{0326}o/")
        let read = try JSONPath(pointer: path.pointer)
        #expect(read == path)
        #expect(read.pointer == path.pointer)
    }

    @Test("Text that does not start with the byte '/' is still refused as a pointer, at offset 0")
    func pointerWithoutSlashRefused() {
        #expect(throws: JSONPath.SyntaxError(message: "a JSON Pointer starts with '/'", offset: 0)) {
            try JSONPath(pointer: "\u{0326}/a")
        }
    }
}
