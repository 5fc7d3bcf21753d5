public import MapCore

// Bender's leaf rules, by Bender's names. Each is the type's implicit bridge — the same
// conversion every other idiom uses, a mapper's override for the type included — so a rule
// written `.required("id", Int64Rule, \.id)` reads exactly what `object.id <- json["id"]` does.

/// `Int` values: the implicit bridge of `Int`.
public let IntRule = ImplicitBridge<Int>()
/// `Int8` values: the implicit bridge of `Int8`.
public let Int8Rule = ImplicitBridge<Int8>()
/// `Int16` values: the implicit bridge of `Int16`.
public let Int16Rule = ImplicitBridge<Int16>()
/// `Int32` values: the implicit bridge of `Int32`.
public let Int32Rule = ImplicitBridge<Int32>()
/// `Int64` values: the implicit bridge of `Int64`.
public let Int64Rule = ImplicitBridge<Int64>()
/// `UInt` values: the implicit bridge of `UInt`.
public let UIntRule = ImplicitBridge<UInt>()
/// `UInt8` values: the implicit bridge of `UInt8`.
public let UInt8Rule = ImplicitBridge<UInt8>()
/// `UInt16` values: the implicit bridge of `UInt16`.
public let UInt16Rule = ImplicitBridge<UInt16>()
/// `UInt32` values: the implicit bridge of `UInt32`.
public let UInt32Rule = ImplicitBridge<UInt32>()
/// `UInt64` values: the implicit bridge of `UInt64`.
public let UInt64Rule = ImplicitBridge<UInt64>()
/// `Float` values: the implicit bridge of `Float`.
public let FloatRule = ImplicitBridge<Float>()
/// `Double` values: the implicit bridge of `Double`.
public let DoubleRule = ImplicitBridge<Double>()
/// `Bool` values: the implicit bridge of `Bool`.
public let BoolRule = ImplicitBridge<Bool>()
/// `String` values: the implicit bridge of `String`.
public let StringRule = ImplicitBridge<String>()
