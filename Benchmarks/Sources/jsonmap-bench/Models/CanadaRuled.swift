import JSONMapping

// canada.json through rules: the `Mapped` GeoJSON models of CanadaMapped.swift, read by
// `ObjectRule`s bound with key paths. The coordinates are arrays of arrays of arrays of
// `DoubleRule`, the properties a `DictionaryRule` of strings.

extension Ruled {
    static let featureCollection = ObjectRule(Mapped.FeatureCollection())
        .required("type", StringRule, \.type)
        .required("features", ArrayRule(itemRule: feature), \.features)

    static let feature = ObjectRule(Mapped.Feature())
        .required("type", StringRule, \.type)
        .required("properties", DictionaryRule(valueRule: StringRule), \.properties)
        .required("geometry", geometry, \.geometry)

    static let geometry = ObjectRule(Mapped.Geometry())
        .required("type", StringRule, \.type)
        .required(
            "coordinates",
            ArrayRule(itemRule: ArrayRule(itemRule: ArrayRule(itemRule: DoubleRule))),
            \.coordinates
        )
}
