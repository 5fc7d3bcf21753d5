import JSONMapping

// citm_catalog.json through maps: the models of Citm.swift as `JSONConvertible` types. The
// events table is a `[String: Event]`, mapped through `Event`'s own map like any other field.

extension Mapped {
    struct CitmCatalog: JSONConvertible, ModelChecksum {
        var areaNames: [String: String] = [:]
        var audienceSubCategoryNames: [String: String] = [:]
        var events: [String: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [String: String] = [:]
        var topicNames: [String: String] = [:]

        static func map(_ object: inout CitmCatalog, _ json: Map) {
            object.areaNames <- json["areaNames"]
            object.audienceSubCategoryNames <- json["audienceSubCategoryNames"]
            object.events <- json["events"]
            object.performances <- json["performances"]
            object.seatCategoryNames <- json["seatCategoryNames"]
            object.topicNames <- json["topicNames"]
        }

        var checksum: Int {
            areaNames.count &+ audienceSubCategoryNames.count &+ seatCategoryNames.count &+ topicNames.count
                &+ events.values.reduce(0) { $0 &+ $1.checksum } &+ performances.reduce(0) { $0 &+ $1.checksum }
        }
    }

    struct Event: JSONConvertible {
        var id = 0
        var name = ""
        var description: String?
        var logo: String?
        var subTopicIds: [Int] = []
        var topicIds: [Int] = []

        static func map(_ object: inout Event, _ json: Map) {
            object.id <- json["id"]
            object.name <- json["name"]
            object.description <~ json["description"]
            object.logo <~ json["logo"]
            object.subTopicIds <- json["subTopicIds"]
            object.topicIds <- json["topicIds"]
        }

        var checksum: Int {
            id &+ name.utf8.count &+ (description?.utf8.count ?? 0) &+ (logo?.utf8.count ?? 0)
                &+ subTopicIds.reduce(0, &+) &+ topicIds.reduce(0, &+)
        }
    }

    struct Performance: JSONConvertible {
        var id = 0
        var eventId = 0
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var start = 0
        var venueCode = ""

        static func map(_ object: inout Performance, _ json: Map) {
            object.id <- json["id"]
            object.eventId <- json["eventId"]
            object.name <~ json["name"]
            object.prices <- json["prices"]
            object.seatCategories <- json["seatCategories"]
            object.start <- json["start"]
            object.venueCode <- json["venueCode"]
        }

        var checksum: Int {
            id &+ eventId &+ (name?.utf8.count ?? 0) &+ start &+ venueCode.utf8.count
                &+ prices.reduce(0) { $0 &+ $1.amount &+ $1.audienceSubCategoryId &+ $1.seatCategoryId }
                &+ seatCategories.reduce(0) { sum, category in
                    sum &+ category.seatCategoryId &+ category.areas.reduce(0) { $0 &+ $1.areaId &+ $1.blockIds.count }
                }
        }
    }

    struct Price: JSONConvertible {
        var amount = 0
        var audienceSubCategoryId = 0
        var seatCategoryId = 0

        static func map(_ object: inout Price, _ json: Map) {
            object.amount <- json["amount"]
            object.audienceSubCategoryId <- json["audienceSubCategoryId"]
            object.seatCategoryId <- json["seatCategoryId"]
        }
    }

    struct SeatCategory: JSONConvertible {
        var areas: [Area] = []
        var seatCategoryId = 0

        static func map(_ object: inout SeatCategory, _ json: Map) {
            object.areas <- json["areas"]
            object.seatCategoryId <- json["seatCategoryId"]
        }
    }

    struct Area: JSONConvertible {
        var areaId = 0
        var blockIds: [Int] = []

        static func map(_ object: inout Area, _ json: Map) {
            object.areaId <- json["areaId"]
            object.blockIds <- json["blockIds"]
        }
    }
}
