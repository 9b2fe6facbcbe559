#ifndef SWITCHBOARD_CJANSSON_SHIM_H
#define SWITCHBOARD_CJANSSON_SHIM_H

#include <jansson.h>
#include <string.h>
#include <sys/types.h>

/* jansson's reference counting is done by static inline functions and macros
   (json_incref, json_decref, JSON_REAL_PRECISION, json_typeof); Swift cannot
   call a macro and may not see through every inline, so the JSON layer goes
   through these small wrappers instead. */

static inline json_t *sb_json_incref(json_t *json) { return json_incref(json); }
static inline void sb_json_decref(json_t *json) { json_decref(json); }
static inline int sb_json_typeof(const json_t *json) { return (int)json_typeof(json); }
static inline size_t sb_json_real_precision(int precision) { return JSON_REAL_PRECISION(precision); }
static inline int sb_json_error_code(const json_error_t *error) { return (int)json_error_code(error); }

/* Whether printf's "%.<precision>g" form of value reads back as exactly value. jansson prints
   reals with that fixed format; the serializer picks the precision per document from Swift's
   shortest round-trip digits, which is provably enough except next to a power of two (where the
   gap below a value is half the gap above it), so it asks this for those values only. */
static inline int sb_real_round_trips(double value, int precision) {
    char buffer[64];
    snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    return strtod(buffer, NULL) == value;
}

/* Offset of the first occurrence of byte in bytes, or -1. The parser looks for a raw NUL first
   (jansson's buffer reader treats one outside a string as a silent end of input: "[1\0]" parses
   as [1]), and the depth pre-scan skips string contents to the next quote; memchr makes both
   nearly free. */
static inline ssize_t sb_find_byte(const void *bytes, size_t count, unsigned char byte) {
    const void *found = count ? memchr(bytes, byte, count) : NULL;
    return found ? (ssize_t)((const char *)found - (const char *)bytes) : -1;
}

/* Byte-for-byte equality, for object keys and strings: JSON (and jansson) compare strings by
   their bytes, whereas Swift's String == uses Unicode canonical equivalence. */
static inline int sb_bytes_equal(const void *a, const void *b, size_t count) {
    return count == 0 || memcmp(a, b, count) == 0;
}

#endif
