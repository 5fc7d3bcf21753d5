import Foundation
import JSONMapping

/// What the subcommands print on standard error, in the compiler's `file:line:column: error:`
/// form.
enum Diagnostics {
    /// The codes about the input as a stream of bytes (reading it, inflating it): they have no line
    /// and column, so they print as `file: error: message`.
    static let streamCodes: [ParseError.Code] = [
        .unreadableInput, .corruptCompressedData, .truncatedCompressedData, .inflatedSizeExceeded,
    ]

    /// `file:line:column: error: message` for a problem in the JSON text, `file: error: message`
    /// for one reading or inflating the input.
    static func line(for error: ParseError, in file: InputFile) -> String {
        if streamCodes.contains(error.code) {
            return "\(file.displayName): error: \(error.message)"
        }
        return "\(file.displayName):\(error.line):\(error.column): error: \(error.message)"
    }

    /// Writes `text` and a newline to standard error.
    static func report(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
