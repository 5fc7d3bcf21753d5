@_exported import BackendFoundation
@_exported import MapCore
