// What the single-backend programs (jsonmap-native-only, jsonmap-jansson-only,
// jsonmap-simdjson-only) do: read JSON on standard input and print the kind and size of the
// top-level value, or the parse error with its line and column. They exist to show that a program
// built from MapCore and one backend links no libFoundation: tests run ldd on them. This module
// imports nothing but MapCore, MapIO and the C library.
public import MapCore
import MapIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Parses standard input with `backend`, prints `backend: kind of N members|elements` and exits 0,
/// or writes `stdin:line:column: message` to standard error and exits 1.
public func describeStandardInput(with backend: some JSONBackend) -> Never {
    do {
        let mapper = try Mapper(backend: backend)
        // The mapper reads the input itself, so it inflates gzip and parses without a copy.
        let json = try mapper.parse(JSONFile("/dev/stdin"))
        let kind = json.kind.map { "\($0)" } ?? "missing"
        let noun = json.kind == .object ? "members" : "elements"
        System.writeAll("\(json.document.backendName): \(kind) of \(json.count) \(noun)\n", to: 1)
        exit(0)
    } catch let error as ParseError {
        System.writeAll("stdin:\(error.description)\n", to: 2)
    } catch {
        System.writeAll("\(error)\n", to: 2)
    }
    exit(1)
}

/// Writes that the program was built without the package trait its backend needs, and exits 2:
/// what a C backend's program does when the trait that links the backend is off.
public func refuseToRun(withoutTrait trait: String) -> Never {
    System.writeAll("built without the package trait \(trait): this program has no backend to run\n", to: 2)
    exit(2)
}
