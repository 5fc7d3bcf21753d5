import MapCore
import MapIO
import MapTestSupport
import Testing

/// UTF-8 bytes that compare byte for byte and print as text, for exact output checks.
struct UTF8Text: Equatable, ExpressibleByStringLiteral, CustomStringConvertible, Sendable {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(stringLiteral value: String) {
        self.bytes = Array(value.utf8)
    }

    init(_ string: String) {
        self.bytes = Array(string.utf8)
    }

    var description: String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }
}

/// What `bridge.encode(value)` writes.
func encoded<B: JSONBridge>(_ bridge: B, _ value: B.Value, options: MappingOptions = MappingOptions()) throws
    -> UTF8Text
{
    UTF8Text(try bridge.encode(value, options: options))
}

/// A JSON number that keeps its source text, as a parser's document would.
func number(_ text: String) throws -> JSON {
    let builder = JSONBuilder()
    try builder.number(text: text)
    return try builder.makeJSON()
}

/// Runs the scanner over `bytes`.
func validate(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) throws(ParseError) {
    let failure: ParseError? = bytes.withUnsafeBytes { buffer -> ParseError? in
        do throws(ParseError) {
            try JSONScanner.validate(buffer, options: options)
            return nil
        } catch {
            return error
        }
    }
    if let failure { throw failure }
}

/// Runs the scanner over the UTF-8 of `text`.
func validate(_ text: String, options: ParseOptions = ParseOptions()) throws(ParseError) {
    try validate(Array(text.utf8), options: options)
}

/// Runs the scanner over `bytes` and returns its tape.
func scanTape(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) throws(ParseError) -> ScanTape {
    let result: Result<ScanTape, ParseError> = bytes.withUnsafeBytes { buffer -> Result<ScanTape, ParseError> in
        do throws(ParseError) {
            return .success(try JSONScanner.tape(buffer, options: options))
        } catch {
            return .failure(error)
        }
    }
    return try result.get()
}

/// A user's own error, thrown from inside a bridge.
struct UserError: Error, Equatable {
    var reason: String
}
