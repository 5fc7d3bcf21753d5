import BackendFoundation
import BackendNative
import Foundation
public import MapCore

#if Jansson
    import BackendJansson
#endif
#if Simdjson
    import BackendSimdjson
#endif

/// The backends linked into this program, by name.
public enum Backends {
    /// Every linked backend, the default first: simdjson when the package's `Simdjson` trait is on
    /// (the default), then native (always linked), then jansson when its `Jansson` trait is on
    /// (also the default), then Foundation.
    ///
    /// simdjson comes first because it maps the benchmark's models fastest by far, and native next
    /// because it is the fastest with no system library — both several times `JSONDecoder`'s speed,
    /// far ahead of jansson and Foundation (`Docs/Backends.md` and `Docs/Performance.md` have the
    /// figures and how to reproduce them). Both hold every integer up to `UInt64.max`; jansson
    /// stays for trees shared with C code, Foundation for JSONSerialization's world.
    public static var linked: [any JSONBackend] {
        var backends: [any JSONBackend] = []
        #if Simdjson
            backends.append(SimdjsonBackend())
        #endif
        backends.append(NativeBackend())
        #if Jansson
            backends.append(JanssonBackend())
        #endif
        backends.append(FoundationBackend())
        return backends
    }

    /// The names of the linked backends, the default first.
    public static var names: [String] { linked.map(\.name) }

    /// The linked backend with this name.
    ///
    /// - Throws: `MappingError` with code `unsupportedValue` naming the known backends.
    public static func named(_ name: String) throws(MappingError) -> any JSONBackend {
        guard let backend = linked.first(where: { $0.name == name }) else {
            throw MappingError(
                code: .unsupportedValue,
                message: "unknown backend \"\(name)\"; the linked backends are \(names.joined(separator: ", "))"
            )
        }
        return backend
    }
}

extension Mapper {
    /// The environment variable that names the default backend: `JSONMAPPING_BACKEND`.
    public static let backendEnvironmentVariable = "JSONMAPPING_BACKEND"

    /// The backend ``init(parseOptions:options:)`` uses: the one `JSONMAPPING_BACKEND` names, or
    /// else the first of ``Backends/linked`` (simdjson when linked, else native).
    ///
    /// - Throws: `MappingError` when the variable names no linked backend.
    public static func defaultBackend() throws(MappingError) -> any JSONBackend {
        try defaultBackend(environment: ProcessInfo.processInfo.environment)
    }

    /// The backend ``defaultBackend()`` chooses when the process's environment is `environment`.
    ///
    /// - Throws: `MappingError` with code `unsupportedValue` when `JSONMAPPING_BACKEND` names no
    ///   linked backend: its message names the variable, the value and the linked backends.
    public static func defaultBackend(environment: [String: String]) throws(MappingError) -> any JSONBackend {
        if let name = environment[backendEnvironmentVariable], !name.isEmpty {
            do {
                return try Backends.named(name)
            } catch {
                throw MappingError(
                    code: .unsupportedValue,
                    message: "\(backendEnvironmentVariable) is \"\(name)\", which names no linked backend; "
                        + "the linked backends are \(Backends.names.joined(separator: ", "))"
                )
            }
        }
        return Backends.linked[0]
    }

    /// A mapper over the default backend (see ``defaultBackend()``).
    public init(parseOptions: ParseOptions = ParseOptions(), options: MappingOptions = MappingOptions())
        throws(MappingError)
    {
        try self.init(backend: Mapper.defaultBackend(), parseOptions: parseOptions, options: options)
    }

    /// A mapper over the linked backend with this name (`"simdjson"`, `"native"`, `"jansson"`,
    /// `"foundation"`).
    public init(
        backendNamed name: String,
        parseOptions: ParseOptions = ParseOptions(),
        options: MappingOptions = MappingOptions()
    ) throws(MappingError) {
        try self.init(backend: Backends.named(name), parseOptions: parseOptions, options: options)
    }

    /// The mapper of the initializers that cannot throw (`JSONMappingDecoder()`, the server
    /// integrations' defaults): over ``defaultBackend()``, with default options. When
    /// `JSONMAPPING_BACKEND` names no linked backend, its backend parses nothing: every parse
    /// fails with `ParseError.Code.backendFailure`, naming the variable, its value and the linked
    /// backends, instead of another backend being chosen quietly.
    public static var processDefault: Mapper { defaultOrRefusing() }

    /// ``processDefault`` for a process whose environment is `environment`.
    static func defaultOrRefusing(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Mapper {
        do {
            return Mapper(
                validated: try defaultBackend(environment: environment),
                parseOptions: ParseOptions(),
                options: MappingOptions()
            )
        } catch {
            return Mapper(
                validated: UnknownBackend(failure: error),
                parseOptions: ParseOptions(),
                options: MappingOptions()
            )
        }
    }
}

/// The backend of a mapper made where an error could not be thrown, when `JSONMAPPING_BACKEND`
/// names no linked backend: it parses nothing, and says why on every parse
/// (`ParseError.Code.backendFailure`).
struct UnknownBackend: JSONBackend {
    /// Why no backend could be chosen.
    let failure: MappingError

    var name: String { "unknown" }

    var maxSupportedDepth: Int { ParseOptions().maxDepth }

    func parse(_ input: UnsafeRawBufferPointer, options: ParseOptions) throws(ParseError) -> any JSONDocument {
        throw ParseError(code: .backendFailure, message: failure.message, line: 1, column: 1, offset: 0, backend: name)
    }
}

extension JSONMappingDecoder {
    /// A decoder over the default backend (see `Mapper.defaultBackend()`), with `JSONDecoder`'s
    /// default strategies.
    public convenience init() {
        self.init(mapper: .processDefault)
    }
}

extension JSONMappingEncoder {
    /// An encoder with `JSONEncoder`'s defaults.
    public convenience init() {
        self.init(mapper: .processDefault)
    }
}
