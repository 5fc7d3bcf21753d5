import Foundation
import MapCore
import Testing

/// `ISO8601Text` reads and writes what `Date.ISO8601FormatStyle()` does, or leaves the text to it.
@Suite struct ISO8601TextTests {
    static let style = Date.ISO8601FormatStyle()

    /// A fixed pseudo-random sequence, the same in every run.
    struct Sequence {
        var state: UInt64

        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 11) % UInt64(bound))
        }
    }

    @Test(
        "dates of the fast form read as the format style reads them",
        arguments: [
            "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2026-03-04T09:30:00Z", "2000-02-29T12:00:00Z",
            "2024-02-29T23:59:59Z", "1600-01-01T00:00:00Z", "1600-02-29T00:00:00Z", "1899-12-31T23:59:59Z",
            "9999-12-31T23:59:59Z", "2038-01-19T03:14:08Z", "2100-02-28T00:00:00Z", "1700-03-01T00:00:00Z",
        ]
    )
    func readsAsTheStyle(text: String) throws {
        let expected = try Self.style.parse(text)
        #expect(ISO8601Text.date(text) == expected)
        #expect(ISO8601Text.text(expected) == text)
    }

    @Test(
        "text the fast form does not take is left to the format style",
        arguments: [
            "2021-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2021-13-01T00:00:00Z", "2021-00-10T00:00:00Z",
            "2021-04-31T00:00:00Z", "2021-01-00T00:00:00Z", "2021-01-01T24:00:00Z", "2021-01-01T23:60:00Z",
            "2016-12-31T23:59:60Z", "2021-01-01t00:00:00Z", "2021-01-01T00:00:00z", "2021-01-01T00:00:00+00:00",
            "2021-01-01T00:00:00.5Z", "1582-10-04T00:00:00Z", "1599-12-31T23:59:59Z", "2021-01-01 00:00:00Z",
            "2021-1-01T00:00:00Z", "+021-01-01T00:00:00Z", "2021-01-01T00:00:0Z", "2021-01-01", "",
        ]
    )
    func leavesTheRest(text: String) {
        #expect(ISO8601Text.date(text) == nil)
    }

    @Test("texts of the fast form's shape with any digits: where the fast form answers, the style agrees")
    func randomDigits() throws {
        var random = Sequence(state: 42)
        var answered = 0
        for _ in 0..<20_000 {
            // Digits drawn near the valid ranges, so that both sides of each bound are met.
            let year = 1590 + random.next(below: 8420)
            let fields = [
                String(format: "%04d", year), String(format: "%02d", random.next(below: 14)),
                String(format: "%02d", random.next(below: 33)), String(format: "%02d", random.next(below: 26)),
                String(format: "%02d", random.next(below: 62)), String(format: "%02d", random.next(below: 62)),
            ]
            let text = "\(fields[0])-\(fields[1])-\(fields[2])T\(fields[3]):\(fields[4]):\(fields[5])Z"
            guard let date = ISO8601Text.date(text) else { continue }
            answered += 1
            #expect(date == (try Self.style.parse(text)), "\(text)")
        }
        #expect(answered > 5_000)
    }

    @Test("whole-second dates of 1600…9999 are written as the style writes them, others left to it")
    func writes() {
        var random = Sequence(state: 7)
        let first = -11_676_096_000.0  // 1600-01-01T00:00:00Z
        let end = 253_402_300_800.0  // 10000-01-01T00:00:00Z
        for _ in 0..<20_000 {
            let seconds = first + Double(random.next(below: Int(end - first)))
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601Text.text(date) == Self.style.format(date), "\(seconds)")
        }
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: 0.25)) == nil)
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: first - 1)) == nil)
        #expect(ISO8601Text.text(Date(timeIntervalSince1970: end)) == nil)
    }
}
