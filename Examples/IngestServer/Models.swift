// The example's models: an order (a small JSON body, with money and a date), a search timeline
// in twitter.json's shape (a large one) and a sensor reading (one record of an NDJSON feed), with
// what the endpoints answer for each.

import Foundation

/// An order as a shop's client posts it: money as `Decimal`, the time it was placed in ISO 8601
/// (both frameworks' default date strategy).
struct Order: Codable, Sendable {
    var id: Int
    var placedAt: Date
    var currency: String
    var customer: Customer
    var lines: [Line]
    var note: String?

    struct Customer: Codable, Sendable {
        var name: String
        var email: String
    }

    struct Line: Codable, Sendable {
        var sku: String
        var quantity: Int
        var price: Decimal
        var note: String?
    }
}

/// What `POST /orders` answers: the total to the cent, in `Decimal`.
struct Receipt: Codable, Sendable {
    var orderID: Int
    var placedAt: Date
    var lineCount: Int
    var total: Decimal

    init(_ order: Order) {
        orderID = order.id
        placedAt = order.placedAt
        lineCount = order.lines.count
        total = order.lines.reduce(Decimal(0)) { $0 + Decimal($1.quantity) * $1.price }
    }
}

/// A search response in twitter.json's shape: the fields a timeline shows.
struct Timeline: Codable, Sendable {
    var statuses: [Status]

    struct Status: Codable, Sendable {
        var idStr: String
        var text: String
        var retweetCount: Int
        var favoriteCount: Int
        var lang: String?
        var user: User
        var entities: Entities

        enum CodingKeys: String, CodingKey {
            case text, lang, user, entities
            case idStr = "id_str"
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
        }
    }

    struct User: Codable, Sendable {
        var idStr: String
        var screenName: String
        var followersCount: Int
        var verified: Bool

        enum CodingKeys: String, CodingKey {
            case verified
            case idStr = "id_str"
            case screenName = "screen_name"
            case followersCount = "followers_count"
        }
    }

    struct Entities: Codable, Sendable {
        var hashtags: [Hashtag]
        var urls: [Link]

        struct Hashtag: Codable, Sendable {
            var text: String
        }

        struct Link: Codable, Sendable {
            var url: String
            var expandedURL: String?

            enum CodingKeys: String, CodingKey {
                case url
                case expandedURL = "expanded_url"
            }
        }
    }
}

/// What `POST /timeline` answers: one line per status and the totals.
struct TimelineSummary: Codable, Sendable {
    var statusCount: Int
    var retweets: Int
    var hashtags: [String]
    var posts: [Post]

    struct Post: Codable, Sendable {
        var id: String
        var author: String
        var followers: Int
        var links: Int
    }

    init(_ timeline: Timeline) {
        statusCount = timeline.statuses.count
        retweets = timeline.statuses.reduce(0) { $0 + $1.retweetCount }
        var seen = Set<String>()
        hashtags = timeline.statuses.flatMap { $0.entities.hashtags.map(\.text) }.filter { seen.insert($0).inserted }
        posts = timeline.statuses.map {
            Post(
                id: $0.idStr,
                author: $0.user.screenName,
                followers: $0.user.followersCount,
                links: $0.entities.urls.count
            )
        }
    }
}

/// One record of the ingest feed.
struct Reading: Codable, Sendable {
    var sensor: String
    var seq: Int
    var value: Double
}

/// What `POST /ingest` answers.
struct IngestSummary: Codable, Sendable {
    var accepted: Int
    var rejected: Int
    var sensors: Int
    var mean: Double
}
