import Foundation
import JSONMapping
import MapTestSupport
import Synchronization
import Testing

/// `DecodableWithConfiguration` and `EncodableWithConfiguration` through the drop-in coders, and
/// the coders as classes a program subclasses, as it does Foundation's.
@Suite struct ConfigurationParityTests {
    /// A price whose currency comes from the configuration, not from the JSON.
    struct Price: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
        var cents: Int
        var currency: String

        enum CodingKeys: String, CodingKey { case amount }

        init(cents: Int, currency: String) {
            self.cents = cents
            self.currency = currency
        }

        init(from decoder: any Decoder, configuration: String) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cents = try container.decode(Int.self, forKey: .amount)
            currency = configuration
        }

        func encode(to encoder: any Encoder, configuration: String) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(configuration == currency ? cents : -1, forKey: .amount)
        }
    }

    enum Euro: DecodingConfigurationProviding, EncodingConfigurationProviding {
        static var decodingConfiguration: String { "EUR" }
        static var encodingConfiguration: String { "EUR" }
    }

    @Test(
        "decode(_:from:configuration:) reads as JSONDecoder's does, value and error alike",
        arguments: linkedBackendNames
    )
    func decodeWithConfiguration(backend: String) throws {
        let ours = JSONMappingDecoder(mapper: try Mapper(backendNamed: backend))
        let foundation = JSONDecoder()
        let text = #"{"amount": 250}"#
        let price = try ours.decode(Price.self, from: text, configuration: "CHF")
        #expect(price == Price(cents: 250, currency: "CHF"))
        #expect(price == (try foundation.decode(Price.self, from: Data(text.utf8), configuration: "CHF")))
        #expect(try ours.decode(Price.self, from: text, configuration: Euro.self) == Price(cents: 250, currency: "EUR"))

        let bad = #"{"amount": "250"}"#
        let ourError = try #require(throws: DecodingError.self) {
            try ours.decode(Price.self, from: bad, configuration: "CHF")
        }
        let theirError = try #require(throws: DecodingError.self) {
            try foundation.decode(Price.self, from: Data(bad.utf8), configuration: "CHF")
        }
        #expect(summary(ourError) == summary(theirError))
        #expect(summary(ourError) == "typeMismatch at amount")
        let failure = try #require(ourError.context?.underlyingError as? MappingError)
        #expect(failure.code == .typeMismatch)
        #expect(failure.path == ["amount"])
    }

    @Test("encode(_:configuration:) writes JSONEncoder's bytes")
    func encodeWithConfiguration() throws {
        let ours = JSONMappingEncoder()
        let foundation = JSONEncoder()
        let price = Price(cents: 250, currency: "EUR")
        let written = try ours.encode(price, configuration: "EUR")
        #expect(String(decoding: written, as: UTF8.self) == #"{"amount":250}"#)
        #expect(written == (try foundation.encode(price, configuration: "EUR")))
        #expect(try ours.encode(price, configuration: Euro.self) == written)
        #expect(String(decoding: try ours.encode(price, configuration: "USD"), as: UTF8.self) == #"{"amount":-1}"#)
    }

    /// A decoder a program configures once, by subclassing, as it may subclass `JSONDecoder`, and
    /// whose decode it extends.
    final class ServiceDecoder: JSONMappingDecoder, @unchecked Sendable {
        static let service = CodingUserInfoKey(rawValue: "service")!
        let decoded = Mutex(0)

        required init(mapper: Mapper) {
            super.init(mapper: mapper)
            keyDecodingStrategy = .convertFromSnakeCase
            dateDecodingStrategy = .iso8601
            userInfo = [ServiceDecoder.service: "orders"]
        }

        override func decode<T: Decodable>(
            _ type: T.Type,
            from input: some JSONInput,
            file: String = #fileID,
            line: Int = #line,
            function: String = #function
        ) throws -> T {
            decoded.withLock { $0 += 1 }
            return try super.decode(type, from: input, file: file, line: line, function: function)
        }
    }

    struct Shipment: Decodable, Equatable {
        var shippedAt: Date
        var service: String

        enum CodingKeys: CodingKey { case shippedAt }

        init(shippedAt: Date, service: String) {
            self.shippedAt = shippedAt
            self.service = service
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            shippedAt = try container.decode(Date.self, forKey: .shippedAt)
            service = decoder.userInfo[ServiceDecoder.service] as? String ?? ""
        }
    }

    @Test(
        "A subclass of JSONMappingDecoder sets its strategies once and overrides what it reads",
        arguments: linkedBackendNames
    )
    func subclass(backend: String) throws {
        let service = ServiceDecoder(mapper: try Mapper(backendNamed: backend))
        let decoder: JSONMappingDecoder = service
        let shipment = try decoder.decode(Shipment.self, from: #"{"shipped_at": "2026-03-04T09:30:00Z"}"#)
        #expect(shipment == Shipment(shippedAt: Date(timeIntervalSince1970: 1_772_616_600), service: "orders"))
        #expect(service.decoded.withLock { $0 } == 1)
    }
}
