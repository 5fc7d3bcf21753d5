import ArgumentParser
import Foundation
import JSONMapping
import MapLogging

/// What can be timed. Every measure reads the whole input and returns a checksum of what it read.
enum Measure: String, CaseIterable, ExpressibleByArgument {
    /// Reference: Foundation's JSONDecoder decoding the corpus's model structs (a generic
    /// `Decodable` tree for corpora without models).
    case jsondecoder
    /// Reference: JSONSerialization.jsonObject alone.
    case jsonserialization
    /// Reference: JSONSerialization, then the model structs mapped by hand with `as?` casts.
    case handmap
    /// Reference: JSONSerialization's `Any` walked by hand with `as?` casts (without parsing).
    case handwalk
    /// The package's validating scan alone, through ``ParseError/validating(_:options:backend:)``:
    /// the check every backend's errors are described by, without the tape the Foundation backend
    /// also records.
    case scan
    /// A backend's parse alone.
    case parse
    /// Reading every value of a parsed document through `JSON` views and the built-in bridges.
    case walk
    /// A backend's parse, then mapping into the model structs through bridges and `JSON` views.
    case bridges
    /// A backend's parse, then the model structs built by hand-written code that calls the
    /// document's `JSONDocument` reads directly — no `JSON` views, no `MappingContext`, no
    /// bridges: the floor of any mapping API over the backend's document, for the `map` row.
    case handdoc
    /// A backend's parse, then the `Mapped` models through their `Mappable` maps (`<-`, `<~`).
    case map
    /// As `map`, through a mapper whose log is configured — a handler, a sink, a formatter — at
    /// level `none`: what logging costs when it is switched off (the target: nothing).
    case maplogoff
    /// A backend's parse, then the `Mapped` models through `ObjectRule`s bound by key paths (`Ruled`).
    case rule
    /// A backend's parse, then the `Decoded` models through `JSONDecodable` (`=>`, `=>?`).
    case decodable
    /// The model structs `jsondecoder` decodes, from the same bytes, by a `JSONMappingDecoder` over
    /// the backend's mapper: the drop-in for `JSONDecoder`, reading the backend's document in place.
    case codable
    /// A backend's parse, then the `Macro` models through the reads `@JSONModel` generates.
    case macro
    /// Reference for encoding: Foundation's JSONEncoder encoding the model structs, decoded before timing.
    case jsonencoder
    /// The `Mapped` models, decoded before timing, encoded to bytes through their maps
    /// (`Mapper.encode`; no backend is involved).
    case encode
    /// The model structs `jsonencoder` encodes, decoded before timing, encoded by
    /// `JSONMappingEncoder()`, the drop-in for `JSONEncoder` that streams to the package's writer.
    case codableEncode = "codable-encode"
    /// The `Macro` models, decoded before timing, encoded to bytes through the writes `@JSONModel`
    /// generates (`Mapper.encode`; no backend is involved).
    case macroEncode = "macro-encode"

    /// Whether the measure runs once per backend.
    var isPerBackend: Bool {
        switch self {
        case .parse, .walk, .bridges, .handdoc, .map, .maplogoff, .rule, .decodable, .codable, .macro: true
        default: false
        }
    }

    /// Whether the measure needs the corpus's model structs.
    var needsModels: Bool {
        switch self {
        case .handmap, .bridges, .handdoc, .map, .maplogoff, .rule, .decodable, .codable, .jsonencoder, .encode,
            .codableEncode, .macro, .macroEncode:
            true
        default: false
        }
    }

    /// Whether the measure writes JSON rather than reads it.
    var isEncoding: Bool {
        self == .jsonencoder || self == .encode || self == .codableEncode || self == .macroEncode
    }

    /// The measure a row's speed is compared with: JSONEncoder for encoding, JSONDecoder for the rest.
    var reference: Measure {
        isEncoding ? .jsonencoder : .jsondecoder
    }

    /// What the backend column says for a measure that does not run per backend.
    var fixedBackend: String {
        switch self {
        case .scan: "foundation"
        case .encode, .codableEncode, .macroEncode: "jsonwriter"
        default: "reference"
        }
    }
}

/// One row of results: a measure, and the backend it ran on (`reference` for Foundation's own APIs).
struct Row: Hashable {
    var measure: Measure
    var backend: String

    func run(_ input: Prepared) throws -> UInt64 {
        var sum = Checksum()
        switch measure {
        case .jsondecoder:
            if let models = input.models {
                sum.add(try models.jsonDecoder(input.data))
            } else {
                sum.add(try JSONDecoder().decode(AnyDecodable.self, from: input.data).count)
            }
        case .jsonserialization:
            let object = try JSONSerialization.jsonObject(with: input.data, options: [.fragmentsAllowed])
            sum.add(object is [Any] ? 1 : 2)
        case .handmap:
            sum.add(try input.models?.handmap(input.data) ?? 0)
        case .handwalk:
            Walks.handWalk(input.serialized, &sum)
        case .scan:
            if let error = input.bytes.withUnsafeBytes({ ParseError.validating($0, backend: "scan") }) { throw error }
            sum.add(input.bytes.count)
        case .parse:
            sum.add(try input.mapper(backend).parse(input.bytes).count)
        case .walk:
            try Walks.walk(input.parsed[backend] ?? JSON.null, MappingContext(), &sum)
        case .bridges:
            sum.add(try input.models?.bridges(input.mapper(backend), input.bytes) ?? 0)
        case .handdoc:
            sum.add(try input.models?.handdoc(input.mapper(backend), input.bytes) ?? 0)
        case .map:
            sum.add(try input.models?.map(input.mapper(backend), input.bytes) ?? 0)
        case .maplogoff:
            sum.add(try input.models?.map(input.mapper(backend, logging: true), input.bytes) ?? 0)
        case .rule:
            sum.add(try input.models?.rule(input.mapper(backend), input.bytes) ?? 0)
        case .decodable:
            sum.add(try input.models?.decodable(input.mapper(backend), input.bytes) ?? 0)
        case .codable:
            sum.add(try input.models?.codable(input.codableDecoder(backend), input.bytes) ?? 0)
        case .macro:
            sum.add(try input.models?.macro?(input.mapper(backend), input.bytes) ?? 0)
        case .jsonencoder:
            sum.add(try input.encoders?.jsonEncoder().count ?? 0)
        case .encode:
            sum.add(try input.encoders?.map().count ?? 0)
        case .codableEncode:
            sum.add(try input.encoders?.codable().count ?? 0)
        case .macroEncode:
            sum.add(try input.encoders?.macro?().count ?? 0)
        }
        return sum.value
    }
}

/// The ways one corpus's models are decoded, each returning the models' checksum.
struct ModelDecoders {
    let jsonDecoder: (Data) throws -> Int
    let bridges: (Mapper, [UInt8]) throws -> Int
    let handmap: (Data) throws -> Int
    /// A backend's parse, then the model structs built by hand from the document's own reads.
    let handdoc: (Mapper, [UInt8]) throws -> Int
    /// Through the `Mapped` family's maps.
    let map: (Mapper, [UInt8]) throws -> Int
    /// Through the `Ruled` rules, into the `Mapped` family's structs.
    let rule: (Mapper, [UInt8]) throws -> Int
    /// Through the `Decoded` family's `decode(_:)`.
    let decodable: (Mapper, [UInt8]) throws -> Int
    /// The model structs `jsonDecoder` decodes, through a `JSONMappingDecoder`.
    let codable: (JSONMappingDecoder, [UInt8]) throws -> Int
    /// Through the `Macro` family's generated reads; `nil` for a corpus without such models.
    let macro: ((Mapper, [UInt8]) throws -> Int)?
    /// The encoders, holding values decoded from the corpus file once.
    let encoders: (Mapper, [UInt8]) throws -> ModelEncoders
    /// How the Codable rows read and write the models' dates.
    let dates: DateCoding

    /// The ways to decode a corpus whose models are `type` (the structs JSONDecoder decodes),
    /// `mapped` (the `Mapped` family; `rule` reads the same type), and `decoded` (the `Decoded`
    /// family). Each family's top level is one of its types or an array of them.
    static func of<
        Model: BenchModel,
        MappedModel: Bridgeable & ModelChecksum,
        Rule: JSONBridge,
        DecodedModel: Bridgeable & ModelChecksum,
        MacroModel: Bridgeable & ModelChecksum
    >(
        _ type: Model.Type,
        mapped: MappedModel.Type,
        ruled rule: Rule,
        decoded: DecodedModel.Type,
        macro: MacroModel.Type?,
        dates: DateCoding = .deferredToDate
    ) -> ModelDecoders where Rule.Value == MappedModel {
        ModelDecoders(
            jsonDecoder: { try dates.jsonDecoder().decode(Model.self, from: $0).checksum },
            bridges: { mapper, bytes in try mapper.decode(Model.self, from: bytes).checksum },
            handmap: { data in
                let object = try JSONSerialization.jsonObject(with: data)
                guard let model = Model(handMapped: object) else {
                    throw CocoaError(
                        .coderReadCorrupt,
                        userInfo: [NSDebugDescriptionErrorKey: "hand mapping of \(Model.self) failed"]
                    )
                }
                return model.checksum
            },
            handdoc: { mapper, bytes in
                let json = try mapper.parse(bytes)
                guard let model = Model(document: json.document, node: json.node) else {
                    throw CocoaError(
                        .coderReadCorrupt,
                        userInfo: [NSDebugDescriptionErrorKey: "hand mapping of \(Model.self) from the document failed"]
                    )
                }
                return model.checksum
            },
            map: { mapper, bytes in try mapper.decode(MappedModel.self, from: bytes).checksum },
            rule: { mapper, bytes in try mapper.decode(with: rule, from: bytes).checksum },
            decodable: { mapper, bytes in try mapper.decode(DecodedModel.self, from: bytes).checksum },
            codable: { decoder, bytes in try decoder.decode(Model.self, from: bytes).checksum },
            macro: macro.map { _ in { mapper, bytes in try mapper.decode(MacroModel.self, from: bytes).checksum } },
            encoders: { mapper, bytes in
                let data = Data(bytes)
                let model = try dates.jsonDecoder().decode(Model.self, from: data)
                let mapped = try mapper.decode(MappedModel.self, from: bytes)
                let macroModel = try macro.map { _ in try mapper.decode(MacroModel.self, from: bytes) }
                let codableEncoder = dates.mappingEncoder()
                return ModelEncoders(
                    jsonEncoder: { try dates.jsonEncoder().encode(model) },
                    map: { try mapper.encode(mapped) },
                    codable: { try codableEncoder.encode(model) },
                    macro: macroModel.map { value in { try mapper.encode(value) } },
                    sortedKeys: {
                        let foundation = dates.jsonEncoder()
                        foundation.outputFormatting = .sortedKeys
                        let mapping = dates.mappingEncoder()
                        mapping.outputFormatting = .sortedKeys
                        return (try foundation.encode(model), try mapping.encode(model))
                    },
                    checksum: { try dates.jsonDecoder().decode(Model.self, from: $0).checksum }
                )
            },
            dates: dates
        )
    }

    /// The ways to decode a corpus that has no `@JSONModel` models.
    static func of<
        Model: BenchModel,
        MappedModel: Bridgeable & ModelChecksum,
        Rule: JSONBridge,
        DecodedModel: Bridgeable & ModelChecksum
    >(
        _ type: Model.Type,
        mapped: MappedModel.Type,
        ruled rule: Rule,
        decoded: DecodedModel.Type,
        dates: DateCoding = .deferredToDate
    ) -> ModelDecoders where Rule.Value == MappedModel {
        of(type, mapped: mapped, ruled: rule, decoded: decoded, macro: nil as MappedModel.Type?, dates: dates)
    }

    /// The models of an amounts corpus: a list of `Amount`s, the same type in every family.
    static func amounts<Amount: Money>(_: Amount.Type) -> ModelDecoders {
        of([Amount].self, mapped: [Amount].self, ruled: ArrayRule(itemRule: Amount.rule), decoded: [Amount].self)
    }

    /// The models of a corpus file, by its name.
    static func forCorpus(_ name: String) -> ModelDecoders? {
        switch name {
        case "twitter":
            of(
                TwitterSearch.self,
                mapped: Mapped.TwitterSearch.self,
                ruled: Ruled.twitter,
                decoded: Decoded.TwitterSearch.self,
                macro: MacroModels.twitter
            )
        case "citm_catalog":
            of(
                CitmCatalog.self,
                mapped: Mapped.CitmCatalog.self,
                ruled: Ruled.citmCatalog,
                decoded: Decoded.CitmCatalog.self,
                macro: MacroModels.citmCatalog
            )
        case "canada":
            of(
                FeatureCollection.self,
                mapped: Mapped.FeatureCollection.self,
                ruled: Ruled.featureCollection,
                decoded: Decoded.FeatureCollection.self,
                macro: MacroModels.featureCollection
            )
        case "orders-2k":
            of(
                Order.self,
                mapped: Mapped.Order.self,
                ruled: Ruled.order,
                decoded: Decoded.Order.self,
                macro: MacroModels.order,
                dates: .iso8601
            )
        case "orders-1m":
            of(
                [Order].self,
                mapped: [Mapped.Order].self,
                ruled: ArrayRule(itemRule: Ruled.order),
                decoded: [Decoded.Order].self,
                macro: MacroModels.orders,
                dates: .iso8601
            )
        case "amounts": amounts(Decimal.self)
        case "amounts-double": amounts(Double.self)
        default: nil
        }
    }
}

/// How the Codable rows read and write a corpus's dates: JSONDecoder and JSONEncoder, and the
/// package's JSONMappingDecoder and JSONMappingEncoder, all with the same date strategy.
enum DateCoding {
    /// Foundation's default, `.deferredToDate`: for the models that hold no `Date`.
    case deferredToDate
    /// `.iso8601`: the orders' `placedAt`.
    case iso8601

    /// A JSONDecoder with the strategy.
    func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        if self == .iso8601 { decoder.dateDecodingStrategy = .iso8601 }
        return decoder
    }

    /// A JSONEncoder with the strategy.
    func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        if self == .iso8601 { encoder.dateEncodingStrategy = .iso8601 }
        return encoder
    }

    /// A JSONMappingDecoder over `mapper` with the strategy.
    func mappingDecoder(_ mapper: Mapper) -> JSONMappingDecoder {
        let decoder = JSONMappingDecoder(mapper: mapper)
        if self == .iso8601 { decoder.dateDecodingStrategy = .iso8601 }
        return decoder
    }

    /// A JSONMappingEncoder with the strategy.
    func mappingEncoder() -> JSONMappingEncoder {
        let encoder = JSONMappingEncoder()
        if self == .iso8601 { encoder.dateEncodingStrategy = .iso8601 }
        return encoder
    }
}

/// The ways one corpus's models are encoded, each from a value decoded before timing.
struct ModelEncoders {
    /// The model structs through Foundation's JSONEncoder.
    let jsonEncoder: () throws -> Data
    /// The `Mapped` models through their maps, by the mapper's writer.
    let map: () throws -> [UInt8]
    /// The model structs through one `JSONMappingEncoder()`, made before timing.
    let codable: () throws -> Data
    /// The `Macro` models through their generated writes, by the mapper's writer; `nil` for a
    /// corpus without such models.
    let macro: (() throws -> [UInt8])?
    /// The model structs through JSONEncoder and through JSONMappingEncoder, both with
    /// `.sortedKeys`: the layout in which the two promise the same bytes.
    let sortedKeys: () throws -> (jsonEncoder: Data, codable: Data)
    /// The checksum of the model structs JSONDecoder decodes from encoded bytes.
    let checksum: (Data) throws -> Int
}

/// One corpus file with everything the measures start from, made before timing.
struct Prepared {
    let name: String
    let bytes: [UInt8]
    let data: Data
    let mappers: [String: Mapper]
    /// The same backends, with a log configured at level `none`.
    let loggingMappers: [String: Mapper]
    /// A `JSONMappingDecoder` over each of `mappers`, with JSONDecoder's default strategies but
    /// for the models' date strategy.
    let codableDecoders: [String: JSONMappingDecoder]
    let parsed: [String: JSON]
    let serialized: Any
    let models: ModelDecoders?
    let encoders: ModelEncoders?

    init(_ input: CorpusFile, backends: [any JSONBackend]) throws {
        name = input.name
        bytes = input.bytes
        data = Data(input.bytes)
        var mappers: [String: Mapper] = [:]
        var loggingMappers: [String: Mapper] = [:]
        var parsed: [String: JSON] = [:]
        var logOff = MappingOptions()
        logOff.logLevel = .none
        logOff.addLogSink(ClosureLogSink(formatter: .jsonLines) { print($0) })
        logOff.addLogSink(ConsoleLogSink())
        for backend in backends {
            let mapper = try Mapper(backend: backend)
            mappers[backend.name] = mapper
            loggingMappers[backend.name] = try Mapper(backend: backend, options: logOff)
            parsed[backend.name] = try mapper.parse(input.bytes)
        }
        self.mappers = mappers
        self.loggingMappers = loggingMappers
        let models = ModelDecoders.forCorpus(input.name)
        let dates = models?.dates ?? .deferredToDate
        codableDecoders = mappers.mapValues { dates.mappingDecoder($0) }
        self.parsed = parsed
        serialized = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        self.models = models
        // Encoding does not involve the backend; any mapper's writer will do.
        if let models, let backend = backends.first {
            encoders = try models.encoders(Mapper(backend: backend), input.bytes)
        } else {
            encoders = nil
        }
    }

    func mapper(_ backend: String, logging: Bool = false) throws -> Mapper {
        guard let mapper = (logging ? loggingMappers : mappers)[backend] else {
            throw ValidationError("no backend named \(backend)")
        }
        return mapper
    }

    func codableDecoder(_ backend: String) throws -> JSONMappingDecoder {
        guard let decoder = codableDecoders[backend] else { throw ValidationError("no backend named \(backend)") }
        return decoder
    }

    /// Problems found by decoding the models every way once: every decoding row on every backend
    /// must produce exactly what JSONDecoder produces, what each encoding row writes must
    /// decode back (by JSONDecoder) to it, and JSONMappingEncoder with `.sortedKeys` must write
    /// JSONEncoder's bytes with `.sortedKeys`, byte for byte.
    func disagreements() -> [String] {
        guard let models else { return [] }
        var problems: [String] = []
        do {
            let reference = try models.jsonDecoder(data)
            for (backend, mapper) in mappers.sorted(by: { $0.key < $1.key }) {
                let jsonMappingDecoder = try codableDecoder(backend)
                let rows: [(Measure, () throws -> Int)] =
                    [
                        (.bridges, { try models.bridges(mapper, bytes) }),
                        (.handdoc, { try models.handdoc(mapper, bytes) }),
                        (.map, { try models.map(mapper, bytes) }),
                        (.rule, { try models.rule(mapper, bytes) }),
                        (.decodable, { try models.decodable(mapper, bytes) }),
                        (.codable, { try models.codable(jsonMappingDecoder, bytes) }),
                    ] + (models.macro.map { macro in [(.macro, { try macro(mapper, bytes) })] } ?? [])
                for (measure, decode) in rows {
                    let checksum = try decode()
                    if checksum != reference {
                        problems.append(
                            "\(name): \(measure.rawValue) on \(backend) gives checksum \(checksum), JSONDecoder \(reference)"
                        )
                    }
                }
            }
            if let encoders {
                let written: [(Measure, Data)] =
                    [
                        (.jsonencoder, try encoders.jsonEncoder()), (.encode, Data(try encoders.map())),
                        (.codableEncode, try encoders.codable()),
                    ] + (try encoders.macro.map { [(.macroEncode, Data(try $0()))] } ?? [])
                for (measure, output) in written {
                    let checksum = try encoders.checksum(output)
                    if checksum != reference {
                        problems.append(
                            "\(name): \(measure.rawValue)'s output decodes to checksum \(checksum), the input to \(reference)"
                        )
                    }
                }
                let sorted = try encoders.sortedKeys()
                if let difference = Self.firstDifference(sorted.jsonEncoder, sorted.codable) {
                    problems.append(
                        "\(name): \(Measure.codableEncode.rawValue) with .sortedKeys writes \(sorted.codable.count) bytes,"
                            + " JSONEncoder \(sorted.jsonEncoder.count); they differ from byte \(difference.offset):"
                            + " \(difference.codable) where JSONEncoder writes \(difference.jsonEncoder)"
                    )
                }
            }
            let hand = try models.handmap(data)
            if hand != reference {
                problems.append("\(name): the hand mapping differs from JSONDecoder (NSNumber's misrounded doubles)")
            }
        } catch {
            problems.append("\(name): \(error)")
        }
        return problems
    }

    /// The first offset at which `jsonEncoder` and `codable` differ, with up to 40 bytes of each
    /// from there; `nil` when they are identical.
    static func firstDifference(
        _ jsonEncoder: Data,
        _ codable: Data
    ) -> (offset: Int, jsonEncoder: String, codable: String)? {
        let foundation = [UInt8](jsonEncoder)
        let mapping = [UInt8](codable)
        guard foundation != mapping else { return nil }
        let offset = zip(foundation, mapping).prefix { $0 == $1 }.count
        func excerpt(_ bytes: [UInt8]) -> String {
            let text = String(decoding: bytes[offset...].prefix(40), as: UTF8.self)
            return text.isEmpty ? "the end" : "`\(text)`"
        }
        return (offset, excerpt(foundation), excerpt(mapping))
    }
}

enum Walks {
    /// Every value read through `JSON` views and bridges, as mapping code reads them.
    static func walk(_ json: JSON, _ context: MappingContext, _ sum: inout Checksum) throws {
        switch json.kind {
        case .object?:
            try json.forEachMember { key, value in
                sum.add(key.utf8.count)
                try walk(value, context, &sum)
            }
        case .array?:
            for element in json.elements {
                try walk(element, context, &sum)
            }
        case .string?:
            sum.add(try StringBridge().decode(json, in: context).utf8.count)
        case .number?:
            sum.add(try DoubleBridge().decode(json, in: context))
        case .bool?:
            sum.add(try BoolBridge().decode(json, in: context) ? 1 : 0)
        case .null?, nil:
            sum.add(0)
        }
    }

    private static let trueNumber = NSNumber(value: true)
    private static let falseNumber = NSNumber(value: false)

    /// The same walk the way the older mappers read JSONSerialization's output.
    static func handWalk(_ value: Any, _ sum: inout Checksum) {
        if let object = value as? [String: Any] {
            for (key, member) in object {
                sum.add(key.utf8.count)
                handWalk(member, &sum)
            }
        } else if let array = value as? [Any] {
            for element in array {
                handWalk(element, &sum)
            }
        } else if let string = value as? String {
            sum.add(string.utf8.count)
        } else if let number = value as? NSNumber {
            if number === trueNumber {
                sum.add(1)
            } else if number === falseNumber {
                sum.add(0)
            } else {
                sum.add(number.doubleValue)
            }
        } else {
            sum.add(0)
        }
    }
}

/// Any JSON value, decoded with Codable: the reference row's target.
enum AnyDecodable: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyDecodable])
    case object([String: AnyDecodable])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyDecodable] = []
            while !array.isAtEnd { elements.append(try array.decode(AnyDecodable.self)) }
            self = .array(elements)
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: AnyDecodable] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(AnyDecodable.self, forKey: key) }
            self = .object(members)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    var count: Int {
        switch self {
        case .array(let elements): elements.count
        case .object(let members): members.count
        default: 1
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
