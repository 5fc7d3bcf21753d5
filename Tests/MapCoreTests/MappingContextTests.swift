import FoundationEssentials
import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct MappingContextTests {
    static var lenient: MappingOptions {
        var options = MappingOptions()
        options.override(Bool.self, with: LenientBoolBridge())
        return options
    }

    static let flags: JSON = [
        "list": [true, "false", "true"],
        "map": ["a": "true", "b": false],
        "maybe": "false",
        "none": nil,
        "bad": ["yes"],
    ]

    @Test("a Bool override reaches a Bool decoded at the top level")
    func overrideAtTopLevel() throws {
        #expect(try Self.flags["maybe"].decode(Bool.self, options: Self.lenient) == false)
        let strict = try #require(throws: MappingError.self) { try Self.flags["maybe"].decode(Bool.self) }
        #expect(strict.code == .typeMismatch)
        #expect(strict.path == ["maybe"])
    }

    @Test("a Bool override reaches the elements of [Bool]")
    func overrideInArrays() throws {
        #expect(try Self.flags["list"].decode([Bool].self, options: Self.lenient) == [true, false, true])
        let strict = try #require(throws: MappingError.self) { try Self.flags["list"].decode([Bool].self) }
        #expect(strict.code == .typeMismatch)
        #expect(strict.path == ["list", 1])
    }

    @Test("a Bool override reaches the values of [String: Bool]")
    func overrideInDictionaries() throws {
        #expect(try Self.flags["map"].decode([String: Bool].self, options: Self.lenient) == ["a": true, "b": false])
        let strict = try #require(throws: MappingError.self) { try Self.flags["map"].decode([String: Bool].self) }
        #expect(strict.path == ["map", "a"])
    }

    @Test("a Bool override reaches Bool? and still reads null as nil")
    func overrideInOptionals() throws {
        #expect(try Self.flags["maybe"].decode(Bool?.self, options: Self.lenient) == false)
        #expect(try Self.flags["none"].decode(Bool?.self, options: Self.lenient) == nil)
    }

    @Test("a lenient Bool still rejects strings other than true and false")
    func lenientStillRejects() throws {
        let error = try #require(throws: MappingError.self) {
            try Self.flags["bad"].decode([Bool].self, options: Self.lenient)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["bad", 0])
    }

    @Test("an overridden bridge used leniently records a lenientRecovery warning at the value's path")
    func lenientRecoveryWarning() throws {
        let json = Self.flags["list"]
        let context = MappingContext(options: Self.lenient, base: json, collectsDiagnostics: true)
        #expect(try context.decode([Bool].self, from: json) == [true, false, true])
        #expect(context.diagnostics.count == 2)
        #expect(context.diagnostics.map(\.kind) == [.lenientRecovery, .lenientRecovery])
        #expect(context.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(context.diagnostics.map(\.path) == [["list", 1], ["list", 2]])
    }

    @Test("a warning's path includes the steps a bridge took without recording them")
    func warningPathFillsGaps() throws {
        let context = MappingContext(options: Self.lenient, base: Self.flags, collectsDiagnostics: true)
        #expect(try context.decode([Bool].self, from: Self.flags["list"]) == [true, false, true])
        #expect(context.diagnostics.map(\.path) == [["list", 1], ["list", 2]])
        let error = try #require(throws: MappingError.self) { try context.decode([Bool].self, from: Self.flags["bad"]) }
        #expect(error.path == ["bad", 0])
    }

    @Test("no warning is kept when diagnostics are not collected")
    func noDiagnosticsWithoutCollection() throws {
        let json = Self.flags["list"]
        let context = MappingContext(options: Self.lenient, base: json)
        #expect(!context.collectsDiagnostics)
        _ = try context.decode([Bool].self, from: json)
        #expect(context.diagnostics.isEmpty)
    }

    @Test("a date-format override reaches the elements of [Date], both ways")
    func dateOverride() throws {
        var options = MappingOptions()
        options.override(Date.self, with: DateBridge(.secondsSince1970))
        let json: JSON = ["when": [0, 1_714_564_800]]
        let dates = try json["when"].decode([Date].self, options: options)
        #expect(dates == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_714_564_800)])
        #expect(try encoded([Date].bridge, dates, options: options) == "[0,1714564800]")
        // Without the override, Date is ISO 8601 text: a number is a type mismatch at the first element.
        let strict = try #require(throws: MappingError.self) { try json["when"].decode([Date].self) }
        #expect(strict.code == .typeMismatch)
        #expect(strict.path == ["when", 0])
    }

    @Test("an override does not change a bridge given explicitly")
    func explicitBridgeIgnoresOverride() throws {
        let error = try #require(throws: MappingError.self) {
            try Self.flags["maybe"].decode(with: BoolBridge(), options: Self.lenient)
        }
        #expect(error.code == .typeMismatch)
    }

    @Test("the context path follows the steps taken and starts from the base's place in the document")
    func contextPath() throws {
        let json: JSON = ["a": [["b": 1]]]
        let context = MappingContext(base: json["a"])
        #expect(context.path == "a")
        context.withStep(.index(0), node: json["a"][0].node) {
            context.withStep(.key("b"), node: nil) {
                #expect(context.path == ["a", 0, "b"])
            }
        }
        #expect(context.path == "a")
    }

    @Test("user info set on the options is visible to bridges through the context")
    func userInfo() throws {
        var options = MappingOptions()
        options.userInfo["scale"] = 10
        let scaled = Bridge<Int>(kind: .number) { json, context in
            try IntBridge().decode(json) * (context.userInfo["scale"] as? Int ?? 1)
        } encode: { value, writer, _ in
            try writer.int64(Int64(value))
        }
        #expect(try JSON(integerLiteral: 4).decode(with: scaled, options: options) == 40)
        #expect(try JSON(integerLiteral: 4).decode(with: scaled) == 4)
    }
}
