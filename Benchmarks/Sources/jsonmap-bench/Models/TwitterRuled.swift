import JSONMapping

/// The corpus models read by Bender-style rules (`*Ruled.swift`): one `ObjectRule` per
/// `Mapped` type, each field bound through a key path. The rules are the types' own `Mapped`
/// structs, so the checksums are theirs.
enum Ruled {}

// twitter.json through rules: the `Mapped` models of TwitterMapped.swift, read by `ObjectRule`s
// bound with key paths. Each rule has the fields of the type's map, in its order: `required`
// where the map has `<-`, `optional` where it has `<~`; nested models through their rules.

extension Ruled {
    static let twitter = ObjectRule(Mapped.TwitterSearch())
        .required("statuses", ArrayRule(itemRule: status), \.statuses)
        .required("search_metadata", searchMetadata, \.searchMetadata)

    static let searchMetadata = ObjectRule(Mapped.SearchMetadata())
        .required("count", IntRule, \.count)
        .required("completed_in", DoubleRule, \.completedIn)
        .required("max_id_str", StringRule, \.maxIdStr)
        .required("query", StringRule, \.query)

    static let status = ObjectRule(Mapped.Status())
        .required("id", UInt64Rule, \.id)
        .required("id_str", StringRule, \.idStr)
        .required("text", StringRule, \.text)
        .required("created_at", StringRule, \.createdAt)
        .required("source", StringRule, \.source)
        .required("user", user, \.user)
        .required("entities", entities, \.entities)
        .required("retweet_count", IntRule, \.retweetCount)
        .required("favorite_count", IntRule, \.favoriteCount)
        .required("favorited", BoolRule, \.favorited)
        .required("retweeted", BoolRule, \.retweeted)
        .required("lang", StringRule, \.lang)
        .optional("in_reply_to_status_id", UInt64Rule, \.inReplyToStatusId)

    static let user = ObjectRule(Mapped.User())
        .required("id", UInt64Rule, \.id)
        .required("name", StringRule, \.name)
        .required("screen_name", StringRule, \.screenName)
        .required("location", StringRule, \.location)
        .required("description", StringRule, \.description)
        .required("followers_count", IntRule, \.followersCount)
        .required("friends_count", IntRule, \.friendsCount)
        .required("statuses_count", IntRule, \.statusesCount)
        .required("verified", BoolRule, \.verified)
        .required("profile_image_url", StringRule, \.profileImageUrl)
        .required("created_at", StringRule, \.createdAt)
        .required("lang", StringRule, \.lang)

    static let entities = ObjectRule(Mapped.Entities())
        .required("hashtags", ArrayRule(itemRule: hashtag), \.hashtags)
        .required("urls", ArrayRule(itemRule: urlEntity), \.urls)
        .required("user_mentions", ArrayRule(itemRule: userMention), \.userMentions)

    static let hashtag = ObjectRule(Mapped.Hashtag())
        .required("text", StringRule, \.text)
        .required("indices", ArrayRule(itemRule: IntRule), \.indices)

    static let urlEntity = ObjectRule(Mapped.URLEntity())
        .required("url", StringRule, \.url)
        .required("expanded_url", StringRule, \.expandedUrl)
        .required("display_url", StringRule, \.displayUrl)
        .required("indices", ArrayRule(itemRule: IntRule), \.indices)

    static let userMention = ObjectRule(Mapped.UserMention())
        .required("screen_name", StringRule, \.screenName)
        .required("name", StringRule, \.name)
        .required("id", UInt64Rule, \.id)
        .required("indices", ArrayRule(itemRule: IntRule), \.indices)
}
