import JSONMapping

// twitter.json through maps: the models of Twitter.swift as `JSONConvertible` types, whose one
// `map` function both decodes and encodes them. Nested models are `JSONConvertible` too, so
// `<-` reaches them — and arrays of them — through their own maps.

extension Mapped {
    struct TwitterSearch: JSONConvertible, ModelChecksum {
        var statuses: [Status] = []
        var searchMetadata = SearchMetadata()

        static func map(_ object: inout TwitterSearch, _ json: Map) {
            object.statuses <- json["statuses"]
            object.searchMetadata <- json["search_metadata"]
        }

        var checksum: Int { statuses.reduce(searchMetadata.count) { $0 &+ $1.checksum } }
    }

    struct SearchMetadata: JSONConvertible {
        var count = 0
        var completedIn = 0.0
        var maxIdStr = ""
        var query = ""

        static func map(_ object: inout SearchMetadata, _ json: Map) {
            object.count <- json["count"]
            object.completedIn <- json["completed_in"]
            object.maxIdStr <- json["max_id_str"]
            object.query <- json["query"]
        }
    }

    struct Status: JSONConvertible {
        var id: UInt64 = 0
        var idStr = ""
        var text = ""
        var createdAt = ""
        var source = ""
        var user = User()
        var entities = Entities()
        var retweetCount = 0
        var favoriteCount = 0
        var favorited = false
        var retweeted = false
        var lang = ""
        var inReplyToStatusId: UInt64?

        static func map(_ object: inout Status, _ json: Map) {
            object.id <- json["id"]
            object.idStr <- json["id_str"]
            object.text <- json["text"]
            object.createdAt <- json["created_at"]
            object.source <- json["source"]
            object.user <- json["user"]
            object.entities <- json["entities"]
            object.retweetCount <- json["retweet_count"]
            object.favoriteCount <- json["favorite_count"]
            object.favorited <- json["favorited"]
            object.retweeted <- json["retweeted"]
            object.lang <- json["lang"]
            object.inReplyToStatusId <~ json["in_reply_to_status_id"]
        }

        var checksum: Int {
            Int(truncatingIfNeeded: id) &+ idStr.utf8.count &+ text.utf8.count &+ createdAt.utf8.count
                &+ source.utf8.count &+ user.checksum &+ entities.checksum &+ retweetCount &+ favoriteCount
                &+ (favorited ? 1 : 0) &+ (retweeted ? 2 : 0) &+ lang.utf8.count
                &+ Int(truncatingIfNeeded: inReplyToStatusId ?? 0)
        }
    }

    struct User: JSONConvertible {
        var id: UInt64 = 0
        var name = ""
        var screenName = ""
        var location = ""
        var description = ""
        var followersCount = 0
        var friendsCount = 0
        var statusesCount = 0
        var verified = false
        var profileImageUrl = ""
        var createdAt = ""
        var lang = ""

        static func map(_ object: inout User, _ json: Map) {
            object.id <- json["id"]
            object.name <- json["name"]
            object.screenName <- json["screen_name"]
            object.location <- json["location"]
            object.description <- json["description"]
            object.followersCount <- json["followers_count"]
            object.friendsCount <- json["friends_count"]
            object.statusesCount <- json["statuses_count"]
            object.verified <- json["verified"]
            object.profileImageUrl <- json["profile_image_url"]
            object.createdAt <- json["created_at"]
            object.lang <- json["lang"]
        }

        var checksum: Int {
            Int(truncatingIfNeeded: id) &+ name.utf8.count &+ screenName.utf8.count &+ location.utf8.count
                &+ description.utf8.count &+ followersCount &+ friendsCount &+ statusesCount &+ (verified ? 1 : 0)
                &+ profileImageUrl.utf8.count &+ createdAt.utf8.count &+ lang.utf8.count
        }
    }

    struct Entities: JSONConvertible {
        var hashtags: [Hashtag] = []
        var urls: [URLEntity] = []
        var userMentions: [UserMention] = []

        static func map(_ object: inout Entities, _ json: Map) {
            object.hashtags <- json["hashtags"]
            object.urls <- json["urls"]
            object.userMentions <- json["user_mentions"]
        }

        var checksum: Int {
            hashtags.reduce(0) { $0 &+ $1.text.utf8.count &+ $1.indices.reduce(0, &+) }
                &+ urls.reduce(0) { $0 &+ $1.url.utf8.count &+ $1.expandedUrl.utf8.count &+ $1.displayUrl.utf8.count }
                &+ userMentions.reduce(0) {
                    $0 &+ Int(truncatingIfNeeded: $1.id) &+ $1.screenName.utf8.count &+ $1.name.utf8.count
                }
        }
    }

    struct Hashtag: JSONConvertible {
        var text = ""
        var indices: [Int] = []

        static func map(_ object: inout Hashtag, _ json: Map) {
            object.text <- json["text"]
            object.indices <- json["indices"]
        }
    }

    struct URLEntity: JSONConvertible {
        var url = ""
        var expandedUrl = ""
        var displayUrl = ""
        var indices: [Int] = []

        static func map(_ object: inout URLEntity, _ json: Map) {
            object.url <- json["url"]
            object.expandedUrl <- json["expanded_url"]
            object.displayUrl <- json["display_url"]
            object.indices <- json["indices"]
        }
    }

    struct UserMention: JSONConvertible {
        var screenName = ""
        var name = ""
        var id: UInt64 = 0
        var indices: [Int] = []

        static func map(_ object: inout UserMention, _ json: Map) {
            object.screenName <- json["screen_name"]
            object.name <- json["name"]
            object.id <- json["id"]
            object.indices <- json["indices"]
        }
    }
}
