import BackendConformance
import MapCore
import Testing

/// The conformance kit (the `BackendConformance` product) run against every registered backend,
/// as a backend written in another package runs it against itself.
@Suite struct ConformanceKitTests {
    @Test("Every case of the conformance kit holds", arguments: BackendConformance.cases, backends)
    func kitCase(_ conformance: ConformanceCase, backend: RegisteredBackend) async throws {
        try await conformance.check(backend.backend)
    }

    @Test("The kit's cases have distinct names, and cover each of its topics")
    func caseNames() {
        let names = BackendConformance.cases.map(\.name)
        #expect(Set(names).count == names.count)
        for topic in ["rfc8259: ", "structure: ", "document: "] {
            #expect(names.contains { $0.hasPrefix(topic) }, "no case of \(topic)")
        }
    }

    @Test("The registry holds every backend once, under the name the backend gives itself")
    func registry() throws {
        // Every backend once, in the order of BackendID; jansson and simdjson when their traits link them.
        var linked: [BackendID] = [.foundation]
        #if Jansson
            linked.append(.jansson)
        #endif
        #if Simdjson
            linked.append(.simdjson)
        #endif
        linked.append(.native)
        #expect(backends.map(\.id) == linked)
        #expect(linked.allSatisfy(BackendID.allCases.contains))
        for backend in backends {
            #expect(backend.backend.name == backend.name)
            #expect(try accept("[]", with: backend).backendName == backend.name)
        }
    }
}
