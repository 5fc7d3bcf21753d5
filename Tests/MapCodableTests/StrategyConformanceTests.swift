import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Foundation's decoding strategies — keys, dates, data, non-conforming floats, user info — in
/// `JSONMappingDecoder` on every backend, against `JSONDecoder` configured the same way.
@Suite struct StrategyConformanceTests {
    /// Coding keys named as `convertFromSnakeCase` makes them from the JSON keys beside them.
    struct SnakeKeys: Codable, Equatable {
        var oneTwo: Int?
        var leading: Int?
        var trailing: Int?
        var both: Int?
        var aB: Int?
        var allCaps: Int?
        var userId: Int?
        var alreadyCamel: Int?
        var with2Nd: Int?
        var x: Int?
        var underscore: Int?
        var uberStrasse: Int?

        /// Each raw value is what Foundation makes of the JSON key in the comment.
        enum CodingKeys: String, CodingKey {
            case oneTwo  // one_two
            case leading = "_leading"  // _leading
            case trailing = "trailing_"  // trailing_
            case both = "__both__"  // __both__
            case aB  // a__b
            case allCaps  // ALL_CAPS
            case userId  // user_ID
            case alreadyCamel  // alreadyCamel
            case with2Nd  // with_2nd
            case x  // x
            case underscore = "_"  // _
            case uberStrasse = "überStraße"  // über_straße
        }
    }

    static let snakeText = """
        {"one_two": 1, "_leading": 2, "trailing_": 3, "__both__": 4, "a__b": 5, "ALL_CAPS": 6, "user_ID": 7,
         "alreadyCamel": 8, "with_2nd": 9, "x": 10, "_": 11, "über_straße": 12}
        """

    @Test(
        "convertFromSnakeCase converts keys — leading, trailing and doubled underscores, capitals, digits — as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func snakeCaseEdges(backend: String) throws {
        let pair = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let parity = pair.parity(SnakeKeys.self, Self.snakeText)
        #expect(parity.agrees, "\(parity)")
        guard case .value(let value) = parity.foundation else {
            Issue.record("Foundation failed: \(parity.foundation)")
            return
        }
        // What Foundation makes of each key, so that a change in Foundation shows here.
        #expect(value.oneTwo == 1)
        #expect(value.leading == 2)
        #expect(value.trailing == 3)
        #expect(value.both == 4)
        #expect(value.aB == 5)
        #expect(value.allCaps == 6)
        #expect(value.userId == 7)
        #expect(value.alreadyCamel == 8)
        #expect(value.x == 10)
        #expect(value.underscore == 11)
        #expect(value.uberStrasse == 12)
    }

    /// Keys whose conversion turns on how a word after an underscore is capitalized.
    struct CapitalizedKeys: Decodable, Equatable {
        var values: [String: Int]

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(values: [String: Int]) { self.values = values }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            var values: [String: Int] = [:]
            for key in container.allKeys { values[key.stringValue] = try container.decode(Int.self, forKey: key) }
            self.values = values
        }
    }

    @Test(
        "convertFromSnakeCase capitalizes words after digits, apostrophes and dashes as JSONDecoder does",
        arguments: linkedBackendNames,
        ["with_2nd", "a_b-c", "don_t's", "a_x.y", "a_ǆemal", "a_ßa", "a_1a2b", "one_TWO_three", "a_b c", "a_ÉCOLE"]
    )
    func snakeCaseCapitalization(backend: String, key: String) throws {
        let pair = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let parity = pair.parity(CapitalizedKeys.self, #"{"\#(key)": 1}"#)
        #expect(parity.agrees, "\(parity)")
    }

    @Test(
        "convertFromSnakeCase names the camel-case key in error paths, as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func snakeCasePaths(backend: String) throws {
        struct Outer: Codable, Equatable {
            var innerValue: Inner
            var byName: [String: Int]
            struct Inner: Codable, Equatable { var deepNumber: Int }
        }
        let pair = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        pair.expect(
            Outer.self,
            #"{"inner_value": {"deep_number": "1"}, "by_name": {}}"#,
            .typeMismatch(["innerValue", "deepNumber"]),
            code: .typeMismatch,
            at: ["inner_value", "deep_number"]
        )
        pair.expect(
            Outer.self,
            #"{"inner_value": {}, "by_name": {}}"#,
            .keyNotFound("deepNumber", ["innerValue"]),
            code: .missingKey
        )
        // A key without underscores is left as it is, so camel case in the JSON matches too.
        pair.expect(
            Outer.self,
            #"{"innerValue": {"deep_number": 1}, "by_name": {}}"#,
            .value(Outer(innerValue: .init(deepNumber: 1), byName: [:]))
        )
        pair.expect(
            Outer.self,
            #"{"inner_value": {"deep_number": 1}, "by_name": {"some_key": 1}}"#,
            .value(Outer(innerValue: .init(deepNumber: 1), byName: ["some_key": 1]))
        )
    }

    @Test(
        "convertFromSnakeCase leaves dictionary keys alone in error paths too, as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func snakeCaseDictionaryPaths(backend: String) throws {
        struct Outer: Codable, Equatable {
            var byName: [String: Int]
        }
        let pair = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        pair.expect(
            Outer.self,
            #"{"by_name": {"some_key": 1, "other_key": "x"}}"#,
            .typeMismatch(["byName", "other_key"]),
            code: .typeMismatch,
            at: ["by_name", "other_key"]
        )
        // Dictionaries inside dictionaries keep their keys; a model inside one has its keys converted.
        pair.expect([String: [String: Int]].self, #"{"a_b": {"c_d": 1}}"#, .value(["a_b": ["c_d": 1]]))
        struct Inner: Codable, Equatable { var deepNumber: Int }
        pair.expect([String: Inner].self, #"{"a_b": {"deep_number": 1}}"#, .value(["a_b": Inner(deepNumber: 1)]))
        // Keys inside an array of dictionaries are data too.
        pair.expect(
            [[String: Int]].self,
            #"[{"a_b": 1}, {"c_d": null}]"#,
            .valueNotFound(["[1]", "c_d"]),
            code: .nullValue,
            at: [1, "c_d"]
        )
    }

    @Test(
        "convertFromSnakeCase keeps the first of two JSON keys that convert to one coding key, as JSONDecoder does",
        arguments: linkedBackendNames
    )
    func snakeCaseCollisions(backend: String) throws {
        let pair = try DecoderPair(backend: backend) { $0.keyDecodingStrategy = .convertFromSnakeCase }
        let first = pair.parity(Box<Int>.self, #"{"v": 1, "_v": 2, "v_": 3}"#)
        #expect(first.agrees, "\(first)")
        let collide = pair.parity(SnakeKeys.self, #"{"one_two": 1, "oneTwo": 2}"#)
        #expect(collide.agrees, "\(collide)")
        let reversed = pair.parity(SnakeKeys.self, #"{"oneTwo": 2, "one_two": 1}"#)
        #expect(reversed.agrees, "\(reversed)")
    }

    @Test("A custom key strategy sees the same coding paths and keys as in JSONDecoder", arguments: linkedBackendNames)
    func customKeys(backend: String) throws {
        struct Outer: Codable, Equatable {
            var first: Inner
            var list: [Inner]
            var map: [String: Inner]
            struct Inner: Codable, Equatable { var value: Int }
        }
        let seen = Transcript()
        let pair = try DecoderPair(backend: backend) {
            $0.keyDecodingStrategy = .custom { path in
                seen.note(pathText(path))
                let last = path.last!.stringValue
                return CodableKeyForTests(stringValue: last.hasPrefix("X-") ? String(last.dropFirst(2)) : last)
            }
        }
        let text = #"{"X-first": {"X-value": 1}, "list": [{"X-value": 2}], "X-map": {"X-k": {"value": 3}}}"#
        let data = Data(text.utf8)
        let ours = DecodeOutcome { try pair.ours.decode(Outer.self, from: data) }
        let oursSeen = seen.take()
        let foundation = DecodeOutcome { try pair.foundation.decode(Outer.self, from: data) }
        let foundationSeen = seen.take()
        #expect(ours == foundation)
        #expect(ours == .value(Outer(first: .init(value: 1), list: [.init(value: 2)], map: ["X-k": .init(value: 3)])))
        #expect(oursSeen.sorted() == foundationSeen.sorted())
        // A failure's path names the converted keys.
        let bad = #"{"X-first": {"X-value": "1"}, "list": [], "map": {}}"#
        pair.expect(
            Outer.self,
            bad,
            .typeMismatch(["first", "value"]),
            code: .typeMismatch,
            at: ["X-first", "X-value"]
        )
    }

    /// Dates under each strategy: the strategy, the input, and what ours must come to.
    static func dateCases() -> [(JSONDecoder.DateDecodingStrategy, String, String, DecodeOutcome<Date>)] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let formatted = JSONDecoder.DateDecodingStrategy.formatted(formatter)
        let custom = JSONDecoder.DateDecodingStrategy.custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let seconds = Double(text.dropFirst(1)), text.first == "@" else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not @seconds")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        let keyed = JSONDecoder.DateDecodingStrategy.custom { decoder in
            struct Keys: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            let container = try decoder.container(keyedBy: Keys.self)
            return Date(timeIntervalSince1970: try container.decode(Double.self, forKey: Keys(stringValue: "s")))
        }
        return [
            (.deferredToDate, "deferred", "10", .value(Date(timeIntervalSinceReferenceDate: 10))),
            (.deferredToDate, "deferred", #""10""#, .typeMismatch(["v"])),
            (.secondsSince1970, "seconds", "1700000000.5", .value(Date(timeIntervalSince1970: 1_700_000_000.5))),
            (.secondsSince1970, "seconds", "-1", .value(Date(timeIntervalSince1970: -1))),
            (.secondsSince1970, "seconds", #""1""#, .typeMismatch(["v"])),
            (.secondsSince1970, "seconds", "true", .typeMismatch(["v"])),
            (
                .millisecondsSince1970, "milliseconds", "1700000000500",
                .value(Date(timeIntervalSince1970: 1_700_000_000.5))
            ),
            (.millisecondsSince1970, "milliseconds", "1.5", .value(Date(timeIntervalSince1970: 0.0015))),
            (.millisecondsSince1970, "milliseconds", "[]", .typeMismatch(["v"])),
            (.iso8601, "iso8601", #""2024-02-29T12:00:00Z""#, .value(Date(timeIntervalSince1970: 1_709_208_000))),
            (.iso8601, "iso8601", #""2024-02-29T13:00:00+01:00""#, .value(Date(timeIntervalSince1970: 1_709_208_000))),
            (
                .iso8601, "iso8601", #""2024-02-29T12:00:00.250Z""#,
                .value(Date(timeIntervalSince1970: 1_709_208_000.25))
            ),
            (.iso8601, "iso8601", #""2024-02-29""#, .dataCorrupted()),
            // Both parsers roll an impossible day over into the next month.
            (.iso8601, "iso8601", #""2023-02-29T12:00:00Z""#, .value(Date(timeIntervalSince1970: 1_677_672_000))),
            (.iso8601, "iso8601", #""2024-02-29 12:00:00Z""#, .dataCorrupted()),
            (.iso8601, "iso8601", #""yesterday""#, .dataCorrupted()),
            (.iso8601, "iso8601", "1709208000", .typeMismatch(["v"])),
            (formatted, "formatted", #""2024-02-29 12:00""#, .value(Date(timeIntervalSince1970: 1_709_208_000))),
            (formatted, "formatted", #""29/02/2024""#, .dataCorrupted(["v"])),
            (formatted, "formatted", "1", .typeMismatch(["v"])),
            (custom, "custom", #""@1700000000""#, .value(Date(timeIntervalSince1970: 1_700_000_000))),
            (custom, "custom", #""1700000000""#, .dataCorrupted(["v"])),
            (custom, "custom", "1", .typeMismatch(["v"])),
            (keyed, "custom keyed", #"{"s": 5}"#, .value(Date(timeIntervalSince1970: 5))),
            (keyed, "custom keyed", #"{"t": 5}"#, .keyNotFound("s", ["v"])),
            (keyed, "custom keyed", #"{"s": "5"}"#, .typeMismatch(["v", "s"])),
        ]
    }

    @Test("Every date strategy reads dates, and fails on bad ones, as JSONDecoder does", arguments: linkedBackendNames)
    func dateStrategies(backend: String) throws {
        for (strategy, name, text, expected) in Self.dateCases() {
            let pair = try DecoderPair(backend: backend) { $0.dateDecodingStrategy = strategy }
            let parity = pair.parity(Box<Date>.self, #"{"v": \#(text)}"#, view: \.v)
            #expect(parity.agrees, "\(name): \(parity)")
            #expect(parity.ours == expected, "\(name): \(parity)")
            // null is valueNotFound under every strategy.
            let null = pair.parity(Box<Date>.self, #"{"v": null}"#, view: \.v)
            check(null, .valueNotFound(["v"]), code: .nullValue, at: "v")
            // An optional date is nil for null and for a missing key.
            let optional = pair.parity(Box<Date?>.self, #"{"v": null}"#, view: \.v)
            check(optional, .value(nil))
        }
    }

    @Test(
        "The ISO 8601 strategy reports a bad date at the decoder's coding path, as JSONDecoder does, and the date's own path in the MappingError",
        arguments: linkedBackendNames
    )
    func iso8601Errors(backend: String) throws {
        let pair = try DecoderPair(backend: backend) { $0.dateDecodingStrategy = .iso8601 }
        pair.expect(
            [Date].self,
            #"["2024-02-29T12:00:00Z", "nope"]"#,
            .dataCorrupted(),
            code: .bridgingFailed,
            at: [1]
        )
        pair.expect([Date].self, #"["2024-02-29T12:00:00Z", 5]"#, .typeMismatch(["[1]"]), code: .typeMismatch, at: [1])
    }

    @Test(
        "An error a custom date closure throws itself passes through both decoders unchanged",
        arguments: linkedBackendNames
    )
    func customDateOwnError(backend: String) throws {
        struct Refused: Error, Equatable { let path: [String] }
        let pair = try DecoderPair(backend: backend) {
            $0.dateDecodingStrategy = .custom { decoder in
                throw Refused(path: DecodeOutcome<Int>.names(decoder.codingPath))
            }
        }
        let data = Data(#"{"v": [1]}"#.utf8)
        let ours = #expect(throws: Refused.self) { try pair.ours.decode(Box<Date>.self, from: data) }
        let foundation = #expect(throws: Refused.self) { try pair.foundation.decode(Box<Date>.self, from: data) }
        #expect(ours == foundation)
        #expect(ours == Refused(path: ["v"]))
    }

    @Test("Every data strategy reads data, and fails on bad data, as JSONDecoder does", arguments: linkedBackendNames)
    func dataStrategies(backend: String) throws {
        let base64 = try DecoderPair(backend: backend) { $0.dataDecodingStrategy = .base64 }
        base64.expect(Box<Data>.self, #"{"v": "AAEC/w=="}"#, .value(Box(v: Data([0, 1, 2, 255]))))
        base64.expect(Box<Data>.self, #"{"v": "AAEC\/w=="}"#, .value(Box(v: Data([0, 1, 2, 255]))))
        base64.expect(Box<Data>.self, #"{"v": "AAEC_w=="}"#, .dataCorrupted(["v"]), code: .bridgingFailed, at: "v")
        base64.expect(Box<Data>.self, #"{"v": "AAE C/w=="}"#, .dataCorrupted(["v"]), code: .bridgingFailed, at: "v")
        base64.expect(Box<Data>.self, #"{"v": 1}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        let deferred = try DecoderPair(backend: backend) { $0.dataDecodingStrategy = .deferredToData }
        deferred.expect(Box<Data>.self, #"{"v": [0, 1, 255]}"#, .value(Box(v: Data([0, 1, 255]))))
        deferred.expect(Box<Data>.self, #"{"v": []}"#, .value(Box(v: Data())))
        deferred.expect(
            Box<Data>.self,
            #"{"v": [0, 256]}"#,
            .dataCorrupted(),
            code: .notRepresentable,
            at: ["v", 1]
        )
        deferred.expect(Box<Data>.self, #"{"v": "AA=="}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        deferred.expect(Box<Data>.self, #"{"v": null}"#, .valueNotFound(["v"]), code: .nullValue, at: "v")
        let custom = try DecoderPair(backend: backend) {
            $0.dataDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let hex = try container.decode(String.self)
                var bytes: [UInt8] = []
                var index = hex.startIndex
                while index < hex.endIndex {
                    let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) ?? hex.endIndex
                    guard let byte = UInt8(hex[index..<next], radix: 16) else {
                        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not hex")
                    }
                    bytes.append(byte)
                    index = next
                }
                return Data(bytes)
            }
        }
        custom.expect(Box<Data>.self, #"{"v": "00ff10"}"#, .value(Box(v: Data([0, 255, 16]))))
        custom.expect(Box<Data>.self, #"{"v": "zz"}"#, .dataCorrupted(["v"]))
        custom.expect(Box<Data>.self, #"{"v": 5}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        custom.expect([Data].self, #"["01", "0g"]"#, .dataCorrupted(["[1]"]))
    }

    @Test(
        "Non-conforming float strings are numbers only under convertFromString, as in JSONDecoder",
        arguments: linkedBackendNames
    )
    func nonConformingFloats(backend: String) throws {
        let pair = try DecoderPair(backend: backend) {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+inf",
                negativeInfinity: "-inf",
                nan: "nan"
            )
        }
        let doubles = pair.parity([Double].self, #"["+inf", "-inf", 1.5]"#)
        check(doubles, .value([.infinity, -.infinity, 1.5]))
        let nan = pair.parity([Double].self, #"["nan"]"#, view: { $0.map(\.isNaN) })
        check(nan, .value([true]))
        let floats = pair.parity(
            [Float].self,
            #"["+inf", "-inf", "nan", 2]"#,
            view: { $0.map { $0.isNaN ? "nan" : "\($0)" } }
        )
        check(floats, .value(["inf", "-inf", "nan", "2.0"]))
        pair.expect([Double].self, #"["Infinity"]"#, .typeMismatch(["[0]"]), code: .typeMismatch, at: [0])
        pair.expect([Double].self, #"["+INF"]"#, .typeMismatch(["[0]"]), code: .typeMismatch, at: [0])
        pair.expect(Box<Double>.self, #"{"v": "+inf"}"#, .value(Box(v: .infinity)))
        pair.expect(Box<Double?>.self, #"{"v": "-inf"}"#, .value(Box(v: -.infinity)))
        // Strings are not numbers for integers under any strategy.
        pair.expect(Box<Int>.self, #"{"v": "+inf"}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
        // The strategy does not turn numbers into strings.
        pair.expect(Box<String>.self, #"{"v": 1}"#, .typeMismatch(["v"]), code: .typeMismatch, at: "v")
    }

    @Test("userInfo reaches init(from:) at every depth, as in JSONDecoder", arguments: linkedBackendNames)
    func userInfo(backend: String) throws {
        struct Reader: Decodable, Equatable {
            let seen: String
            init(seen: String) { self.seen = seen }
            init(from decoder: any Decoder) throws {
                seen = (decoder.userInfo[CodingUserInfoKey(rawValue: "who")!] as? String) ?? "nobody"
            }
        }
        let pair = try DecoderPair(backend: backend) { $0.userInfo[CodingUserInfoKey(rawValue: "who")!] = "tester" }
        pair.expect(
            [Box<Reader>].self,
            #"[{"v": {}}, {"v": 1}]"#,
            .value([Box(v: Reader(seen: "tester")), Box(v: Reader(seen: "tester"))])
        )
    }
}
