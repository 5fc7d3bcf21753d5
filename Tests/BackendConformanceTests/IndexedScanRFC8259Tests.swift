import BackendConformance
@_spi(Testing) import MapCore
import Testing

/// The conformance kit's RFC 8259 cases on the native backend's two-stage scan itself: a parse
/// through the backend would pass them even if that scan declined everything, since the
/// byte-at-a-time scanner reads what it declines.
@Suite struct IndexedScanRFC8259Tests {
    @Test(
        "every RFC 8259 case accepted: the two-stage scan accepts it and records the same tape",
        arguments: BackendConformance.rfc8259Accepted
    )
    func accepted(accepted: AcceptedCase) {
        let difference = accepted.bytes.withUnsafeBytes {
            ScanComparison.difference($0, options: ParseOptions())
        }
        #expect(difference == nil)
        let validated = accepted.bytes.withUnsafeBytes { JSONScanner.indexedValidate($0, options: ParseOptions()) }
        #expect(validated)
    }

    @Test(
        "every RFC 8259 case refused: the two-stage scan declines it",
        arguments: BackendConformance.rfc8259Rejected
    )
    func rejected(rejection: Rejection) {
        let difference = rejection.bytes.withUnsafeBytes {
            ScanComparison.difference($0, options: rejection.options)
        }
        #expect(difference == nil)
        let validated = rejection.bytes.withUnsafeBytes {
            JSONScanner.indexedValidate($0, options: rejection.options)
        }
        #expect(!validated)
    }
}
