import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }

@main enum Fuzzer {
    static func main() { runFuzzer { fuzzOneInput($0, $1) } }
}
