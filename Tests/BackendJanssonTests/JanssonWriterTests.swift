// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import CJansson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// One writer event, for tables of event sequences.
    enum WriterEvent: Sendable, CustomStringConvertible {
        case beginObject, endObject, beginArray, endArray
        case key(String)
        case null
        case bool(Bool)
        case int(Int64)
        case string(String)

        func send(to writer: JanssonWriter) throws {
            switch self {
            case .beginObject: try writer.beginObject()
            case .endObject: try writer.endObject()
            case .beginArray: try writer.beginArray()
            case .endArray: try writer.endArray()
            case .key(let key): try writer.key(key)
            case .null: try writer.null()
            case .bool(let value): try writer.bool(value)
            case .int(let value): try writer.int64(value)
            case .string(let value): try writer.string(value)
            }
        }

        /// Whether jansson allocates a node for the event (`null`, `true` and `false` are static).
        var allocates: Bool {
            switch self {
            case .beginObject, .beginArray, .int, .string: true
            case .endObject, .endArray, .key, .null, .bool: false
            }
        }

        var description: String {
            switch self {
            case .beginObject: "{"
            case .endObject: "}"
            case .beginArray: "["
            case .endArray: "]"
            case .key(let key): "key(\(key))"
            case .null: "null"
            case .bool(let value): "\(value)"
            case .int(let value): "\(value)"
            case .string(let value): String(reflecting: value)
            }
        }
    }

    /// Events that are accepted, then one that must be refused.
    struct WriterMisuse: Sendable, CustomTestStringConvertible {
        var accepted: [WriterEvent]
        var refused: WriterEvent?  // nil: finish() is the refused step
        var message: String

        var testDescription: String {
            (accepted.map(\.description) + [refused?.description ?? "finish()"]).joined(separator: " ")
        }
    }

    /// `JanssonWriter` builds jansson trees from events, refuses events out of order without
    /// trapping or leaking, and refuses what jansson's `Int64` integers and JSON cannot hold.
    @Suite struct JanssonWriterTests {
        // MARK: Trees

        @Test("Every event kind produces the matching jansson node")
        func everyEventKind() throws {
            let writer = JanssonWriter()
            try writer.beginObject()
            try writer.key("null")
            try writer.null()
            try writer.key("t")
            try writer.bool(true)
            try writer.key("f")
            try writer.bool(false)
            try writer.key("i")
            try writer.int64(-5)
            try writer.key("max")
            try writer.int64(.max)
            try writer.key("u")
            try writer.uint64(UInt64(Int64.max))
            try writer.key("d")
            try writer.double(1.5)
            try writer.key("s")
            try writer.string("héllo\u{0}😀")
            try writer.key("text")
            try writer.number(text: "-7")
            try writer.key("a")
            try writer.beginArray()
            try writer.int64(1)
            try writer.beginArray()
            try writer.endArray()
            try writer.beginObject()
            try writer.endObject()
            try writer.string("")
            try writer.endArray()
            try writer.key("")
            try writer.string("empty key")
            try writer.endObject()
            let tree = try writer.finish()
            #expect(refcount(tree) == 1)
            #expect(
                compactDump(tree)
                    == #"{"null":null,"t":true,"f":false,"i":-5,"max":9223372036854775807,"u":9223372036854775807,"d":1.5,"s":"héllo\u0000😀","text":-7,"a":[1,[],{},""],"":"empty key"}"#
            )

            let object = node(tree)
            #expect(CJansson_typeof(object) == JSON_OBJECT)
            #expect(CJansson_typeof(json_object_get(object, "null")) == JSON_NULL)
            #expect(CJansson_typeof(json_object_get(object, "t")) == JSON_TRUE)
            #expect(CJansson_typeof(json_object_get(object, "f")) == JSON_FALSE)
            #expect(CJansson_typeof(json_object_get(object, "i")) == JSON_INTEGER)
            #expect(CJansson_typeof(json_object_get(object, "u")) == JSON_INTEGER)
            #expect(CJansson_typeof(json_object_get(object, "d")) == JSON_REAL)
            #expect(CJansson_typeof(json_object_get(object, "text")) == JSON_INTEGER)
            #expect(json_string_length(json_object_get(object, "s")) == Array("héllo\u{0}😀".utf8).count)

            // Read back through the backend's document.
            let json = JanssonBackend.json(adopting: tree)
            #expect(json.keys == ["null", "t", "f", "i", "max", "u", "d", "s", "text", "a", ""])
            #expect(json["null"].kind == .null)
            #expect(try json["t"].decode(Bool.self) == true)
            #expect(try json["f"].decode(Bool.self) == false)
            #expect(try json["i"].decode(Int.self) == -5)
            #expect(try json["max"].decode(Int64.self) == .max)
            #expect(try json["u"].decode(UInt64.self) == UInt64(Int64.max))
            #expect(try json["d"].decode(Double.self) == 1.5)
            #expect(try json["s"].decode(String.self) == "héllo\u{0}😀")
            #expect(try json["text"].decode(Int.self) == -7)
            #expect(json["a"].count == 4)
            #expect(json["a"][1].kind == .array)
            #expect(json["a"][1].count == 0)
            #expect(json["a"][2].kind == .object)
            #expect(try json["a"][3].decode(String.self) == "")
            #expect(try json[""].decode(String.self) == "empty key")
        }

        @Test(
            "A scalar alone is a whole tree",
            arguments: [
                (WriterEvent.int(42), "42"), (.string("x/y"), #""x/y""#),
            ] as [(WriterEvent, String)]
        )
        func scalarTree(event: WriterEvent, dump: String) throws {
            let writer = JanssonWriter()
            try event.send(to: writer)
            let tree = try writer.finish()
            defer { CJansson_decref(node(tree)) }
            #expect(refcount(tree) == 1)
            #expect(compactDump(tree) == dump)
        }

        @Test(
            "null, true and false are jansson's static singletons, whose count is (size_t)-1 and never changes",
            arguments: [(WriterEvent.null, "null"), (.bool(true), "true"), (.bool(false), "false")]
                as [(WriterEvent, String)]
        )
        func singletons(event: WriterEvent, dump: String) throws {
            let writer = JanssonWriter()
            try event.send(to: writer)
            let tree = try writer.finish()
            #expect(refcount(tree) == -1)
            #expect(compactDump(tree) == dump)
            CJansson_decref(node(tree))
            #expect(refcount(tree) == -1)
            #expect(compactDump(tree) == dump)
        }

        @Test("A key repeated in one object keeps one member, with the last value")
        func repeatedKey() throws {
            let writer = JanssonWriter()
            for event in [
                WriterEvent.beginObject, .key("a"), .int(1), .key("b"), .int(2), .key("a"), .int(3), .endObject,
            ] {
                try event.send(to: writer)
            }
            let json = JanssonBackend.json(adopting: try writer.finish())
            #expect(json.keys == ["a", "b"])
            #expect(try json["a"].decode(Int.self) == 3)
        }

        @Test("A key containing U+0000 is kept whole in the tree, though jansson's parser refuses such keys")
        func keyWithNUL() throws {
            let writer = JanssonWriter()
            for event in [WriterEvent.beginObject, .key("k\u{0}"), .int(1), .key("k"), .int(2), .endObject] {
                try event.send(to: writer)
            }
            let tree = try writer.finish()
            #expect(compactDump(tree) == #"{"k\u0000":1,"k":2}"#)
            let json = JanssonBackend.json(adopting: tree)
            #expect(json.count == 2)
            #expect(json.keys == ["k\u{0}", "k"])
            #expect(try json["k\u{0}"].decode(Int.self) == 1)
            #expect(try json["k"].decode(Int.self) == 2)
        }

        @Test("A refused event leaves the writer as it was, so the encode can go on")
        func refusedEventKeepsState() throws {
            let writer = JanssonWriter()
            try writer.beginObject()
            #expect(throws: MappingError.self) { try writer.int64(1) }
            #expect(throws: MappingError.self) { try writer.beginArray() }
            #expect(throws: MappingError.self) { try writer.endArray() }
            try writer.key("a")
            #expect(throws: MappingError.self) { try writer.key("b") }
            #expect(throws: MappingError.self) { try writer.endObject() }
            try writer.int64(1)
            try writer.endObject()
            #expect(throws: MappingError.self) { try writer.string("second") }
            let tree = try writer.finish()
            defer { CJansson_decref(node(tree)) }
            #expect(compactDump(tree) == #"{"a":1}"#)
        }

        @Test("finish() hands the tree over once; a second finish() has nothing to give")
        func finishTwice() throws {
            let writer = JanssonWriter()
            try writer.beginArray()
            try writer.endArray()
            let tree = try writer.finish()
            defer { CJansson_decref(node(tree)) }
            let error = try #require(throws: MappingError.self) { try writer.finish() }
            #expect(error.code == .invalidWriterState)
            #expect(refcount(tree) == 1)
            #expect(compactDump(tree) == "[]")
        }

        // MARK: Misuse

        static let misuses: [WriterMisuse] = [
            WriterMisuse(accepted: [], refused: .endObject, message: "endObject() without an open object"),
            WriterMisuse(accepted: [.beginArray], refused: .endObject, message: "endObject() without an open object"),
            WriterMisuse(
                accepted: [.beginObject, .key("a")],
                refused: .endObject,
                message: "endObject() without an open object awaiting a key"
            ),
            WriterMisuse(accepted: [], refused: .endArray, message: "endArray() without an open array"),
            WriterMisuse(accepted: [.beginObject], refused: .endArray, message: "endArray() without an open array"),
            WriterMisuse(
                accepted: [.beginObject],
                refused: .int(1),
                message: "a value in an object where a key is due"
            ),
            WriterMisuse(
                accepted: [.beginObject, .key("a"), .string("x")],
                refused: .string("y"),
                message: "a value in an object where a key is due"
            ),
            WriterMisuse(
                accepted: [.beginObject],
                refused: .beginArray,
                message: "a value in an object where a key is due"
            ),
            WriterMisuse(
                accepted: [.beginObject, .key("a"), .null],
                refused: .beginObject,
                message: "a value in an object where a key is due"
            ),
            WriterMisuse(accepted: [], refused: .key("a"), message: "outside an object"),
            WriterMisuse(accepted: [.beginArray, .int(1)], refused: .key("a"), message: "outside an object"),
            WriterMisuse(accepted: [.beginObject, .key("a")], refused: .key("b"), message: "where a value is due"),
            WriterMisuse(accepted: [.int(1)], refused: .int(2), message: "a second top-level value"),
            WriterMisuse(
                accepted: [.beginObject, .endObject],
                refused: .beginArray,
                message: "a second top-level value"
            ),
            WriterMisuse(accepted: [.string("s")], refused: .beginObject, message: "a second top-level value"),
            WriterMisuse(accepted: [.beginArray, .endArray], refused: .null, message: "a second top-level value"),
            WriterMisuse(accepted: [.beginArray, .int(1)], refused: nil, message: "1 container(s) still open"),
            WriterMisuse(
                accepted: [.beginObject, .key("a"), .beginArray, .beginObject, .key("b"), .string("x")],
                refused: nil,
                message: "3 container(s) still open"
            ),
            WriterMisuse(accepted: [], refused: nil, message: "nothing was written"),
        ]

        @Test("Events out of order throw invalidWriterState, never trap, and leak nothing", arguments: misuses)
        func misuse(_ misuse: WriterMisuse) throws {
            var thrown: MappingError?
            let counts = try countingJanssonAllocations {
                let writer = JanssonWriter()
                for event in misuse.accepted {
                    try event.send(to: writer)
                }
                thrown = #expect(throws: MappingError.self) {
                    if let refused = misuse.refused {
                        try refused.send(to: writer)
                    } else {
                        _ = try writer.finish()
                    }
                }
            }
            let error = try #require(thrown)
            #expect(error.code == .invalidWriterState)
            #expect(error.message.contains(misuse.message))
            #expect(error.path.isRoot)
            // Every node jansson allocated (containers, strings, integers) was released with the writer.
            #expect(counts.allocations == counts.frees)
            #expect(!misuse.accepted.contains(where: \.allocates) || counts.allocations > 0)
        }

        @Test("A writer dropped half-way releases every node it built")
        func droppedWriterReleasesTree() throws {
            let counts = try countingJanssonAllocations {
                let writer = JanssonWriter()
                try writer.beginObject()
                try writer.key("list")
                try writer.beginArray()
                for index in 0..<100 { try writer.string("element \(index)") }
                try writer.beginObject()
                try writer.key("k")
                try writer.double(2.5)
            }
            #expect(counts.allocations > 100)
            #expect(counts.allocations == counts.frees)
        }

        @Test("A finished tree is released by the caller's json_decref, and by nothing else")
        func finishedTreeOwnedByCaller() throws {
            var tree: OpaquePointer?
            let built = try countingJanssonAllocations {
                let writer = JanssonWriter()
                try writer.beginArray()
                try writer.string("kept")
                try writer.endArray()
                tree = try writer.finish()
            }
            #expect(built.allocations > 0)
            #expect(built.frees == 0)
            let finished = try #require(tree)
            #expect(refcount(finished) == 1)
            let released = countingJanssonAllocations { CJansson_decref(node(finished)) }
            #expect(released.frees == built.allocations)
            #expect(released.allocations == 0)
        }

        // MARK: What jansson cannot hold

        @Test(
            "Integers beyond jansson's Int64 throw notRepresentable",
            arguments: [UInt64(Int64.max) + 1, UInt64.max]
        )
        func uint64BeyondInt64(value: UInt64) throws {
            let writer = JanssonWriter()
            try writer.beginArray()
            let error = try #require(throws: MappingError.self) { try writer.uint64(value) }
            #expect(error.code == .notRepresentable)
            #expect(error.message.contains("\(value)"))
            try writer.endArray()
            let tree = try writer.finish()
            defer { CJansson_decref(node(tree)) }
            #expect(compactDump(tree) == "[]")
        }

        @Test(
            "Number text of an integer beyond Int64 throws notRepresentable",
            arguments: ["18446744073709551616", "9223372036854775808", "-9223372036854775809", "18446744073709551615"]
        )
        func integerTextBeyondInt64(text: String) throws {
            var thrown: MappingError?
            let counts = try countingJanssonAllocations {
                let writer = JanssonWriter()
                try writer.beginArray()
                thrown = #expect(throws: MappingError.self) { try writer.number(text: text) }
            }
            #expect(thrown?.code == .notRepresentable)
            #expect(thrown?.message.contains(text) == true)
            #expect(counts.allocations == counts.frees)
        }

        @Test(
            "Text that is not a JSON number throws unsupportedValue",
            arguments: ["01", "1.", "+1", "NaN", "", "0x10"]
        )
        func invalidNumberText(text: String) throws {
            let writer = JanssonWriter()
            let error = try #require(throws: MappingError.self) { try writer.number(text: text) }
            #expect(error.code == .unsupportedValue)
        }

        @Test(
            "Non-finite doubles throw notRepresentable and leak nothing",
            arguments: [Double.nan, .infinity, -.infinity, .signalingNaN]
        )
        func nonFiniteDouble(value: Double) throws {
            var thrown: MappingError?
            let counts = try countingJanssonAllocations {
                let writer = JanssonWriter()
                try writer.beginObject()
                try writer.key("x")
                thrown = #expect(throws: MappingError.self) { try writer.double(value) }
            }
            #expect(thrown?.code == .notRepresentable)
            #expect(counts.allocations == counts.frees)
        }

        @Test("Number text too large for a Double throws notRepresentable", arguments: ["1e400", "-1e400"])
        func numberTextBeyondDouble(text: String) throws {
            let writer = JanssonWriter()
            let error = try #require(throws: MappingError.self) { try writer.number(text: text) }
            #expect(error.code == .notRepresentable)
        }

        @Test(
            "Number text becomes the node jansson's own parser makes of that text",
            arguments: ["-7", "0", "9223372036854775807", "2.5", "1.0", "-0.0", "1e2", "1.5E3", "-2.5e-3"]
        )
        func numberTextMatchesParser(text: String) throws {
            let writer = JanssonWriter()
            try writer.number(text: text)
            let written = try writer.finish()
            defer { CJansson_decref(node(written)) }
            let parsed = try loadTree(text)
            defer { CJansson_decref(node(parsed)) }
            #expect(CJansson_typeof(node(written)) == CJansson_typeof(node(parsed)))
            #expect(compactDump(written) == compactDump(parsed))
            if CJansson_typeof(node(parsed)) == JSON_REAL {
                #expect(json_real_value(node(written)).bitPattern == json_real_value(node(parsed)).bitPattern)
            } else {
                #expect(json_integer_value(node(written)) == json_integer_value(node(parsed)))
            }
        }
    }
#endif
