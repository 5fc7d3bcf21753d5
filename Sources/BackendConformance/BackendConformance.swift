public import MapCore
public import Testing

/// The contract every `JSONBackend` and the `JSONDocument`s it builds must keep, as cases a
/// backend written in any package runs against itself.
///
/// Each case parses input through the backend directly (not through a `Mapper`) and checks what
/// RFC 8259, the `JSONBackend` contract and the `JSONDocument` contract require: what is
/// accepted and how it reads back, what is rejected with which `ParseError.Code` at which line,
/// column and byte offset, and how the document's reads behave on every kind of value. The cases
/// hold for every backend this package ships; none depends on a documented difference between
/// them (the parity table of `Docs/Backends.md`).
///
/// A case reports what it finds through Swift Testing (`#expect`), so it runs inside a test:
///
/// ```swift
/// import BackendConformance
/// import Testing
///
/// @Test(arguments: BackendConformance.cases)
/// func conforms(_ conformance: ConformanceCase) async throws {
///     try await conformance.check(MyBackend())
/// }
/// ```
public enum BackendConformance {
    /// Every case, grouped by topic (the prefix of each case's name): RFC 8259's rules, the
    /// structure of a document (top-level values, encodings, empty input, trailing content,
    /// malformed structure) and the document contract's reads.
    public static var cases: [ConformanceCase] {
        rfc8259Cases + structureCases + documentCases
    }
}

/// One check of the backend contract: a name, and a body that parses through the backend under
/// test and records an issue for every way it departs from the contract.
public struct ConformanceCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// What the case checks, prefixed by its topic: `rfc8259: n_6_leading_zero`.
    public let name: String
    private let body: @Sendable (any JSONBackend) async throws -> Void

    package init(_ name: String, body: @escaping @Sendable (any JSONBackend) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the case against `backend`, recording an issue in the current test for every departure
    /// from the contract.
    ///
    /// - Throws: When a step the rest of the case depends on fails (a valid document rejected, a
    ///   value missing); the departure is recorded as an issue first.
    public func check(_ backend: any JSONBackend) async throws {
        try await body(backend)
    }

    public var testDescription: String { name }

    public var description: String { name }
}
