import FoundationEssentials
import MapCore
import MapIO
import MapTestSupport
import Testing

@Suite struct FoundationValueBridgeTests {
    // MARK: URL

    @Test("URL reads a valid URL string and writes its absolute string")
    func urlBothWays() throws {
        let json: JSON = ["home": "https://example.com/a/b?c=d#e"]
        let url = try URLBridge().decode(json["home"])
        #expect(url.absoluteString == "https://example.com/a/b?c=d#e")
        #expect(url.host == "example.com")
        #expect(try encoded(URLBridge(), url) == #""https://example.com/a/b?c=d#e""#)
        #expect(try json["home"].decode(URL.self) == url)
    }

    @Test(
        "an invalid URL string fails to bridge at its path",
        arguments: ["", "http://exa mple.com", "a b", "http://[::1"]
    )
    func urlInvalid(text: String) throws {
        let json: JSON = ["links": ["https://example.com", JSON(stringLiteral: text)]]
        let error = try #require(throws: MappingError.self) { try json["links"].decode([URL].self) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["links", 1])
        #expect(error.targetType == "URL")
    }

    @Test("URL rejects a number as a type mismatch")
    func urlKind() throws {
        let error = try #require(throws: MappingError.self) { try URLBridge().decode(JSON(integerLiteral: 1)) }
        #expect(error.code == .typeMismatch)
        #expect(error.expected == .string)
    }

    // MARK: UUID

    @Test("UUID reads its string in either case and writes upper case")
    func uuidBothWays() throws {
        let upper = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let json: JSON = ["id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]
        let uuid = try UUIDBridge().decode(json["id"])
        #expect(uuid == UUID(uuidString: upper))
        #expect(try encoded(UUIDBridge(), uuid) == UTF8Text("\"\(upper)\""))
    }

    @Test(
        "a malformed UUID fails to bridge",
        arguments: ["", "E621E1F8-C36C-495A-93FC", "not-a-uuid", "E621E1F8C36C495A93FC0C247A3E6E5F0"]
    )
    func uuidInvalid(text: String) throws {
        let json: JSON = ["id": JSON(stringLiteral: text)]
        let error = try #require(throws: MappingError.self) { try json["id"].decode(UUID.self) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == "id")
    }

    // MARK: Data

    @Test("Data reads and writes base64")
    func dataBothWays() throws {
        let json: JSON = ["blob": "aGVsbG8=", "empty": ""]
        #expect(try DataBridge().decode(json["blob"]) == Data("hello".utf8))
        #expect(try DataBridge().decode(json["empty"]) == Data())
        #expect(try encoded(DataBridge(), Data("hello".utf8)) == #""aGVsbG8=""#)
        #expect(try encoded(DataBridge(), Data([0xFF, 0xFE, 0x00])) == #""//4A""#)
    }

    @Test("a string that is not base64 fails to bridge", arguments: ["!!", "aGVsbG8", "a", "aGVs bG8="])
    func dataInvalid(text: String) throws {
        let json: JSON = ["blobs": [JSON(stringLiteral: text)]]
        let error = try #require(throws: MappingError.self) { try json["blobs"].decode([Data].self) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == ["blobs", 0])
    }

    // MARK: Decimal

    @Test(
        "Decimal is exact from the number's source text",
        arguments: [
            ("0.1", "0.1"), ("12345678901234567890.123456789", "12345678901234567890.123456789"),
            ("0.1000000000000000055511151231257827", "0.1000000000000000055511151231257827"),
            ("-1.5e-3", "-0.0015"), ("1e2", "100"), ("1.50E+1", "15"), ("18446744073709551616", "18446744073709551616"),
            ("340282366920938463463374607431768211455", "340282366920938463463374607431768211455"),
            ("1e127", "1" + String(repeating: "0", count: 127)), ("-0", "0"), ("0.000", "0"),
            ("1" + String(repeating: "0", count: 60), "1" + String(repeating: "0", count: 60)),
        ]
    )
    func decimalFromText(text: String, digits: String) throws {
        let decimal = try DecimalBridge().decode(number(text))
        #expect(decimal.description == digits)
    }

    @Test(
        "A number a Decimal cannot hold exactly is notRepresentable at its path, never rounded",
        arguments: [
            "123456789012345678901234567890123456789012345",  // 45 significant digits
            "3402823669209384634633746074317682114559",  // 40 significant digits, beyond the 128-bit mantissa
            "0.12345678901234567890123456789012345678901",
            "1e128", "1e-129", "1e400",
        ]
    )
    func decimalNotRepresentable(text: String) throws {
        let json: JSON = ["prices": [try number("1.5"), try number(text)]]
        let error = try #require(throws: MappingError.self) { try json["prices"].decode([Decimal].self) }
        #expect(error.code == .notRepresentable)
        #expect(error.path == ["prices", 1])
        #expect(error.targetType == "Decimal")
        #expect(error.message.contains(text))
    }

    @Test("Decimal writes its exact digits")
    func decimalEncode() throws {
        #expect(try encoded(DecimalBridge(), Decimal(string: "3.14")!) == "3.14")
        #expect(
            try encoded(DecimalBridge(), Decimal(string: "12345678901234567890.123456789")!)
                == "12345678901234567890.123456789"
        )
        #expect(try encoded(DecimalBridge(), Decimal(string: "-0.001")!) == "-0.001")
        #expect(try encoded(DecimalBridge(), Decimal(100)) == "100")
    }

    @Test("Decimal from a literal double uses its shortest digits")
    func decimalFromDouble() throws {
        let json: JSON = ["price": 0.1]
        #expect(try json["price"].decode(Decimal.self) == Decimal(string: "0.1"))
        let wrong: JSON = ["price": "0.1"]
        let error = try #require(throws: MappingError.self) { try wrong["price"].decode(Decimal.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path == ["price"])
        #expect(error.expected == .number)
    }

    // MARK: Date

    static let noon = Date(timeIntervalSince1970: 1_714_564_800)  // 2024-05-01T12:00:00Z

    @Test("an ISO 8601 date without fractional seconds reads and writes back the same")
    func iso8601Plain() throws {
        let bridge = DateBridge(.iso8601)
        #expect(try bridge.decode(JSON(stringLiteral: "2024-05-01T12:00:00Z")) == Self.noon)
        #expect(try bridge.decode(JSON(stringLiteral: "2024-05-01T14:00:00+02:00")) == Self.noon)
        #expect(try encoded(bridge, Self.noon) == #""2024-05-01T12:00:00Z""#)
        #expect(bridge.kind == .string)
    }

    @Test("an ISO 8601 date with fractional seconds reads and writes milliseconds")
    func iso8601Fractional() throws {
        let bridge = DateBridge(.iso8601)
        let date = try bridge.decode(JSON(stringLiteral: "2024-05-01T12:00:00.250Z"))
        #expect(abs(date.timeIntervalSince1970 - 1_714_564_800.25) < 1e-6)
        #expect(try encoded(bridge, Self.noon.addingTimeInterval(0.25)) == #""2024-05-01T12:00:00.250Z""#)
    }

    @Test(
        "a string that is not an ISO 8601 date fails to bridge",
        arguments: ["yesterday", "2024-05-01", "2024-13-01T12:00:00Z", ""]
    )
    func iso8601Invalid(text: String) throws {
        let json: JSON = ["when": JSON(stringLiteral: text)]
        let error = try #require(throws: MappingError.self) { try json["when"].decode(with: DateBridge(.iso8601)) }
        #expect(error.code == .bridgingFailed)
        #expect(error.path == "when")
    }

    @Test("an ISO 8601 format style reads and writes a date-only field")
    func iso8601DateOnly() throws {
        let bridge = DateBridge(.iso8601Style(Date.ISO8601FormatStyle().year().month().day()))
        let midnight = Date(timeIntervalSince1970: 1_714_521_600)
        #expect(try bridge.decode(JSON(stringLiteral: "2024-05-01")) == midnight)
        #expect(try encoded(bridge, midnight) == #""2024-05-01""#)
        let error = try #require(throws: MappingError.self) { try bridge.decode(JSON(stringLiteral: "May 1, 2024")) }
        #expect(error.code == .bridgingFailed)
    }

    @Test("seconds since 1970 read and write as a number")
    func secondsSince1970() throws {
        let bridge = DateBridge(.secondsSince1970)
        #expect(bridge.kind == .number)
        #expect(try bridge.decode(JSON(integerLiteral: 1_714_564_800)) == Self.noon)
        #expect(try bridge.decode(JSON(floatLiteral: 1.5)) == Date(timeIntervalSince1970: 1.5))
        #expect(try encoded(bridge, Self.noon) == "1714564800")
        #expect(try encoded(bridge, Date(timeIntervalSince1970: 1.5)) == "1.5")
        let error = try #require(throws: MappingError.self) { try bridge.decode(JSON(stringLiteral: "1714564800")) }
        #expect(error.code == .typeMismatch)
    }

    @Test("milliseconds since 1970 read and write as a number")
    func millisecondsSince1970() throws {
        let bridge = DateBridge(.millisecondsSince1970)
        #expect(try bridge.decode(number("1714564800250")) == Self.noon.addingTimeInterval(0.25))
        #expect(try encoded(bridge, Self.noon.addingTimeInterval(0.25)) == "1714564800250")
        #expect(try encoded(bridge, Self.noon) == "1714564800000")
    }

    @Test("a date bridge without a strategy uses the mapper's date strategy")
    func mapperDateStrategy() throws {
        var options = MappingOptions()
        #expect(DateBridge().kind == nil)
        #expect(try JSON(stringLiteral: "2024-05-01T12:00:00Z").decode(Date.self, options: options) == Self.noon)
        options.dateStrategy = .millisecondsSince1970
        let json: JSON = ["dates": [0, 1_714_564_800_000]]
        #expect(try json["dates"].decode([Date].self, options: options) == [Date(timeIntervalSince1970: 0), Self.noon])
        #expect(try encoded(DateBridge(), Self.noon, options: options) == "1714564800000")
    }
}
