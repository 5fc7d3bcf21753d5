// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import CJansson
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    /// Trees cross the API with one reference each way: `makeJanssonTree()` hands the caller +1,
    /// `JanssonBackend.json(adopting:)` takes +1 over and gives it back when the last view goes.
    @Suite struct JanssonOwnershipTests {
        // MARK: makeJanssonTree

        @Test("makeJanssonTree on a jansson view hands out the same node with one more reference")
        func sameNodeOnJanssonView() throws {
            let json = try janssonMapper().parse(#"{"a": [1, 2], "s": "text"}"#)
            let list = json["a"]
            let tree = try list.makeJanssonTree()
            #expect(address(of: tree) == address(of: list))
            #expect(refcount(tree) == 2)  // the parent object's reference and the caller's

            CJansson_decref(node(tree))
            #expect(refcount(tree) == 1)
            // The document is untouched by the caller's release.
            #expect(try json["a"].decode([Int].self) == [1, 2])
            #expect(try json["s"].decode(String.self) == "text")
        }

        @Test("makeJanssonTree on the root of a jansson document raises the root's count from 1 to 2")
        func rootOfJanssonDocument() throws {
            let json = try janssonMapper().parse("[true]")
            let tree = try json.makeJanssonTree()
            #expect(address(of: tree) == address(of: json))
            #expect(refcount(tree) == 2)
            CJansson_decref(node(tree))
            #expect(refcount(tree) == 1)
            #expect(try json[0].decode(Bool.self) == true)
        }

        @Test("A node handed out outlives its document, which releases its own reference")
        func handedOutNodeOutlivesDocument() throws {
            var tree: OpaquePointer?
            do {
                let json = try janssonMapper().parse(#"{"keep": {"x": [1, "two"]}, "drop": [3]}"#)
                tree = try json["keep"].makeJanssonTree()
                #expect(refcount(try #require(tree)) == 2)
            }
            let kept = try #require(tree)
            #expect(refcount(kept) == 1)
            #expect(compactDump(kept) == #"{"x":[1,"two"]}"#)
            let released = countingJanssonAllocations { CJansson_decref(node(kept)) }
            #expect(released.allocations == 0)
            #expect(released.frees >= 4)  // the object, its key's array, the integer and the string
        }

        @Test("makeJanssonTree on a view of another document builds a new tree with one reference")
        func newTreeFromLiteral() throws {
            let json: JSON = ["a": 1, "list": [true, nil, "s", 2.5], "nested": ["k": "v"]]
            let tree = try json.makeJanssonTree()
            defer { CJansson_decref(node(tree)) }
            #expect(refcount(tree) == 1)
            #expect(compactDump(tree) == #"{"a":1,"list":[true,null,"s",2.5],"nested":{"k":"v"}}"#)

            let member = try json["nested"].makeJanssonTree()
            defer { CJansson_decref(node(member)) }
            #expect(refcount(member) == 1)
            #expect(address(of: member) != UInt(bitPattern: json_object_get(node(tree), "nested")))
            #expect(compactDump(member) == #"{"k":"v"}"#)
        }

        @Test("makeJanssonTree on a missing view throws invalidWriterState and leaks nothing")
        func missingView() throws {
            let json = try janssonMapper().parse(#"{"a": 1}"#)
            var thrown: MappingError?
            let counts = countingJanssonAllocations {
                thrown = #expect(throws: MappingError.self) { try json["absent"].makeJanssonTree() }
            }
            #expect(thrown?.code == .invalidWriterState)
            #expect(counts.allocations == counts.frees)
            let literal: JSON = ["a": 1]
            #expect(throws: MappingError.self) { try literal["absent"].makeJanssonTree() }
        }

        // MARK: json(adopting:)

        @Test("json(adopting:) takes over one reference and releases it when the last view goes")
        func adoptReleasesWithLastView() throws {
            let tree = try loadTree(#"{"list": [1, 2, 3], "s": "é"}"#)
            _ = CJansson_incref(node(tree))  // ours, so the tree can be watched after the document lets go
            #expect(refcount(tree) == 2)
            var child: JSON?
            do {
                let json = JanssonBackend.json(adopting: tree)
                #expect(refcount(tree) == 2)
                #expect(address(of: json) == address(of: tree))
                #expect(try json["list"].decode([Int].self) == [1, 2, 3])
                #expect(try json["s"].decode(String.self) == "é")
                child = json["list"]
            }
            // A view of a member keeps the whole document alive.
            #expect(refcount(tree) == 2)
            #expect(try child?[2].decode(Int.self) == 3)
            child = nil
            #expect(refcount(tree) == 1)
            CJansson_decref(node(tree))
        }

        @Test("An adopted tree is freed entirely when its last view goes")
        func adoptedTreeFreed() throws {
            let counts = try countingJanssonAllocations {
                var error = json_error_t()
                let tree = try #require(json_loads(#"{"a": [1, "two", {"b": null}], "c": 2.5}"#, 0, &error))
                let json = JanssonBackend.json(adopting: OpaquePointer(tree))
                #expect(try json["a"][1].decode(String.self) == "two")
                #expect(json["a"][2]["b"].kind == .null)
            }
            #expect(counts.allocations > 0)
            #expect(counts.allocations == counts.frees)
        }

        @Test("Views of a parsed document release the whole tree when the last goes")
        func parsedTreeFreed() throws {
            let counts = try countingJanssonAllocations {
                let json = try janssonMapper().parse(#"{"a": [1, "two", {"b": null}], "c": 2.5}"#)
                let inner = json["a"][2]
                #expect(inner["b"].kind == .null)
            }
            #expect(counts.allocations > 0)
            #expect(counts.allocations == counts.frees)
        }

        @Test("makeJanssonTree on an adopted tree's view returns that tree with one more reference")
        func adoptThenMakeTree() throws {
            let tree = try loadTree("[[1], [2]]")
            let json = JanssonBackend.json(adopting: tree)
            let again = try json.makeJanssonTree()
            #expect(address(of: again) == address(of: tree))
            #expect(refcount(again) == 2)
            CJansson_decref(node(again))
            #expect(refcount(tree) == 1)
            #expect(try json[1][0].decode(Int.self) == 2)
        }

        @Test("Trees handed out from many tasks at once keep an exact count: jansson's counts are atomic")
        func concurrentReferences() async throws {
            let json = try janssonMapper().parse(#"{"shared": {"n": [1, 2, 3]}}"#)
            let shared = json["shared"]
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        for _ in 0..<2_000 {
                            guard let tree = try? shared.makeJanssonTree() else { continue }
                            CJansson_decref(node(tree))
                        }
                    }
                }
            }
            let tree = try shared.makeJanssonTree()
            defer { CJansson_decref(node(tree)) }
            #expect(refcount(tree) == 2)
            #expect(try json["shared"]["n"].decode([Int].self) == [1, 2, 3])
        }
    }
#endif
