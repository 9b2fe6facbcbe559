#ifndef SWITCHBOARD_JSON_ALLOCATOR_H
#define SWITCHBOARD_JSON_ALLOCATOR_H

/* jansson's allocator in this process (docs/PERFORMANCE.md, "jansson's allocations"): installed
   when the library loads, before any jansson value exists. Returns 1 when the caching allocator is
   jansson's, 0 when jansson uses plain malloc and free (sanitizer builds, which must see every
   allocation and free as it happens, and SWITCHBOARD_JANSSON_MALLOC=1). */
int sb_json_allocator_is_caching(void);

/* How many blocks this thread's cache holds now (tests). */
unsigned long sb_json_allocator_cached_blocks(void);

#endif
