import Foundation
import JSONMapping

// twitter.json: a search response. The fields an app showing tweets reads.

struct TwitterSearch: BenchModel {
    var statuses: [Status]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }

    static let bridge = Bridge<TwitterSearch>(kind: .object) { json, context in
        TwitterSearch(
            statuses: try context.field(json, "statuses"),
            searchMetadata: try context.field(json, "search_metadata")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.statuses, "statuses", to: writer)
        try context.field(value.searchMetadata, "search_metadata", to: writer)
        try writer.endObject()
    }

    init(statuses: [Status], searchMetadata: SearchMetadata) {
        self.statuses = statuses
        self.searchMetadata = searchMetadata
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let statuses = Hand.list(object["statuses"], Status.init(handMapped:)),
            let metadata = SearchMetadata(handMapped: object["search_metadata"] as Any)
        else { return nil }
        self.init(statuses: statuses, searchMetadata: metadata)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node),
            let statuses = object.list("statuses", Status.init(document:node:)),
            let metadata = object.member("search_metadata").flatMap({ SearchMetadata(document: document, node: $0) })
        else { return nil }
        self.init(statuses: statuses, searchMetadata: metadata)
    }

    var checksum: Int { statuses.reduce(searchMetadata.count) { $0 &+ $1.checksum } }
}

struct SearchMetadata: Codable, Bridgeable {
    var count: Int
    var completedIn: Double
    var maxIdStr: String
    var query: String

    enum CodingKeys: String, CodingKey {
        case count, query
        case completedIn = "completed_in"
        case maxIdStr = "max_id_str"
    }

    static let bridge = Bridge<SearchMetadata>(kind: .object) { json, context in
        SearchMetadata(
            count: try context.field(json, "count"),
            completedIn: try context.field(json, "completed_in"),
            maxIdStr: try context.field(json, "max_id_str"),
            query: try context.field(json, "query")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.count, "count", to: writer)
        try context.field(value.completedIn, "completed_in", to: writer)
        try context.field(value.maxIdStr, "max_id_str", to: writer)
        try context.field(value.query, "query", to: writer)
        try writer.endObject()
    }

    init(count: Int, completedIn: Double, maxIdStr: String, query: String) {
        self.count = count
        self.completedIn = completedIn
        self.maxIdStr = maxIdStr
        self.query = query
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let count = Hand.int(object["count"]),
            let completedIn = Hand.double(object["completed_in"]), let maxIdStr = Hand.string(object["max_id_str"]),
            let query = Hand.string(object["query"])
        else { return nil }
        self.init(count: count, completedIn: completedIn, maxIdStr: maxIdStr, query: query)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let count = object.int("count"),
            let completedIn = object.double("completed_in"), let maxIdStr = object.string("max_id_str"),
            let query = object.string("query")
        else { return nil }
        self.init(count: count, completedIn: completedIn, maxIdStr: maxIdStr, query: query)
    }
}

struct Status: Codable, Bridgeable {
    var id: UInt64
    var idStr: String
    var text: String
    var createdAt: String
    var source: String
    var user: User
    var entities: Entities
    var retweetCount: Int
    var favoriteCount: Int
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var inReplyToStatusId: UInt64?

    enum CodingKeys: String, CodingKey {
        case id, text, source, user, entities, favorited, retweeted, lang
        case idStr = "id_str"
        case createdAt = "created_at"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case inReplyToStatusId = "in_reply_to_status_id"
    }

    static let bridge = Bridge<Status>(kind: .object) { json, context in
        Status(
            id: try context.field(json, "id"),
            idStr: try context.field(json, "id_str"),
            text: try context.field(json, "text"),
            createdAt: try context.field(json, "created_at"),
            source: try context.field(json, "source"),
            user: try context.field(json, "user"),
            entities: try context.field(json, "entities"),
            retweetCount: try context.field(json, "retweet_count"),
            favoriteCount: try context.field(json, "favorite_count"),
            favorited: try context.field(json, "favorited"),
            retweeted: try context.field(json, "retweeted"),
            lang: try context.field(json, "lang"),
            inReplyToStatusId: try context.field(json, "in_reply_to_status_id")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.id, "id", to: writer)
        try context.field(value.idStr, "id_str", to: writer)
        try context.field(value.text, "text", to: writer)
        try context.field(value.createdAt, "created_at", to: writer)
        try context.field(value.source, "source", to: writer)
        try context.field(value.user, "user", to: writer)
        try context.field(value.entities, "entities", to: writer)
        try context.field(value.retweetCount, "retweet_count", to: writer)
        try context.field(value.favoriteCount, "favorite_count", to: writer)
        try context.field(value.favorited, "favorited", to: writer)
        try context.field(value.retweeted, "retweeted", to: writer)
        try context.field(value.lang, "lang", to: writer)
        try context.field(value.inReplyToStatusId, "in_reply_to_status_id", to: writer)
        try writer.endObject()
    }

    init(
        id: UInt64,
        idStr: String,
        text: String,
        createdAt: String,
        source: String,
        user: User,
        entities: Entities,
        retweetCount: Int,
        favoriteCount: Int,
        favorited: Bool,
        retweeted: Bool,
        lang: String,
        inReplyToStatusId: UInt64?
    ) {
        self.id = id
        self.idStr = idStr
        self.text = text
        self.createdAt = createdAt
        self.source = source
        self.user = user
        self.entities = entities
        self.retweetCount = retweetCount
        self.favoriteCount = favoriteCount
        self.favorited = favorited
        self.retweeted = retweeted
        self.lang = lang
        self.inReplyToStatusId = inReplyToStatusId
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let id = Hand.uint64(object["id"]),
            let idStr = Hand.string(object["id_str"]), let text = Hand.string(object["text"]),
            let createdAt = Hand.string(object["created_at"]), let source = Hand.string(object["source"]),
            let user = User(handMapped: object["user"] as Any),
            let entities = Entities(handMapped: object["entities"] as Any),
            let retweetCount = Hand.int(object["retweet_count"]),
            let favoriteCount = Hand.int(object["favorite_count"]),
            let favorited = Hand.bool(object["favorited"]), let retweeted = Hand.bool(object["retweeted"]),
            let lang = Hand.string(object["lang"])
        else { return nil }
        self.init(
            id: id,
            idStr: idStr,
            text: text,
            createdAt: createdAt,
            source: source,
            user: user,
            entities: entities,
            retweetCount: retweetCount,
            favoriteCount: favoriteCount,
            favorited: favorited,
            retweeted: retweeted,
            lang: lang,
            inReplyToStatusId: Hand.uint64(object["in_reply_to_status_id"])
        )
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let id = object.uint64("id"),
            let idStr = object.string("id_str"), let text = object.string("text"),
            let createdAt = object.string("created_at"), let source = object.string("source"),
            let user = object.member("user").flatMap({ User(document: document, node: $0) }),
            let entities = object.member("entities").flatMap({ Entities(document: document, node: $0) }),
            let retweetCount = object.int("retweet_count"), let favoriteCount = object.int("favorite_count"),
            let favorited = object.bool("favorited"), let retweeted = object.bool("retweeted"),
            let lang = object.string("lang")
        else { return nil }
        self.init(
            id: id,
            idStr: idStr,
            text: text,
            createdAt: createdAt,
            source: source,
            user: user,
            entities: entities,
            retweetCount: retweetCount,
            favoriteCount: favoriteCount,
            favorited: favorited,
            retweeted: retweeted,
            lang: lang,
            inReplyToStatusId: object.uint64("in_reply_to_status_id")
        )
    }

    var checksum: Int {
        Int(truncatingIfNeeded: id) &+ idStr.utf8.count &+ text.utf8.count &+ createdAt.utf8.count &+ source.utf8.count
            &+ user.checksum &+ entities.checksum &+ retweetCount &+ favoriteCount &+ (favorited ? 1 : 0)
            &+ (retweeted ? 2 : 0) &+ lang.utf8.count &+ Int(truncatingIfNeeded: inReplyToStatusId ?? 0)
    }
}

struct User: Codable, Bridgeable {
    var id: UInt64
    var name: String
    var screenName: String
    var location: String
    var description: String
    var followersCount: Int
    var friendsCount: Int
    var statusesCount: Int
    var verified: Bool
    var profileImageUrl: String
    var createdAt: String
    var lang: String

    enum CodingKeys: String, CodingKey {
        case id, name, location, description, verified, lang
        case screenName = "screen_name"
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case statusesCount = "statuses_count"
        case profileImageUrl = "profile_image_url"
        case createdAt = "created_at"
    }

    static let bridge = Bridge<User>(kind: .object) { json, context in
        User(
            id: try context.field(json, "id"),
            name: try context.field(json, "name"),
            screenName: try context.field(json, "screen_name"),
            location: try context.field(json, "location"),
            description: try context.field(json, "description"),
            followersCount: try context.field(json, "followers_count"),
            friendsCount: try context.field(json, "friends_count"),
            statusesCount: try context.field(json, "statuses_count"),
            verified: try context.field(json, "verified"),
            profileImageUrl: try context.field(json, "profile_image_url"),
            createdAt: try context.field(json, "created_at"),
            lang: try context.field(json, "lang")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.id, "id", to: writer)
        try context.field(value.name, "name", to: writer)
        try context.field(value.screenName, "screen_name", to: writer)
        try context.field(value.location, "location", to: writer)
        try context.field(value.description, "description", to: writer)
        try context.field(value.followersCount, "followers_count", to: writer)
        try context.field(value.friendsCount, "friends_count", to: writer)
        try context.field(value.statusesCount, "statuses_count", to: writer)
        try context.field(value.verified, "verified", to: writer)
        try context.field(value.profileImageUrl, "profile_image_url", to: writer)
        try context.field(value.createdAt, "created_at", to: writer)
        try context.field(value.lang, "lang", to: writer)
        try writer.endObject()
    }

    init(
        id: UInt64,
        name: String,
        screenName: String,
        location: String,
        description: String,
        followersCount: Int,
        friendsCount: Int,
        statusesCount: Int,
        verified: Bool,
        profileImageUrl: String,
        createdAt: String,
        lang: String
    ) {
        self.id = id
        self.name = name
        self.screenName = screenName
        self.location = location
        self.description = description
        self.followersCount = followersCount
        self.friendsCount = friendsCount
        self.statusesCount = statusesCount
        self.verified = verified
        self.profileImageUrl = profileImageUrl
        self.createdAt = createdAt
        self.lang = lang
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let id = Hand.uint64(object["id"]),
            let name = Hand.string(object["name"]),
            let screenName = Hand.string(object["screen_name"]), let location = Hand.string(object["location"]),
            let description = Hand.string(object["description"]),
            let followersCount = Hand.int(object["followers_count"]),
            let friendsCount = Hand.int(object["friends_count"]),
            let statusesCount = Hand.int(object["statuses_count"]), let verified = Hand.bool(object["verified"]),
            let profileImageUrl = Hand.string(object["profile_image_url"]),
            let createdAt = Hand.string(object["created_at"]), let lang = Hand.string(object["lang"])
        else { return nil }
        self.init(
            id: id,
            name: name,
            screenName: screenName,
            location: location,
            description: description,
            followersCount: followersCount,
            friendsCount: friendsCount,
            statusesCount: statusesCount,
            verified: verified,
            profileImageUrl: profileImageUrl,
            createdAt: createdAt,
            lang: lang
        )
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let id = object.uint64("id"),
            let name = object.string("name"), let screenName = object.string("screen_name"),
            let location = object.string("location"), let description = object.string("description"),
            let followersCount = object.int("followers_count"), let friendsCount = object.int("friends_count"),
            let statusesCount = object.int("statuses_count"), let verified = object.bool("verified"),
            let profileImageUrl = object.string("profile_image_url"), let createdAt = object.string("created_at"),
            let lang = object.string("lang")
        else { return nil }
        self.init(
            id: id,
            name: name,
            screenName: screenName,
            location: location,
            description: description,
            followersCount: followersCount,
            friendsCount: friendsCount,
            statusesCount: statusesCount,
            verified: verified,
            profileImageUrl: profileImageUrl,
            createdAt: createdAt,
            lang: lang
        )
    }

    var checksum: Int {
        Int(truncatingIfNeeded: id) &+ name.utf8.count &+ screenName.utf8.count &+ location.utf8.count
            &+ description.utf8.count &+ followersCount &+ friendsCount &+ statusesCount &+ (verified ? 1 : 0)
            &+ profileImageUrl.utf8.count &+ createdAt.utf8.count &+ lang.utf8.count
    }
}

struct Entities: Codable, Bridgeable {
    var hashtags: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [UserMention]

    enum CodingKeys: String, CodingKey {
        case hashtags, urls
        case userMentions = "user_mentions"
    }

    static let bridge = Bridge<Entities>(kind: .object) { json, context in
        Entities(
            hashtags: try context.field(json, "hashtags"),
            urls: try context.field(json, "urls"),
            userMentions: try context.field(json, "user_mentions")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.hashtags, "hashtags", to: writer)
        try context.field(value.urls, "urls", to: writer)
        try context.field(value.userMentions, "user_mentions", to: writer)
        try writer.endObject()
    }

    init(hashtags: [Hashtag], urls: [URLEntity], userMentions: [UserMention]) {
        self.hashtags = hashtags
        self.urls = urls
        self.userMentions = userMentions
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let hashtags = Hand.list(object["hashtags"], Hashtag.init(handMapped:)),
            let urls = Hand.list(object["urls"], URLEntity.init(handMapped:)),
            let mentions = Hand.list(object["user_mentions"], UserMention.init(handMapped:))
        else { return nil }
        self.init(hashtags: hashtags, urls: urls, userMentions: mentions)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node),
            let hashtags = object.list("hashtags", Hashtag.init(document:node:)),
            let urls = object.list("urls", URLEntity.init(document:node:)),
            let mentions = object.list("user_mentions", UserMention.init(document:node:))
        else { return nil }
        self.init(hashtags: hashtags, urls: urls, userMentions: mentions)
    }

    var checksum: Int {
        hashtags.reduce(0) { $0 &+ $1.text.utf8.count &+ $1.indices.reduce(0, &+) }
            &+ urls.reduce(0) { $0 &+ $1.url.utf8.count &+ $1.expandedUrl.utf8.count &+ $1.displayUrl.utf8.count }
            &+ userMentions.reduce(0) {
                $0 &+ Int(truncatingIfNeeded: $1.id) &+ $1.screenName.utf8.count &+ $1.name.utf8.count
            }
    }
}

struct Hashtag: Codable, Bridgeable {
    var text: String
    var indices: [Int]

    static let bridge = Bridge<Hashtag>(kind: .object) { json, context in
        Hashtag(text: try context.field(json, "text"), indices: try context.field(json, "indices"))
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.text, "text", to: writer)
        try context.field(value.indices, "indices", to: writer)
        try writer.endObject()
    }

    init(text: String, indices: [Int]) {
        self.text = text
        self.indices = indices
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let text = Hand.string(object["text"]),
            let indices = Hand.ints(object["indices"])
        else { return nil }
        self.init(text: text, indices: indices)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let text = object.string("text"),
            let indices = object.ints("indices")
        else { return nil }
        self.init(text: text, indices: indices)
    }
}

struct URLEntity: Codable, Bridgeable {
    var url: String
    var expandedUrl: String
    var displayUrl: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url, indices
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
    }

    static let bridge = Bridge<URLEntity>(kind: .object) { json, context in
        URLEntity(
            url: try context.field(json, "url"),
            expandedUrl: try context.field(json, "expanded_url"),
            displayUrl: try context.field(json, "display_url"),
            indices: try context.field(json, "indices")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.url, "url", to: writer)
        try context.field(value.expandedUrl, "expanded_url", to: writer)
        try context.field(value.displayUrl, "display_url", to: writer)
        try context.field(value.indices, "indices", to: writer)
        try writer.endObject()
    }

    init(url: String, expandedUrl: String, displayUrl: String, indices: [Int]) {
        self.url = url
        self.expandedUrl = expandedUrl
        self.displayUrl = displayUrl
        self.indices = indices
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let url = Hand.string(object["url"]),
            let expandedUrl = Hand.string(object["expanded_url"]), let displayUrl = Hand.string(object["display_url"]),
            let indices = Hand.ints(object["indices"])
        else { return nil }
        self.init(url: url, expandedUrl: expandedUrl, displayUrl: displayUrl, indices: indices)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let url = object.string("url"),
            let expandedUrl = object.string("expanded_url"), let displayUrl = object.string("display_url"),
            let indices = object.ints("indices")
        else { return nil }
        self.init(url: url, expandedUrl: expandedUrl, displayUrl: displayUrl, indices: indices)
    }
}

struct UserMention: Codable, Bridgeable {
    var screenName: String
    var name: String
    var id: UInt64
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case name, id, indices
        case screenName = "screen_name"
    }

    static let bridge = Bridge<UserMention>(kind: .object) { json, context in
        UserMention(
            screenName: try context.field(json, "screen_name"),
            name: try context.field(json, "name"),
            id: try context.field(json, "id"),
            indices: try context.field(json, "indices")
        )
    } encode: { value, writer, context in
        try writer.beginObject()
        try context.field(value.screenName, "screen_name", to: writer)
        try context.field(value.name, "name", to: writer)
        try context.field(value.id, "id", to: writer)
        try context.field(value.indices, "indices", to: writer)
        try writer.endObject()
    }

    init(screenName: String, name: String, id: UInt64, indices: [Int]) {
        self.screenName = screenName
        self.name = name
        self.id = id
        self.indices = indices
    }

    init?(handMapped value: Any) {
        guard let object = Hand.object(value), let screenName = Hand.string(object["screen_name"]),
            let name = Hand.string(object["name"]), let id = Hand.uint64(object["id"]),
            let indices = Hand.ints(object["indices"])
        else { return nil }
        self.init(screenName: screenName, name: name, id: id, indices: indices)
    }

    /// The same mapping read straight from the document.
    init?(document: any JSONDocument, node: JSONNode) {
        guard var object = Doc.Object(document, node), let screenName = object.string("screen_name"),
            let name = object.string("name"), let id = object.uint64("id"), let indices = object.ints("indices")
        else { return nil }
        self.init(screenName: screenName, name: name, id: id, indices: indices)
    }
}
