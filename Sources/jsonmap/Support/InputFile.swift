import Foundation
import JSONMapping

/// A FILE argument: a path, or `-` for standard input (read to its end). Gzip is inflated on
/// the way in either way.
struct InputFile {
    /// The argument as given.
    let argument: String

    /// Whether the argument is `-`, standard input.
    var isStandardInput: Bool { argument == "-" }

    /// The name diagnostics show: the path as given, or `<stdin>`.
    var displayName: String { isStandardInput ? "<stdin>" : argument }

    /// Reads and parses the input.
    ///
    /// - Throws: `ParseError`: `unreadableInput` naming the path, the compressed-data codes, or a
    ///   JSON error with line and column in the (inflated) text.
    func parse(with mapper: Mapper) throws(ParseError) -> JSON {
        if isStandardInput { return try mapper.parse(FileHandle.standardInput) }
        return try mapper.parse(JSONFile(argument))
    }
}
