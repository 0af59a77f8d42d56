// Interposes malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign,
// pthread_mutex_lock and write for the whole test binary, forwarding to glibc's own entry
// points; only calls made on the watched thread are counted (one relaxed atomic load otherwise).
#define _GNU_SOURCE
#include "realtime_probe.h"
#include <errno.h>
#include <semaphore.h>
#include <time.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/types.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);
extern ssize_t __write(int, const void *, size_t);
__asm__(".symver rt_real_mutex_lock,__pthread_mutex_lock@GLIBC_2.2.5");
extern int rt_real_mutex_lock(pthread_mutex_t *);

static _Atomic int watching;
static _Atomic pthread_t watched;
static _Atomic int64_t allocations, locks, writes;

static int on_watched_thread(void) {
    return atomic_load_explicit(&watching, memory_order_relaxed) && pthread_equal(pthread_self(), atomic_load(&watched));
}

// One counting session at a time in the whole test binary: suites run in parallel and the counts
// are process-wide, so a second watch would reset the first one's counts and thread. A session
// waits for the one before it to stop; one whose test threw before stopping is given up on after
// a minute, so nothing hangs.
static sem_t session;
static pthread_once_t session_once = PTHREAD_ONCE_INIT;
static _Atomic int session_open;
static void make_session(void) { sem_init(&session, 0, 1); }

static void open_session(void) {
    pthread_once(&session_once, make_session);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    while (sem_timedwait(&session, &deadline) != 0 && errno == EINTR) {}
    atomic_store(&session_open, 1);
}

void rt_probe_watch(pthread_t thread) {
    open_session();
    atomic_store(&allocations, 0);
    atomic_store(&locks, 0);
    atomic_store(&writes, 0);
    atomic_store(&watched, thread);
    atomic_store(&watching, 1);
}

rt_probe_counts rt_probe_stop(void) {
    atomic_store(&watching, 0);
    rt_probe_counts counts = { atomic_load(&allocations), atomic_load(&locks), atomic_load(&writes) };
    if (atomic_exchange(&session_open, 0)) sem_post(&session);
    return counts;
}

// Under the address sanitizer (Tools/fuzz --shims) the sanitizer owns the allocator: interposing
// it here would hand every allocation to glibc and blind the sanitizer, so nothing is counted and
// the real-time safety suites are skipped in that build.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RT_PROBE_UNDER_ASAN 1
#endif
#endif

#ifndef RT_PROBE_UNDER_ASAN
static void allocated(void) { if (on_watched_thread()) atomic_fetch_add(&allocations, 1); }

void *malloc(size_t size) { allocated(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { allocated(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { allocated(); return __libc_realloc(pointer, size); }
void free(void *pointer) { if (pointer) allocated(); __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { allocated(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { allocated(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    allocated();
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return ENOMEM;
    *result = pointer;
    return 0;
}

int pthread_mutex_lock(pthread_mutex_t *mutex) {
    if (on_watched_thread()) atomic_fetch_add(&locks, 1);
    return rt_real_mutex_lock(mutex);
}

ssize_t write(int fd, const void *buffer, size_t count) {
    if (on_watched_thread()) atomic_fetch_add(&writes, 1);
    return __write(fd, buffer, count);
}
#endif
