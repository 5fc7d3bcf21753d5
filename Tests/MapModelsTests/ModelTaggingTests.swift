#if Macros
    import Foundation
    import JSONMapping
    import MapTestSupport
    import Testing

    @JSONModel
    enum TaggedShape: Equatable {
        case circle(radius: Double)
        case rect(width: Double, height: Double)
        case label(String)
        case none
    }

    @JSONModel
    struct TaggedPoint: Equatable {
        var x: Int
        var y: Int
    }

    @JSONModel(keys: .snakeCase, tagging: .internal(tag: "type"))
    enum TaggedEvent: Equatable {
        case userCreated(userID: Int, nickName: String?)
        @JSONKey("deleted") case userDeleted(userID: Int)
        case moved(TaggedPoint)
        case ping
    }

    @JSONModel(tagging: .adjacent(tag: "t", content: "c"))
    enum TaggedMessage: Equatable {
        case text(String)
        case pair(Int, Int)
        case point(x: Int, y: Int)
        case stamp(Date)
        case empty
    }

    @JSONModel(tagging: .untagged)
    enum UntaggedValue: Equatable {
        case point(x: Int, y: Int)
        case number(Int)
        case text(String)
        case nothing
    }

    @JSONModel(tagging: .internal(tag: "kind"))
    enum TaggedNotice: Equatable {
        case alert(level: Int)
        @JSONFallback case other
    }

    @JSONModel(tagging: .internal(tag: "type"))
    enum TaggedCard: Equatable {
        case suit(Suit)
    }

    @JSONModel(tagging: .adjacent(tag: "op", content: "args"))
    indirect enum TaggedExpression: Equatable {
        case number(Int)
        case sum([TaggedExpression])
        case negate(TaggedExpression)
    }

    /// A `DecodingError`'s case, coding path and (for a missing key) key, for comparing two decoders'
    /// errors.
    func decodingShape(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/")
        }
        switch error {
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
        case .valueNotFound(_, let context): return "valueNotFound at \(path(context))"
        case .typeMismatch(_, let context): return "typeMismatch at \(path(context))"
        case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
        @unknown default: return "\(error)"
        }
    }

    /// Checks that `text` reads as `value` through the direct path, `JSONMappingDecoder` and
    /// Foundation's `JSONDecoder`; that it is written back as `text` by the direct path and
    /// `JSONMappingEncoder`; and that Foundation's `JSONEncoder` writes what reads back as `value`.
    func expectRoundTrip<T: JSONModel & Codable & Equatable>(
        _ text: String,
        _ value: T,
        backend: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let mapper = try Mapper(backendNamed: backend)
        #expect(try mapper.decode(T.self, from: text) == value, sourceLocation: sourceLocation)
        #expect(
            try JSONMappingDecoder(mapper: mapper).decode(T.self, from: text) == value,
            sourceLocation: sourceLocation
        )
        #expect(try JSONDecoder().decode(T.self, from: Data(text.utf8)) == value, sourceLocation: sourceLocation)
        #expect(try mapper.encodeToString(value) == text, sourceLocation: sourceLocation)
        #expect(try JSONMappingEncoder().encode(value) == Data(text.utf8), sourceLocation: sourceLocation)
        let foundation = try JSONEncoder().encode([value])
        #expect(try mapper.decode([T].self, from: String(decoding: foundation, as: UTF8.self)) == [value])
        #expect(try JSONDecoder().decode([T].self, from: foundation) == [value], sourceLocation: sourceLocation)
    }

    /// Checks that `[element]` fails with `code` at `path` through the direct path, and that
    /// `JSONMappingDecoder` throws the `DecodingError` Foundation's `JSONDecoder` throws.
    @discardableResult
    func expectFailure<T: JSONModel & Codable>(
        _ type: T.Type,
        _ element: String,
        _ code: MappingError.Code,
        at path: String,
        backend: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> MappingError {
        let mapper = try Mapper(backendNamed: backend)
        let text = "[\(element)]"
        let error = try #require(throws: MappingError.self, sourceLocation: sourceLocation) {
            try mapper.decode([T].self, from: text)
        }
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.path.description == path, sourceLocation: sourceLocation)
        let ours = #expect(throws: DecodingError.self, sourceLocation: sourceLocation) {
            try JSONMappingDecoder(mapper: mapper).decode([T].self, from: text)
        }
        let theirs = #expect(throws: DecodingError.self, sourceLocation: sourceLocation) {
            try JSONDecoder().decode([T].self, from: Data(text.utf8))
        }
        if let ours, let theirs {
            #expect(decodingShape(ours) == decodingShape(theirs), sourceLocation: sourceLocation)
        }
        return error
    }

    @Suite struct ModelTaggingTests {
        @Test(
            "An externally tagged enum reads and writes each case, in agreement with Foundation",
            arguments: linkedBackendNames
        )
        func external(backend: String) throws {
            try expectRoundTrip(#"{"circle":{"radius":1.5}}"#, TaggedShape.circle(radius: 1.5), backend: backend)
            try expectRoundTrip(
                #"{"rect":{"width":2.5,"height":3.5}}"#,
                TaggedShape.rect(width: 2.5, height: 3.5),
                backend: backend
            )
            try expectRoundTrip(#"{"label":"x"}"#, TaggedShape.label("x"), backend: backend)
            try expectRoundTrip(#""none""#, TaggedShape.none, backend: backend)
            // A case without content is also read from the object Swift's own Codable writes.
            let mapper = try Mapper(backendNamed: backend)
            #expect(try mapper.decode(TaggedShape.self, from: #"{"none": {}}"#) == .none)
            #expect(try JSONDecoder().decode(TaggedShape.self, from: Data(#"{"none": {}}"#.utf8)) == .none)
        }

        @Test(
            "An externally tagged enum fails with the code at the path, as Foundation's decoder does",
            arguments: linkedBackendNames,
            [
                (#"{"triangle": {}}"#, MappingError.Code.unknownDiscriminator, "[0].triangle"),
                (#""triangle""#, .unknownDiscriminator, "[0]"),
                ("{}", .typeMismatch, "[0]"),
                (#"{"circle": {}, "label": "x"}"#, .typeMismatch, "[0]"),
                ("7", .typeMismatch, "[0]"),
                (#"{"circle": {"radius": "x"}}"#, .typeMismatch, "[0].circle.radius"),
                (#"{"circle": {}}"#, .missingKey, "[0].circle.radius"),
                (#"{"label": 1}"#, .typeMismatch, "[0].label"),
                (#""circle""#, .typeMismatch, "[0]"),
            ] as [(String, MappingError.Code, String)]
        )
        func externalFailures(backend: String, failure: (String, MappingError.Code, String)) throws {
            try expectFailure(TaggedShape.self, failure.0, failure.1, at: failure.2, backend: backend)
        }

        @Test(
            "An internally tagged enum reads and writes each case, in agreement with Foundation",
            arguments: linkedBackendNames
        )
        func internallyTagged(backend: String) throws {
            try expectRoundTrip(
                #"{"type":"user_created","user_id":1,"nick_name":"ada"}"#,
                TaggedEvent.userCreated(userID: 1, nickName: "ada"),
                backend: backend
            )
            try expectRoundTrip(
                #"{"type":"user_created","user_id":1}"#,
                TaggedEvent.userCreated(userID: 1, nickName: nil),
                backend: backend
            )
            try expectRoundTrip(
                #"{"type":"deleted","user_id":2}"#,
                TaggedEvent.userDeleted(userID: 2),
                backend: backend
            )
            try expectRoundTrip(
                #"{"type":"moved","x":1,"y":2}"#,
                TaggedEvent.moved(TaggedPoint(x: 1, y: 2)),
                backend: backend
            )
            try expectRoundTrip(#"{"type":"ping"}"#, TaggedEvent.ping, backend: backend)
            // The tag need not come first.
            let mapper = try Mapper(backendNamed: backend)
            #expect(
                try mapper.decode(TaggedEvent.self, from: #"{"user_id": 3, "type": "deleted"}"#)
                    == .userDeleted(userID: 3)
            )
        }

        @Test(
            "An internally tagged enum fails with the code at the path, as Foundation's decoder does",
            arguments: linkedBackendNames,
            [
                (#"{"user_id": 1}"#, MappingError.Code.missingKey, "[0].type"),
                (#"{"type": 1}"#, .typeMismatch, "[0].type"),
                (#"{"type": null}"#, .nullValue, "[0].type"),
                (#"{"type": "gone"}"#, .unknownDiscriminator, "[0].type"),
                (#"{"type": "userDeleted", "user_id": 1}"#, .unknownDiscriminator, "[0].type"),
                (#"{"type": "deleted", "user_id": "x"}"#, .typeMismatch, "[0].user_id"),
                (#"{"type": "deleted"}"#, .missingKey, "[0].user_id"),
                (#"{"type": "moved", "x": 1}"#, .missingKey, "[0].y"),
                (#""ping""#, .typeMismatch, "[0]"),
            ] as [(String, MappingError.Code, String)]
        )
        func internalFailures(backend: String, failure: (String, MappingError.Code, String)) throws {
            try expectFailure(TaggedEvent.self, failure.0, failure.1, at: failure.2, backend: backend)
        }

        @Test(
            "Both Codable paths throw Foundation's errors: keyNotFound for a missing tag, dataCorrupted for an unknown",
            arguments: [
                (#"[{"user_id": 1}]"#, "keyNotFound type at [0]"),
                (#"[{"type": "gone"}]"#, "dataCorrupted at [0]/type"),
                (#"[{"type": "deleted", "user_id": "x"}]"#, "typeMismatch at [0]/user_id"),
            ]
        )
        func decodingErrorShapes(text: String, shape: String) throws {
            let ours = try #require(throws: DecodingError.self) {
                try JSONMappingDecoder().decode([TaggedEvent].self, from: text)
            }
            let theirs = try #require(throws: DecodingError.self) {
                try JSONDecoder().decode([TaggedEvent].self, from: Data(text.utf8))
            }
            #expect(decodingShape(ours) == shape)
            #expect(decodingShape(theirs) == shape)
        }

        @Test(
            "An adjacently tagged enum reads and writes each case, in agreement with Foundation",
            arguments: linkedBackendNames
        )
        func adjacent(backend: String) throws {
            try expectRoundTrip(#"{"t":"text","c":"hi"}"#, TaggedMessage.text("hi"), backend: backend)
            try expectRoundTrip(#"{"t":"pair","c":{"_0":1,"_1":2}}"#, TaggedMessage.pair(1, 2), backend: backend)
            try expectRoundTrip(#"{"t":"point","c":{"x":3,"y":4}}"#, TaggedMessage.point(x: 3, y: 4), backend: backend)
            try expectRoundTrip(
                #"{"t":"stamp","c":"2025-11-30T00:00:00Z"}"#,
                TaggedMessage.stamp(Date(timeIntervalSince1970: 1_764_460_800)),
                backend: backend
            )
            try expectRoundTrip(#"{"t":"empty"}"#, TaggedMessage.empty, backend: backend)
        }

        @Test(
            "An adjacently tagged enum fails with the code at the path, as Foundation's decoder does",
            arguments: linkedBackendNames,
            [
                (#"{"c": 1}"#, MappingError.Code.missingKey, "[0].t"),
                (#"{"t": "nope", "c": 1}"#, .unknownDiscriminator, "[0].t"),
                (#"{"t": "text"}"#, .missingKey, "[0].c"),
                (#"{"t": "text", "c": 1}"#, .typeMismatch, "[0].c"),
                (#"{"t": "point", "c": {"x": 1, "y": "2"}}"#, .typeMismatch, "[0].c.y"),
                (#"{"t": "pair", "c": {"_0": 1}}"#, .missingKey, "[0].c._1"),
            ] as [(String, MappingError.Code, String)]
        )
        func adjacentFailures(backend: String, failure: (String, MappingError.Code, String)) throws {
            try expectFailure(TaggedMessage.self, failure.0, failure.1, at: failure.2, backend: backend)
        }

        @Test(
            "An untagged enum reads the first case that fits, in agreement with Foundation",
            arguments: linkedBackendNames
        )
        func untagged(backend: String) throws {
            try expectRoundTrip(#"{"x":1,"y":2}"#, UntaggedValue.point(x: 1, y: 2), backend: backend)
            try expectRoundTrip("3", UntaggedValue.number(3), backend: backend)
            try expectRoundTrip(#""a""#, UntaggedValue.text("a"), backend: backend)
            try expectRoundTrip("null", UntaggedValue.nothing, backend: backend)
        }

        @Test(
            "An untagged value no case reads is one error keeping every case's reason at its path",
            arguments: linkedBackendNames
        )
        func untaggedFailure(backend: String) throws {
            let error = try expectFailure(
                UntaggedValue.self,
                #"{"x": 1, "y": "two"}"#,
                .noMatchingCandidate,
                at: "[0]",
                backend: backend
            )
            #expect(error.candidateErrors.map(\.candidate) == ["point", "number", "text", "nothing"])
            #expect(error.collected.map(\.path.description) == ["[0].y", "[0]", "[0]", "[0]"])
            #expect(
                error.candidateErrors.map(\.error.code) == [.typeMismatch, .typeMismatch, .typeMismatch, .typeMismatch]
            )
            // Foundation's decoder gives the same reasons, under its DecodingError.
            let foundation = try #require(throws: DecodingError.self) {
                try JSONDecoder().decode([UntaggedValue].self, from: Data(#"[{"x": 1, "y": "two"}]"#.utf8))
            }
            guard case .dataCorrupted(let context) = foundation else {
                Issue.record("expected dataCorrupted, got \(foundation)")
                return
            }
            let underlying = try #require(context.underlyingError as? MappingError)
            #expect(underlying.code == .noMatchingCandidate)
            #expect(underlying.collected.map(\.path.description) == ["[0].y", "[0]", "[0]", "[0]"])
        }

        @Test("The package's coders with a key strategy take the containers, and agree with Foundation's")
        func containersOfThePackagesCoders() throws {
            let values: [TaggedEvent] = [
                .userCreated(userID: 1, nickName: "a"), .moved(TaggedPoint(x: 1, y: 2)), .ping,
            ]
            let encoder = JSONMappingEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = .sortedKeys
            let foundationEncoder = JSONEncoder()
            foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
            foundationEncoder.outputFormatting = .sortedKeys
            let ours = try encoder.encode(values)
            #expect(ours == (try foundationEncoder.encode(values)))
            // A strategy that keeps every key as it is still takes the containers.
            let decoder = JSONMappingDecoder()
            decoder.keyDecodingStrategy = .custom { path in path[path.count - 1] }
            #expect(try decoder.decode([TaggedEvent].self, from: ours) == values)
            let shapes: [TaggedShape] = [.circle(radius: 1.5), .label("x"), .none]
            let messages: [TaggedMessage] = [.pair(1, 2), .point(x: 1, y: 2), .empty]
            let untagged: [UntaggedValue] = [.point(x: 1, y: 2), .number(3), .nothing]
            #expect(try encoder.encode(shapes) == (try foundationEncoder.encode(shapes)))
            #expect(try encoder.encode(messages) == (try foundationEncoder.encode(messages)))
            #expect(try encoder.encode(untagged) == (try foundationEncoder.encode(untagged)))
            #expect(try decoder.decode([TaggedShape].self, from: encoder.encode(shapes)) == shapes)
            #expect(try decoder.decode([TaggedMessage].self, from: encoder.encode(messages)) == messages)
            #expect(try decoder.decode([UntaggedValue].self, from: encoder.encode(untagged)) == untagged)
            let failure = try #require(throws: DecodingError.self) {
                try decoder.decode([UntaggedValue].self, from: #"[{"x": 1, "y": "two"}]"#)
            }
            let foundation = try #require(throws: DecodingError.self) {
                try JSONDecoder().decode([UntaggedValue].self, from: Data(#"[{"x": 1, "y": "two"}]"#.utf8))
            }
            #expect(decodingShape(failure) == decodingShape(foundation))
        }

        @Test("An internally tagged case whose value is not an object fails to encode, under every encoder")
        func internalContentNotAnObject() throws {
            let mapper = try Mapper(backendNamed: "native")
            let error = try #require(throws: MappingError.self) { try mapper.encodeToString(TaggedCard.suit(.hearts)) }
            #expect(error.code == .unsupportedValue)
            let foundation = try #require(throws: EncodingError.self) {
                try JSONEncoder().encode(TaggedCard.suit(.hearts))
            }
            guard case .invalidValue(_, let context) = foundation else {
                Issue.record("expected invalidValue, got \(foundation)")
                return
            }
            #expect((context.underlyingError as? MappingError)?.code == .unsupportedValue)
            try expectFailure(TaggedCard.self, #"{"type": "suit"}"#, .typeMismatch, at: "[0]", backend: "native")
        }

        @Test(
            "A tag no case has reads as the @JSONFallback case, which writes its own tag",
            arguments: linkedBackendNames
        )
        func fallback(backend: String) throws {
            let text = #"{"kind": "upgrade", "level": 2}"#
            let mapper = try Mapper(backendNamed: backend)
            #expect(try mapper.decode(TaggedNotice.self, from: text) == .other)
            #expect(try JSONMappingDecoder(mapper: mapper).decode(TaggedNotice.self, from: text) == .other)
            #expect(try JSONDecoder().decode(TaggedNotice.self, from: Data(text.utf8)) == .other)
            try expectRoundTrip(#"{"kind":"alert","level":2}"#, TaggedNotice.alert(level: 2), backend: backend)
            try expectRoundTrip(#"{"kind":"other"}"#, TaggedNotice.other, backend: backend)
            // A missing tag is still an error.
            try expectFailure(TaggedNotice.self, #"{"level": 2}"#, .missingKey, at: "[0].kind", backend: backend)
        }

        @Test(
            "A recursive enum reads and writes its nested cases, and an error deep inside has its path",
            arguments: linkedBackendNames
        )
        func recursive(backend: String) throws {
            try expectRoundTrip(
                #"{"op":"sum","args":[{"op":"number","args":1},{"op":"negate","args":{"op":"number","args":2}}]}"#,
                TaggedExpression.sum([.number(1), .negate(.number(2))]),
                backend: backend
            )
            try expectFailure(
                TaggedExpression.self,
                #"{"op": "sum", "args": [{"op": "negate", "args": {"op": "number", "args": "2"}}]}"#,
                .typeMismatch,
                at: "[0].args[0].args.args",
                backend: backend
            )
        }

        @Test(
            "The unknown-key report counts every tag as read, and lists the members no case reads",
            arguments: linkedBackendNames
        )
        func unknownKeys(backend: String) throws {
            let mapper = try IdiomDiagnostics().mapper(backend) { $0.reportsUnknownKeys = true }
            let events = mapper.decodeWithReport(
                [TaggedEvent].self,
                from: #"[{"type": "deleted", "user_id": 1, "extra": 0}, {"type": "ping"}]"#
            )
            #expect(events.value == [.userDeleted(userID: 1), .ping])
            #expect(events.unknownKeys.map(\.description) == ["[0].extra"])
            let messages = mapper.decodeWithReport(
                [TaggedMessage].self,
                from: #"[{"t": "point", "c": {"x": 1, "y": 2, "z": 3}}, {"t": "empty", "x": 0}]"#
            )
            #expect(messages.value == [.point(x: 1, y: 2), .empty])
            #expect(Set(messages.unknownKeys.map(\.description)) == ["[0].c.z", "[1].x"])
            let shapes = mapper.decodeWithReport([TaggedShape].self, from: #"[{"circle": {"radius": 1, "r": 2}}]"#)
            #expect(shapes.value == [.circle(radius: 1)])
            #expect(shapes.unknownKeys.map(\.description) == ["[0].circle.r"])
        }

        @Test("A failed try of an untagged case leaves no diagnostics behind", arguments: linkedBackendNames)
        func untaggedDropsTries(backend: String) throws {
            let diagnostics = IdiomDiagnostics()
            let mapper = try diagnostics.mapper(backend)
            #expect(try mapper.decode([UntaggedValue].self, from: #"["a", 1]"#) == [.text("a"), .number(1)])
            #expect(diagnostics.entries.filter { $0.severity == .error }.isEmpty)
        }
    }
#endif
