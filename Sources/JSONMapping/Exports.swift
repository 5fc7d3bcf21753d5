@_exported import BackendFoundation
@_exported import MapCore

#if Jansson
    @_exported import BackendJansson
#endif
