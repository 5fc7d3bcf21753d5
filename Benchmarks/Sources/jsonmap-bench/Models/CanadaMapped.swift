import JSONMapping

// canada.json through maps: the GeoJSON models of Canada.swift as `JSONConvertible` types. The
// coordinates are a plain `[[[Double]]]`: nested arrays of a bridgeable type need no map.

extension Mapped {
    struct FeatureCollection: JSONConvertible, ModelChecksum {
        var type = ""
        var features: [Feature] = []

        static func map(_ object: inout FeatureCollection, _ json: Map) {
            object.type <- json["type"]
            object.features <- json["features"]
        }

        var checksum: Int {
            features.reduce(type.utf8.count) { sum, feature in
                feature.geometry.coordinates.reduce(sum &+ feature.properties.count) { sum, ring in
                    ring.reduce(sum) { sum, point in
                        point.reduce(sum) { $0 &+ Int(truncatingIfNeeded: $1.bitPattern) }
                    }
                }
            }
        }
    }

    struct Feature: JSONConvertible {
        var type = ""
        var properties: [String: String] = [:]
        var geometry = Geometry()

        static func map(_ object: inout Feature, _ json: Map) {
            object.type <- json["type"]
            object.properties <- json["properties"]
            object.geometry <- json["geometry"]
        }
    }

    struct Geometry: JSONConvertible {
        var type = ""
        var coordinates: [[[Double]]] = []

        static func map(_ object: inout Geometry, _ json: Map) {
            object.type <- json["type"]
            object.coordinates <- json["coordinates"]
        }
    }
}
