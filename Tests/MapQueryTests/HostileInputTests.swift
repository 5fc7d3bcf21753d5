import Foundation
import JSONMapping
import MapTestSupport
import Testing

/// Queries and documents built to hurt: deep nesting in the query, huge documents, huge bounds.
@Suite struct HostileInputTests {
    @Test("thousands of nested parentheses are refused at the nesting limit, not by a crash")
    func deepParentheses() throws {
        let depth = 5000
        let query = "$[?" + String(repeating: "(", count: depth) + "@.a" + String(repeating: ")", count: depth) + "]"
        let error = try #require(QueryCase.syntaxError(query))
        #expect(error.message.contains("nests more than"))
        // The limit is reached inside the run of parentheses, at the first one past it.
        #expect(error.offset > 3 && error.offset < 3 + depth)
    }

    @Test("a run of thousands of ! is refused at the second one")
    func manyNegations() throws {
        let query = "$[?" + String(repeating: "!", count: 10_000) + "@.a]"
        let error = try #require(QueryCase.syntaxError(query))
        #expect(error.offset == 4)
    }

    @Test("thousands of nested filters and function calls are refused at the nesting limit")
    func deepFiltersAndCalls() throws {
        let depth = 3000
        let filters = "$" + String(repeating: "[?@", count: depth) + String(repeating: "]", count: depth)
        #expect(QueryCase.syntaxError(filters)?.message.contains("nests more than") == true)
        let calls =
            "$[?" + String(repeating: "length(value(", count: depth) + "@" + String(repeating: "))", count: depth)
            + " == 1]"
        #expect(QueryCase.syntaxError(calls)?.message.contains("nests more than") == true)
        let negatedGroups =
            "$[?" + String(repeating: "!(", count: depth) + "@" + String(repeating: ")", count: depth) + "]"
        #expect(QueryCase.syntaxError(negatedGroups)?.message.contains("nests more than") == true)
    }

    @Test("nesting just under the limit compiles and evaluates", arguments: BuildBackends.names)
    func nestingUnderTheLimit(backend: String) throws {
        let depth = 60
        let query = "$[?" + String(repeating: "(", count: depth) + "@.a" + String(repeating: ")", count: depth) + "]"
        let json = try QueryCase.parse(#"[{"a": 1}, {"b": 2}]"#, backend: backend)
        #expect(try JSONQuery(query).matches(in: json).map(\.path.normalizedPath) == ["$[0]"])
    }

    @Test("a descendant query over a document of a million nodes completes, in order", arguments: BuildBackends.names)
    func millionNodes(backend: String) throws {
        // 100,000 objects of 9 members each, plus the objects and the array: 1,000,001 nodes.
        let count = 100_000
        var text = "["
        text.reserveCapacity(count * 60)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"a":1,"b":true,"c":null,"d":"x","e":2.5,"f":[],"g":{},"h":-1}"#
        }
        text += "]"
        let json = try QueryCase.parse(text, backend: backend)
        let clock = ContinuousClock()
        var ids: [JSONQuery.Match] = []
        var all = 0
        let elapsed = try clock.measure {
            ids = try JSONQuery("$..id").matches(in: json)
            all = try JSONQuery("$..*").values(in: json).count
        }
        #expect(all == count * 10)
        #expect(ids.count == count)
        #expect(ids.first?.path.normalizedPath == "$[0]['id']")
        #expect(ids.last?.path.normalizedPath == "$[\(count - 1)]['id']")
        #expect(try ids.last?.value.decode(Int.self) == count - 1)
        print("\(backend): $..id and $..* over \(count * 10 + 1) nodes in \(elapsed)")
    }

    @Test("a document nested as deep as the parser allows is walked without recursion", arguments: BuildBackends.names)
    func deepDocument(backend: String) throws {
        // Two levels a step: 500 levels, under the parsers' default limit of 512.
        let depth = 250
        let text = String(repeating: #"{"a":["#, count: depth) + "1" + String(repeating: "]}", count: depth)
        let json = try QueryCase.parse(text, backend: backend)
        let ones = try JSONQuery("$..[?@ == 1]").matches(in: json)
        #expect(ones.count == 1)
        #expect(ones.first?.path.components.count == depth * 2)
        // Deep equality of two deep values walks without recursion too.
        #expect(try JSONQuery("$[?@ == $.a]").matches(in: json).count == 1)
    }
}
