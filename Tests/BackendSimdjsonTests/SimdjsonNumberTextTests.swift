// Run only under the package trait Simdjson, which links the simdjson backend.
#if Simdjson
    import BackendSimdjson
    import Foundation
    import MapCore
    import Testing
    import MapTestSupport

    /// The numbers' text on simdjson, whose tape keeps only values: the offsets are found by
    /// walking the parse's structural indexes as far as asked, under a lock, and must be each
    /// number's own whatever order and however many tasks read them (this suite runs under
    /// ThreadSanitizer in `Scripts/sanitizers.sh`).
    @Suite struct SimdjsonNumberTextTests {
        /// A document whose numbers are spread over far more tape words than one walk of the
        /// structural indexes covers: objects of a string, an array of prices and an integer.
        static func pricedRecords(_ count: Int) -> (text: String, prices: [[String]]) {
            var prices: [[String]] = []
            var records: [String] = []
            for record in 0..<count {
                let list = (0..<(record % 4)).map { "\(record * 7 + $0).\(String(format: "%02d", $0 * 33 % 100))" }
                prices.append(list)
                records.append(
                    #"{"name": "r\#(record)", "prices": [ \#(list.joined(separator: " ,\n")) ], "id": \#(record)}"#
                )
            }
            return ("[" + records.joined(separator: ",") + "]", prices)
        }

        @Test("Numbers' text read in reverse order and from several tasks at once is each number's own")
        func numberTextAnyOrder() async throws {
            let (text, prices) = Self.pricedRecords(3_000)
            let json = try simdjsonMapper().parse(text)
            let document = json.document
            let expected = prices.map { $0.map { Decimal(string: $0)! } }
            let nodes = (0..<prices.count).map { json[$0]["prices"] }
            // Last record first: the walk goes to its end at once; the rest are then read from it.
            for record in (0..<prices.count).reversed() {
                let read = nodes[record].elements.map { document.decimal($0.node) }
                #expect(read == expected[record].map { Optional($0) }, "record \(record)")
            }
            // A fresh document read by four tasks, each from a different place, all walking it.
            let fresh = try simdjsonMapper().parse(text)
            let mismatches = await withTaskGroup(of: Int.self) { group in
                for task in 0..<4 {
                    group.addTask {
                        var mismatches = 0
                        for step in 0..<prices.count {
                            let record = (step + task * prices.count / 4) % prices.count
                            let node = fresh[record]["prices"]
                            if fresh.document.decimals(in: node.node) != expected[record] { mismatches += 1 }
                            let id = fresh[record]["id"].node
                            if fresh.document.decimal(id) != Decimal(record) { mismatches += 1 }
                            if fresh.document.withNumberText(id, { String(decoding: $0, as: UTF8.self) }) != "\(record)"
                            {
                                mismatches += 1
                            }
                        }
                        return mismatches
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(mismatches == 0)
        }
    }
#endif
