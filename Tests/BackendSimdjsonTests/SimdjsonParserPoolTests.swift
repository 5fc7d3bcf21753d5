// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// Each parse takes a simdjson parser of its own from a process-wide pool, and the document made
    /// from it keeps that parser (whose buffers are its tape and strings) until it is released. These
    /// tests parse many documents, in sequence and from concurrent tasks, and check that each reads
    /// its own values however many parses came after it.
    @Suite struct SimdjsonParserPoolTests {
        /// A small document whose every value depends on `seed`.
        static func document(_ seed: Int) -> String {
            #"{"id": \#(seed), "name": "item \#(seed)", "list": [\#(seed), \#(seed * 2), "\#(seed)"], "#
                + #""nested": {"x": \#(Double(seed) + 0.5), "on": \#(seed % 2 == 0)}}"#
        }

        /// Records an issue unless `json` holds exactly what ``document(_:)`` wrote for `seed`.
        static func check(_ json: JSON, seed: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(json["id"].int == seed, sourceLocation: sourceLocation)
            #expect(json["name"].string == "item \(seed)", sourceLocation: sourceLocation)
            #expect(json["list"][0].int == seed, sourceLocation: sourceLocation)
            #expect(json["list"][1].int == seed * 2, sourceLocation: sourceLocation)
            #expect(json["list"][2].string == "\(seed)", sourceLocation: sourceLocation)
            #expect(json["nested"]["x"].double == Double(seed) + 0.5, sourceLocation: sourceLocation)
            #expect(json["nested"]["on"].bool == (seed % 2 == 0), sourceLocation: sourceLocation)
            #expect(json["list"][2].path == ["list", 2], sourceLocation: sourceLocation)
            #expect(
                json.description == (try? simdjsonParse(document(seed)).description),
                sourceLocation: sourceLocation
            )
        }

        @Test("Five hundred documents parsed in sequence and all kept alive each read their own values")
        func manySequentialDocumentsKept() throws {
            let mapper = try simdjsonMapper()
            var documents: [JSON] = []
            for seed in 0..<500 {
                documents.append(try mapper.parse(Self.document(seed)))
            }
            for (seed, json) in documents.enumerated() {
                Self.check(json, seed: seed)
            }
        }

        @Test("A document stays correct after a thousand later parses of other documents")
        func documentKeepsItsParser() throws {
            let mapper = try simdjsonMapper()
            let kept = try mapper.parse(Self.document(7))
            let keptList = kept["list"]
            for seed in 1000..<2000 {
                // Each later document is released at once, so its parser goes back to the pool and is reused.
                let later = try mapper.parse(Self.document(seed))
                #expect(later["id"].int == seed)
            }
            // A later parse that grows the pooled parsers' buffers does not touch the kept one either.
            let large = try mapper.parse(integerArray(50_000))
            #expect(large[49_999].int == 49_999)
            Self.check(kept, seed: 7)
            #expect(keptList.elements.map(\.description) == ["7", "14", #""7""#])
        }

        @Test("Documents of different parses do not interfere: values, nodes and paths stay apart")
        func documentsDoNotInterfere() throws {
            let mapper = try simdjsonMapper()
            let first = try mapper.parse(#"{"a": [1, 2, 3], "s": "first"}"#)
            let second = try mapper.parse(#"{"a": [10, 20, 30], "s": "second"}"#)
            // The two documents have the same shape, so their nodes have the same tape positions, but
            // each document seals its own: neither takes the other's node.
            #expect(first["a"][1].node != second["a"][1].node)
            #expect(!second.document.contains(first["a"][1].node))
            #expect(first["a"][1].int == 2)
            #expect(second["a"][1].int == 20)
            #expect(first["s"].string == "first")
            #expect(second["s"].string == "second")
            // Reading one document by index does not move the other's place in its array.
            #expect(first["a"][2].int == 3)
            #expect(second["a"][0].int == 10)
            #expect(first["a"][1].int == 2)
            #expect(second["a"][2].int == 30)
            #expect(try first["a"].decode([Int].self) == [1, 2, 3])
            #expect(try second["a"].decode([Int].self) == [10, 20, 30])
            #expect(second["a"][2].path == ["a", 2])
        }

        @Test("Thirty-two tasks parsing at once each get correct, independent documents")
        func concurrentParses() async throws {
            let mapper = try simdjsonMapper()
            let documents = try await withThrowingTaskGroup(of: [(Int, JSON)].self) { group in
                for task in 0..<32 {
                    group.addTask {
                        var parsed: [(Int, JSON)] = []
                        for round in 0..<40 {
                            let seed = task * 1000 + round
                            let json = try mapper.parse(Self.document(seed))
                            Self.check(json, seed: seed)
                            // Keep every fourth document, so that some parsers are held while others recycle.
                            if round % 4 == 0 { parsed.append((seed, json)) }
                        }
                        return parsed
                    }
                }
                var all: [(Int, JSON)] = []
                for try await parsed in group { all += parsed }
                return all
            }
            #expect(documents.count == 32 * 10)
            #expect(Set(documents.map(\.0)).count == 32 * 10)
            // Read again after every task has finished and others have reused the pool.
            for (seed, json) in documents {
                Self.check(json, seed: seed)
            }
        }

        @Test("Thirty-two tasks reading one document by index at once all read the right elements")
        func concurrentReadsOfOneDocument() async throws {
            let json = try simdjsonMapper().parse(#"{"a": \#(integerArray(2000)), "b": \#(integerArray(500))}"#)
            let mismatches = await withTaskGroup(of: Int.self) { group in
                for task in 0..<32 {
                    group.addTask {
                        var mismatches = 0
                        let (name, count) = task % 2 == 0 ? ("a", 2000) : ("b", 500)
                        let array = json[name]
                        // Every task walks from its own starting point, so the arrays' element
                        // indexes are built and read by many tasks at once.
                        for offset in 0..<count {
                            let index = (offset + task * 37) % count
                            if array[index].int != index { mismatches += 1 }
                        }
                        return mismatches
                    }
                }
                var total = 0
                for await count in group { total += count }
                return total
            }
            #expect(mismatches == 0)
            #expect(json["a"][1999].path == ["a", 1999])
            #expect(json["b"][499].int == 499)
        }

        @Test("An input larger than every earlier one parses completely: the parser's buffers grow")
        func buffersGrow() throws {
            let mapper = try simdjsonMapper()
            #expect(try mapper.parse("[1]")[0].int == 1)
            for count in [10, 1_000, 100_000, 300_000] {
                let text = #"{"items": \#(integerArray(count)), "tail": "end \#(count)"}"#
                let json = try mapper.parse(text)
                #expect(json["items"].count == count)
                #expect(json["items"][count - 1].int == count - 1)
                #expect(json["tail"].string == "end \(count)")
                #expect(json["tail"].path == ["tail"])
                // A small parse after a large one reads only its own values.
                let small = try mapper.parse(#"{"items": [5], "tail": "small"}"#)
                #expect(try small["items"].decode([Int].self) == [5])
                #expect(small["tail"].string == "small")
            }
            // The same through parse(padded:), whose input simdjson reads in place.
            let padded = try simdjsonParse(integerArray(400_000), padding: 0)
            #expect(padded.count == 400_000)
            #expect(padded[399_999].int == 399_999)
            let strings = "[" + (0..<20_000).map { #""s\#($0)""# }.joined(separator: ",") + "]"
            let json = try simdjsonParse(strings)
            #expect(json[19_999].string == "s19999")
            #expect(json.document.strings(in: json.node)?.count == 20_000)
        }

        @Test("A refused parse leaves the pool sound: earlier documents and later parses read right")
        func refusedParseLeavesPoolSound() throws {
            let mapper = try simdjsonMapper(ParseOptions(maxDepth: 3, duplicateKeys: .reject))
            let before = try mapper.parse(Self.document(1))
            for round in 0..<20 {
                // simdjson refuses the first; the tape check after a successful simdjson parse the others.
                try expectRefusal(of: "[1,]".utf8, by: mapper, .trailingComma, at: 1, 3, offset: 2)
                try expectRefusal(of: "[[[[]]]]".utf8, by: mapper, .depthLimitExceeded, at: 1, 4, offset: 3)
                try expectRefusal(of: #"{"k":1,"k":2}"#.utf8, by: mapper, .duplicateKey, at: 1, 8, offset: 7)
                let after = try mapper.parse(Self.document(100 + round))
                Self.check(after, seed: 100 + round)
            }
            Self.check(before, seed: 1)
        }

        @Test("Pooled parsers take each parse's own depth limit, whatever the parse before used")
        func depthLimitPerParse() throws {
            let shallow = try simdjsonMapper(ParseOptions(maxDepth: 3))
            let deep = try simdjsonMapper()
            for _ in 0..<5 {
                #expect(
                    try deep.parse(nestedArrays(10, innermost: "1")).description == nestedArrays(10, innermost: "1")
                )
                try expectRefusal(
                    of: nestedArrays(10, innermost: "1").utf8,
                    by: shallow,
                    .depthLimitExceeded,
                    at: 1,
                    4,
                    offset: 3
                )
                #expect(try shallow.parse("[[[1]]]")[0][0][0].int == 1)
                #expect(try deep.parse(nestedArrays(500))[0].count == 1)
            }
        }
    }
#endif
