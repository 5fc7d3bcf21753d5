// The macros' expansions name the core's and the Codable module's types; importing this module
// is enough to use them.
@_exported public import MapCodable
@_exported public import MapCore
