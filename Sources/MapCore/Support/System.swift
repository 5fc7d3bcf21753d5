#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The C library calls the package makes, in one place: the only file that imports the C
/// library, so that every module reads files, writes descriptors and keeps a thread-local slot
/// the same way, on Glibc, Musl and Darwin alike.
package enum System {
    /// How a file is opened.
    package enum FileMode: Sendable {
        /// Reading.
        case read
        /// Writing from the start, created (mode 0644) or truncated.
        case truncate
        /// Writing at the end, created (mode 0644) when missing.
        case append
    }

    /// A failed call: `errno` and the system's reason for it.
    package struct Failure: Error, Sendable {
        /// `errno` after the call.
        package let code: Int32
        /// `strerror(code)`: `No such file or directory`.
        package var reason: String {
            strerror(code).map { String(cString: $0) } ?? "error \(code)"
        }

        /// The failure `errno` holds now.
        static var current: Failure { Failure(code: errno) }
    }

    /// Opens `path` (close-on-exec), going on after interruptions; the descriptor, or why not.
    package static func open(_ path: String, for mode: FileMode) -> Result<Int32, Failure> {
        let flags: Int32
        switch mode {
        case .read: flags = O_RDONLY | O_CLOEXEC
        case .truncate: flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        case .append: flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC
        }
        while true {
            let descriptor = mode == .read ? Glibc_open(path, flags) : Glibc_open(path, flags, 0o644)
            if descriptor >= 0 { return .success(descriptor) }
            if errno != EINTR { return .failure(.current) }
        }
    }

    /// Reads up to `buffer.count` bytes, going on after interruptions: how many (0 at the end), or why not.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Failure> {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .success(0) }
        while true {
            let count = Glibc_read(descriptor, base, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(.current) }
        }
    }

    /// The size of the regular file open as `descriptor` (`fstat`); nil for pipes, terminals,
    /// sockets and anything else whose size says nothing about what a read will give.
    package static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Closes `descriptor`.
    package static func close(_ descriptor: Int32) {
        _ = Glibc_close(descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions: what
    /// the log's standard error, the console and file sinks and the NDJSON writer share.
    ///
    /// - Returns: `nil` when everything was written, else the system's reason.
    @discardableResult
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, base + written, bytes.count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return result == 0 ? "nothing was written" : Failure.current.reason }
            written += result
        }
        return nil
    }

    /// Writes all of `text`'s UTF-8 to `descriptor`; see ``writeAll(_:to:)-(UnsafeRawBufferPointer,_)``.
    @discardableResult
    package static func writeAll(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Whether the `count` bytes at `a` and `b` are equal (`memcmp`).
    package static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// Whether the `count` bytes at `base` hold a zero byte (`memchr`).
    package static func containsZero(_ base: UnsafeRawPointer, count: Int) -> Bool {
        memchr(base, 0, count) != nil
    }

    /// The offset from `base` of the first of the `count` bytes that equals `byte`, or nil
    /// (`memchr`: the C library's vectorised search, which an element-by-element loop is not).
    package static func firstOffset(of byte: UInt8, in base: UnsafeRawPointer, count: Int) -> Int? {
        guard count > 0, let found = memchr(base, Int32(byte), count) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Frees memory a C library allocated with `malloc` (jansson's dumped text).
    package static func free(_ pointer: UnsafeMutableRawPointer?) {
        Glibc_free(pointer)
    }

    /// A slot each thread holds its own pointer in (`pthread_key_t`); made once, never deleted.
    package struct ThreadLocalSlot: @unchecked Sendable {
        // `@unchecked`: a key is an integer the C library hands out once; reading and writing the
        // slot through it is per thread by definition.
        private let key: pthread_key_t

        /// A new slot, empty on every thread.
        package init() {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            self.key = key
        }

        /// This thread's pointer; `nil` when it set none.
        package var value: UnsafeMutableRawPointer? {
            get { pthread_getspecific(key) }
            nonmutating set { pthread_setspecific(key, newValue) }
        }
    }

    /// The processors online, at least 1.
    package static let onlineProcessors: Int = Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// A thread of its own (`pthread_create`), for work that blocks: outside Swift concurrency's
    /// cooperative pool and libdispatch's pool alike, so that no number of them running at once
    /// starves either. Joined once, by its owner.
    ///
    /// `join()` returns once the body has returned and everything it held is released: nothing
    /// the thread was given outlives it, which a pool's worker, keeping what it ran in caches of
    /// its own, does not promise.
    package final class Thread: @unchecked Sendable {
        // `@unchecked`: `handle` and `joined` are written in `start` and read and written in
        // `join()` only, both by the owner on one thread or task at a time; the body runs on the
        // new thread and touches neither. Glibc's `pthread_t` is an integer; Musl's and Darwin's
        // a pointer, imported as optional.
        #if canImport(Glibc)
            private var handle = pthread_t()
        #else
            private var handle: pthread_t?
        #endif
        private var joined = false

        /// Starts `body` on a new thread; the system's reason when it cannot (`EAGAIN` when
        /// threads or memory run out).
        package static func start(_ body: @escaping @Sendable () -> Void) -> Result<Thread, Failure> {
            let thread = Thread()
            let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
            #if canImport(Darwin)
                let result = pthread_create(&thread.handle, nil, { runThreadBody($0) }, context)
            #else
                let result = pthread_create(&thread.handle, nil, { runThreadBody($0!) }, context)
            #endif
            guard result == 0 else {
                Unmanaged<ThreadBody>.fromOpaque(context).release()
                thread.joined = true
                return .failure(Failure(code: result))
            }
            return .success(thread)
        }

        private init() {}

        /// Waits until the body has returned; at once when it was already joined.
        package func join() {
            guard !joined else { return }
            joined = true
            #if canImport(Glibc)
                pthread_join(handle, nil)
            #else
                if let handle { pthread_join(handle, nil) }
            #endif
        }

        deinit {
            // A thread never joined is detached, so that its resources go when it ends.
            guard !joined else { return }
            #if canImport(Glibc)
                pthread_detach(handle)
            #else
                if let handle { pthread_detach(handle) }
            #endif
        }
    }
}

/// What a ``System/Thread`` runs, carried through `pthread_create`'s context pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// The thread's entry: takes back the retained ``ThreadBody`` and runs it.
private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
}

// The C functions under names the enum's own `open`, `read`, `close` and `free` do not hide.
private func Glibc_open(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func Glibc_read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func Glibc_close(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func Glibc_free(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }
