import ArgumentParser
import Foundation
import JSONMapping

/// `jsonmap demo`: the package's main job, end to end — a gzip NDJSON feed decoded into models,
/// bad records skipped and reported, diagnostics on the console.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Decode the bundled gzip NDJSON order feed into models and show the diagnostics.",
        discussion: """
            The feed (demo-feed.ndjson.gz, made by Scripts/make-demo-feed.py) holds 300 orders, \
            one per line. Eight are bad on purpose — cut off, a stray comma, a string id, a \
            missing email, a quantity of 0, an unknown status, a price that is not a number, an \
            email without @ — and a few carry what a lenient mapping tolerates (unknown keys, an \
            optional note of the wrong type). The feed is read with the skip policy: each bad \
            record is reported with its record number, line and byte offset, and the others are \
            decoded. The summary goes to standard output; the diagnostics go to standard error \
            through the mapper's log (a console sink).

            EXAMPLES
              jsonmap demo
              jsonmap demo --backend foundation
              jsonmap demo --log-level errors
              jsonmap demo --feed orders.ndjson.gz

            EXIT STATUS
              0   the feed was read to its end (bad records are reported, not fatal)
              1   the feed could not be read (missing, truncated or corrupt gzip)
              64  usage error (unknown backend or log level)
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("How much the mapper logs: none, errors or verbose.", valueName: "level"))
    var logLevel: String = "verbose"

    @Option(
        help: ArgumentHelp("Another NDJSON file of orders (gzip or not) instead of the bundled one.", valueName: "path")
    )
    var feed: String?

    func validate() throws {
        guard LogLevel.allCases.contains(where: { $0.description == logLevel }) else {
            throw ValidationError("--log-level must be none, errors or verbose, not \(logLevel)")
        }
    }

    func run() throws {
        let path = try feed ?? Self.bundledFeed()
        var options = MappingOptions()
        options.logLevel = LogLevel.allCases.first { $0.description == logLevel } ?? .verbose
        options.addLogSink(ConsoleLogSink())
        let mapper = try Mapper(backend: input.mapper().backend, options: options)

        let started = ContinuousClock.now
        let reader: FeedReader<Order>
        do {
            reader = try mapper.feed(
                Order.self,
                from: JSONFile(path),
                options: FeedOptions(format: .ndjson, errorPolicy: .skip)
            )
        } catch {
            Diagnostics.report("\(path): error: \(error.message)")
            throw ExitCode.failure
        }
        var orders: [Order] = []
        do {
            while let order = try reader.next() { orders.append(order) }
        } catch {
            Diagnostics.report("\(path): error: \(error)")
            throw ExitCode.failure
        }
        let elapsed = ContinuousClock.now - started
        print(
            Self.summary(
                of: orders,
                skipped: reader.skippedCount,
                file: path,
                backend: mapper.backend.name,
                elapsed: elapsed
            )
        )
    }

    /// The bundled feed's path.
    static func bundledFeed() throws -> String {
        guard let url = Bundle.module.url(forResource: "demo-feed.ndjson", withExtension: "gz") else {
            throw ValidationError("the bundled demo feed is missing from the build")
        }
        return url.path
    }

    static func summary(of orders: [Order], skipped: Int, file: String, backend: String, elapsed: Duration) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        var lines = [
            "\(name): \(orders.count + skipped) records, \(orders.count) orders decoded, \(skipped) skipped (backend \(backend))"
        ]
        var byStatus: [Order.Status: Int] = [:]
        for order in orders { byStatus[order.status, default: 0] += 1 }
        lines.append(
            "by status: "
                + Order.Status.allCases.map { "\($0.rawValue) \(byStatus[$0, default: 0])" }.joined(separator: ", ")
        )
        let items = orders.reduce(0) { $0 + $1.items.reduce(0) { $0 + $1.quantity } }
        let cents = orders.reduce(0) { $0 + $1.items.reduce(0) { $0 + Int(($1.price * 100).rounded()) * $1.quantity } }
        lines.append("items: \(items), total: \(cents / 100).\(String(format: "%02d", cents % 100))")
        lines.append(
            "notes on \(orders.filter { $0.note != nil }.count) orders; time \(elapsed.formatted(.units(allowed: [.milliseconds])))"
        )
        return lines.joined(separator: "\n")
    }
}

/// One order of the demo feed.
struct Order: JSONConvertible, Sendable {
    enum Status: String, CaseIterable, Sendable {
        case pending, paid, shipped, delivered, cancelled
    }

    /// A plain `Codable` type, as most programs already have, used as a field of the map above:
    /// its own `init(from:)` checks the address, and a failure there is reported with the path.
    struct Customer: Codable, Sendable {
        var name: String
        var email: String

        init(name: String, email: String) {
            self.name = name
            self.email = email
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            email = try container.decode(String.self, forKey: .email)
            guard email.contains("@") else {
                throw DecodingError.dataCorruptedError(
                    forKey: .email,
                    in: container,
                    debugDescription: "not an email address: \(email)"
                )
            }
        }
    }

    struct Item: JSONConvertible, Sendable {
        var sku = ""
        var quantity = 0
        var price = 0.0

        static func map(_ object: inout Item, _ json: Map) {
            object.sku <- json["sku"]
            object.quantity <- json["quantity"] § { $0 > 0 }
            object.price <- json["price"] § { $0 >= 0 }
        }
    }

    var id = 0
    var customer = Customer(name: "", email: "")
    var status = Status.pending
    var items: [Item] = []
    var placed = Date(timeIntervalSince1970: 0)
    var note: String?

    static func map(_ object: inout Order, _ json: Map) {
        object.id <- json["id"]
        object.customer <- json["customer"]
        object.status <- json["status"] ~ RawRepresentableBridge<Status>()
        object.items <- json["items"]
        object.placed <- json["placed"]
        object.note <~ json["note"]
    }
}
