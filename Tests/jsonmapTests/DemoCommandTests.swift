import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// `jsonmap demo`, the README's first command, run as a built binary.
@Suite(.timeLimit(HangGuard.minutes(2)))
struct DemoCommandTests {
    static let summary = [
        "by status: pending 53, paid 64, shipped 62, delivered 56, cancelled 57",
        "items: 1822, total: 359771.89",
    ]

    @Test(
        "the demo decodes the bundled feed on every backend: the same orders, the eight bad records reported",
        arguments: Backends.names
    )
    func demo(backend: String) throws {
        let scratch = try BuiltBinary.Scratch()
        let result = try BuiltBinary.run("jsonmap", ["demo", "--backend", backend], in: scratch)
        #expect(result.status == 0)
        let lines = result.lines.map(String.init)
        #expect(lines.first == "demo-feed.ndjson.gz: 300 records, 292 orders decoded, 8 skipped (backend \(backend))")
        #expect(Array(lines.dropFirst().prefix(2)) == Self.summary)
        let errors = result.errorLines.filter { $0.hasPrefix("Error: ") }.map(String.init)
        #expect(errors.count == 8)
        // Each names the record, its line and the path inside it.
        #expect(
            errors.contains {
                $0.hasPrefix(
                    "Error: Data to JSON for key-path: $ (line 23, column 126) — record #22 (line 23, byte 5611) skipped: "
                )
            }
        )
        #expect(
            errors.contains {
                $0.hasPrefix(
                    "Error: Wrong Type for key-path: id (line 59, column 1) — record #57 (line 59, byte 13684) skipped: "
                )
            }
        )
        #expect(errors.contains { $0.hasPrefix("Error: Value Missing for key-path: customer.email (line 98, ") })
        #expect(
            errors.contains { $0.hasPrefix("Error: Validation Failed for key-path: items[0].quantity (line 133, ") }
        )
        #expect(errors.contains { $0.hasPrefix("Error: Bridging Failed for key-path: status (line 167, ") })
        #expect(errors.contains { $0.hasPrefix("Error: Data to JSON for key-path: $ (line 206, column 108) ") })
        #expect(errors.contains { $0.hasPrefix("Error: Wrong Type for key-path: items[0].price (line 249, ") })
        // Customer is a Codable type whose init(from:) refuses the address: its DecodingError's
        // message, at the path of the value.
        #expect(
            errors.contains {
                $0.hasPrefix("Error: Bridging Failed for key-path: customer.email (line 275, ")
                    && $0.hasSuffix("skipped: not an email address: nobody")
            }
        )
        #expect(
            errors.contains {
                $0.hasPrefix("Error: Value Missing for key-path: customer.email (line 98, ")
                    && $0.hasSuffix("skipped: no value for key \"email\"")
            }
        )
        let warnings = result.errorLines.filter { $0.hasPrefix("Warning: ") }
        #expect(warnings.filter { $0.contains("Unknown Key for key-path: coupon") }.count == 3)
        #expect(warnings.filter { $0.contains("Wrong Type for key-path: note") }.count == 2)
    }

    @Test("at --log-level errors the warnings are not shown; a missing feed exits 1 naming it")
    func levelsAndMissingFeed() throws {
        let scratch = try BuiltBinary.Scratch()
        let quiet = try BuiltBinary.run("jsonmap", ["demo", "--log-level", "errors"], in: scratch)
        #expect(quiet.status == 0)
        #expect(quiet.errorLines.filter { $0.hasPrefix("Warning: ") }.isEmpty)
        #expect(quiet.errorLines.filter { $0.hasPrefix("Error: ") }.count == 8)

        let missing = try BuiltBinary.run("jsonmap", ["demo", "--feed", "/nonexistent/orders.ndjson.gz"], in: scratch)
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("/nonexistent/orders.ndjson.gz: error: "))
        #expect(missing.output.isEmpty)

        let usage = try BuiltBinary.run("jsonmap", ["demo", "--log-level", "loud"], in: scratch)
        #expect(usage.status == 64)
    }
}
