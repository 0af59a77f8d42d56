#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Counts the heap allocations (malloc, calloc, realloc, memalign family) made on the calling
/// thread between `allocation_counter_start` and `allocation_counter_stop`, so a test can prove
/// that a render path allocates nothing in steady state. Other threads are not counted.
void allocation_counter_start(void);
/// Stops counting and returns the number of allocations since the start.
long allocation_counter_stop(void);

#endif
