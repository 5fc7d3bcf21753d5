// Run only under the package trait Jansson, which links the jansson backend.
#if Jansson
    import BackendJansson
    import CJansson
    import Foundation
    import MapCore
    import MapIO
    import Testing
    import MapTestSupport

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// A mapper over jansson.
    func janssonMapper(_ options: ParseOptions = ParseOptions()) throws -> Mapper {
        try Mapper(backend: JanssonBackend(), parseOptions: options)
    }

    /// Parses bytes through the backend itself, bypassing the mapper's checks of the options.
    func janssonParse(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) throws(ParseError) -> JSON {
        let result: Result<any JSONDocument, ParseError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(ParseError) -> any JSONDocument in try JanssonBackend().parse(buffer, options: options) }
        }
        return JSON(document: try result.get())
    }

    /// Parses the UTF-8 of `text` through the backend itself.
    func janssonParse(_ text: String, options: ParseOptions = ParseOptions()) throws(ParseError) -> JSON {
        try janssonParse(Array(text.utf8), options: options)
    }

    /// What the validating scanner says about `bytes`: `nil` when it accepts them.
    func scannerError(_ bytes: [UInt8], options: ParseOptions = ParseOptions()) -> ParseError? {
        bytes.withUnsafeBytes { buffer -> ParseError? in
            do throws(ParseError) {
                try JSONScanner.validate(buffer, options: options, backend: "jansson")
                return nil
            } catch {
                return error
            }
        }
    }

    /// `[[[…]]]`, `depth` levels deep, with `innermost` inside the deepest.
    func nestedArrays(_ depth: Int, innermost: String = "") -> String {
        String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
    }

    // MARK: - Trees

    /// The `json_t` behind an opaque tree handed across the API.
    func node(_ tree: OpaquePointer) -> UnsafeMutablePointer<json_t> {
        UnsafeMutablePointer(tree)
    }

    /// The tree's reference count, read from the `json_t` struct.
    func refcount(_ tree: OpaquePointer) -> Int {
        Int(node(tree).pointee.refcount)
    }

    /// The address of a view's node, which for a jansson document is its `json_t`.
    func address(of json: JSON) -> UInt {
        UInt(truncatingIfNeeded: json.node.rawValue)
    }

    /// The address of a tree.
    func address(of tree: OpaquePointer) -> UInt {
        UInt(bitPattern: node(tree))
    }

    /// A tree parsed by jansson itself (`json_loads` with `JSON_DECODE_ANY` and `JSON_ALLOW_NUL`); the caller owns it.
    func loadTree(_ text: String) throws -> OpaquePointer {
        var error = json_error_t()
        let tree = try #require(
            json_loads(text, Int(JSON_DECODE_ANY | JSON_ALLOW_NUL), &error),
            "json_loads failed on \(text)"
        )
        return OpaquePointer(tree)
    }

    /// jansson's own compact dump of a tree, keys in their order.
    func compactDump(_ tree: OpaquePointer) -> String? {
        JanssonBackend.dump(tree, options: JanssonDumpOptions())
    }

    // MARK: - Counting jansson's allocations

    /// Counts of jansson's allocations and frees made by one thread while it is tracked.
    struct AllocationCounts: Equatable, CustomStringConvertible {
        var allocations = 0
        var frees = 0

        var description: String { "\(allocations) allocations, \(frees) frees" }
    }

    /// The counts of the tracked threads, behind a pthread mutex (`NSLock`).
    ///
    /// Not `Synchronization.Mutex`: the allocator's callbacks run on every thread that parses with
    /// jansson, other suites' included, so the lock is contended, and a contended `Mutex` hands over
    /// in code ThreadSanitizer does not see (Scripts/tsan-suppressions.txt). ThreadSanitizer
    /// intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so the ordering of the holders of
    /// this lock is visible to it. Every access to `counts` is inside `withLock`.
    private final class TrackedThreads: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [pthread_t: AllocationCounts] = [:]

        func withLock<Result>(_ body: (inout [pthread_t: AllocationCounts]) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&counts)
        }
    }

    private let trackedThreads = TrackedThreads()

    /// jansson's allocator, replaced once for the whole process by one that still uses `malloc` and
    /// `free` but counts, per tracked thread.
    private let countingAllocatorInstalled: Bool = {
        json_set_alloc_funcs(
            { size in
                let memory = malloc(size)
                let thread = pthread_self()
                trackedThreads.withLock { threads in
                    if threads[thread] != nil { threads[thread]?.allocations += 1 }
                }
                return memory
            },
            { memory in
                guard let memory else { return }
                let thread = pthread_self()
                trackedThreads.withLock { threads in
                    if threads[thread] != nil { threads[thread]?.frees += 1 }
                }
                free(memory)
            }
        )
        return true
    }()

    /// Runs `body` and counts the allocations and frees jansson makes on this thread meanwhile.
    ///
    /// `body` must be synchronous, so that it runs on one thread from start to end; whatever it
    /// allocates and releases before it returns is balanced in the result.
    func countingJanssonAllocations(_ body: () throws -> Void) rethrows -> AllocationCounts {
        precondition(countingAllocatorInstalled)
        let thread = pthread_self()
        trackedThreads.withLock { $0[thread] = AllocationCounts() }
        defer { trackedThreads.withLock { _ = $0.removeValue(forKey: thread) } }
        try body()
        return trackedThreads.withLock { $0[thread] ?? AllocationCounts() }
    }
#endif
