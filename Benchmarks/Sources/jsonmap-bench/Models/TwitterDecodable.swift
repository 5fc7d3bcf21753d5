import JSONMapping

// twitter.json through throwing extraction: the models of Twitter.swift as `JSONDecodable`
// types built from `=>` (required) and `=>?` (missing or null gives nil). Nested models are
// `JSONDecodable` too, so `=>` reaches them — and arrays of them — through their own `decode`.

extension Decoded {
    struct TwitterSearch: JSONDecodable, ModelChecksum {
        let statuses: [Status]
        let searchMetadata: SearchMetadata

        static func decode(_ j: JSON) throws -> TwitterSearch {
            try TwitterSearch(statuses: j => "statuses", searchMetadata: j => "search_metadata")
        }

        var checksum: Int { statuses.reduce(searchMetadata.count) { $0 &+ $1.checksum } }
    }

    struct SearchMetadata: JSONDecodable {
        let count: Int
        let completedIn: Double
        let maxIdStr: String
        let query: String

        static func decode(_ j: JSON) throws -> SearchMetadata {
            try SearchMetadata(
                count: j => "count",
                completedIn: j => "completed_in",
                maxIdStr: j => "max_id_str",
                query: j => "query"
            )
        }
    }

    struct Status: JSONDecodable {
        let id: UInt64
        let idStr: String
        let text: String
        let createdAt: String
        let source: String
        let user: User
        let entities: Entities
        let retweetCount: Int
        let favoriteCount: Int
        let favorited: Bool
        let retweeted: Bool
        let lang: String
        let inReplyToStatusId: UInt64?

        static func decode(_ j: JSON) throws -> Status {
            try Status(
                id: j => "id",
                idStr: j => "id_str",
                text: j => "text",
                createdAt: j => "created_at",
                source: j => "source",
                user: j => "user",
                entities: j => "entities",
                retweetCount: j => "retweet_count",
                favoriteCount: j => "favorite_count",
                favorited: j => "favorited",
                retweeted: j => "retweeted",
                lang: j => "lang",
                inReplyToStatusId: j =>? "in_reply_to_status_id"
            )
        }

        var checksum: Int {
            Int(truncatingIfNeeded: id) &+ idStr.utf8.count &+ text.utf8.count &+ createdAt.utf8.count
                &+ source.utf8.count &+ user.checksum &+ entities.checksum &+ retweetCount &+ favoriteCount
                &+ (favorited ? 1 : 0) &+ (retweeted ? 2 : 0) &+ lang.utf8.count
                &+ Int(truncatingIfNeeded: inReplyToStatusId ?? 0)
        }
    }

    struct User: JSONDecodable {
        let id: UInt64
        let name: String
        let screenName: String
        let location: String
        let description: String
        let followersCount: Int
        let friendsCount: Int
        let statusesCount: Int
        let verified: Bool
        let profileImageUrl: String
        let createdAt: String
        let lang: String

        static func decode(_ j: JSON) throws -> User {
            try User(
                id: j => "id",
                name: j => "name",
                screenName: j => "screen_name",
                location: j => "location",
                description: j => "description",
                followersCount: j => "followers_count",
                friendsCount: j => "friends_count",
                statusesCount: j => "statuses_count",
                verified: j => "verified",
                profileImageUrl: j => "profile_image_url",
                createdAt: j => "created_at",
                lang: j => "lang"
            )
        }

        var checksum: Int {
            Int(truncatingIfNeeded: id) &+ name.utf8.count &+ screenName.utf8.count &+ location.utf8.count
                &+ description.utf8.count &+ followersCount &+ friendsCount &+ statusesCount &+ (verified ? 1 : 0)
                &+ profileImageUrl.utf8.count &+ createdAt.utf8.count &+ lang.utf8.count
        }
    }

    struct Entities: JSONDecodable {
        let hashtags: [Hashtag]
        let urls: [URLEntity]
        let userMentions: [UserMention]

        static func decode(_ j: JSON) throws -> Entities {
            try Entities(hashtags: j => "hashtags", urls: j => "urls", userMentions: j => "user_mentions")
        }

        var checksum: Int {
            hashtags.reduce(0) { $0 &+ $1.text.utf8.count &+ $1.indices.reduce(0, &+) }
                &+ urls.reduce(0) { $0 &+ $1.url.utf8.count &+ $1.expandedUrl.utf8.count &+ $1.displayUrl.utf8.count }
                &+ userMentions.reduce(0) {
                    $0 &+ Int(truncatingIfNeeded: $1.id) &+ $1.screenName.utf8.count &+ $1.name.utf8.count
                }
        }
    }

    struct Hashtag: JSONDecodable {
        let text: String
        let indices: [Int]

        static func decode(_ j: JSON) throws -> Hashtag {
            try Hashtag(text: j => "text", indices: j => "indices")
        }
    }

    struct URLEntity: JSONDecodable {
        let url: String
        let expandedUrl: String
        let displayUrl: String
        let indices: [Int]

        static func decode(_ j: JSON) throws -> URLEntity {
            try URLEntity(
                url: j => "url",
                expandedUrl: j => "expanded_url",
                displayUrl: j => "display_url",
                indices: j => "indices"
            )
        }
    }

    struct UserMention: JSONDecodable {
        let screenName: String
        let name: String
        let id: UInt64
        let indices: [Int]

        static func decode(_ j: JSON) throws -> UserMention {
            try UserMention(screenName: j => "screen_name", name: j => "name", id: j => "id", indices: j => "indices")
        }
    }
}
