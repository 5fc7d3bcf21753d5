internal import CFuzzDriver

#if canImport(Glibc)
    internal import Glibc
#endif

/// A fuzz target's input callback, as libFuzzer calls it: the bytes and their count. It returns 0.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer over `callback` with the process's command line (`-runs=`, `-max_total_time=`,
/// corpus folders, crash files to replay …) and exits with libFuzzer's status.
///
/// Every target's `main` calls this with its `LLVMFuzzerTestOneInput`: SwiftPM gives an executable
/// its own `main`, so libFuzzer's cannot be linked, and `LLVMFuzzerRunDriver` is libFuzzer's entry
/// point for that case.
public func runFuzzer(_ callback: FuzzCallback) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, callback)
    exit(status)
}

/// The input libFuzzer hands over, as a raw buffer (empty when `data` is nil).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
}

/// Stops the run on a broken promise: prints `message` and the input, then traps, so libFuzzer
/// saves the input as a crash file (`crash-…`) that replays the failure.
///
/// Traps are the point here: a fuzz target reports a divergence the way it reports a crash.
public func divergence(_ target: String, _ message: String, input: UnsafeRawBufferPointer) -> Never {
    let shown = String(decoding: input.prefix(512), as: UTF8.self)
    fatalError("[\(target)] \(message)\ninput (\(input.count) bytes): \(shown.debugDescription)")
}
