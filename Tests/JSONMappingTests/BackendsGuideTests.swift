// The examples of Docs/Backends.md, compiled and run here (the conformance kit's in
// Examples/TreeBackend's tests, which CI runs), and the backends the umbrella links.
//
// The guide's Swift blocks are tied to the regions of this file exactly as Docs/Migration.md's
// are tied to this file as `Guide` (MapTestSupport) explains, and checked by `Guide.check`.
//
// Editing: change the region here, run `swift format format -i` on this file, then copy the
// formatted region into the guide (the formatter may reflow code).

import Foundation
import JSONMapping
import MapTestSupport
import Testing

@Suite struct BackendsGuideTests {
    @Test("every swift block of Docs/Backends.md is byte-identical to its region here, and every region is shown")
    func guideBlocksAreRegionsOfThisFile() throws {
        // The conformance kit's example is the test of the example backend package.
        let example = PackageRoot.url.appendingPathComponent(
            "Examples/TreeBackend/Tests/TreeBackendTests/ConformanceTests.swift"
        )
        try Guide.check(named: "Backends.md", against: [URL(fileURLWithPath: #filePath), example], minimumRegions: 2)
    }

    @Test("The guide's three ways to choose a backend give the backends its comments name")
    func choosingABackend() throws {
        // guide: backends-choosing
        let mapper = try Mapper(backend: NativeBackend())  // a backend value
        let named = try Mapper(backendNamed: "foundation")  // a name (JSONMapping)
        let chosen = try Mapper()  // JSONMAPPING_BACKEND, else simdjson when linked, else native
        // guide-end
        #expect(mapper.backend.name == "native")
        #expect(named.backend.name == "foundation")
        let variable = ProcessInfo.processInfo.environment[Mapper.backendEnvironmentVariable] ?? ""
        #expect(chosen.backend.name == (variable.isEmpty ? Backends.names[0] : variable))
        // The order the comment above and the guide's text state; change them with the default.
        #expect(Backends.names == BuildBackends.names)
        #if Simdjson && Jansson
            #expect(Backends.names == ["simdjson", "native", "jansson", "foundation"])
        #endif
    }

    @Test("The guide's JSON5 example reads its values with the native backend, and another backend refuses it")
    func readingJSON5() throws {
        // guide: backends-json5
        var options = ParseOptions()
        options.syntax = .json5  // or .jsonc: comments and trailing commas only
        let mapper = try Mapper(backend: NativeBackend(), parseOptions: options)
        let settings = try mapper.parse(
            """
            // Written by hand
            {
              name: 'relay',
              port: 0x1F90,  // 8080
              ratio: .75,
              limit: Infinity,
              hosts: ['a.example', 'b.example',],
            }
            """
        )
        let port = settings["port"].int  // 8080
        let limit = settings["limit"].double  // Double.infinity
        // guide-end
        #expect(settings["name"].string == "relay")
        #expect(port == 8080)
        #expect(settings["ratio"].double == 0.75)
        #expect(limit == .infinity)
        #expect(settings["hosts"].count == 2)
        let refused = #expect(throws: MappingError.self) {
            try Mapper(backend: FoundationBackend(), parseOptions: options)
        }
        #expect(refused?.code == .unsupportedValue)
    }

    @Test("The guide's JSON5 decoder reads braceless JSON5 with the default backend")
    func decodingJSON5() throws {
        struct Limits: Decodable, Equatable {
            var depth: Int
            var size: Int
        }
        // guide: backends-json5-decoder
        let decoder = JSONMappingDecoder()  // the default backend: simdjson when linked
        decoder.allowsJSON5 = true  // read by the native backend when the default one cannot
        decoder.assumesTopLevelDictionary = true
        let limits = try decoder.decode(Limits.self, from: "depth: 64, size: 0x10000, // bytes")
        // guide-end
        #expect(limits == Limits(depth: 64, size: 65536))
    }

    #if Simdjson
        // MARK: simdjson through the umbrella

        /// A small model mapped both ways.
        struct Track: JSONConvertible, Equatable {
            var title = ""
            var seconds = 0
            var tags: [String] = []
            var rating: Int?

            static func map(_ object: inout Track, _ json: Map) {
                object.title <- json["title"]
                object.seconds <- json["seconds"]
                object.tags <- json["tags"]
                object.rating <~ json["rating"]
            }
        }

        @Test("The umbrella links simdjson, found by its name")
        func simdjsonIsLinked() throws {
            #expect(Backends.names.contains("simdjson"))
            let backend = try Backends.named("simdjson")
            #expect(backend.name == "simdjson")
            #expect(backend.maxSupportedDepth == 2047)
        }

        @Test("Mapper(backendNamed: \"simdjson\") parses and decodes a model, and reports a bad field with its path")
        func simdjsonByName() throws {
            let mapper = try Mapper(backendNamed: "simdjson")
            #expect(mapper.backend.name == "simdjson")
            let text = #"{"title": "Blue in Green", "seconds": 337, "tags": ["jazz", "modal"], "rating": 5}"#
            let json = try mapper.parse(text)
            #expect(json.document.backendName == "simdjson")
            #expect(json["tags"][1].string == "modal")

            let track = try mapper.decode(Track.self, from: text)
            #expect(track == Track(title: "Blue in Green", seconds: 337, tags: ["jazz", "modal"], rating: 5))
            #expect(
                try mapper.encodeToString(track)
                    == #"{"title":"Blue in Green","seconds":337,"tags":["jazz","modal"],"rating":5}"#
            )

            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Track.self, from: #"{"title": "So What", "seconds": "545", "tags": []}"#)
            }
            #expect(error.code == .typeMismatch)
            #expect(error.path == ["seconds"])
        }

        @Test("The library model decodes over simdjson exactly as over the other linked backends")
        func libraryModelOverSimdjson() throws {
            let mapper = try Mapper(backendNamed: "simdjson")
            let library = try mapper.decode(Library.self, from: Fixtures.libraryCompact)
            #expect(library == Fixtures.library)
            for other in Backends.names where other != "simdjson" {
                #expect(try Mapper(backendNamed: other).decode(Library.self, from: Fixtures.libraryCompact) == library)
            }
            let error = try #require(throws: MappingError.self) {
                try mapper.decode(Library.self, from: Fixtures.libraryWithBadRating)
            }
            let expected = try #require(throws: MappingError.self) {
                try Mapper(backendNamed: "foundation").decode(Library.self, from: Fixtures.libraryWithBadRating)
            }
            #expect(error.code == expected.code)
            #expect(error.path == expected.path)
        }
    #endif
}
