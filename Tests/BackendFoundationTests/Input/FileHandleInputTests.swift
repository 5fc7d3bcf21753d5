import BackendFoundation
import Foundation
import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct FileHandleInputTests {
    @Test("a gzip file read through a FileHandle parses like its plain text, and the handle stays open")
    func gzipHandle() throws {
        let plain = Array(#"{"books":[{"title":"Dune"},{"title":"Emma"}]}"#.utf8)
        let path = FileManager.default.temporaryDirectory.path + "/handle-\(UInt64.random(in: 0...UInt64.max)).json.gz"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(try Compression.gzip.compress(plain))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapper = try Mapper(backend: FoundationBackend())

        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        #expect(try mapper.parse(handle) == mapper.parse(plain))
        try handle.seek(toOffset: 0)
        let titles = try mapper.decode([String: [[String: String]]].self, from: handle)
        #expect(titles["books"]?.map { $0["title"] } == ["Dune", "Emma"])
        try handle.seek(toOffset: 0)
        #expect(try mapper.decode(with: ImplicitBridge<JSON>(), from: handle)["books"][1]["title"] == "Emma")
    }

    @Test("a truncated gzip read through a FileHandle is unreadableInput")
    func truncatedHandle() throws {
        let compressed = try Compression.gzip.compress(Array(#"{"a":[1,2,3,4,5,6,7,8,9]}"#.utf8))
        let path = FileManager.default.temporaryDirectory.path + "/handle-\(UInt64.random(in: 0...UInt64.max)).json.gz"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(compressed.dropLast(5))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapper = try Mapper(backend: FoundationBackend())
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let error = try #require(throws: MappingError.self) { try mapper.decode(JSON.self, from: handle) }
        #expect(error.code == .unreadableInput)
        #expect(error.parseError?.code == .truncatedCompressedData)
        #expect(error.parseError?.offset == compressed.count - 5)
    }
}
