import Foundation
import JSONMapping

// canada.json: a GeoJSON FeatureCollection — one polygon of 480 rings, 55,563 points.

struct FeatureCollection: BenchModel {
    var type: String
    var features: [Feature]

    static let bridge = Bridge<FeatureCollection>(kind: .object) { json, context in
        FeatureCollection(type: try context.field(json, "type"), features: try context.field(json, "features"))
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.type, "type", to: writer)
        try context.field(value.features, "features", to: writer)
        try writer.endObject()
    }

    init(type: String, features: [Feature]) {
        self.type = type
        self.features = features
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let type = Hand.string(object["type"]),
            let features = Hand.list(object["features"], Feature.init(handMapped:))
        else { return nil }
        self.init(type: type, features: features)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let type = object.string("type"),
            let features = object.list("features", Feature.init(document:node:))
        else { return nil }
        self.init(type: type, features: features)
    }

    var checksum: Int {
        features.reduce(type.utf8.count) { sum, feature in
            feature.geometry.coordinates.reduce(sum &+ feature.properties.count) { sum, ring in
                ring.reduce(sum) { sum, point in point.reduce(sum) { $0 &+ Int(truncatingIfNeeded: $1.bitPattern) } }
            }
        }
    }
}

struct Feature: Codable, Bridgeable {
    var type: String
    var properties: [String: String]
    var geometry: Geometry

    static let bridge = Bridge<Feature>(kind: .object) { json, context in
        Feature(
            type: try context.field(json, "type"),
            properties: try context.field(json, "properties"),
            geometry: try context.field(json, "geometry")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.type, "type", to: writer)
        try context.field(value.properties, "properties", to: writer)
        try context.field(value.geometry, "geometry", to: writer)
        try writer.endObject()
    }

    init(type: String, properties: [String: String], geometry: Geometry) {
        self.type = type
        self.properties = properties
        self.geometry = geometry
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let type = Hand.string(object["type"]),
            let properties = Hand.strings(object["properties"]),
            let geometry = Geometry(handMapped: object["geometry"] as Any)
        else { return nil }
        self.init(type: type, properties: properties, geometry: geometry)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let type = object.string("type"),
            let properties = object.strings("properties"),
            let geometry = object.member("geometry").flatMap({ Geometry(document: document, node: $0) })
        else { return nil }
        self.init(type: type, properties: properties, geometry: geometry)
    }
}

struct Geometry: Codable, Bridgeable {
    var type: String
    var coordinates: [[[Double]]]

    static let bridge = Bridge<Geometry>(kind: .object) { json, context in
        Geometry(type: try context.field(json, "type"), coordinates: try context.field(json, "coordinates"))
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.type, "type", to: writer)
        try context.field(value.coordinates, "coordinates", to: writer)
        try writer.endObject()
    }

    init(type: String, coordinates: [[[Double]]]) {
        self.type = type
        self.coordinates = coordinates
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let type = Hand.string(object["type"]),
            let coordinates = Hand.list(
                object["coordinates"],
                { ring in
                    Hand.list(ring) { point in
                        Hand.list(point, Hand.double)
                    }
                }
            )
        else { return nil }
        self.init(type: type, coordinates: coordinates)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let type = object.string("type"),
            let coordinates = object.list("coordinates", Doc.doubleArrays)
        else { return nil }
        self.init(type: type, coordinates: coordinates)
    }
}
