@_exported import BackendFoundation
@_exported import MapCore
@_exported import MapLogging

#if Jansson
    @_exported import BackendJansson
#endif
#if Simdjson
    @_exported import BackendSimdjson
#endif
