import Foundation
import JSONMapping

// citm_catalog.json: a concert hall's catalogue. Events, performances with their prices and seat
// categories, and the name tables a booking app shows.

struct CitmCatalog: BenchModel {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var topicNames: [String: String]

    static let bridge = Bridge<CitmCatalog>(kind: .object) { json, context in
        CitmCatalog(
            areaNames: try context.field(json, "areaNames"),
            audienceSubCategoryNames: try context.field(json, "audienceSubCategoryNames"),
            events: try context.field(json, "events"),
            performances: try context.field(json, "performances"),
            seatCategoryNames: try context.field(json, "seatCategoryNames"),
            topicNames: try context.field(json, "topicNames")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.areaNames, "areaNames", to: writer)
        try context.field(value.audienceSubCategoryNames, "audienceSubCategoryNames", to: writer)
        try context.field(value.events, "events", to: writer)
        try context.field(value.performances, "performances", to: writer)
        try context.field(value.seatCategoryNames, "seatCategoryNames", to: writer)
        try context.field(value.topicNames, "topicNames", to: writer)
        try writer.endObject()
    }

    init(
        areaNames: [String: String],
        audienceSubCategoryNames: [String: String],
        events: [String: Event],
        performances: [Performance],
        seatCategoryNames: [String: String],
        topicNames: [String: String]
    ) {
        self.areaNames = areaNames
        self.audienceSubCategoryNames = audienceSubCategoryNames
        self.events = events
        self.performances = performances
        self.seatCategoryNames = seatCategoryNames
        self.topicNames = topicNames
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let areaNames = Hand.strings(object["areaNames"]),
            let audience = Hand.strings(object["audienceSubCategoryNames"]),
            let eventObjects = Hand.object(object["events"]),
            let performances = Hand.list(object["performances"], Performance.init(handMapped:)),
            let seatCategoryNames = Hand.strings(object["seatCategoryNames"]),
            let topicNames = Hand.strings(object["topicNames"])
        else { return nil }
        var events: [String: Event] = [:]
        for (key, element) in eventObjects {
            guard let event = Event(handMapped: element) else { return nil }
            events[key] = event
        }
        self.init(
            areaNames: areaNames,
            audienceSubCategoryNames: audience,
            events: events,
            performances: performances,
            seatCategoryNames: seatCategoryNames,
            topicNames: topicNames
        )
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let areaNames = object.strings("areaNames"),
            let audience = object.strings("audienceSubCategoryNames"),
            let events = object.dictionary("events", Event.init(document:node:)),
            let performances = object.list("performances", Performance.init(document:node:)),
            let seatCategoryNames = object.strings("seatCategoryNames"),
            let topicNames = object.strings("topicNames")
        else { return nil }
        self.init(
            areaNames: areaNames,
            audienceSubCategoryNames: audience,
            events: events,
            performances: performances,
            seatCategoryNames: seatCategoryNames,
            topicNames: topicNames
        )
    }

    var checksum: Int {
        areaNames.count &+ audienceSubCategoryNames.count &+ seatCategoryNames.count &+ topicNames.count
            &+ events.values.reduce(0) { $0 &+ $1.checksum } &+ performances.reduce(0) { $0 &+ $1.checksum }
    }
}

struct Event: Codable, Bridgeable {
    var id: Int
    var name: String
    var description: String?
    var logo: String?
    var subTopicIds: [Int]
    var topicIds: [Int]

    static let bridge = Bridge<Event>(kind: .object) { json, context in
        Event(
            id: try context.field(json, "id"),
            name: try context.field(json, "name"),
            description: try context.field(json, "description"),
            logo: try context.field(json, "logo"),
            subTopicIds: try context.field(json, "subTopicIds"),
            topicIds: try context.field(json, "topicIds")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.id, "id", to: writer)
        try context.field(value.name, "name", to: writer)
        try context.field(value.description, "description", to: writer)
        try context.field(value.logo, "logo", to: writer)
        try context.field(value.subTopicIds, "subTopicIds", to: writer)
        try context.field(value.topicIds, "topicIds", to: writer)
        try writer.endObject()
    }

    init(id: Int, name: String, description: String?, logo: String?, subTopicIds: [Int], topicIds: [Int]) {
        self.id = id
        self.name = name
        self.description = description
        self.logo = logo
        self.subTopicIds = subTopicIds
        self.topicIds = topicIds
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let id = Hand.int(object["id"]), let name = Hand.string(object["name"]),
            let subTopicIds = Hand.ints(object["subTopicIds"]), let topicIds = Hand.ints(object["topicIds"])
        else { return nil }
        self.init(
            id: id,
            name: name,
            description: Hand.string(object["description"]),
            logo: Hand.string(object["logo"]),
            subTopicIds: subTopicIds,
            topicIds: topicIds
        )
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let id = object.int("id"), let name = object.string("name")
        else { return nil }
        let description = object.string("description")
        let logo = object.string("logo")
        guard let subTopicIds = object.ints("subTopicIds"), let topicIds = object.ints("topicIds") else { return nil }
        self.init(
            id: id,
            name: name,
            description: description,
            logo: logo,
            subTopicIds: subTopicIds,
            topicIds: topicIds
        )
    }

    var checksum: Int {
        id &+ name.utf8.count &+ (description?.utf8.count ?? 0) &+ (logo?.utf8.count ?? 0)
            &+ subTopicIds.reduce(0, &+) &+ topicIds.reduce(0, &+)
    }
}

struct Performance: Codable, Bridgeable {
    var id: Int
    var eventId: Int
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var start: Int
    var venueCode: String

    static let bridge = Bridge<Performance>(kind: .object) { json, context in
        Performance(
            id: try context.field(json, "id"),
            eventId: try context.field(json, "eventId"),
            name: try context.field(json, "name"),
            prices: try context.field(json, "prices"),
            seatCategories: try context.field(json, "seatCategories"),
            start: try context.field(json, "start"),
            venueCode: try context.field(json, "venueCode")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.id, "id", to: writer)
        try context.field(value.eventId, "eventId", to: writer)
        try context.field(value.name, "name", to: writer)
        try context.field(value.prices, "prices", to: writer)
        try context.field(value.seatCategories, "seatCategories", to: writer)
        try context.field(value.start, "start", to: writer)
        try context.field(value.venueCode, "venueCode", to: writer)
        try writer.endObject()
    }

    init(
        id: Int,
        eventId: Int,
        name: String?,
        prices: [Price],
        seatCategories: [SeatCategory],
        start: Int,
        venueCode: String
    ) {
        self.id = id
        self.eventId = eventId
        self.name = name
        self.prices = prices
        self.seatCategories = seatCategories
        self.start = start
        self.venueCode = venueCode
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let id = Hand.int(object["id"]),
            let eventId = Hand.int(object["eventId"]),
            let prices = Hand.list(object["prices"], Price.init(handMapped:)),
            let seatCategories = Hand.list(object["seatCategories"], SeatCategory.init(handMapped:)),
            let start = Hand.int(object["start"]), let venueCode = Hand.string(object["venueCode"])
        else { return nil }
        self.init(
            id: id,
            eventId: eventId,
            name: Hand.string(object["name"]),
            prices: prices,
            seatCategories: seatCategories,
            start: start,
            venueCode: venueCode
        )
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let id = object.int("id"), let eventId = object.int("eventId")
        else { return nil }
        let name = object.string("name")
        guard let prices = object.list("prices", Price.init(document:node:)),
            let seatCategories = object.list("seatCategories", SeatCategory.init(document:node:)),
            let start = object.int("start"), let venueCode = object.string("venueCode")
        else { return nil }
        self.init(
            id: id,
            eventId: eventId,
            name: name,
            prices: prices,
            seatCategories: seatCategories,
            start: start,
            venueCode: venueCode
        )
    }

    var checksum: Int {
        id &+ eventId &+ (name?.utf8.count ?? 0) &+ start &+ venueCode.utf8.count
            &+ prices.reduce(0) { $0 &+ $1.amount &+ $1.audienceSubCategoryId &+ $1.seatCategoryId }
            &+ seatCategories.reduce(0) { sum, category in
                sum &+ category.seatCategoryId &+ category.areas.reduce(0) { $0 &+ $1.areaId &+ $1.blockIds.count }
            }
    }
}

struct Price: Codable, Bridgeable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int

    static let bridge = Bridge<Price>(kind: .object) { json, context in
        Price(
            amount: try context.field(json, "amount"),
            audienceSubCategoryId: try context.field(json, "audienceSubCategoryId"),
            seatCategoryId: try context.field(json, "seatCategoryId")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.amount, "amount", to: writer)
        try context.field(value.audienceSubCategoryId, "audienceSubCategoryId", to: writer)
        try context.field(value.seatCategoryId, "seatCategoryId", to: writer)
        try writer.endObject()
    }

    init(amount: Int, audienceSubCategoryId: Int, seatCategoryId: Int) {
        self.amount = amount
        self.audienceSubCategoryId = audienceSubCategoryId
        self.seatCategoryId = seatCategoryId
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let amount = Hand.int(object["amount"]),
            let audience = Hand.int(object["audienceSubCategoryId"]), let seat = Hand.int(object["seatCategoryId"])
        else { return nil }
        self.init(amount: amount, audienceSubCategoryId: audience, seatCategoryId: seat)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let amount = object.int("amount"),
            let audience = object.int("audienceSubCategoryId"), let seat = object.int("seatCategoryId")
        else { return nil }
        self.init(amount: amount, audienceSubCategoryId: audience, seatCategoryId: seat)
    }
}

struct SeatCategory: Codable, Bridgeable {
    var areas: [Area]
    var seatCategoryId: Int

    static let bridge = Bridge<SeatCategory>(kind: .object) { json, context in
        SeatCategory(areas: try context.field(json, "areas"), seatCategoryId: try context.field(json, "seatCategoryId"))
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.areas, "areas", to: writer)
        try context.field(value.seatCategoryId, "seatCategoryId", to: writer)
        try writer.endObject()
    }

    init(areas: [Area], seatCategoryId: Int) {
        self.areas = areas
        self.seatCategoryId = seatCategoryId
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let areas = Hand.list(object["areas"], Area.init(handMapped:)),
            let seatCategoryId = Hand.int(object["seatCategoryId"])
        else { return nil }
        self.init(areas: areas, seatCategoryId: seatCategoryId)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let areas = object.list("areas", Area.init(document:node:)),
            let seatCategoryId = object.int("seatCategoryId")
        else { return nil }
        self.init(areas: areas, seatCategoryId: seatCategoryId)
    }
}

struct Area: Codable, Bridgeable {
    var areaId: Int
    var blockIds: [Int]

    static let bridge = Bridge<Area>(kind: .object) { json, context in
        Area(areaId: try context.field(json, "areaId"), blockIds: try context.field(json, "blockIds"))
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.areaId, "areaId", to: writer)
        try context.field(value.blockIds, "blockIds", to: writer)
        try writer.endObject()
    }

    init(areaId: Int, blockIds: [Int]) {
        self.areaId = areaId
        self.blockIds = blockIds
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let areaId = Hand.int(object["areaId"]),
            let blockIds = Hand.ints(object["blockIds"])
        else { return nil }
        self.init(areaId: areaId, blockIds: blockIds)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let areaId = object.int("areaId"),
            let blockIds = object.ints("blockIds")
        else { return nil }
        self.init(areaId: areaId, blockIds: blockIds)
    }
}
