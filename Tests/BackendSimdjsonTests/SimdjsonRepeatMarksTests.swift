// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import Foundation
    import MapCore
    import MapIO
    import Synchronization
    import Testing
    import MapTestSupport

    /// Under `lastWins` the simdjson backend checks an object for a repeated key the first time it is
    /// read, not while parsing, and keeps the answer with the document. These tests read objects in
    /// orders and ways that make each kind of read the first, share one document between concurrent
    /// tasks, and reuse parsers, and check that every read sees one member per key, the last winning.
    @Suite struct SimdjsonRepeatMarksTests {
        /// An array of `count` objects of six to ten keys; every third object writes its key `k1`
        /// again at its end, with the value `-i`.
        static func objects(_ count: Int) -> String {
            let objects = (0..<count).map { index in
                var members = (0..<(6 + index % 5)).map { #""k\#($0)": \#(index * 100 + $0)"# }
                if index % 3 == 0 { members.append(#""k1": \#(-index)"#) }
                return "{" + members.joined(separator: ", ") + "}"
            }
            return "[" + objects.joined(separator: ",\n") + "]"
        }

        /// Records an issue unless `object`, element `index` of ``objects(_:)``, reads as written.
        static func check(_ object: JSON, _ index: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(mismatch(object, index) == nil, sourceLocation: sourceLocation)
        }

        @Test("Whichever read comes first — a member, the count or the members — each object reads one member per key")
        func firstReadOfEachKind() throws {
            let json = try simdjsonMapper().parse(Self.objects(300))
            // Each object's first read is of a different kind, and the objects are read last to first.
            for index in stride(from: 299, through: 0, by: -1) {
                let object = json[index]
                switch index % 3 {
                case 0: #expect(object["k1"].int == -index)
                case 1: #expect(object.count == 6 + index % 5)
                default: #expect(object.members.count == 6 + index % 5)
                }
                Self.check(object, index)
            }
            let decoded = try json.decode([[String: Int]].self)
            #expect(decoded[0]["k1"] == 0)
            #expect(decoded[3]["k1"] == -3)
            #expect(decoded[4]["k1"] == 401)
            #expect(decoded.map(\.count) == (0..<300).map { 6 + $0 % 5 })
        }

        @Test("Threads reading one document at once each see one member per key, the last value winning")
        func concurrentReaders() throws {
            // Threads of their own, not tasks: the threads run at once even while other tests keep the
            // task pool busy, so first reads of one object happen in several threads at once, and a
            // thread that finds the parser's key table taken checks without it.
            let mismatches = Mutex<[String]>([])
            for round in 0..<Sanitizer.size(10, sanitized: 2) {
                let json = try simdjsonMapper().parse(Self.objects(2000))
                let group = DispatchGroup()
                for reader in 0..<4 {
                    group.enter()
                    Thread {
                        // Each reader starts at a different object and goes round.
                        for step in 0..<2000 {
                            let index = (step + (reader + round) * 500) % 2000
                            if let wrong = Self.mismatch(json[index], index) {
                                mismatches.withLock { $0.append("round \(round), reader \(reader): \(wrong)") }
                            }
                        }
                        group.leave()
                    }.start()
                }
                group.wait()
            }
            #expect(mismatches.withLock { $0 }.prefix(5) == [])
        }

        /// What `object`, element `index` of ``objects(_:)``, reads differently from what was written;
        /// `nil` when it reads as written.
        static func mismatch(_ object: JSON, _ index: Int) -> String? {
            let keys = 6 + index % 5
            let k1 = object["k1"].int
            let expected = index % 3 == 0 ? -index : index * 100 + 1
            if k1 != expected { return "object \(index): k1 is \(k1.map(String.init) ?? "nil"), not \(expected)" }
            if object.count != keys { return "object \(index): \(object.count) members, not \(keys)" }
            if object.keys != (0..<keys).map({ "k\($0)" }) { return "object \(index): keys \(object.keys)" }
            if object["k0"].int != index * 100 { return "object \(index): k0 is \(object["k0"])" }
            return nil
        }

        @Test("A reused parser forgets which objects the document before it had checked")
        func reusedParserForgetsMarks() throws {
            let mapper = try simdjsonMapper()
            // Released at once, each document's parser goes back to the pool for the next parse. The
            // first marks its object (at the same tape position as the second's) as repeating no key.
            for _ in 0..<200 {
                let distinct = try mapper.parse(#"{"a": 1, "b": 2}"#)
                #expect(distinct.count == 2)
                let repeated = try mapper.parse(#"{"a": 1, "a": 2}"#)
                #expect(repeated.count == 1)
                #expect(repeated["a"].int == 2)
                #expect(repeated.keys == ["a"])
            }
        }

        @Test("With NULs refused the parse walks the tape, and repeated keys are still found on reading")
        func repeatsFoundWhenTheParseWalks() throws {
            let mapper = try simdjsonMapper(ParseOptions(allowsNULInStrings: false))
            let json = try mapper.parse(Self.objects(30))
            for index in 0..<30 { Self.check(json[index], index) }
            _ = try expectRefusal(of: #"{"a": "x\u0000", "a": 1}"#.utf8, by: mapper, .nulInString, at: 1, 9, offset: 8)
        }

        @Test("Documents nested to the depth limit, which simdjson parses twice, alternate with shallow ones")
        func depthRetryThenShallow() throws {
            let mapper = try simdjsonMapper(ParseOptions(maxDepth: 8))
            let deep = String(repeating: "[", count: 7) + #"{"a": 1, "a": 2}"# + String(repeating: "]", count: 7)
            let tooDeep = String(repeating: "[", count: 8) + "{}" + String(repeating: "]", count: 8)
            for _ in 0..<20 {
                let json = try mapper.parse(deep)
                let object = json[0][0][0][0][0][0][0]
                #expect(object["a"].int == 2)
                #expect(object.count == 1)
                #expect(try mapper.parse(#"{"a": 1, "a": 3}"#)["a"].int == 3)
                _ = try expectRefusal(of: tooDeep.utf8, by: mapper, .depthLimitExceeded, at: 1, 9, offset: 8)
            }
        }
    }
#endif
