#ifndef SWITCHBOARD_JSON_ALLOCATOR_H
#define SWITCHBOARD_JSON_ALLOCATOR_H

/* jansson's allocator in this process (docs/PERFORMANCE.md, "jansson's allocations").
   sb_json_allocator_install makes the per-thread cache jansson's allocator for the whole process.
   Call it only from an executable's first statement, before any jansson value exists, never from a
   library: every block jansson frees must come from the allocator that made it. It installs nothing
   in sanitizer builds or with SWITCHBOARD_JANSSON_MALLOC=1 in the environment, and only the first
   call does anything. Returns 1 when the cache is jansson's allocator. */
int sb_json_allocator_install(void);

/* Whether the cache is jansson's allocator in this process. */
int sb_json_allocator_is_caching(void);

/* How many blocks this thread's cache holds now (tests). */
unsigned long sb_json_allocator_cached_blocks(void);

#endif
