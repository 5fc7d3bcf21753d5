import JSONMapping

/// The record the feed bench maps: a few fields of a Twitter status, enough to be real mapping
/// work (nested objects, a key path, an array of models, an optional).
struct FeedStatus: JSONConvertible {
    var id: UInt64 = 0
    var text = ""
    var screenName = ""
    var followersCount = 0
    var retweetCount = 0
    var favoriteCount = 0
    var lang = ""
    var hashtags: [FeedHashtag] = []
    var inReplyToStatusId: UInt64?

    static func map(_ object: inout FeedStatus, _ json: Map) {
        object.id <- json["id"]
        object.text <- json["text"]
        object.screenName <- json["user"]["screen_name"]
        object.followersCount <- json["user"]["followers_count"]
        object.retweetCount <- json["retweet_count"]
        object.favoriteCount <- json["favorite_count"]
        object.lang <- json["lang"]
        object.hashtags <- json["entities"]["hashtags"]
        object.inReplyToStatusId <~ json["in_reply_to_status_id"]
    }

    /// A sum over every field read, so that no mapping work can be optimized away.
    var checksum: Int {
        Int(truncatingIfNeeded: id) &+ text.utf8.count &+ screenName.utf8.count &+ followersCount &+ retweetCount
            &+ favoriteCount &+ lang.utf8.count &+ hashtags.reduce(0) { $0 &+ $1.text.utf8.count }
            &+ Int(truncatingIfNeeded: inReplyToStatusId ?? 0)
    }
}

struct FeedHashtag: JSONConvertible {
    var text = ""

    static func map(_ object: inout FeedHashtag, _ json: Map) {
        object.text <- json["text"]
    }
}

/// ``FeedStatus``'s `Decodable` twin, for the JSONDecoder reference row.
struct DecodableFeedStatus: Decodable {
    struct User: Decodable {
        var screenName: String
        var followersCount: Int

        enum CodingKeys: String, CodingKey {
            case screenName = "screen_name"
            case followersCount = "followers_count"
        }
    }

    struct Entities: Decodable {
        var hashtags: [Hashtag]
    }

    struct Hashtag: Decodable {
        var text: String
    }

    var id: UInt64
    var text: String
    var user: User
    var retweetCount: Int
    var favoriteCount: Int
    var lang: String
    var entities: Entities
    var inReplyToStatusId: UInt64?

    enum CodingKeys: String, CodingKey {
        case id, text, user, lang, entities
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case inReplyToStatusId = "in_reply_to_status_id"
    }

    var checksum: Int {
        Int(truncatingIfNeeded: id) &+ text.utf8.count &+ user.screenName.utf8.count &+ user.followersCount
            &+ retweetCount &+ favoriteCount &+ lang.utf8.count
            &+ entities.hashtags.reduce(0) { $0 &+ $1.text.utf8.count }
            &+ Int(truncatingIfNeeded: inReplyToStatusId ?? 0)
    }
}
