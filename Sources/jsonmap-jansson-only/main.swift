// A program that uses MapCore and BackendJansson and nothing else: it reads JSON on standard
// input, and prints the kind and size of the top-level value, or the parse error with its line
// and column. It exists to show that such a program links no libFoundation (the test
// "a MapCore + BackendJansson binary links no libFoundation" runs ldd on it).
import BackendJansson
import MapCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

var input: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 65536)
while true {
    let count = read(0, &buffer, buffer.count)
    if count <= 0 { break }
    input.append(contentsOf: buffer[0..<count])
}

/// Writes a line to standard error (write(2): the C `stderr` global is not concurrency-safe in Swift 6).
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

do {
    let mapper = try Mapper(backend: JanssonBackend())
    let json = try mapper.parse(input)
    let kind = json.kind.map { "\($0)" } ?? "missing"
    print("\(json.document.backendName): \(kind) of \(json.count) \(json.kind == .object ? "members" : "elements")")
} catch let error as ParseError {
    printError("stdin:\(error.description)")
    exit(1)
} catch {
    printError("\(error)")
    exit(1)
}
