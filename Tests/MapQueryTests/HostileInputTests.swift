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
        // 100,000 objects of 9 members each, plus the objects and the array: 1,000,001 nodes
        // (100,001 under a sanitizer).
        let count = Sanitizer.size(100_000, sanitized: 10_000)
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

    @Test(
        "a query whose results double at each segment stops at its step limit with a typed error",
        arguments: BuildBackends.names
    )
    func exponentialResults(backend: String) throws {
        // 40 levels of one-element arrays; each `[0,0]` doubles the nodes selected, 2^40 in all.
        let depth = 40
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        let json = try QueryCase.parse(text, backend: backend)
        let query = try JSONQuery("$" + String(repeating: "[0,0]", count: depth))
        #expect(throws: JSONQuery.StepLimitExceeded(maxSteps: 100_000, query: query.text)) {
            try query.matches(in: json, maxSteps: 100_000)
        }
        #expect(throws: JSONQuery.StepLimitExceeded(maxSteps: 100_000, query: query.text)) {
            try query.values(in: json, maxSteps: 100_000)
        }
        // Ten segments select 2^10 nodes, well within the limit: the same answer as without one.
        let ten = try JSONQuery("$" + String(repeating: "[0,0]", count: 10))
        let limited = try ten.matches(in: json, maxSteps: 100_000)
        #expect(limited.count == 1024)
        #expect(limited.map(\.path) == ten.matches(in: json).map(\.path))
        #expect(limited.first?.path.normalizedPath == "$" + String(repeating: "[0]", count: 10))
    }

    @Test("nested descendant filters stop at the step limit; the limit is the same on every backend")
    func nestedDescendantFilters() throws {
        let text = "[" + (0..<200).map { #"{"a":[\#($0),{"b":true}]}"# }.joined(separator: ",") + "]"
        let query = try JSONQuery("$..[?@..[?@..b]]")
        var answers: [Bool] = []
        for backend in BuildBackends.names {
            let json = try QueryCase.parse(text, backend: backend)
            // Enough for the whole walk: the answer without a limit.
            #expect(try query.matches(in: json, maxSteps: 10_000_000).count == query.matches(in: json).count)
            do {
                _ = try query.matches(in: json, maxSteps: 2_000)
                answers.append(true)
            } catch {
                #expect(error.maxSteps == 2_000)
                #expect(
                    error.description == "the JSONPath query $..[?@..[?@..b]] needs more than 2000 evaluation steps"
                )
                answers.append(false)
            }
        }
        #expect(answers == Array(repeating: false, count: BuildBackends.names.count))
    }

    @Test("a missing view or a step limit of zero: no node selected, or the limit reported")
    func zeroSteps() throws {
        let json = try Mapper().parse(#"{"a": 1}"#)
        let query = try JSONQuery("$.a")
        #expect(try query.matches(in: json["none"], maxSteps: 0).isEmpty)
        #expect(throws: JSONQuery.StepLimitExceeded(maxSteps: 0, query: "$.a")) {
            try query.matches(in: json, maxSteps: 0)
        }
        #expect(try query.values(in: json, maxSteps: 3).map { try $0.decode(Int.self) } == [1])
    }
}
