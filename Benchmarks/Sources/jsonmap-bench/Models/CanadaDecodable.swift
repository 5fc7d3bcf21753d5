import JSONMapping

// canada.json through throwing extraction: the GeoJSON models of Canada.swift as
// `JSONDecodable` types. The coordinates come out of `=>` as a plain `[[[Double]]]`.

extension Decoded {
    struct FeatureCollection: JSONDecodable, ModelChecksum {
        let type: String
        let features: [Feature]

        static func decode(_ j: JSON) throws -> FeatureCollection {
            try FeatureCollection(type: j => "type", features: j => "features")
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

    struct Feature: JSONDecodable {
        let type: String
        let properties: [String: String]
        let geometry: Geometry

        static func decode(_ j: JSON) throws -> Feature {
            try Feature(type: j => "type", properties: j => "properties", geometry: j => "geometry")
        }
    }

    struct Geometry: JSONDecodable {
        let type: String
        let coordinates: [[[Double]]]

        static func decode(_ j: JSON) throws -> Geometry {
            try Geometry(type: j => "type", coordinates: j => "coordinates")
        }
    }
}
