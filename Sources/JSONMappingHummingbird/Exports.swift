#if Hummingbird
    // `import JSONMappingHummingbird` brings the whole package and its HTTP layer, as
    // `import JSONMappingVapor` does: mappers, options, feeds and problem documents are in the
    // signatures of this module's API.
    @_exported public import JSONMapping
    @_exported public import MapHTTP
#endif
