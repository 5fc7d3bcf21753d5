// What the single-backend programs (jsonmap-jansson-only, jsonmap-simdjson-only) do: read JSON on
// standard input and print the kind and size of the top-level value, or the parse error with its
// line and column. They exist to show that a program built from MapCore and one C backend links
// no libFoundation: tests run ldd on them. This module imports nothing but MapCore and the C library.
public import MapCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Parses standard input with `backend`, prints `backend: kind of N members|elements` and exits 0,
/// or writes `stdin:line:column: message` to standard error and exits 1.
public func describeStandardInput(with backend: some JSONBackend) -> Never {
    var input: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(0, &buffer, buffer.count)
        if count <= 0 { break }
        input.append(contentsOf: buffer[0..<count])
    }
    do {
        let mapper = try Mapper(backend: backend)
        let json = try mapper.parse(input)
        let kind = json.kind.map { "\($0)" } ?? "missing"
        print("\(json.document.backendName): \(kind) of \(json.count) \(json.kind == .object ? "members" : "elements")")
        exit(0)
    } catch let error as ParseError {
        printError("stdin:\(error.description)")
    } catch {
        printError("\(error)")
    }
    exit(1)
}

/// Writes a line to standard error (write(2): the C `stderr` global is not concurrency-safe in Swift 6).
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
