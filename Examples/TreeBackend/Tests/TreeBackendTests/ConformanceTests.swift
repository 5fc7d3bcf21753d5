// The conformance kit run against the example backend. The whole file is shown in
// Docs/Backends.md, which JSONMappingTests' BackendsGuideTests checks against it.

// guide: backends-conformance-kit
import BackendConformance
import Testing
import TreeBackend

@Test(arguments: BackendConformance.cases)
func conforms(_ conformance: ConformanceCase) async throws {
    try await conformance.check(TreeBackend())
}
// guide-end
