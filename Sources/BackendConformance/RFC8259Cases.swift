import MapCore
import Testing

/// One case per rule of RFC 8259's grammar, named in the manner of JSONTestSuite: `y_` for text the
/// rule accepts, `n_` for text it rejects, then the section and the rule. Each accepted case checks
/// the value read; each rejected one the code and the position, the same on every backend.
extension BackendConformance {
    static var rfc8259Cases: [ConformanceCase] {
        rfc8259Accepted.map { accepted in
            ConformanceCase("rfc8259: \(accepted.name)") { backend in
                try accepted.check(try accept(accepted.bytes, with: backend))
            }
        }
            + rfc8259Rejected.map { rejection in
                ConformanceCase("rfc8259: \(rejection.name)") { backend in
                    try expectRejection(rejection, by: backend)
                }
            }
    }

    package static let rfc8259Accepted: [AcceptedCase] = [
        // §2: JSON-text = ws value ws, with the four whitespace characters.
        AcceptedCase("y_2_whitespace_is_space_tab_lf_cr", "\u{20}\u{9}\u{A}\u{D}[\u{20}\u{9}\u{A}\u{D}1\u{D}]\u{A}") {
            #expect($0.int64s(in: $0.root) == [1])
        },
        // §2: any value may be the JSON text.
        AcceptedCase("y_2_scalar_text", "null") { #expect($0.kind(of: $0.root) == .null) },
        // §3: the three literal names.
        AcceptedCase("y_3_literal_names", "[true,false,null]") { document in
            let values = elements(document, document.root)
            #expect(values.map { document.bool($0) } == [true, false, nil])
            #expect(document.kind(of: values[2]) == .null)
        },
        // §4: an object holds zero or more name/value pairs, names are strings.
        AcceptedCase("y_4_object_members", #"{"":0,"a b":{"c":[]}}"#) { document in
            #expect(members(document, document.root).map(\.key) == ["", "a b"])
        },
        // §5: an array holds zero or more values of any kind, mixed.
        AcceptedCase("y_5_array_mixed_values", #"[[],{},"s",1,true,null]"#) { document in
            #expect(
                elements(document, document.root).map { document.kind(of: $0) } == [
                    .array, .object, .string, .number, .bool, .null,
                ]
            )
        },
        // §6: minus, int, frac and exp, each optional but the int.
        AcceptedCase("y_6_number_all_parts", "[-0,-1.25e+2,3E-1,0.5e0,10]") { document in
            #expect(document.doubles(in: document.root) == [-0.0, -125, 0.3, 0.5, 10])
        },
        // §7: the two-character escapes and \u with either case of hex digits.
        AcceptedCase("y_7_string_escapes", #"["\"\\\/\b\f\n\r\t","\u00E9\u00e9"]"#) { document in
            let values = elements(document, document.root).map { readString(document, $0) }
            #expect(values == ["\"\\/\u{8}\u{C}\n\r\t", "éé"])
        },
        // §7: a character beyond the BMP as a surrogate pair, and as its UTF-8.
        AcceptedCase("y_7_string_surrogate_pair", #"["\uD834\uDD1E","𝄞"]"#) { document in
            let values = elements(document, document.root).map { readString(document, $0) }
            #expect(values == ["𝄞", "𝄞"])
        },
        // §7: any character but the quote, the backslash and the controls may stand unescaped.
        AcceptedCase("y_7_string_unescaped_characters", "[\"/ ~\u{7F}é\u{2028}\"]") { document in
            #expect(
                document.element(of: document.root, at: 0).flatMap { readString(document, $0) } == "/ ~\u{7F}é\u{2028}"
            )
        },
        // §8.1: a byte-order mark before the text may be ignored.
        AcceptedCase("y_8_byte_order_mark", bytes: [0xEF, 0xBB, 0xBF] + Array("[]".utf8)) { document in
            #expect(document.count(of: document.root) == 0)
        },
    ]

    package static let rfc8259Rejected: [Rejection] = [
        Rejection("n_2_empty_text", " ", .emptyInput, at: Position(column: 2, offset: 1)),
        Rejection(
            "n_2_form_feed_is_not_whitespace",
            "[\u{C}1]",
            .unexpectedCharacter,
            at: Position(column: 2, offset: 1)
        ),
        Rejection("n_2_two_values", "[1] [2]", .trailingContent, at: Position(column: 5, offset: 4)),
        Rejection("n_2_value_separator_missing", "[1 2]", .unexpectedCharacter, at: Position(column: 4, offset: 3)),
        Rejection("n_2_name_separator_missing", #"{"a" 1}"#, .unexpectedCharacter, at: Position(column: 6, offset: 5)),
        Rejection("n_3_literal_capitalised", "[True]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("n_3_literal_truncated", "[nul]", .unexpectedCharacter, at: Position(column: 5, offset: 4)),
        Rejection("n_4_name_not_a_string", "{a:1}", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("n_4_name_a_number", "{1:1}", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("n_4_member_without_value", #"{"a":}"#, .unexpectedCharacter, at: Position(column: 6, offset: 5)),
        Rejection("n_4_trailing_value_separator", #"{"a":1,}"#, .trailingComma, at: Position(column: 7, offset: 6)),
        Rejection("n_4_object_unclosed", #"{"a":1"#, .unexpectedEndOfInput, at: Position(column: 7, offset: 6)),
        Rejection("n_5_missing_value", "[1,,2]", .unexpectedCharacter, at: Position(column: 4, offset: 3)),
        Rejection("n_5_leading_value_separator", "[,1]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("n_5_trailing_value_separator", "[1,]", .trailingComma, at: Position(column: 3, offset: 2)),
        Rejection("n_5_array_closed_by_brace", "[1}", .unexpectedCharacter, at: Position(column: 3, offset: 2)),
        Rejection("n_6_plus_sign", "[+1]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("n_6_leading_zero", "[01]", .invalidNumber, at: Position(column: 2, offset: 1)),
        Rejection("n_6_frac_without_digits", "[1.]", .invalidNumber, at: Position(column: 4, offset: 3)),
        Rejection("n_6_int_without_digits", "[-.5]", .invalidNumber, at: Position(column: 3, offset: 2)),
        Rejection("n_6_exp_without_digits", "[1e+]", .invalidNumber, at: Position(column: 5, offset: 4)),
        Rejection("n_6_infinity_and_nan", "[NaN]", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection("n_7_single_quotes", "['a']", .unexpectedCharacter, at: Position(column: 2, offset: 1)),
        Rejection(
            "n_7_unescaped_control",
            "[\"a\u{9}b\"]",
            .controlCharacterInString,
            at: Position(column: 4, offset: 3)
        ),
        Rejection("n_7_unknown_escape", #"["\x41"]"#, .invalidEscape, at: Position(column: 3, offset: 2)),
        Rejection("n_7_short_unicode_escape", #"["\u12"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection("n_7_lone_surrogate", #"["\uDD1E"]"#, .invalidUnicodeEscape, at: Position(column: 3, offset: 2)),
        Rejection("n_7_string_unclosed", #"["abc]"#, .unexpectedEndOfInput, at: Position(column: 2, offset: 1)),
        Rejection(
            "n_8_invalid_utf8_byte",
            bytes: Array("[\"".utf8) + [0xFF] + Array("\"]".utf8),
            .invalidUTF8,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "n_8_overlong_utf8",
            bytes: Array("[\"".utf8) + [0xC0, 0xAF] + Array("\"]".utf8),
            .invalidUTF8,
            at: Position(column: 3, offset: 2)
        ),
        Rejection(
            "n_8_utf16_text",
            bytes: [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
            .unsupportedEncoding,
            at: Position(column: 1, offset: 0)
        ),
    ]
}
