import BackendFoundation
public import MapCore

extension Mapper {
    /// The backend used when none is named: the only one linked so far, Foundation's.
    public static var defaultBackend: any JSONBackend { FoundationBackend() }

    /// A mapper over the default backend.
    public init(parseOptions: ParseOptions = ParseOptions(), options: MappingOptions = MappingOptions())
        throws(MappingError)
    {
        try self.init(backend: Mapper.defaultBackend, parseOptions: parseOptions, options: options)
    }
}
