import Foundation
import MapTestSupport
import Testing

/// `Examples/LoggingServer`, run as a built binary: its diagnostics must arrive through the
/// swift-log handler it bootstraps, each event carrying the request's id and the entry's path.
@Suite(.timeLimit(HangGuard.minutes(1)))
struct LoggingServerExampleTests {
    @Test("the server example's diagnostics arrive through swift-log with the request id, path, code and severity")
    func diagnosticsThroughSwiftLog() throws {
        let scratch = try BuiltBinary.Scratch()
        let result = try BuiltBinary.run("logging-server-example", [], in: scratch)
        #expect(result.status == 0)
        #expect(result.errors.isEmpty, "nothing goes to standard error: \(result.errors)")
        let lines = result.lines.map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("req-") } == [
                "req-7f3a: 201 Created (ada@example.com)",
                "req-81c2: 201 Created (grace@example.com)",
                #"req-9d04: 422 Unprocessable Content (validationFailed at email: "linus" did not pass the validation of String)"#,
            ]
        )
        let events = lines.filter { $0.contains(" signup-api: ") }
        #expect(events.count == 4)
        // The warning and unknown key of the second request, the two errors of the third.
        let expected: [(level: String, request: String, path: String, severity: String)] = [
            ("warning", "req-81c2", "website", "warning"),
            ("notice", "req-81c2", "newsletter", "warning"),
            ("error", "req-9d04", "email", "error"),
            ("error", "req-9d04", "age", "error"),
        ]
        for (event, want) in zip(events, expected) {
            #expect(event.contains(" \(want.level) signup-api: "), "\(event)")
            #expect(event.contains("request-id=\(want.request)"), "\(event)")
            #expect(event.contains("json.path=\(want.path) "), "\(event)")
            #expect(event.contains("json.severity=\(want.severity) "), "\(event)")
            #expect(event.contains("json.type=Signup"), "\(event)")
        }
        #expect(events[3].contains("json.code=typeMismatch"))
        #expect(
            events[3].hasSuffix(#"Wrong Type for key-path: age — expected a number for Int, found a string "thirty""#)
        )
    }
}
