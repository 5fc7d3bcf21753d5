import FoundationEssentials
import MapCodable
public import MapCore

extension Mapper {
    /// This mapper with the defaults of Hummingbird's and Vapor's own JSON coders: dates read and
    /// written as ISO 8601, where its `MappingOptions.codableDecoding` and `codableEncoding` set
    /// no date strategy. Everything else — backend, limits, log sinks, every strategy set — is this
    /// mapper's.
    ///
    /// The server integrations apply it to the mapper they are given, so that switching an app's
    /// coders to the package's keeps what its `Date` fields read and write, and one place (the
    /// mapper's options) sets the strategies for request bodies, responses and feeds alike.
    public func withServerDefaults() -> Mapper {
        var options = self.options
        options.codableDecoding = options.codableDecoding.defaultingDates(to: .iso8601)
        options.codableEncoding = options.codableEncoding.defaultingDates(to: .iso8601)
        return Mapper(validated: backend, parseOptions: parseOptions, options: options)
    }
}
