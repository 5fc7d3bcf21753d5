// Compiled only under the package trait Simdjson, which needs libsimdjson-dev.
#if Simdjson
    internal import CSimdjson

    /// The start-up check that the linked simdjson writes the tape ``Tape`` reads.
    ///
    /// The tape is simdjson's internal format, which a later simdjson could change while its API
    /// stays the same. Before the backend's first parse, a probe document that holds every kind of
    /// value is parsed and read twice — by ``Tape`` and by simdjson's own reader through the C
    /// accessors — and the two must agree on every type, span, count, number and string, and on what
    /// the probe says. If they do not, every parse fails with `ParseError/Code/backendFailure` and
    /// this message, instead of reading a tape it does not understand.
    enum TapeLayoutCheck {
        /// Why the tape cannot be read, or `nil` when the check passed. Worked out once per process.
        static let failure: String? = run()

        private static let probe = #"{"a":[1,-2,18446744073709551615,2.5,"xy\u0000z",true,false,null,[]],"b":{"":{}}}"#

        private static func run() -> String? {
            let version = String(cString: CSimdjson_version())
            let problem = "simdjson \(version)'s tape is not the layout this backend reads"
            guard version.hasPrefix("3."), let parser = SimdjsonParser() else { return problem }
            var text = probe
            let code = text.withUTF8 {
                CSimdjson_parse(parser.handle, $0.baseAddress, $0.count, 8, false)
            }
            guard code == CSimdjson_SUCCESS.code else { return problem + " (the probe did not parse)" }
            let tape = Tape(words: CSimdjson_tape(parser.handle), strings: CSimdjson_string_buffer(parser.handle))
            guard tape.type(at: 0) == Tape.root, agrees(tape, parser, at: 1),
                tape.after(1) == tape.end,
                describe(tape, at: 1)
                    == #"{a:[l1,l-2,u18446744073709551615,d2.5,"xy\0z",t,f,n,[]],b:{:{}}}"#
            else { return problem }
            return nil
        }

        /// Whether ``Tape`` and simdjson's reader agree on the value at `position` and everything in it.
        private static func agrees(_ tape: Tape, _ parser: SimdjsonParser, at position: Int) -> Bool {
            let handle = parser.handle
            let type = tape.type(at: position)
            guard CChar(bitPattern: type) == CSimdjson_type(handle, UInt64(position)),
                tape.after(position) == Int(CSimdjson_after(handle, UInt64(position)))
            else { return false }
            switch type {
            case Tape.objectStart, Tape.arrayStart:
                guard tape.storedCount(position) == CSimdjson_count(handle, UInt64(position)) else { return false }
                var child = position + 1
                while child < tape.close(position) {
                    if type == Tape.objectStart {
                        guard agrees(tape, parser, at: child) else { return false }
                        child += 1
                    }
                    guard agrees(tape, parser, at: child) else { return false }
                    child = tape.after(child)
                }
                return child == tape.close(position)
            case Tape.int64:
                var value: Int64 = 0
                return CSimdjson_get_int64(handle, UInt64(position), &value)
                    && value == Int64(bitPattern: tape.payload(position))
            case Tape.uint64:
                var value: UInt64 = 0
                return CSimdjson_get_uint64(handle, UInt64(position), &value) && value == tape.payload(position)
            case Tape.double:
                var value = 0.0
                return CSimdjson_get_double(handle, UInt64(position), &value)
                    && value.bitPattern == tape.payload(position)
            case Tape.string:
                var bytes: UnsafePointer<UInt8>?
                var length = 0
                guard CSimdjson_get_string(handle, UInt64(position), &bytes, &length) else { return false }
                let swift = tape.stringBytes(position)
                return length == swift.count && UnsafeRawPointer(bytes) == swift.baseAddress
            case Tape.true, Tape.false, Tape.null:
                return true
            default:
                return false
            }
        }

        /// The value at `position` written back compactly, with each number's tape type before it.
        private static func describe(_ tape: Tape, at position: Int) -> String {
            switch tape.type(at: position) {
            case Tape.objectStart, Tape.arrayStart:
                let isObject = tape.type(at: position) == Tape.objectStart
                var parts: [String] = []
                var child = position + 1
                while child < tape.close(position) {
                    if isObject {
                        parts.append(String(decoding: tape.stringBytes(child), as: UTF8.self) + ":")
                        child += 1
                        parts[parts.count - 1] += describe(tape, at: child)
                    } else {
                        parts.append(describe(tape, at: child))
                    }
                    child = tape.after(child)
                }
                let inside = parts.joined(separator: ",")
                return isObject ? "{\(inside)}" : "[\(inside)]"
            case Tape.int64: return "l\(Int64(bitPattern: tape.payload(position)))"
            case Tape.uint64: return "u\(tape.payload(position))"
            case Tape.double: return "d\(Double(bitPattern: tape.payload(position)))"
            case Tape.string:
                let text = String(decoding: tape.stringBytes(position), as: UTF8.self)
                return "\"" + text.replacingNULs() + "\""
            case Tape.true: return "t"
            case Tape.false: return "f"
            case Tape.null: return "n"
            default: return "?"
            }
        }
    }

    extension String {
        fileprivate func replacingNULs() -> String {
            String(unicodeScalars.map { $0 == "\0" ? #"\0"# : String($0) }.joined())
        }
    }
#endif
