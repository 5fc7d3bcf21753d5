#if Vapor
    // `import JSONMappingVapor` brings the whole package and its HTTP layer: mappers, feeds and
    // problem documents are in the signatures of this module's API.
    @_exported public import JSONMapping
    @_exported public import MapHTTP
#endif
