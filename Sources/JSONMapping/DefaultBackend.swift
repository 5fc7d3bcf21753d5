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
        if let name = ProcessInfo.processInfo.environment[backendEnvironmentVariable], !name.isEmpty {
            return try Backends.named(name)
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
}

extension Mapper {
    /// A mapper over the default backend, or over the first linked one when
    /// `JSONMAPPING_BACKEND` names none: for the initializers that cannot throw. Default parse
    /// options are within every backend's limits.
    static var defaultOrFirst: Mapper {
        if let mapper = try? Mapper() { return mapper }
        return Mapper(validated: Backends.linked[0], parseOptions: ParseOptions(), options: MappingOptions())
    }
}

extension JSONMappingDecoder {
    /// A decoder over the default backend (see `Mapper.defaultBackend()`), with `JSONDecoder`'s
    /// default strategies.
    public convenience init() {
        self.init(mapper: .defaultOrFirst)
    }
}

extension JSONMappingEncoder {
    /// An encoder with `JSONEncoder`'s defaults.
    public convenience init() {
        self.init(mapper: .defaultOrFirst)
    }
}
