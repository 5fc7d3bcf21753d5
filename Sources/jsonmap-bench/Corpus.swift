import Foundation
import MapCore

/// One input file, read from the corpus folder or generated.
struct CorpusFile {
    let name: String
    let bytes: [UInt8]
    let origin: String
}

enum Corpus {
    static let names = ["twitter", "citm_catalog", "canada", "github_events", "gsoc-2018"]

    /// The `.json` files of `folder` (or of `../shared/corpus`); generated stand-ins when there is none.
    static func load(folder: String?, only: [String]) throws -> [CorpusFile] {
        let chosen = folder ?? "../shared/corpus"
        var isDirectory: ObjCBool = false
        let wanted = only.isEmpty ? nil : Set(only)
        if FileManager.default.fileExists(atPath: chosen, isDirectory: &isDirectory), isDirectory.boolValue {
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
            if !loaded.isEmpty { return loaded }
        } else if folder != nil {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: chosen])
        }
        return try names.filter { wanted?.contains($0) ?? true }.map { name in
            CorpusFile(name: name, bytes: try Generator.make(name), origin: "generated (no corpus folder at \(chosen))")
        }
    }
}

/// Deterministic stand-ins with the shapes and sizes of the public corpus files.
enum Generator {
    static func make(_ name: String) throws -> [UInt8] {
        var random = SplitMix(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }).magnitude)
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

    private static func twitter(_ w: JSONWriter, _ r: inout SplitMix) throws {
        try w.beginObject()
        try member(w, "statuses") {
            try w.beginArray()
            for index in 0..<100 {
                try w.beginObject()
                try member(w, "metadata") {
                    try w.beginObject()
                    try member(w, "result_type") { try w.string("recent") }
                    try member(w, "iso_language_code") { try w.string(index % 3 == 0 ? "en" : "ja") }
                    try w.endObject()
                }
                try member(w, "created_at") { try w.string("Sun Aug 31 00:29:\(10 + index % 50) +0000 2014") }
                let id = 505_874_924_095_815_681 + Int64(index) * 1_000_003
                try member(w, "id") { try w.int64(id) }
                try member(w, "id_str") { try w.string(String(id)) }
                try member(w, "text") {
                    try w.string(r.sentence(words: 12, japanese: index % 3 != 0) + " http://t.co/\(r.word(8))")
                }
                try member(w, "source") {
                    try w.string(
                        "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>"
                    )
                }
                try member(w, "truncated") { try w.bool(false) }
                try member(w, "in_reply_to_status_id") { try w.null() }
                try member(w, "user") {
                    try w.beginObject()
                    try member(w, "id") { try w.int64(Int64(r.next() % 3_000_000_000)) }
                    try member(w, "name") { try w.string(r.sentence(words: 2, japanese: true)) }
                    try member(w, "screen_name") { try w.string(r.word(10)) }
                    try member(w, "description") { try w.string(r.sentence(words: 20, japanese: index % 2 == 0)) }
                    try member(w, "followers_count") { try w.int64(Int64(r.next() % 100_000)) }
                    try member(w, "profile_image_url") {
                        try w.string(
                            "http://pbs.twimg.com/profile_images/\(r.next() % 1_000_000)/\(r.word(8))_normal.jpeg"
                        )
                    }
                    try member(w, "verified") { try w.bool(false) }
                    try member(w, "lang") { try w.string("ja") }
                    try member(w, "profile_background_color") { try w.string("C0DEED") }
                    try w.endObject()
                }
                try member(w, "entities") {
                    try w.beginObject()
                    try member(w, "hashtags") {
                        try w.beginArray(); try w.endArray()
                    }
                    try member(w, "urls") {
                        try w.beginArray()
                        try w.beginObject()
                        try member(w, "url") { try w.string("http://t.co/\(r.word(10))") }
                        try member(w, "indices") {
                            try w.beginArray(); try w.int64(30); try w.int64(52); try w.endArray()
                        }
                        try w.endObject()
                        try w.endArray()
                    }
                    try w.endObject()
                }
                try member(w, "retweet_count") { try w.int64(Int64(r.next() % 500)) }
                try member(w, "favorite_count") { try w.int64(Int64(r.next() % 500)) }
                try member(w, "favorited") { try w.bool(r.next() % 2 == 0) }
                try member(w, "lang") { try w.string(index % 3 == 0 ? "en" : "ja") }
                try w.endObject()
            }
            try w.endArray()
        }
        try member(w, "search_metadata") {
            try w.beginObject()
            try member(w, "completed_in") { try w.double(0.087) }
            try member(w, "max_id") { try w.int64(505_874_924_095_815_681) }
            try member(w, "query") { try w.string("%E4%B8%80") }
            try member(w, "count") { try w.int64(100) }
            try w.endObject()
        }
        try w.endObject()
    }

    private static func citm(_ w: JSONWriter, _ r: inout SplitMix) throws {
        try w.beginObject()
        try member(w, "areaNames") {
            try w.beginObject()
            for area in 0..<17 {
                try member(w, String(205_705_993 + area)) { try w.string("\(area + 1)er balcon \(r.word(6))") }
            }
            try w.endObject()
        }
        try member(w, "events") {
            try w.beginObject()
            for event in 0..<184 {
                try member(w, String(138_586_341 + event)) {
                    try w.beginObject()
                    try member(w, "description") { try w.null() }
                    try member(w, "id") { try w.int64(Int64(138_586_341 + event)) }
                    try member(w, "logo") { try w.string("/images/UE0AAAAACEKo6QAAAAZDSVRN") }
                    try member(w, "name") { try w.string(r.sentence(words: 3, japanese: false)) }
                    try member(w, "subTopicIds") {
                        try w.beginArray(); for _ in 0..<4 { try w.int64(Int64(337_184_200 + r.next() % 100)) };
                        try w.endArray()
                    }
                    try member(w, "subjectCode") { try w.null() }
                    try member(w, "subtitle") { try w.null() }
                    try member(w, "topicIds") {
                        try w.beginArray(); try w.int64(324_846_099); try w.int64(107_888_604); try w.endArray()
                    }
                    try w.endObject()
                }
            }
            try w.endObject()
        }
        try member(w, "performances") {
            try w.beginArray()
            for performance in 0..<243 {
                try w.beginObject()
                try member(w, "eventId") { try w.int64(Int64(138_586_341 + performance % 184)) }
                try member(w, "id") { try w.int64(Int64(339_887_544 + performance)) }
                try member(w, "logo") { try w.null() }
                try member(w, "name") { try w.null() }
                try member(w, "prices") {
                    try w.beginArray()
                    for price in 0..<3 {
                        try w.beginObject()
                        try member(w, "amount") { try w.int64(Int64(90_250 - price * 20_000)) }
                        try member(w, "audienceSubCategoryId") { try w.int64(337_100_890) }
                        try member(w, "seatCategoryId") { try w.int64(Int64(338_937_295 + price)) }
                        try w.endObject()
                    }
                    try w.endArray()
                }
                try member(w, "seatCategories") {
                    try w.beginArray()
                    for category in 0..<3 {
                        try w.beginObject()
                        try member(w, "areas") {
                            try w.beginArray()
                            for area in 0..<6 {
                                try w.beginObject()
                                try member(w, "areaId") { try w.int64(Int64(205_705_993 + area)) }
                                try member(w, "blockIds") {
                                    try w.beginArray(); try w.endArray()
                                }
                                try w.endObject()
                            }
                            try w.endArray()
                        }
                        try member(w, "seatCategoryId") { try w.int64(Int64(338_937_295 + category)) }
                        try w.endObject()
                    }
                    try w.endArray()
                }
                try member(w, "seatMapImage") { try w.null() }
                try member(w, "start") { try w.int64(1_372_701_600_000 + Int64(performance) * 86_400_000) }
                try member(w, "venueCode") { try w.string("PLEYEL_PLEYEL") }
                try w.endObject()
            }
            try w.endArray()
        }
        try w.endObject()
    }

    private static func canada(_ w: JSONWriter, _ r: inout SplitMix) throws {
        try w.beginObject()
        try member(w, "type") { try w.string("FeatureCollection") }
        try member(w, "features") {
            try w.beginArray()
            try w.beginObject()
            try member(w, "type") { try w.string("Feature") }
            try member(w, "properties") {
                try w.beginObject(); try member(w, "name") { try w.string("Canada") }; try w.endObject()
            }
            try member(w, "geometry") {
                try w.beginObject()
                try member(w, "type") { try w.string("Polygon") }
                try member(w, "coordinates") {
                    try w.beginArray()
                    for _ in 0..<480 {
                        try w.beginArray()
                        for _ in 0..<116 {
                            try w.beginArray()
                            try w.number(text: String(format: "%.15f", -141.0 + r.unit() * 88))
                            try w.number(text: String(format: "%.15f", 41.0 + r.unit() * 42))
                            try w.endArray()
                        }
                        try w.endArray()
                    }
                    try w.endArray()
                }
                try w.endObject()
            }
            try w.endObject()
            try w.endArray()
        }
        try w.endObject()
    }

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

    mutating func word(_ length: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in letters[Int(next() % UInt64(letters.count))] })
    }

    mutating func sentence(words: Int, japanese: Bool) -> String {
        let kana = Array("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん一二三四五")
        return (0..<words).map { _ in
            japanese && next() % 2 == 0
                ? String((0..<3).map { _ in kana[Int(next() % UInt64(kana.count))] })
                : word(Int(2 + next() % 7))
        }.joined(separator: " ")
    }
}
