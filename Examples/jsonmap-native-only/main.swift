// A program that uses MapCore and BackendNative and nothing else: it reads JSON on standard
// input, and prints the kind and size of the top-level value, or the parse error with its line
// and column. It exists to show that such a program needs no C library and links no
// libFoundation (the test SingleBackendBinaryTests runs ldd on it).
import BackendNative
import SingleBackendProgram

describeStandardInput(with: NativeBackend())
