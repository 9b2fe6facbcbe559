/* A per-thread cache of jansson's small blocks (docs/PERFORMANCE.md, "jansson's allocations").
 *
 * Every jansson value is a malloc: a string two (the value and its copy of the text), an object
 * member one (the key's pair), and a frame's tree is built, dumped and freed in a burst of some
 * sixty of them on one thread. glibc keeps 7 freed blocks per size in its per-thread cache, so
 * such a burst goes through its arenas' bins each time: malloc and free of jansson's values
 * were a seventh of the server's CPU. This keeps up to SB_CACHE_LIMIT freed blocks of each
 * 16-byte size class up to 256 bytes per thread, and hands them out again first.
 *
 * Written by hand because no library this project may use does it: jansson's only hook is a
 * malloc/free pair (json_set_alloc_funcs), glibc's cache depth is a tunable read from the
 * environment at process start, and no allocator package is among the project's dependencies.
 *
 * Each block carries a 16-byte header with its size class (keeping malloc's 16-byte alignment),
 * since jansson's free is not told the size. A block freed on another thread than the one that
 * made it joins the freeing thread's cache. A thread's cache is given back to malloc when the
 * thread exits.
 *
 * The hook is the whole process's, and every block jansson frees must have come from the same
 * pair, so only an executable installs it, as its first statement, before any jansson value
 * exists (the `switchboard` command's main.swift): never a library, whose host may have made
 * jansson values already or free what json_dumps returns with free(). Under AddressSanitizer it
 * is not installed (the leak check must see each allocation and free as jansson makes it), nor
 * with SWITCHBOARD_JANSSON_MALLOC=1 in the environment. */

#include "sb_json_allocator.h"

#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SB_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SB_SANITIZED 1
#endif

enum {
    SB_CLASS_BYTES = 16,
    SB_CLASSES = 16,        /* blocks of up to 16 * 16 = 256 bytes are cached */
    SB_CACHE_LIMIT = 512,   /* per class and thread: at most about 1 MiB per thread */
    SB_HEADER = 16,
};

typedef struct sb_block {
    struct sb_block *next;
} sb_block;

typedef struct sb_cache {
    sb_block *first[SB_CLASSES];
    unsigned count[SB_CLASSES];
    int registered;
} sb_cache;

static __thread sb_cache cache;
static pthread_key_t exit_key;
static int caching;

/* At the thread's exit: the cached blocks go back to malloc. */
static void release_cache(void *unused) {
    (void)unused;
    for (int size_class = 0; size_class < SB_CLASSES; size_class++) {
        sb_block *block = cache.first[size_class];
        while (block) {
            sb_block *next = block->next;
            free((char *)block - SB_HEADER);
            block = next;
        }
        cache.first[size_class] = NULL;
        cache.count[size_class] = 0;
    }
    cache.registered = 0;
}

static void *cached_malloc(size_t size) {
    size_t size_class = size ? (size - 1) / SB_CLASS_BYTES : 0;
    if (size_class < SB_CLASSES) {
        sb_block *block = cache.first[size_class];
        if (block) {
            cache.first[size_class] = block->next;
            cache.count[size_class]--;
            return block;
        }
        size = (size_class + 1) * SB_CLASS_BYTES;
    } else {
        size_class = SB_CLASSES;  /* too large to cache */
        if (size > (size_t)-1 - SB_HEADER) return NULL;
    }
    char *raw = malloc(SB_HEADER + size);
    if (!raw) return NULL;
    *(size_t *)raw = size_class;
    return raw + SB_HEADER;
}

static void cached_free(void *pointer) {
    if (!pointer) return;
    char *raw = (char *)pointer - SB_HEADER;
    size_t size_class = *(size_t *)raw;
    if (size_class < SB_CLASSES && cache.count[size_class] < SB_CACHE_LIMIT) {
        if (!cache.registered) {
            /* The destructor runs only for a thread whose value is not NULL. */
            if (pthread_setspecific(exit_key, &cache) != 0) {
                free(raw);
                return;
            }
            cache.registered = 1;
        }
        sb_block *block = pointer;
        block->next = cache.first[size_class];
        cache.first[size_class] = block;
        cache.count[size_class]++;
        return;
    }
    free(raw);
}

int sb_json_allocator_install(void) {
    static int asked;
    if (asked) return caching;
    asked = 1;
#ifndef SB_SANITIZED
    /* SWITCHBOARD_JANSSON_MALLOC=1 leaves jansson on plain malloc and free: for a heap profiler or
       valgrind, which should see each of its allocations, and to measure what the cache saves. */
    const char *plain = getenv("SWITCHBOARD_JANSSON_MALLOC");
    if (plain && plain[0] == '1') return 0;
    if (pthread_key_create(&exit_key, release_cache) != 0) return 0;
    json_set_alloc_funcs(cached_malloc, cached_free);
    caching = 1;
#endif
    return caching;
}

int sb_json_allocator_is_caching(void) { return caching; }

unsigned long sb_json_allocator_cached_blocks(void) {
    unsigned long total = 0;
    for (int size_class = 0; size_class < SB_CLASSES; size_class++) total += cache.count[size_class];
    return total;
}
