import Foundation
import JSONMapping

/// One input file, read from the corpus folder or generated.
struct CorpusFile {
    let name: String
    let bytes: [UInt8]
    let origin: String
}

enum Corpus {
    /// The corpora that are files: read from the corpus folder, or generated stand-ins without one.
    static let names = ["twitter", "citm_catalog", "canada", "github_events", "gsoc-2018"]

    /// The `.json` files of `folder` (or of `../shared/corpus`); generated stand-ins when there is
    /// no such folder or it holds none of the files asked for. The generated-only corpora (``OrdersCorpus``) follow: those named in `only`, or every
    /// one of them when `only` is empty and no `folder` is given.
    static func load(folder: String?, only: [String]) throws -> [CorpusFile] {
        let chosen = folder ?? "../shared/corpus"
        var isDirectory: ObjCBool = false
        let wanted = only.isEmpty ? nil : Set(only)
        let generatedOnly = OrdersCorpus.names.filter { wanted?.contains($0) ?? (folder == nil) }
        let folderExists =
            FileManager.default.fileExists(atPath: chosen, isDirectory: &isDirectory) && isDirectory.boolValue
        if folderExists {
            let files = try FileManager.default.contentsOfDirectory(atPath: chosen)
                .filter { $0.hasSuffix(".json") }
                .sorted {
                    (names.firstIndex(of: String($0.dropLast(5))) ?? 99, $0) < (
                        names.firstIndex(of: String($1.dropLast(5))) ?? 99, $1
                    )
                }
            let loaded = try files.compactMap { file -> CorpusFile? in
                let name = String(file.dropLast(5))
                guard wanted?.contains(name) ?? true else { return nil }
                let data = try Data(contentsOf: URL(fileURLWithPath: chosen).appendingPathComponent(file))
                return CorpusFile(name: name, bytes: Array(data), origin: chosen)
            }
            if !loaded.isEmpty {
                return try loaded
                    + generatedOnly.map { CorpusFile(name: $0, bytes: try OrdersCorpus.make($0), origin: "generated") }
            }
        } else if folder != nil {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: chosen])
        }
        let origin = "generated (no corpus folder at \(chosen))"
        let standIns = try names.filter { wanted?.contains($0) ?? true }.map { name in
            CorpusFile(name: name, bytes: try Generator.make(name), origin: origin)
        }
        let generated = try generatedOnly.map {
            CorpusFile(name: $0, bytes: try OrdersCorpus.make($0), origin: folderExists ? "generated" : origin)
        }
        return standIns + generated
    }
}

/// Deterministic stand-ins with the shapes and sizes of the public corpus files.
///
/// The stand-ins for the files with models (twitter, citm_catalog, canada) carry every member
/// the models in `Models/` read, with the JSON kinds of the real files and their nulls where a
/// model field is optional, so every measure runs on them.
enum Generator {
    static func make(_ name: String) throws -> [UInt8] {
        var random = SplitMix(seed: name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        let pretty = JSONWriter.Options(
            formatting: .pretty(indent: name == "twitter" || name == "github_events" ? 2 : 4)
        )
        let writer = JSONWriter(options: name == "canada" ? JSONWriter.Options() : pretty)
        switch name {
        case "twitter": try twitter(writer, &random)
        case "citm_catalog": try citm(writer, &random)
        case "canada": try canada(writer, &random)
        case "github_events": try githubEvents(writer, &random)
        default: try gsoc(writer, &random)
        }
        return try writer.finish()
    }

    private static func member(_ writer: JSONWriter, _ key: String, _ write: () throws -> Void) throws {
        try writer.key(key)
        try write()
    }

    // MARK: twitter.json

    /// A search response: 100 statuses, about three in four of them retweets that embed the
    /// retweeted status, each with a full user object.
    private static func twitter(_ w: JSONWriter, _ r: inout SplitMix) throws {
        let maxId: UInt64 = 505_874_924_095_815_681
        try w.object {
            try w.member("statuses") {
                try w.array {
                    for index in 0..<100 {
                        let id = maxId - UInt64(index) * 776_351
                        let createdAt = "Sun Aug 31 00:\(two(29 - index / 12)):\(two(59 - index * 5 % 60)) +0000 2014"
                        let author = Person(&r)
                        if r.chance(73) {
                            let originalId = id - UInt64(1 + r.below(40_000)) * 1_000_003
                            let originalDate = r.date(years: 2014...2014)
                            let originalAuthor = Person(&r)
                            let original = Tweet(&r, id: originalId, createdAt: originalDate, author: originalAuthor)
                            let retweet = Tweet(retweeting: original, id: id, createdAt: createdAt, author: author)
                            try status(w, &r, retweet, retweeting: original)
                        } else {
                            try status(w, &r, Tweet(&r, id: id, createdAt: createdAt, author: author), retweeting: nil)
                        }
                    }
                }
            }
            try w.member("search_metadata") {
                try w.object {
                    try w.member("completed_in") { try w.double(0.087) }
                    try w.member("max_id", uint: maxId)
                    try w.member("max_id_str", string: String(maxId))
                    try w.member(
                        "next_results",
                        string: "?max_id=\(maxId - 100 * 776_351)&q=%E4%B8%80&count=100&include_entities=1"
                    )
                    try w.member("query", string: "%E4%B8%80")
                    try w.member("refresh_url", string: "?since_id=\(maxId)&q=%E4%B8%80&include_entities=1")
                    try w.member("count", int: 100)
                    try w.member("since_id", int: 0)
                    try w.member("since_id_str", string: "0")
                }
            }
        }
    }

    /// A user as tweets refer to them: an author, a mention, a replied-to user.
    private struct Person {
        let id: UInt64
        let screenName: String
        let name: String

        init(_ r: inout SplitMix) {
            id = 10_000_000 + r.next() % 2_600_000_000
            screenName = r.word(6 + r.below(9))
            name = r.sentence(words: 1 + r.below(3), japanese: true)
        }
    }

    /// What one status says, made before it is written so that a retweet can quote it.
    private struct Tweet {
        struct Link {
            var url: String
            var expanded: String
            var display: String
            var at: Int
        }

        var id: UInt64
        var createdAt: String
        var author: Person
        var text = ""
        var lang: String
        var hashtags: [(text: String, at: Int)] = []
        var urls: [Link] = []
        var mentions: [(person: Person, at: Int)] = []
        var media: (id: UInt64, link: Link)?
        var replyTo: (status: UInt64?, user: Person)?
        var retweetCount: Int
        var favoriteCount: Int

        /// Where the next appended text starts, in Unicode scalars, as Twitter's indices count.
        var end: Int { text.unicodeScalars.count }

        /// An original status: sometimes a reply that starts with a mention, sometimes with a
        /// hashtag, a link or a photo.
        init(_ r: inout SplitMix, id: UInt64, createdAt: String, author: Person) {
            self.id = id
            self.createdAt = createdAt
            self.author = author
            lang = r.chance(3) ? "zh" : "ja"
            retweetCount = r.chance(50) ? 0 : r.chance(90) ? r.below(100) : r.below(5_000)
            favoriteCount = r.chance(60) ? 0 : r.below(60)
            if r.chance(40) {
                let person = Person(&r)
                mentions.append((person, 0))
                text = "@\(person.screenName) "
                if r.chance(80) {
                    let status: UInt64? = r.chance(70) ? id - UInt64(1 + r.below(400_000)) * 1_000_003 : nil
                    replyTo = (status: status, user: person)
                }
            }
            text += r.tweetBody()
            if r.chance(6) {
                let tag = r.sentence(words: 1 + r.below(2), japanese: true).replacingOccurrences(of: " ", with: "")
                hashtags.append((tag, end + 1))
                text += " #" + tag
            }
            if r.chance(9) {
                let host = "\(r.word(4 + r.below(6))).jp"
                let path = r.word(6 + r.below(20))
                let url = "http://t.co/\(r.word(10))"
                urls.append(Link(url: url, expanded: "http://\(host)/\(path)", display: "\(host)/\(path)", at: end + 1))
                text += " " + url
            }
            if r.chance(8) {
                let code = r.word(10)
                let link = Link(
                    url: "http://t.co/\(code)",
                    expanded: "http://twitter.com/\(author.screenName)/status/\(id)/photo/1",
                    display: "pic.twitter.com/\(code)",
                    at: end + 1
                )
                media = (id: id - 1_000_000 - UInt64(r.below(1_000_000)), link: link)
                text += " " + link.url
            }
        }

        /// A retweet of `original`: "RT @author: " and the original text, its entities shifted.
        init(retweeting original: Tweet, id: UInt64, createdAt: String, author: Person) {
            self = original
            self.id = id
            self.createdAt = createdAt
            self.author = author
            let prefix = "RT @\(original.author.screenName): "
            let shift = prefix.unicodeScalars.count
            text = prefix + original.text
            hashtags = original.hashtags.map { (text: $0.text, at: $0.at + shift) }
            urls = original.urls.map {
                Link(url: $0.url, expanded: $0.expanded, display: $0.display, at: $0.at + shift)
            }
            mentions =
                [(person: original.author, at: 3)] + original.mentions.map { (person: $0.person, at: $0.at + shift) }
            media = original.media.map { media in
                var link = media.link
                link.at += shift
                return (id: media.id, link: link)
            }
            replyTo = nil
            favoriteCount = 0
        }
    }

    private static let sources = [
        ("http://twitter.com/download/iphone", "Twitter for iPhone"),
        ("http://twitter.com/download/android", "Twitter for Android"),
        ("http://twitter.com", "Twitter Web Client"),
        ("http://twittbot.net/", "twittbot.net"),
        ("https://mobile.twitter.com", "Mobile Web (M2)"),
    ]

    /// One status with every member of the real file's statuses, in their order.
    private static func status(_ w: JSONWriter, _ r: inout SplitMix, _ tweet: Tweet, retweeting original: Tweet?)
        throws
    {
        try w.object {
            try w.member("metadata") {
                try w.object {
                    try w.member("result_type", string: "recent")
                    try w.member("iso_language_code", string: tweet.lang)
                }
            }
            try w.member("created_at", string: tweet.createdAt)
            try w.member("id", uint: tweet.id)
            try w.member("id_str", string: String(tweet.id))
            try w.member("text", string: tweet.text)
            let source = sources[r.chance(60) ? 0 : r.below(sources.count)]
            try w.member("source", string: "<a href=\"\(source.0)\" rel=\"nofollow\">\(source.1)</a>")
            try w.member("truncated", bool: false)
            try w.member("in_reply_to_status_id", uint: tweet.replyTo?.status)
            try w.member("in_reply_to_status_id_str", string: tweet.replyTo?.status.map { String($0) })
            try w.member("in_reply_to_user_id", uint: tweet.replyTo?.user.id)
            try w.member("in_reply_to_user_id_str", string: tweet.replyTo.map { String($0.user.id) })
            try w.member("in_reply_to_screen_name", string: tweet.replyTo?.user.screenName)
            try w.member("user") { try user(w, &r, tweet.author) }
            for key in ["geo", "coordinates", "place", "contributors"] {
                try w.member(key) { try w.null() }
            }
            if let original {
                try w.member("retweeted_status") { try status(w, &r, original, retweeting: nil) }
            }
            try w.member("retweet_count", int: Int64(tweet.retweetCount))
            try w.member("favorite_count", int: Int64(tweet.favoriteCount))
            try w.member("entities") { try entities(w, tweet) }
            try w.member("favorited", bool: false)
            try w.member("retweeted", bool: false)
            if !tweet.urls.isEmpty || tweet.media != nil {
                try w.member("possibly_sensitive", bool: false)
            }
            try w.member("lang", string: tweet.lang)
        }
    }

    private static let photoSizes: [(String, Int64, Int64, String)] = [
        ("medium", 600, 338, "fit"), ("small", 340, 192, "fit"), ("thumb", 150, 150, "crop"),
        ("large", 765, 432, "fit"),
    ]

    private static func entities(_ w: JSONWriter, _ tweet: Tweet) throws {
        try w.object {
            try w.member("hashtags") {
                try w.array {
                    for hashtag in tweet.hashtags {
                        try w.object {
                            try w.member("text", string: hashtag.text)
                            try w.member(
                                "indices",
                                ints: [hashtag.at, hashtag.at + 1 + hashtag.text.unicodeScalars.count]
                            )
                        }
                    }
                }
            }
            try w.member("symbols") { try w.array {} }
            try w.member("urls") { try w.array { for link in tweet.urls { try self.link(w, link) } } }
            try w.member("user_mentions") {
                try w.array {
                    for mention in tweet.mentions {
                        try w.object {
                            try w.member("screen_name", string: mention.person.screenName)
                            try w.member("name", string: mention.person.name)
                            try w.member("id", uint: mention.person.id)
                            try w.member("id_str", string: String(mention.person.id))
                            try w.member(
                                "indices",
                                ints: [mention.at, mention.at + 1 + mention.person.screenName.count]
                            )
                        }
                    }
                }
            }
            if let media = tweet.media {
                try w.member("media") {
                    try w.array {
                        try w.object {
                            try w.member("id", uint: media.id)
                            try w.member("id_str", string: String(media.id))
                            try w.member("indices", ints: [media.link.at, media.link.at + media.link.url.count])
                            let image = "pbs.twimg.com/media/\(media.link.display.suffix(10)).jpg"
                            try w.member("media_url", string: "http://" + image)
                            try w.member("media_url_https", string: "https://" + image)
                            try w.member("url", string: media.link.url)
                            try w.member("display_url", string: media.link.display)
                            try w.member("expanded_url", string: media.link.expanded)
                            try w.member("type", string: "photo")
                            try w.member("sizes") {
                                try w.object {
                                    for (name, width, height, resize) in photoSizes {
                                        try w.member(name) {
                                            try w.object {
                                                try w.member("w", int: width)
                                                try w.member("h", int: height)
                                                try w.member("resize", string: resize)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func link(_ w: JSONWriter, _ link: Tweet.Link) throws {
        try w.object {
            try w.member("url", string: link.url)
            try w.member("expanded_url", string: link.expanded)
            try w.member("display_url", string: link.display)
            try w.member("indices", ints: [link.at, link.at + link.url.count])
        }
    }

    private static let colors = ["C0DEED", "0084B4", "DDEEF6", "333333", "FFFFFF", "000000", "FF6699", "ACDED6"]

    /// A user object with every member of the real file's users; `location` is often empty,
    /// `url`, `utc_offset` and `time_zone` often null, `profile_banner_url` sometimes absent.
    private static func user(_ w: JSONWriter, _ r: inout SplitMix, _ person: Person) throws {
        let url: String? = r.chance(10) ? "http://t.co/\(r.word(10))" : nil
        let zone = r.chance(17)
        let image = "pbs.twimg.com/profile_images/\(r.digits(18))/\(r.word(8))_normal.jpeg"
        let background =
            r.chance(60)
            ? "abs.twimg.com/images/themes/theme1/bg.png"
            : "pbs.twimg.com/profile_background_images/\(r.digits(9))/\(r.word(32)).png"
        try w.object {
            try w.member("id", uint: person.id)
            try w.member("id_str", string: String(person.id))
            try w.member("name", string: person.name)
            try w.member("screen_name", string: person.screenName)
            try w.member("location", string: r.chance(77) ? "" : r.sentence(words: 1 + r.below(2), japanese: true))
            try w.member("description", string: r.sentence(words: 4 + r.below(40), japanese: true))
            try w.member("url", string: url)
            try w.member("entities") {
                try w.object {
                    if let url {
                        let host = "\(r.word(5 + r.below(6))).jp"
                        let path = r.word(6 + r.below(10))
                        try w.member("url") {
                            try w.object {
                                try w.member("urls") {
                                    try w.array {
                                        try link(
                                            w,
                                            Tweet.Link(
                                                url: url,
                                                expanded: "http://\(host)/\(path)",
                                                display: "\(host)/\(path)",
                                                at: 0
                                            )
                                        )
                                    }
                                }
                            }
                        }
                    }
                    try w.member("description") { try w.object { try w.member("urls") { try w.array {} } } }
                }
            }
            try w.member("protected", bool: false)
            try w.member("followers_count", int: Int64(r.below(r.chance(90) ? 2_000 : 100_000)))
            try w.member("friends_count", int: Int64(r.below(2_000)))
            try w.member("listed_count", int: Int64(r.below(r.chance(90) ? 20 : 1_000)))
            try w.member("created_at", string: r.date(years: 2009...2014))
            try w.member("favourites_count", int: Int64(r.below(10_000)))
            try w.member("utc_offset", int: zone ? 32_400 : nil)
            try w.member("time_zone", string: zone ? (r.chance(70) ? "Tokyo" : "Irkutsk") : nil)
            try w.member("geo_enabled", bool: r.chance(30))
            try w.member("verified", bool: false)
            try w.member("statuses_count", int: Int64(r.below(50_000)))
            try w.member("lang", string: r.chance(96) ? "ja" : "en")
            try w.member("contributors_enabled", bool: false)
            try w.member("is_translator", bool: false)
            try w.member("is_translation_enabled", bool: false)
            try w.member("profile_background_color", string: r.pick(colors))
            try w.member("profile_background_image_url", string: "http://" + background)
            try w.member("profile_background_image_url_https", string: "https://" + background)
            try w.member("profile_background_tile", bool: r.chance(30))
            try w.member("profile_image_url", string: "http://" + image)
            try w.member("profile_image_url_https", string: "https://" + image)
            if r.chance(91) {
                try w.member(
                    "profile_banner_url",
                    string: "https://pbs.twimg.com/profile_banners/\(person.id)/\(r.digits(10))"
                )
            }
            try w.member("profile_link_color", string: r.pick(colors))
            try w.member("profile_sidebar_border_color", string: r.pick(colors))
            try w.member("profile_sidebar_fill_color", string: r.pick(colors))
            try w.member("profile_text_color", string: r.pick(colors))
            try w.member("profile_use_background_image", bool: r.chance(90))
            try w.member("default_profile", bool: r.chance(50))
            try w.member("default_profile_image", bool: false)
            try w.member("following", bool: false)
            try w.member("follow_request_sent", bool: false)
            try w.member("notifications", bool: false)
        }
    }

    private static func two(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    // MARK: citm_catalog.json

    /// A concert hall's catalogue: the name tables (keys are numeric strings), 184 events and
    /// 243 performances with one to five seat categories each. Event descriptions, performance
    /// names and seat map images are null, as in the real file; about half the logos are.
    private static func citm(_ w: JSONWriter, _ r: inout SplitMix) throws {
        let areaIds = (0..<17).map { 205_705_993 + $0 + ($0 > 3 ? 1 : 0) }
        let audienceSubCategoryId = 337_100_890
        let seatCategoryIds = (0..<64).map { 338_937_235 + $0 * 3 + $0 % 3 }
        let subTopicIds = (0..<19).map { 337_184_262 + $0 * 2 + $0 % 2 }
        let topicIds = [107_888_604, 324_846_098, 324_846_099, 324_846_100]
        var eventIds: [Int] = []
        var nextEvent = 138_586_341
        for _ in 0..<184 {
            eventIds.append(nextEvent)
            nextEvent += 1 + r.below(60)
        }
        let tiers = ["Arrière-scène", "1er balcon", "2ème balcon", "Parterre", "Loge"]
        let sides = ["central", "cour", "jardin", "bergerie cour", "bergerie jardin"]

        try w.object {
            try w.member("areaNames") {
                try w.object {
                    for (index, id) in areaIds.enumerated() {
                        try w.member(String(id), string: "\(tiers[index % 5]) \(sides[(index / 5 + index) % 5])")
                    }
                }
            }
            try w.member("audienceSubCategoryNames") {
                try w.object { try w.member(String(audienceSubCategoryId), string: "Abonné") }
            }
            try w.member("blockNames") { try w.object {} }
            try w.member("events") {
                try w.object {
                    for id in eventIds {
                        try w.member(String(id)) {
                            try w.object {
                                try w.member("description") { try w.null() }
                                try w.member("id", int: Int64(id))
                                try w.member("logo", string: r.chance(51) ? "/images/UE0AAAAA\(r.word(16))" : nil)
                                try w.member("name", string: r.title(words: 1 + r.below(5)))
                                let subTopicCount = r.weighted([(3, 119), (4, 43), (5, 16), (0, 5), (2, 1)])
                                try w.member("subTopicIds", ints: r.shuffled(subTopicIds).prefix(subTopicCount))
                                try w.member("subjectCode") { try w.null() }
                                try w.member("subtitle") { try w.null() }
                                let topicCount = r.weighted([(3, 176), (0, 5), (2, 2), (4, 1)])
                                try w.member("topicIds", ints: r.shuffled(topicIds).prefix(topicCount))
                            }
                        }
                    }
                }
            }
            try w.member("performances") {
                try w.array {
                    var id = 339_887_544
                    var start = 1_372_701_600_000
                    for performance in 0..<243 {
                        let categories = r.shuffled(seatCategoryIds)
                            .prefix(r.weighted([(5, 95), (4, 89), (1, 42), (2, 17)])).sorted()
                        try w.object {
                            try w.member("eventId", int: Int64(eventIds[performance * eventIds.count / 243]))
                            try w.member("id", int: Int64(id))
                            try w.member("logo", string: r.chance(44) ? "/images/UE0AAAAA\(r.word(16))" : nil)
                            try w.member("name") { try w.null() }
                            try w.member("prices") {
                                try w.array {
                                    for category in categories {
                                        try w.object {
                                            try w.member("amount", int: Int64(9_500 + 250 * r.below(400)))
                                            try w.member("audienceSubCategoryId", int: Int64(audienceSubCategoryId))
                                            try w.member("seatCategoryId", int: Int64(category))
                                        }
                                    }
                                }
                            }
                            try w.member("seatCategories") {
                                try w.array {
                                    for category in categories {
                                        let areaCount = r.weighted([
                                            (6, 222), (11, 184), (10, 168), (13, 131), (16, 66), (7, 41), (1, 40),
                                            (12, 30), (5, 12), (14, 6), (8, 4), (9, 3),
                                        ])
                                        try w.object {
                                            try w.member("areas") {
                                                try w.array {
                                                    for area in r.shuffled(areaIds).prefix(areaCount) {
                                                        try w.object {
                                                            try w.member("areaId", int: Int64(area))
                                                            try w.member("blockIds") { try w.array {} }
                                                        }
                                                    }
                                                }
                                            }
                                            try w.member("seatCategoryId", int: Int64(category))
                                        }
                                    }
                                }
                            }
                            try w.member("seatMapImage") { try w.null() }
                            try w.member("start", int: Int64(start))
                            try w.member("venueCode", string: "PLEYEL_PLEYEL")
                        }
                        id += 1 + r.below(40)
                        start += 86_400_000 * r.below(4) + 3_600_000 * r.below(3)
                    }
                }
            }
            try w.member("seatCategoryNames") {
                try w.object {
                    for (index, id) in seatCategoryIds.enumerated() {
                        let rank = index % 6 == 0 ? "1ère" : "\(index % 6 + 1)ème"
                        try w.member(
                            String(id),
                            string: index < 6 ? "\(rank) catégorie" : "\(rank) catégorie \(r.word(5))"
                        )
                    }
                }
            }
            try w.member("subTopicNames") {
                try w.object {
                    for id in subTopicIds { try w.member(String(id), string: r.title(words: 1 + r.below(3))) }
                }
            }
            try w.member("subjectNames") { try w.object {} }
            try w.member("topicNames") {
                try w.object {
                    for id in topicIds { try w.member(String(id), string: r.title(words: 1 + r.below(3))) }
                }
            }
            try w.member("topicSubTopics") {
                try w.object {
                    for (index, topic) in topicIds.enumerated() {
                        try w.member(
                            String(topic),
                            ints: subTopicIds.indices.filter { $0 % 4 == index }.map { subTopicIds[$0] }
                        )
                    }
                }
            }
            try w.member("venueNames") { try w.object { try w.member("PLEYEL_PLEYEL", string: "Salle Pleyel") } }
        }
    }

    // MARK: canada.json

    /// One GeoJSON polygon of 480 closed rings and 55,563 points: a few long coastlines and
    /// many small islands. Coordinates are six-decimal degrees a few ulps off, written with 17
    /// significant digits as in the real file.
    private static func canada(_ w: JSONWriter, _ r: inout SplitMix) throws {
        let ringCount = 480
        let pointCount = 55_563
        let smallest = 9
        // Ring sizes from the quantiles of a heavy-tailed (Pareto) distribution, in shuffled order.
        let weights = (0..<ringCount).map { pow((Double($0) + 0.5) / Double(ringCount), -1 / 0.85) }
        let total = weights.reduce(0, +)
        var sizes = weights.map { smallest + Int(Double(pointCount - ringCount * smallest) * $0 / total) }
        sizes[0] += pointCount - sizes.reduce(0, +)
        sizes = r.shuffled(sizes)

        try w.object {
            try w.member("type", string: "FeatureCollection")
            try w.member("features") {
                try w.array {
                    try w.object {
                        try w.member("type", string: "Feature")
                        try w.member("properties") { try w.object { try w.member("name", string: "Canada") } }
                        try w.member("geometry") {
                            try w.object {
                                try w.member("type", string: "Polygon")
                                try w.member("coordinates") {
                                    try w.array {
                                        for size in sizes { try ring(w, &r, size: size) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A closed ring (the last point repeats the first) around a random centre.
    private static func ring(_ w: JSONWriter, _ r: inout SplitMix, size: Int) throws {
        let longitude = -141 + r.unit() * 88
        let latitude = 42 + r.unit() * 41
        let radius = 0.01 * Double(size).squareRoot()
        var points: [(String, String)] = []
        for index in 0..<(size - 1) {
            let angle = 2 * Double.pi * Double(index) / Double(size - 1)
            let reach = radius * (0.7 + 0.6 * r.unit())
            points.append(
                (coordinate(longitude + reach * cos(angle), &r), coordinate(latitude + reach * sin(angle), &r))
            )
        }
        points.append(points[0])
        try w.array {
            for (x, y) in points {
                try w.array {
                    try w.number(text: x)
                    try w.number(text: y)
                }
            }
        }
    }

    /// Six decimals, usually moved a few ulps as the real file's converted coordinates are, in
    /// `%.17g` text: "-65.613616999999977".
    private static func coordinate(_ degrees: Double, _ r: inout SplitMix) -> String {
        var value = (degrees * 1e6).rounded() / 1e6
        if r.chance(92) {
            let ulps = UInt64(1 + r.below(3))
            value = Double(bitPattern: r.chance(50) ? value.bitPattern &+ ulps : value.bitPattern &- ulps)
        }
        return String(format: "%.17g", value)
    }

    // MARK: github_events.json and gsoc-2018.json (no models)

    private static func githubEvents(_ w: JSONWriter, _ r: inout SplitMix) throws {
        try w.beginArray()
        for index in 0..<30 {
            try w.beginObject()
            try member(w, "type") { try w.string(index % 2 == 0 ? "PushEvent" : "CreateEvent") }
            try member(w, "created_at") { try w.string("2013-01-10T07:58:\(10 + index)Z") }
            try member(w, "actor") {
                try w.beginObject()
                try member(w, "gravatar_id") { try w.string(r.word(32)) }
                try member(w, "login") { try w.string(r.word(9)) }
                try member(w, "avatar_url") { try w.string("https://secure.gravatar.com/avatar/\(r.word(32))?d=x") }
                try member(w, "url") { try w.string("https://api.github.com/users/\(r.word(9))") }
                try member(w, "id") { try w.int64(Int64(r.next() % 3_000_000)) }
                try w.endObject()
            }
            try member(w, "repo") {
                try w.beginObject()
                try member(w, "id") { try w.int64(Int64(r.next() % 8_000_000)) }
                try member(w, "url") { try w.string("https://api.github.com/repos/\(r.word(8))/\(r.word(8))") }
                try member(w, "name") { try w.string("\(r.word(8))/\(r.word(8))") }
                try w.endObject()
            }
            try member(w, "payload") {
                try w.beginObject()
                try member(w, "commits") {
                    try w.beginArray()
                    for _ in 0..<2 {
                        try w.beginObject()
                        try member(w, "url") { try w.string("https://api.github.com/repos/x/y/commits/\(r.word(40))") }
                        try member(w, "message") {
                            try w.string(r.sentence(words: 10, japanese: false) + "\n\n- fixed")
                        }
                        try member(w, "distinct") { try w.bool(true) }
                        try member(w, "sha") { try w.string(r.word(40)) }
                        try w.endObject()
                    }
                    try w.endArray()
                }
                try member(w, "push_id") { try w.int64(Int64(r.next() % 200_000_000)) }
                try member(w, "ref") { try w.string("refs/heads/master") }
                try w.endObject()
            }
            try member(w, "public") { try w.bool(true) }
            try member(w, "id") { try w.string(String(r.next() % 2_000_000_000)) }
            try w.endObject()
        }
        try w.endArray()
    }

    private static func gsoc(_ w: JSONWriter, _ r: inout SplitMix) throws {
        try w.beginObject()
        for project in 0..<1264 {
            try member(w, String(project)) {
                try w.beginObject()
                try member(w, "@context") { try w.string("http://schema.org") }
                try member(w, "@type") { try w.string("SoftwareSourceCode") }
                try member(w, "name") { try w.string(r.sentence(words: 5, japanese: false)) }
                try member(w, "description") { try w.string(r.sentence(words: 250, japanese: false)) }
                try member(w, "sponsor") {
                    try w.beginObject()
                    try member(w, "@type") { try w.string("Organization") }
                    try member(w, "name") { try w.string(r.sentence(words: 2, japanese: false)) }
                    try member(w, "disambiguatingDescription") { try w.string(r.sentence(words: 8, japanese: false)) }
                    try member(w, "description") { try w.string(r.sentence(words: 60, japanese: false)) }
                    try member(w, "url") { try w.string("https://\(r.word(8)).org/") }
                    try member(w, "logo") { try w.string("//lh3.googleusercontent.com/\(r.word(60))") }
                    try w.endObject()
                }
                try member(w, "author") {
                    try w.beginObject()
                    try member(w, "@type") { try w.string("Person") }
                    try member(w, "name") { try w.string(r.sentence(words: 2, japanese: false)) }
                    try w.endObject()
                }
                try w.endObject()
            }
        }
        try w.endObject()
    }
}

/// Writing shorthands for the generators.
extension JSONWriter {
    func object(_ members: () throws -> Void) throws {
        try beginObject()
        try members()
        try endObject()
    }

    func array(_ elements: () throws -> Void) throws {
        try beginArray()
        try elements()
        try endArray()
    }

    func member(_ name: String, _ write: () throws -> Void) throws {
        try key(name)
        try write()
    }

    /// A string, or null when `string` is nil.
    func member(_ name: String, string: String?) throws {
        try key(name)
        if let string { try self.string(string) } else { try null() }
    }

    /// A number, or null when `int` is nil.
    func member(_ name: String, int: Int64?) throws {
        try key(name)
        if let int { try int64(int) } else { try null() }
    }

    /// A number, or null when `uint` is nil.
    func member(_ name: String, uint: UInt64?) throws {
        try key(name)
        if let uint { try uint64(uint) } else { try null() }
    }

    func member(_ name: String, bool: Bool) throws {
        try key(name)
        try self.bool(bool)
    }

    func member(_ name: String, ints: some Sequence<Int>) throws {
        try key(name)
        try array { for int in ints { try int64(Int64(int)) } }
    }
}

/// SplitMix64: a small deterministic generator, so generated inputs are the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// 0..<bound.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// One of the values, each as often as its weight says.
    mutating func weighted(_ table: [(value: Int, weight: Int)]) -> Int {
        var roll = below(table.reduce(0) { $0 + $1.weight })
        for entry in table {
            if roll < entry.weight { return entry.value }
            roll -= entry.weight
        }
        return table[table.count - 1].value
    }

    /// Fisher–Yates.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        for index in items.indices.reversed() where index > 0 {
            items.swapAt(index, below(index + 1))
        }
        return items
    }

    mutating func word(_ length: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in letters[Int(next() % UInt64(letters.count))] })
    }

    /// Decimal digits, the first not zero.
    mutating func digits(_ count: Int) -> String {
        String(1 + below(9)) + (1..<count).map { _ in String(below(10)) }.joined()
    }

    private static let kana = Array("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん一二三四五")

    mutating func kana(_ length: Int) -> String {
        String((0..<length).map { _ in Self.kana[Int(next() % UInt64(Self.kana.count))] })
    }

    mutating func sentence(words: Int, japanese: Bool) -> String {
        (0..<words).map { _ in
            japanese && next() % 2 == 0 ? kana(3) : word(Int(2 + next() % 7))
        }.joined(separator: " ")
    }

    /// Capitalized ASCII words: "Xkqe Wbd5".
    mutating func title(words: Int) -> String {
        (0..<words).map { _ in word(3 + below(7)).capitalized }.joined(separator: " ")
    }

    /// A tweet's text: mostly runs of kana, some ASCII words, line breaks and emoji (four-byte
    /// UTF-8 among them).
    mutating func tweetBody() -> String {
        let emoji = ["😊", "✨", "❤️", "😘", "💖", "✋", "😋", "(^^)"]
        var text = ""
        for index in 0..<(6 + below(40)) {
            if index > 0 { text += chance(10) ? "\n" : chance(40) ? " " : "" }
            text += chance(80) ? kana(2 + below(6)) : word(2 + below(7))
            if chance(6) { text += pick(emoji) }
        }
        return text
    }

    /// A created_at date in Twitter's format: "Thu Oct 25 08:27:13 +0000 2012".
    mutating func date(years: ClosedRange<Int>) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = [1 + below(28), below(24), below(60), below(60)].map { $0 < 10 ? "0\($0)" : String($0) }
        let year = years.lowerBound + below(years.count)
        return "\(pick(days)) \(pick(months)) \(clock[0]) \(clock[1]):\(clock[2]):\(clock[3]) +0000 \(year)"
    }
}
