import JSONMapping
import MapTestSupport
import Testing

/// A rule of one's own: one conformance to `JSONBridge`, used like the built-in rules.
@Suite struct CustomRuleTests {
    /// `"#ff8800"` as `0xFF8800`.
    struct HexColorRule: JSONBridge {
        var kind: JSONKind? { .string }

        func decode(_ json: JSON, in context: MappingContext) throws -> UInt32 {
            let text = try StringRule.decode(json, in: context)
            guard text.count == 7, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) else {
                throw context.error(
                    .bridgingFailed,
                    at: json,
                    message: "\(text) is not a hex colour",
                    targetType: "UInt32"
                )
            }
            return value
        }

        func encode(_ value: UInt32, to writer: some JSONWriting, in context: MappingContext) throws {
            let digits = String(value, radix: 16)
            try writer.string("#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
        }
    }

    struct Theme: Equatable, Sendable {
        var name = ""
        var accent: UInt32 = 0
        var palette: [UInt32]?
    }

    static let themeRule = ObjectRule(Theme())
        .required("name", StringRule, \.name)
        .required("accent", HexColorRule(), \.accent)
        .optional("palette", ArrayRule(itemRule: HexColorRule()), \.palette)

    @Test("A custom rule reads a field of an object rule", arguments: linkedBackendNames)
    func decodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let text = ##"{"name": "dusk", "accent": "#ff8800", "palette": ["#000000", "#0000ff"]}"##
        #expect(
            try mapper.decode(with: Self.themeRule, from: text)
                == Theme(name: "dusk", accent: 0xFF8800, palette: [0x000000, 0x0000FF])
        )
    }

    @Test("A custom rule writes the field back, and the output reads back", arguments: linkedBackendNames)
    func encodes(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let theme = Theme(name: "dawn", accent: 0x00FF00, palette: [0xABCDEF])
        #expect(
            try mapper.ruleOutput(theme, with: Self.themeRule)
                == ["name": "dawn", "accent": "#00ff00", "palette": ["#abcdef"]]
        )
        #expect(
            try mapper.decode(with: Self.themeRule, from: mapper.encodeToString(theme, with: Self.themeRule)) == theme
        )
    }

    @Test(
        "A custom rule's failures carry the field's path and read as a causal chain",
        arguments: linkedBackendNames
    )
    func failures(backend: String) throws {
        let mapper = try idiomMapper(backend)
        let rejected = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.themeRule, from: #"{"name": "x", "accent": "red"}"#)
        }
        #expect(rejected.code == .bridgingFailed)
        #expect(rejected.path == ["accent"])
        #expect(rejected.causalChain == #"mandatory field "accent" of Theme → red is not a hex colour"#)

        let wrongKind = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.themeRule, from: #"{"name": "x", "accent": 16746496}"#)
        }
        #expect(wrongKind.code == .typeMismatch)
        #expect(wrongKind.path == ["accent"])

        let inArray = try #require(throws: MappingError.self) {
            try mapper.decode(with: Self.themeRule, from: ##"{"name": "x", "accent": "#000000", "palette": ["#fff"]}"##)
        }
        #expect(inArray.code == .bridgingFailed)
        #expect(inArray.path == ["palette", 0])
        #expect(inArray.causalChain == #"optional field "palette" of Theme → item #0 → #fff is not a hex colour"#)
    }
}
