// A program that uses MapCore and BackendSimdjson and nothing else: it reads JSON on standard
// input, and prints the kind and size of the top-level value, or the parse error with its line
// and column. It exists to show that such a program links no libFoundation (the test
// SingleBackendBinaryTests runs ldd on it).
import SingleBackendProgram

#if Simdjson
    import BackendSimdjson

    describeStandardInput(with: SimdjsonBackend())
#else
    refuseToRun(withoutTrait: "Simdjson")
#endif
