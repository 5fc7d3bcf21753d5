// A plain-C face over simdjson's DOM parser (Debian's libsimdjson-dev 3.0.1), for BackendSimdjson.
//
// A parser parses bytes into its one document: simdjson's "tape", a flat array of 64-bit words
// (a type character in the top byte, a payload below), plus a buffer of unescaped strings. A
// value is named by its position on the tape. The tape and string-buffer pointers are handed out
// so that Swift can read them directly; the accessors below read the same tape through
// simdjson's own `internal::tape_ref` and are the fallback path (and the reference the Swift
// reader is checked against at start-up, since the tape layout is simdjson's internal format).
#ifndef CSIMDJSON_H
#define CSIMDJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// simdjson's error codes, by value (checked against simdjson's `error_code` when compiled).
typedef enum CSimdjson_error {
    CSimdjson_SUCCESS = 0,
    CSimdjson_CAPACITY = 1,
    CSimdjson_MEMALLOC = 2,
    CSimdjson_TAPE_ERROR = 3,
    CSimdjson_DEPTH_ERROR = 4,
    CSimdjson_STRING_ERROR = 5,
    CSimdjson_T_ATOM_ERROR = 6,
    CSimdjson_F_ATOM_ERROR = 7,
    CSimdjson_N_ATOM_ERROR = 8,
    CSimdjson_NUMBER_ERROR = 9,
    CSimdjson_UTF8_ERROR = 10,
    CSimdjson_UNINITIALIZED = 11,
    CSimdjson_EMPTY = 12,
    CSimdjson_UNESCAPED_CHARS = 13,
    CSimdjson_UNCLOSED_STRING = 14,
} CSimdjson_error;

/// One simdjson parser and the one document it parses into. Not thread-safe.
typedef struct CSimdjson_parser CSimdjson_parser;

/// The version of the simdjson headers this shim was compiled against ("3.0.1").
const char *CSimdjson_version(void);

/// The number of readable bytes simdjson needs past the end of its input (64).
size_t CSimdjson_padding(void);

/// A new parser with no buffers yet; NULL when out of memory.
CSimdjson_parser *CSimdjson_parser_create(void);

/// Frees the parser and its document.
void CSimdjson_parser_destroy(CSimdjson_parser *parser);

/// The bytes of input the parser's buffers are currently sized for.
size_t CSimdjson_parser_capacity(const CSimdjson_parser *parser);

/// Parses `length` bytes into the parser's document, replacing the previous one.
///
/// `max_depth` is simdjson's depth limit: containers nest at most `max_depth` deep. When
/// `padded` is true, the caller guarantees `CSimdjson_padding()` readable bytes after the input and
/// simdjson reads it in place; otherwise it is first copied into a padded buffer the parser keeps.
/// Either way the parser keeps a copy of the input until the next parse (`CSimdjson_input`).
/// Returns a `CSimdjson_error` value; `CSimdjson_SUCCESS` (0) when the document was parsed.
int CSimdjson_parse(
    CSimdjson_parser *parser, const uint8_t *bytes, size_t length, size_t max_depth, bool padded);

/// The input of the last successful parse, as the parser's own copy (its length is the one
/// given to `CSimdjson_parse`); valid until the next parse.
const uint8_t *CSimdjson_input(const CSimdjson_parser *parser);

/// Where a walk of `CSimdjson_number_offsets` stands: the next structural index to read and the
/// tape position it belongs to. A walk starts at `{0, 1}`.
typedef struct CSimdjson_walk {
    size_t structural;
    size_t tape;
} CSimdjson_walk;

/// Goes on with `walk` over the last successful parse until it has passed tape position `until`
/// (or the end): writes, at each tape position it passes below `tape_length`, the offset in the
/// input where the number starting there starts, `UINT32_MAX` where none does. `starts` holds
/// `tape_length + 1` words: the last one is scratch. Every position below `walk->tape` afterwards
/// is written; it is `tape_length` once the walk is complete.
void CSimdjson_number_offsets(
    const CSimdjson_parser *parser, uint32_t *starts, size_t tape_length, CSimdjson_walk *walk, size_t until);

/// simdjson's message for an error code.
const char *CSimdjson_error_message(int code);

/// The tape of the last successful parse: word 0 is the root marker, the value starts at 1.
const uint64_t *CSimdjson_tape(const CSimdjson_parser *parser);

/// The string buffer of the last successful parse: each string is a 32-bit little-endian length,
/// the unescaped bytes, and a NUL.
const uint8_t *CSimdjson_string_buffer(const CSimdjson_parser *parser);

// Accessors through simdjson's own tape reader. `index` must be the position of a value.

/// The tape type character of the value ('{', '[', '"', 'l', 'u', 'd', 't', 'f', 'n').
char CSimdjson_type(const CSimdjson_parser *parser, uint64_t index);

/// The position just past the value (past the closing brace of a container).
uint64_t CSimdjson_after(const CSimdjson_parser *parser, uint64_t index);

/// The number of elements of an array or of members of an object (duplicates counted); 0 otherwise.
size_t CSimdjson_count(const CSimdjson_parser *parser, uint64_t index);

/// The value of an integer that fits int64 ('l'); false for other values.
bool CSimdjson_get_int64(const CSimdjson_parser *parser, uint64_t index, int64_t *value);

/// The value of an integer above INT64_MAX ('u'); false for other values.
bool CSimdjson_get_uint64(const CSimdjson_parser *parser, uint64_t index, uint64_t *value);

/// The value of a number with a fraction or exponent ('d'); false for other values.
bool CSimdjson_get_double(const CSimdjson_parser *parser, uint64_t index, double *value);

/// The unescaped bytes of a string; false for other values.
bool CSimdjson_get_string(
    const CSimdjson_parser *parser, uint64_t index, const uint8_t **bytes, size_t *length);

/// The position of the value of the last member of the object at `index` whose unescaped key
/// equals the `length` bytes at `key`; false when there is none or the value is not an object.
bool CSimdjson_object_find(
    const CSimdjson_parser *parser, uint64_t index, const uint8_t *key, size_t length, uint64_t *value);

#ifdef __cplusplus
}
#endif

#endif
