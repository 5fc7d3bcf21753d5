#include "CSimdjson.h"

// Compiled only where libsimdjson-dev is installed. Without it the target is empty; the package
// then builds with its Simdjson trait off, and nothing links this target. (A trait condition on a
// C++ define is not applied when the package is built as another package's dependency.)
#if __has_include(<simdjson.h>)

#include <simdjson.h>

#include <cstring>
#include <memory>
#include <new>

static_assert(simdjson::SIMDJSON_VERSION_MAJOR == 3, "BackendSimdjson reads the tape layout of simdjson 3");

#define CSIMDJSON_SAME_CODE(name) \
    static_assert(int(simdjson::name) == int(CSimdjson_##name), "simdjson's " #name " moved");
CSIMDJSON_SAME_CODE(SUCCESS)
CSIMDJSON_SAME_CODE(CAPACITY)
CSIMDJSON_SAME_CODE(MEMALLOC)
CSIMDJSON_SAME_CODE(TAPE_ERROR)
CSIMDJSON_SAME_CODE(DEPTH_ERROR)
CSIMDJSON_SAME_CODE(STRING_ERROR)
CSIMDJSON_SAME_CODE(T_ATOM_ERROR)
CSIMDJSON_SAME_CODE(F_ATOM_ERROR)
CSIMDJSON_SAME_CODE(N_ATOM_ERROR)
CSIMDJSON_SAME_CODE(NUMBER_ERROR)
CSIMDJSON_SAME_CODE(UTF8_ERROR)
CSIMDJSON_SAME_CODE(UNINITIALIZED)
CSIMDJSON_SAME_CODE(EMPTY)
CSIMDJSON_SAME_CODE(UNESCAPED_CHARS)
CSIMDJSON_SAME_CODE(UNCLOSED_STRING)

using simdjson::internal::tape_ref;
using simdjson::internal::tape_type;

struct CSimdjson_parser {
    simdjson::dom::parser parser;
    simdjson::dom::document document;
    // The parser's own copy of the input of the last parse: padded when simdjson parsed from it,
    // unpadded when simdjson parsed the caller's padded bytes in place. Kept between parses, so
    // that the numbers' text outlives the caller's buffer (CSimdjson_number_offsets).
    std::unique_ptr<uint8_t[]> copy;
    size_t copy_capacity = 0;
};

// Makes room for `needed` bytes in the parser's copy; false when out of memory.
static bool reserve_copy(CSimdjson_parser *parser, size_t needed) {
    if (needed <= parser->copy_capacity) { return true; }
    parser->copy.reset(new (std::nothrow) uint8_t[needed]);
    parser->copy_capacity = parser->copy ? needed : 0;
    return bool(parser->copy);
}

#define CSIMDJSON_TEXT(x) #x
#define CSIMDJSON_VERSION_TEXT(x) CSIMDJSON_TEXT(x)

extern "C" const char *CSimdjson_version(void) { return CSIMDJSON_VERSION_TEXT(SIMDJSON_VERSION); }

extern "C" size_t CSimdjson_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" CSimdjson_parser *CSimdjson_parser_create(void) { return new (std::nothrow) CSimdjson_parser(); }

extern "C" void CSimdjson_parser_destroy(CSimdjson_parser *parser) { delete parser; }

extern "C" size_t CSimdjson_parser_capacity(const CSimdjson_parser *parser) { return parser->parser.capacity(); }

extern "C" int CSimdjson_parse(
    CSimdjson_parser *parser, const uint8_t *bytes, size_t length, size_t max_depth, bool padded) {
    if (parser->parser.max_depth() != max_depth) {
        auto error = parser->parser.allocate(parser->parser.capacity(), max_depth);
        if (error) { return int(error); }
    }
    const uint8_t *input = bytes;
    if (!padded) {
        if (!reserve_copy(parser, length + simdjson::SIMDJSON_PADDING)) { return int(simdjson::MEMALLOC); }
        if (length > 0) { std::memcpy(parser->copy.get(), bytes, length); }
        std::memset(parser->copy.get() + length, 0, simdjson::SIMDJSON_PADDING);
        input = parser->copy.get();
    }
    auto result = parser->parser.parse_into_document(parser->document, input, length, false);
    if (result.error() == simdjson::SUCCESS && padded && length > 0) {
        if (!reserve_copy(parser, length)) { return int(simdjson::MEMALLOC); }
        std::memcpy(parser->copy.get(), bytes, length);
    }
    return int(result.error());
}

extern "C" const uint8_t *CSimdjson_input(const CSimdjson_parser *parser) { return parser->copy.get(); }

// Stage 1 leaves one structural index per value start and per ':' and ','; stage 2 writes the
// tape from them in order: one word for a container's start or end, a string or an atom, two for
// a number. Walking both in step gives each number's tape position its offset in the input.
namespace {
// The tape words of the value whose structural index points at a byte: 0 for ':' and ',', 2 for
// a number's first byte ('-' or a digit), 1 for every other structural.
struct TapeWords {
    uint8_t words[256];
    constexpr TapeWords() : words() {
        for (int byte = 0; byte < 256; byte++) { words[byte] = 1; }
        words[uint8_t(':')] = 0;
        words[uint8_t(',')] = 0;
        words[uint8_t('-')] = 2;
        for (int digit = '0'; digit <= '9'; digit++) { words[digit] = 2; }
    }
};
constexpr TapeWords tape_words;
}  // namespace

extern "C" void CSimdjson_number_offsets(
    const CSimdjson_parser *parser, uint32_t *starts, size_t tape_length, CSimdjson_walk *walk, size_t until) {
    const auto &implementation = *parser->parser.implementation;
    const uint32_t *indexes = implementation.structural_indexes.get();
    const uint8_t *input = parser->copy.get();
    size_t structural = walk->structural;
    size_t tape = walk->tape;
    const size_t count = implementation.n_structural_indexes;
    for (; structural < count && tape < tape_length && tape <= until; structural++) {
        const uint32_t index = indexes[structural];
        const uint8_t words = tape_words.words[input[index]];
        // Both words written whatever the value: the next value overwrites the second when this
        // one took one word or none (`starts` has a word to spare past `tape_length`).
        starts[tape] = words == 2 ? index : UINT32_MAX;
        starts[tape + 1] = UINT32_MAX;
        tape += words;
    }
    if (structural >= count) {
        // Every value is walked: what remains (the root's closing word) starts no number.
        for (; tape < tape_length; tape++) { starts[tape] = UINT32_MAX; }
    }
    walk->structural = structural;
    walk->tape = tape < tape_length ? tape : tape_length;
}

extern "C" const char *CSimdjson_error_message(int code) {
    return simdjson::error_message(simdjson::error_code(code));
}

extern "C" const uint64_t *CSimdjson_tape(const CSimdjson_parser *parser) { return parser->document.tape.get(); }

extern "C" const uint8_t *CSimdjson_string_buffer(const CSimdjson_parser *parser) {
    return parser->document.string_buf.get();
}

static tape_ref ref(const CSimdjson_parser *parser, uint64_t index) {
    return tape_ref(&parser->document, size_t(index));
}

extern "C" char CSimdjson_type(const CSimdjson_parser *parser, uint64_t index) {
    return char(ref(parser, index).tape_ref_type());
}

extern "C" uint64_t CSimdjson_after(const CSimdjson_parser *parser, uint64_t index) {
    return ref(parser, index).after_element();
}

extern "C" size_t CSimdjson_count(const CSimdjson_parser *parser, uint64_t index) {
    tape_ref value = ref(parser, index);
    tape_type type = value.tape_ref_type();
    if (type != tape_type::START_ARRAY && type != tape_type::START_OBJECT) { return 0; }
    size_t count = value.scope_count();
    if (count < 0xFFFFFF) { return count; }
    // The count saturates on the tape; walk the children.
    count = 0;
    // The payload names the position past the closing brace.
    size_t end = value.matching_brace_index() - 1;
    for (size_t child = index + 1; child < end; child = ref(parser, child).after_element()) { count++; }
    return type == tape_type::START_OBJECT ? count / 2 : count;
}

extern "C" bool CSimdjson_get_int64(const CSimdjson_parser *parser, uint64_t index, int64_t *value) {
    tape_ref number = ref(parser, index);
    if (!number.is_int64()) { return false; }
    *value = number.next_tape_value<int64_t>();
    return true;
}

extern "C" bool CSimdjson_get_uint64(const CSimdjson_parser *parser, uint64_t index, uint64_t *value) {
    tape_ref number = ref(parser, index);
    if (!number.is_uint64()) { return false; }
    *value = number.next_tape_value<uint64_t>();
    return true;
}

extern "C" bool CSimdjson_get_double(const CSimdjson_parser *parser, uint64_t index, double *value) {
    tape_ref number = ref(parser, index);
    if (!number.is_double()) { return false; }
    *value = number.next_tape_value<double>();
    return true;
}

extern "C" bool CSimdjson_get_string(
    const CSimdjson_parser *parser, uint64_t index, const uint8_t **bytes, size_t *length) {
    tape_ref string = ref(parser, index);
    if (string.tape_ref_type() != tape_type::STRING) { return false; }
    *bytes = reinterpret_cast<const uint8_t *>(string.get_c_str());
    *length = string.get_string_length();
    return true;
}

extern "C" bool CSimdjson_object_find(
    const CSimdjson_parser *parser, uint64_t index, const uint8_t *key, size_t length, uint64_t *value) {
    tape_ref object = ref(parser, index);
    if (object.tape_ref_type() != tape_type::START_OBJECT) { return false; }
    size_t end = object.matching_brace_index() - 1;
    bool found = false;
    for (size_t child = index + 1; child < end;) {
        tape_ref name = ref(parser, child);
        size_t member = child + 1;
        if (name.get_string_length() == length && std::memcmp(name.get_c_str(), key, length) == 0) {
            *value = member;
            found = true;
        }
        child = ref(parser, member).after_element();
    }
    return found;
}

#endif  // __has_include(<simdjson.h>)
