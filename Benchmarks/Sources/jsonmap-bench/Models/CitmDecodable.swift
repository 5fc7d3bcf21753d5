import JSONMapping

// citm_catalog.json through throwing extraction: the models of Citm.swift as `JSONDecodable`
// types. The events table is a `[String: Event]`, read with `=>` like any other field.

extension Decoded {
    struct CitmCatalog: JSONDecodable, ModelChecksum {
        let areaNames: [String: String]
        let audienceSubCategoryNames: [String: String]
        let events: [String: Event]
        let performances: [Performance]
        let seatCategoryNames: [String: String]
        let topicNames: [String: String]

        static func decode(_ j: JSON) throws -> CitmCatalog {
            try CitmCatalog(
                areaNames: j => "areaNames",
                audienceSubCategoryNames: j => "audienceSubCategoryNames",
                events: j => "events",
                performances: j => "performances",
                seatCategoryNames: j => "seatCategoryNames",
                topicNames: j => "topicNames"
            )
        }

        var checksum: Int {
            areaNames.count &+ audienceSubCategoryNames.count &+ seatCategoryNames.count &+ topicNames.count
                &+ events.values.reduce(0) { $0 &+ $1.checksum } &+ performances.reduce(0) { $0 &+ $1.checksum }
        }
    }

    struct Event: JSONDecodable {
        let id: Int
        let name: String
        let description: String?
        let logo: String?
        let subTopicIds: [Int]
        let topicIds: [Int]

        static func decode(_ j: JSON) throws -> Event {
            try Event(
                id: j => "id",
                name: j => "name",
                description: j =>? "description",
                logo: j =>? "logo",
                subTopicIds: j => "subTopicIds",
                topicIds: j => "topicIds"
            )
        }

        var checksum: Int {
            id &+ name.utf8.count &+ (description?.utf8.count ?? 0) &+ (logo?.utf8.count ?? 0)
                &+ subTopicIds.reduce(0, &+) &+ topicIds.reduce(0, &+)
        }
    }

    struct Performance: JSONDecodable {
        let id: Int
        let eventId: Int
        let name: String?
        let prices: [Price]
        let seatCategories: [SeatCategory]
        let start: Int
        let venueCode: String

        static func decode(_ j: JSON) throws -> Performance {
            try Performance(
                id: j => "id",
                eventId: j => "eventId",
                name: j =>? "name",
                prices: j => "prices",
                seatCategories: j => "seatCategories",
                start: j => "start",
                venueCode: j => "venueCode"
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

    struct Price: JSONDecodable {
        let amount: Int
        let audienceSubCategoryId: Int
        let seatCategoryId: Int

        static func decode(_ j: JSON) throws -> Price {
            try Price(
                amount: j => "amount",
                audienceSubCategoryId: j => "audienceSubCategoryId",
                seatCategoryId: j => "seatCategoryId"
            )
        }
    }

    struct SeatCategory: JSONDecodable {
        let areas: [Area]
        let seatCategoryId: Int

        static func decode(_ j: JSON) throws -> SeatCategory {
            try SeatCategory(areas: j => "areas", seatCategoryId: j => "seatCategoryId")
        }
    }

    struct Area: JSONDecodable {
        let areaId: Int
        let blockIds: [Int]

        static func decode(_ j: JSON) throws -> Area {
            try Area(areaId: j => "areaId", blockIds: j => "blockIds")
        }
    }
}
