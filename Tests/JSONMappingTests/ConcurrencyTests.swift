import Foundation
import JSONMapping
import Testing

// 64 tasks decoding and encoding at once through one mapper, one rule and one pair of Codable
// coders per backend: every task's results equal a single-threaded run's. Scripts/sanitizers.sh
// runs this suite under ThreadSanitizer, which is what finds a race here; the comparison finds a
// race that corrupts a result.

struct ConcurrentCodableLine: Codable, Equatable, Sendable {
    var sku: String
    var quantity: Int
    var price: Double
}

struct ConcurrentCodableOrder: Codable, Equatable, Sendable {
    var id: Int
    var customer: String
    var lines: [ConcurrentCodableLine]
    var tags: [String: String]
    var note: String?
}

struct ConcurrentMappedLine: JSONConvertible, Equatable, Sendable {
    var sku = ""
    var quantity = 0
    var price = 0.0

    static func map(_ object: inout ConcurrentMappedLine, _ json: Map) {
        object.sku <- json["sku"]
        object.quantity <- json["quantity"]
        object.price <- json["price"]
    }
}

struct ConcurrentMappedOrder: JSONConvertible, Equatable, Sendable {
    var id = 0
    var customer = ""
    var lines: [ConcurrentMappedLine] = []
    var note: String?

    static func map(_ object: inout ConcurrentMappedOrder, _ json: Map) {
        object.id <- json["id"]
        object.customer <- json["customer"]
        object.lines <- json["lines"]
        object.note <~ json["note"]
    }
}

struct ConcurrentRuledLine: Equatable, Sendable {
    var sku = ""
    var quantity = 0
}

struct ConcurrentRuledOrder: Equatable, Sendable {
    var id = 0
    var lines: [ConcurrentRuledLine] = []
}

/// One result of every idiom for one input: what a task computes and the single run is compared with.
struct ConcurrentOutcome: Equatable, Sendable {
    var mapped: ConcurrentMappedOrder?
    var mappedText: String?
    var ruled: ConcurrentRuledOrder?
    var ruledText: String?
    var codable: ConcurrentCodableOrder?
    var codableText: String?
    /// The code and path of the failure, for the inputs that fail.
    var failure: String?
}

@Suite struct ConcurrencyTests {
    /// Orders of varied shapes, and some that fail, so that error paths run concurrently too.
    static let inputs: [String] = (0..<48).map { index in
        let lines = (0..<(index % 7)).map { line in
            #"{"sku": "s\#(index)-\#(line)", "quantity": \#(line + index), "price": \#(Double(line) * 1.25 + 0.5)}"#
        }
        let note = index % 3 == 0 ? #", "note": "n\#(index)""# : ""
        if index % 11 == 5 {
            // A line whose quantity is a string: every idiom fails at lines[0].quantity.
            return
                #"{"id": \#(index), "customer": "c", "lines": [{"sku": "x", "quantity": "many", "price": 1}], "tags": {}}"#
        }
        return
            #"{"id": \#(index), "customer": "c\#(index % 5)", "lines": [\#(lines.joined(separator: ", "))], "tags": {"k": "v\#(index)"}\#(note)}"#
    }

    static let lineRule = ObjectRule(ConcurrentRuledLine())
        .required("sku", StringRule, \.sku)
        .required("quantity", IntRule, \.quantity)
    static let orderRule = ObjectRule(ConcurrentRuledOrder())
        .required("id", IntRule, \.id)
        .required("lines", ArrayRule(itemRule: lineRule), \.lines)

    /// Every idiom on one input, through the shared mapper, rule and coders.
    static func outcome(
        _ input: String,
        mapper: Mapper,
        decoder: JSONMappingDecoder,
        encoder: JSONMappingEncoder
    ) -> ConcurrentOutcome {
        var outcome = ConcurrentOutcome()
        do {
            let mapped = try mapper.decode(ConcurrentMappedOrder.self, from: input)
            outcome.mapped = mapped
            outcome.mappedText = try mapper.encodeToString(mapped)
            let ruled = try mapper.decode(with: orderRule, from: input)
            outcome.ruled = ruled
            outcome.ruledText = try mapper.encodeToString(ruled, with: orderRule)
            let codable = try decoder.decode(ConcurrentCodableOrder.self, from: input)
            outcome.codable = codable
            outcome.codableText = String(decoding: try encoder.encodeToBytes(codable), as: UTF8.self)
        } catch let error as MappingError {
            outcome.failure = "\(error.code) at \(error.path)"
        } catch {
            outcome.failure = "\(type(of: error))"
        }
        return outcome
    }

    @Test(
        "64 tasks decoding and encoding at once with shared mappers, rules and coders get the single-threaded results",
        arguments: Backends.names
    )
    func sixtyFourTasks(backend: String) async throws {
        let mapper = try Mapper(backendNamed: backend)
        let decoder = JSONMappingDecoder(mapper: mapper)
        let encoder = JSONMappingEncoder(mapper: mapper)
        let expected = Self.inputs.map { Self.outcome($0, mapper: mapper, decoder: decoder, encoder: encoder) }
        // The single run decodes the inputs that should decode, and fails the others at the quantity.
        #expect(expected.filter { $0.failure == nil }.count == Self.inputs.count - 4)
        #expect(expected.compactMap(\.failure).allSatisfy { $0 == "typeMismatch at lines[0].quantity" })
        #expect(expected[3].mapped?.note == "n3")
        #expect(expected[6].codable?.lines.count == 6)
        let results = await withTaskGroup(of: (Int, [ConcurrentOutcome]).self) { group in
            for task in 0..<64 {
                group.addTask {
                    // Each task starts at another input, so that different inputs run at the same time.
                    let order = (0..<Self.inputs.count).map { (task + $0) % Self.inputs.count }
                    var outcomes = [ConcurrentOutcome](repeating: ConcurrentOutcome(), count: Self.inputs.count)
                    for _ in 0..<2 {
                        for index in order {
                            outcomes[index] = Self.outcome(
                                Self.inputs[index],
                                mapper: mapper,
                                decoder: decoder,
                                encoder: encoder
                            )
                        }
                    }
                    return (task, outcomes)
                }
            }
            var results: [(Int, [ConcurrentOutcome])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 64)
        for (task, outcomes) in results {
            #expect(outcomes == expected, "task \(task) differs from the single-threaded run")
        }
    }
}
