@_exported import BackendFoundation
@_exported import BackendNative
@_exported import DeclarativeRules
@_exported import Extraction
@_exported import LenientReader
@_exported import MapCodable
@_exported import MapCore
@_exported import MapIO
@_exported import MapLogging
@_exported import MapModels
@_exported import MapQuery
@_exported import TwoWayMaps

#if Jansson
    @_exported import BackendJansson
#endif
#if Simdjson
    @_exported import BackendSimdjson
#endif
