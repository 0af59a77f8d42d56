// Counts what one watched thread does that a real-time thread must not: allocate or free
// memory, lock a mutex, write to a file descriptor (log). Linked into the test binary only.
#pragma once
#include <pthread.h>
#include <stdint.h>

typedef struct rt_probe_counts {
    int64_t allocations;
    int64_t locks;
    int64_t writes;
} rt_probe_counts;

/// Starts counting on `thread` (zeroes the counts); `rt_probe_stop` stops and returns them. One
/// session at a time per process: a watch waits until the session before it has stopped.
void rt_probe_watch(pthread_t thread);
rt_probe_counts rt_probe_stop(void);
