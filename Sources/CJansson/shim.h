#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

#include <jansson.h>

// jansson spells its type test, its dump options and its boolean constructor as macros, which
// Swift cannot call; each gets a prefixed inline wrapper. Nothing else lives here.

static inline json_type CJansson_typeof(const json_t *json) {
    return json_typeof(json);
}

static inline json_t *CJansson_incref(json_t *json) {
    return json_incref(json);
}

static inline void CJansson_decref(json_t *json) {
    json_decref(json);
}

static inline json_t *CJansson_boolean(int value) {
    return json_boolean(value);
}

static inline size_t CJansson_indent(int spaces) {
    return JSON_INDENT(spaces);
}

static inline size_t CJansson_real_precision(int digits) {
    return JSON_REAL_PRECISION(digits);
}

#endif
