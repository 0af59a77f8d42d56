// See include/jack_process.h. Everything reached from a process callback here is real-time safe:
// memcpy/memset on memory allocated before activation, JACK's port-buffer and frame-clock
// getters, C11 atomics and clock_gettime (a vDSO call). Nothing allocates, locks or logs.
#define _GNU_SOURCE
#include "jack_process.h"
#include <sched.h>
#include <stdatomic.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void quiet(const char *message) { (void)message; }

jack_client_t *sc_client_open(const char *name, const char *server_name, jack_status_t *status) {
    // libjack prints its own complaints ("Cannot connect to server socket") to stderr; ours are
    // clearer and come back as errors, so its messages are dropped.
    jack_set_error_function(quiet);
    jack_set_info_function(quiet);
    jack_options_t options = JackNoStartServer | JackUseExactName;
    if (server_name) return jack_client_open(name, options | JackServerName, status, server_name);
    return jack_client_open(name, options, status);
}

// MARK: What every client counts

typedef struct sc_common {
    jack_client_t *client;
    _Atomic int64_t callbacks, late_cycles, skipped_cycles, wrong_size_cycles, xruns;
    _Atomic int32_t server_gone, freewheeling;
    _Atomic uint32_t buffer_size, sample_rate;
    _Atomic uint64_t max_duration_ns;
    _Atomic int64_t durations[SC_DURATION_BUCKETS];
} sc_common;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void time_callback(sc_common *c, uint64_t started) {
    uint64_t spent = now_ns() - started;
    uint64_t bucket = spent / 1000;
    if (bucket >= SC_DURATION_BUCKETS) bucket = SC_DURATION_BUCKETS - 1;
    atomic_fetch_add_explicit(&c->durations[bucket], 1, memory_order_relaxed);
    uint64_t max = atomic_load_explicit(&c->max_duration_ns, memory_order_relaxed);
    while (spent > max && !atomic_compare_exchange_weak_explicit(&c->max_duration_ns, &max, spent,
                                                                  memory_order_relaxed, memory_order_relaxed)) {}
}

static int on_xrun(void *arg) {
    atomic_fetch_add_explicit(&((sc_common *)arg)->xruns, 1, memory_order_relaxed);
    return 0;
}

static int on_buffer_size(jack_nframes_t frames, void *arg) {
    atomic_store(&((sc_common *)arg)->buffer_size, frames);
    return 0;
}

static int on_sample_rate(jack_nframes_t rate, void *arg) {
    atomic_store(&((sc_common *)arg)->sample_rate, rate);
    return 0;
}

static void on_freewheel(int starting, void *arg) {
    atomic_store_explicit(&((sc_common *)arg)->freewheeling, starting ? 1 : 0, memory_order_release);
}

static void on_shutdown(jack_status_t code, const char *reason, void *arg) {
    (void)code; (void)reason;
    atomic_store(&((sc_common *)arg)->server_gone, 1);
}

static int install_common(sc_common *c) {
    atomic_store(&c->buffer_size, jack_get_buffer_size(c->client));
    atomic_store(&c->sample_rate, jack_get_sample_rate(c->client));
    if (jack_set_xrun_callback(c->client, on_xrun, c)) return -1;
    if (jack_set_buffer_size_callback(c->client, on_buffer_size, c)) return -1;
    if (jack_set_sample_rate_callback(c->client, on_sample_rate, c)) return -1;
    if (jack_set_freewheel_callback(c->client, on_freewheel, c)) return -1;
    jack_on_info_shutdown(c->client, on_shutdown, c);
    return 0;
}

static void common_stats(const sc_common *c, sc_stats *out) {
    memset(out, 0, sizeof *out);
    out->callbacks = atomic_load(&c->callbacks);
    out->late_cycles = atomic_load(&c->late_cycles);
    out->skipped_cycles = atomic_load(&c->skipped_cycles);
    out->wrong_size_cycles = atomic_load(&c->wrong_size_cycles);
    out->xruns = atomic_load(&c->xruns);
    out->server_gone = atomic_load(&c->server_gone);
    out->freewheeling = atomic_load(&c->freewheeling);
    out->buffer_size = atomic_load(&c->buffer_size);
    out->sample_rate = atomic_load(&c->sample_rate);
    out->max_duration_ns = atomic_load(&c->max_duration_ns);
}

static void common_durations(const sc_common *c, int64_t *counts, int bucket_count) {
    for (int i = 0; i < bucket_count && i < SC_DURATION_BUCKETS; i++) counts[i] = atomic_load(&c->durations[i]);
}

// MARK: Player

/// A message for a MIDI output port in a ring cycle: its bytes are in the cycle's byte block.
typedef struct sc_midi_out_event {
    uint32_t offset;
    uint16_t slot;
    uint16_t size;
    uint32_t start;
} sc_midi_out_event;

struct sc_player {
    sc_common common;
    int period, capacity;
    /// The rate the run was set up for: after a server rate change the player plays silence.
    jack_nframes_t rate;
    jack_port_t *ports[SC_MAX_PORTS];
    _Atomic int32_t port_count;
    float *ring;                      // capacity × SC_MAX_PORTS × period floats
    jack_port_t *inputs[SC_MAX_INPUTS];
    _Atomic int32_t input_count;
    int input_capacity;               // cycles the input ring holds: 2 × capacity + 2
    float *input_ring;                // input_capacity × SC_MAX_INPUTS × period floats
    _Atomic int64_t *input_cycles;    // which cycle each input ring block holds (-1: none)
    _Atomic(jack_port_t *) midi_input;
    sc_midi_event *midi_ring;         // input_capacity × SC_MIDI_PER_CYCLE events
    int32_t *midi_counts;             // events in each cycle's block (tagged by input_cycles)
    jack_port_t *midi_outputs[SC_MAX_MIDI_OUTPUTS];
    _Atomic int32_t midi_output_count;
    void *midi_out_buffers[SC_MAX_MIDI_OUTPUTS];  // the callback's port buffers this cycle
    sc_midi_out_event *midi_out;      // capacity × SC_MIDI_OUT_EVENTS, beside the audio ring
    uint8_t *midi_out_bytes;          // capacity × SC_MIDI_OUT_BYTES
    int32_t *midi_out_counts, *midi_out_used;  // messages and bytes in each ring block
    _Atomic int64_t written;          // cycles published by the control side
    _Atomic int64_t played;           // the next cycle the callback plays
    _Atomic int32_t started, finished, drained, have_start;
    _Atomic uint32_t start_frame;
};

sc_player *sc_player_create(jack_client_t *client, int period, int capacity) {
    sc_player *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->ring = calloc((size_t)capacity * SC_MAX_PORTS * (size_t)period, sizeof(float));
    p->input_capacity = 2 * capacity + 2;
    p->input_ring = calloc((size_t)p->input_capacity * SC_MAX_INPUTS * (size_t)period, sizeof(float));
    p->input_cycles = calloc((size_t)p->input_capacity, sizeof *p->input_cycles);
    p->midi_ring = calloc((size_t)p->input_capacity * SC_MIDI_PER_CYCLE, sizeof *p->midi_ring);
    p->midi_counts = calloc((size_t)p->input_capacity, sizeof *p->midi_counts);
    p->midi_out = calloc((size_t)capacity * SC_MIDI_OUT_EVENTS, sizeof *p->midi_out);
    p->midi_out_bytes = calloc((size_t)capacity * SC_MIDI_OUT_BYTES, 1);
    p->midi_out_counts = calloc((size_t)capacity, sizeof *p->midi_out_counts);
    p->midi_out_used = calloc((size_t)capacity, sizeof *p->midi_out_used);
    if (!p->ring || !p->input_ring || !p->input_cycles || !p->midi_ring || !p->midi_counts
        || !p->midi_out || !p->midi_out_bytes || !p->midi_out_counts || !p->midi_out_used) {
        sc_player_destroy(p);
        return NULL;
    }
    for (int i = 0; i < p->input_capacity; i++) atomic_init(&p->input_cycles[i], -1);
    p->common.client = client;
    p->period = period;
    p->capacity = capacity;
    p->rate = jack_get_sample_rate(client);
    return p;
}

void sc_player_destroy(sc_player *p) {
    if (!p) return;
    free(p->ring);
    free(p->input_ring);
    free(p->input_cycles);
    free(p->midi_ring);
    free(p->midi_counts);
    free(p->midi_out);
    free(p->midi_out_bytes);
    free(p->midi_out_counts);
    free(p->midi_out_used);
    free(p);
}

static float *ring_block(sc_player *p, int64_t cycle) {
    return p->ring + (size_t)(cycle % p->capacity) * SC_MAX_PORTS * (size_t)p->period;
}

static float *input_block(const sc_player *p, int64_t cycle) {
    return p->input_ring + (size_t)(cycle % p->input_capacity) * SC_MAX_INPUTS * (size_t)p->period;
}

/// Keeps what the input ports received this callback as input cycle `cycle`. The block's cycle
/// tag is cleared first and set after the copy, so a reader never takes a half-written block.
static void capture_inputs(sc_player *p, int64_t cycle, jack_nframes_t frames) {
    int inputs = atomic_load_explicit(&p->input_count, memory_order_acquire);
    jack_port_t *midi = atomic_load_explicit(&p->midi_input, memory_order_acquire);
    if (inputs == 0 && !midi) return;
    size_t index = (size_t)(cycle % p->input_capacity);
    _Atomic int64_t *tag = &p->input_cycles[index];
    atomic_store_explicit(tag, -1, memory_order_release);
    float *block = input_block(p, cycle);
    for (int i = 0; i < inputs; i++) {
        const float *in = jack_port_get_buffer(p->inputs[i], frames);
        if (in) memcpy(block + (size_t)i * p->period, in, sizeof(float) * frames);
        else memset(block + (size_t)i * p->period, 0, sizeof(float) * frames);
    }
    int32_t kept = 0;
    void *buffer = midi ? jack_port_get_buffer(midi, frames) : NULL;
    if (buffer) {
        uint32_t count = jack_midi_get_event_count(buffer);
        sc_midi_event *events = p->midi_ring + index * SC_MIDI_PER_CYCLE;
        for (uint32_t i = 0; i < count && kept < SC_MIDI_PER_CYCLE; i++) {
            jack_midi_event_t event;
            if (jack_midi_event_get(&event, buffer, i) != 0 || event.size == 0 || event.size > 3) continue;
            events[kept].offset = event.time;
            events[kept].size = (uint32_t)event.size;
            memcpy(events[kept].bytes, event.buffer, event.size);
            kept++;
        }
    }
    p->midi_counts[index] = kept;
    atomic_store_explicit(tag, cycle, memory_order_release);
}

static void silence(sc_player *p, jack_nframes_t frames, int ports) {
    for (int i = 0; i < ports; i++) {
        float *out = jack_port_get_buffer(p->ports[i], frames);
        if (out) memset(out, 0, sizeof(float) * frames);
    }
}

/// Clears every MIDI output port (JACK keeps a buffer's events until its owner clears it), then
/// writes the messages of ring cycle `cycle` (none when negative) at their offsets.
static void play_midi(sc_player *p, int64_t cycle, jack_nframes_t frames) {
    int outputs = atomic_load_explicit(&p->midi_output_count, memory_order_acquire);
    if (outputs == 0) return;
    for (int i = 0; i < outputs; i++) {
        void *buffer = jack_port_get_buffer(p->midi_outputs[i], frames);
        if (buffer) jack_midi_clear_buffer(buffer);
        p->midi_out_buffers[i] = buffer;
    }
    if (cycle < 0) return;
    size_t index = (size_t)(cycle % p->capacity);
    const sc_midi_out_event *events = p->midi_out + index * SC_MIDI_OUT_EVENTS;
    const uint8_t *bytes = p->midi_out_bytes + index * SC_MIDI_OUT_BYTES;
    for (int32_t i = 0; i < p->midi_out_counts[index]; i++) {
        const sc_midi_out_event *event = &events[i];
        void *buffer = event->slot < outputs ? p->midi_out_buffers[event->slot] : NULL;
        if (buffer && event->offset < frames) jack_midi_event_write(buffer, event->offset, bytes + event->start, event->size);
    }
}

/// Whether the server freewheels: only its own notice counts. JACK sends it after stopping the
/// real-time driver and before the freewheel driver's first cycle. A wait in a real-time cycle
/// (as an earlier version did once the control side had merely asked) leaves the graph unfinished
/// when the freewheel driver starts, and that driver then loops without waiting, adding a period
/// to the frame clock each time (jack2's JackFreewheelDriver::Process): the clock jumped by
/// millions of frames under load, and the other clients read the next cycle's frame time.
/// The control side waits for this notice before it renders (JACKPlayback.setFreewheel).
static int freewheeling(const sc_player *p) {
    return atomic_load_explicit(&p->common.freewheeling, memory_order_acquire);
}

/// In freewheel there is no deadline (the server waits for every client), so a cycle the control
/// side has not rendered yet is waited for, up to two seconds, instead of being played as silence.
static int64_t wait_while_freewheeling(sc_player *p, int64_t cycle) {
    int64_t written = atomic_load_explicit(&p->written, memory_order_acquire);
    if (!freewheeling(p)) return written;
    uint64_t deadline = now_ns() + 2000000000u;
    while (written <= cycle && !atomic_load_explicit(&p->finished, memory_order_acquire) && now_ns() < deadline) {
        sched_yield();
        written = atomic_load_explicit(&p->written, memory_order_acquire);
    }
    return written;
}

/// Before the first cycle is ready a freewheeling server would run silent cycles back to back,
/// racing JACK's frame clock ahead (seconds of frames per second of set-up, more on a loaded
/// machine) past what a recording client keeps from the moment it armed. Each such cycle waits
/// a little for the start instead; 20 ms keeps a wait for freewheel to begin short.
static void wait_for_start_while_freewheeling(sc_player *p) {
    if (!freewheeling(p)) return;
    uint64_t deadline = now_ns() + 20000000u;
    while (!atomic_load_explicit(&p->started, memory_order_acquire) && now_ns() < deadline) sched_yield();
}

static int player_process(jack_nframes_t frames, void *arg) {
    sc_player *p = arg;
    uint64_t began = now_ns();
    atomic_fetch_add_explicit(&p->common.callbacks, 1, memory_order_relaxed);
    int ports = atomic_load_explicit(&p->port_count, memory_order_acquire);
    if ((int)frames != p->period || atomic_load_explicit(&p->common.sample_rate, memory_order_relaxed) != p->rate) {
        // Cycles rendered for another period or rate would play wrongly: silence until the
        // control side notices (checkServer) and stops the run.
        atomic_fetch_add_explicit(&p->common.wrong_size_cycles, 1, memory_order_relaxed);
        silence(p, frames, ports);
        play_midi(p, -1, frames);
    } else if (!atomic_load_explicit(&p->started, memory_order_acquire)) {
        wait_for_start_while_freewheeling(p);
        silence(p, frames, ports);
        play_midi(p, -1, frames);
    } else {
        // Which cycle plays now follows JACK's frame clock: cycles an xrun skipped are dropped,
        // so every later cycle still sounds at its own frame.
        jack_nframes_t now = jack_last_frame_time(p->common.client);
        if (!atomic_load_explicit(&p->have_start, memory_order_relaxed)) {
            atomic_store_explicit(&p->start_frame, now, memory_order_relaxed);
            atomic_store_explicit(&p->have_start, 1, memory_order_release);
        }
        int64_t cycle = (int64_t)(uint32_t)(now - atomic_load_explicit(&p->start_frame, memory_order_relaxed)) / p->period;
        int64_t played = atomic_load_explicit(&p->played, memory_order_relaxed);
        if (cycle > played) {
            // Only rendered cycles count as lost; past the end there is nothing to lose.
            int64_t rendered = atomic_load_explicit(&p->written, memory_order_acquire);
            int64_t lost = (cycle < rendered ? cycle : rendered) - played;
            if (lost > 0) atomic_fetch_add_explicit(&p->common.skipped_cycles, lost, memory_order_relaxed);
        } else {
            cycle = played;
        }
        capture_inputs(p, cycle, frames);
        int64_t written = wait_while_freewheeling(p, cycle);
        if (cycle < written) {
            const float *block = ring_block(p, cycle);
            for (int i = 0; i < ports; i++) {
                float *out = jack_port_get_buffer(p->ports[i], frames);
                if (out) memcpy(out, block + (size_t)i * p->period, sizeof(float) * frames);
            }
            play_midi(p, cycle, frames);
        } else {
            silence(p, frames, ports);
            play_midi(p, -1, frames);
            if (atomic_load_explicit(&p->finished, memory_order_acquire)) atomic_store(&p->drained, 1);
            else atomic_fetch_add_explicit(&p->common.late_cycles, 1, memory_order_relaxed);
        }
        atomic_store_explicit(&p->played, cycle + 1, memory_order_release);
    }
    time_callback(&p->common, began);
    return 0;
}

int sc_player_install(sc_player *p) {
    if (install_common(&p->common)) return -1;
    return jack_set_process_callback(p->common.client, player_process, p);
}

void sc_player_add_port(sc_player *p, int slot, jack_port_t *port) {
    if (slot < 0 || slot >= SC_MAX_PORTS) return;
    p->ports[slot] = port;
    atomic_store_explicit(&p->port_count, slot + 1, memory_order_release);
}

float *sc_player_slot(sc_player *p, int64_t cycle) {
    int64_t played = atomic_load_explicit(&p->played, memory_order_acquire);
    if (cycle - played >= p->capacity) return NULL;
    size_t index = (size_t)(cycle % p->capacity);
    p->midi_out_counts[index] = 0;
    p->midi_out_used[index] = 0;
    return ring_block(p, cycle);
}

void sc_player_add_midi_output(sc_player *p, int slot, jack_port_t *port) {
    if (slot < 0 || slot >= SC_MAX_MIDI_OUTPUTS) return;
    p->midi_outputs[slot] = port;
    atomic_store_explicit(&p->midi_output_count, slot + 1, memory_order_release);
}

int sc_player_write_midi(sc_player *p, int64_t cycle, int slot, uint32_t offset, const uint8_t *bytes, int size) {
    if (cycle < 0 || slot < 0 || slot >= SC_MAX_MIDI_OUTPUTS || size < 1 || offset >= (uint32_t)p->period) return -1;
    size_t index = (size_t)(cycle % p->capacity);
    int32_t count = p->midi_out_counts[index], used = p->midi_out_used[index];
    if (count >= SC_MIDI_OUT_EVENTS || size > SC_MIDI_OUT_BYTES - used) return -1;
    memcpy(p->midi_out_bytes + index * SC_MIDI_OUT_BYTES + used, bytes, (size_t)size);
    p->midi_out[index * SC_MIDI_OUT_EVENTS + count] = (sc_midi_out_event){
        .offset = offset, .slot = (uint16_t)slot, .size = (uint16_t)size, .start = (uint32_t)used };
    p->midi_out_counts[index] = count + 1;
    p->midi_out_used[index] = used + size;
    return 0;
}

void sc_player_publish(sc_player *p, int64_t cycle) {
    atomic_store_explicit(&p->written, cycle + 1, memory_order_release);
}

int64_t sc_player_written(const sc_player *p) { return atomic_load(&p->written); }

void sc_player_set_midi_input(sc_player *p, jack_port_t *port) {
    atomic_store_explicit(&p->midi_input, port, memory_order_release);
}

int sc_player_read_midi(const sc_player *p, int64_t cycle, sc_midi_event *events, int capacity) {
    if (cycle < 0) return -1;
    size_t index = (size_t)(cycle % p->input_capacity);
    const _Atomic int64_t *tag = &p->input_cycles[index];
    if (atomic_load_explicit(tag, memory_order_acquire) != cycle) return -1;
    int count = p->midi_counts[index];
    if (count > capacity) count = capacity;
    memcpy(events, p->midi_ring + index * SC_MIDI_PER_CYCLE, sizeof *events * (size_t)count);
    return atomic_load_explicit(tag, memory_order_acquire) == cycle ? count : -1;
}

void sc_player_add_input(sc_player *p, int slot, jack_port_t *port) {
    if (slot < 0 || slot >= SC_MAX_INPUTS) return;
    p->inputs[slot] = port;
    atomic_store_explicit(&p->input_count, slot + 1, memory_order_release);
}

int sc_player_read_input(const sc_player *p, int slot, int64_t cycle, int offset, int count, float *destination) {
    if (slot < 0 || slot >= SC_MAX_INPUTS || cycle < 0 || offset < 0 || offset + count > p->period) {
        memset(destination, 0, sizeof(float) * (size_t)(count > 0 ? count : 0));
        return 0;
    }
    const _Atomic int64_t *tag = &p->input_cycles[cycle % p->input_capacity];
    if (atomic_load_explicit(tag, memory_order_acquire) == cycle) {
        memcpy(destination, input_block(p, cycle) + (size_t)slot * p->period + offset, sizeof(float) * (size_t)count);
        // The callback may have started overwriting the block while we copied: then it is lost.
        if (atomic_load_explicit(tag, memory_order_acquire) == cycle) return 1;
    }
    memset(destination, 0, sizeof(float) * (size_t)count);
    return 0;
}
void sc_player_start(sc_player *p) { atomic_store_explicit(&p->started, 1, memory_order_release); }
void sc_player_finish(sc_player *p) { atomic_store_explicit(&p->finished, 1, memory_order_release); }

void sc_player_stats(const sc_player *p, sc_stats *out) {
    common_stats(&p->common, out);
    out->played = atomic_load(&p->played);
    out->start_frame = atomic_load(&p->start_frame);
    out->started = atomic_load(&p->have_start);
    out->drained = atomic_load(&p->drained);
}

void sc_player_durations(const sc_player *p, int64_t *counts, int bucket_count) {
    common_durations(&p->common, counts, bucket_count);
}

// MARK: Capture

struct sc_capture {
    sc_common common;
    int64_t capacity;
    jack_port_t *ports[SC_MAX_PORTS];
    float *samples[SC_MAX_PORTS];
    uint8_t *covered;
    _Atomic int32_t port_count, armed, have_origin;
    _Atomic uint32_t origin;
    _Atomic int64_t frames;
    int heard;                        // a recorded sample was not zero (callback thread only)
};

sc_capture *sc_capture_create(jack_client_t *client, int64_t capacity_frames) {
    sc_capture *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->covered = calloc((size_t)capacity_frames, 1);
    if (!c->covered) { free(c); return NULL; }
    c->common.client = client;
    c->capacity = capacity_frames;
    return c;
}

void sc_capture_destroy(sc_capture *c) {
    if (!c) return;
    for (int i = 0; i < SC_MAX_PORTS; i++) free(c->samples[i]);
    free(c->covered);
    free(c);
}

static int capture_process(jack_nframes_t frames, void *arg) {
    sc_capture *c = arg;
    uint64_t began = now_ns();
    atomic_fetch_add_explicit(&c->common.callbacks, 1, memory_order_relaxed);
    if (atomic_load_explicit(&c->armed, memory_order_acquire)) {
        jack_nframes_t now = jack_last_frame_time(c->common.client);
        if (!atomic_load_explicit(&c->have_origin, memory_order_relaxed)) {
            atomic_store_explicit(&c->origin, now, memory_order_relaxed);
            atomic_store_explicit(&c->have_origin, 1, memory_order_release);
        }
        int64_t at = (int64_t)(uint32_t)(now - atomic_load_explicit(&c->origin, memory_order_relaxed));
        if (at + frames > c->capacity && !c->heard) {
            // JACK's frame clock jumps at an xrun or a switch into freewheel (seen: tens of
            // millions of frames on a loaded machine, before the played run began). While all
            // that was recorded is silence, the window moves to now: nothing heard is lost.
            memset(c->covered, 0, (size_t)atomic_load_explicit(&c->frames, memory_order_relaxed));
            atomic_store_explicit(&c->frames, 0, memory_order_release);
            atomic_store_explicit(&c->origin, now, memory_order_release);
            atomic_fetch_add_explicit(&c->common.skipped_cycles, 1, memory_order_relaxed);
            at = 0;
        }
        if (at + frames <= c->capacity) {
            int ports = atomic_load_explicit(&c->port_count, memory_order_acquire);
            for (int i = 0; i < ports; i++) {
                const float *in = jack_port_get_buffer(c->ports[i], frames);
                if (in && c->samples[i]) memcpy(c->samples[i] + at, in, sizeof(float) * frames);
                for (jack_nframes_t f = 0; in && !c->heard && f < frames; f++) c->heard = in[f] != 0;
            }
            memset(c->covered + at, 1, frames);
            int64_t end = at + frames;
            if (end > atomic_load_explicit(&c->frames, memory_order_relaxed)) atomic_store_explicit(&c->frames, end, memory_order_release);
        } else {
            atomic_fetch_add_explicit(&c->common.late_cycles, 1, memory_order_relaxed);
        }
    }
    time_callback(&c->common, began);
    return 0;
}

int sc_capture_install(sc_capture *c) {
    if (install_common(&c->common)) return -1;
    return jack_set_process_callback(c->common.client, capture_process, c);
}

void sc_capture_add_port(sc_capture *c, int slot, jack_port_t *port) {
    if (slot < 0 || slot >= SC_MAX_PORTS) return;
    c->samples[slot] = calloc((size_t)c->capacity, sizeof(float));
    c->ports[slot] = port;
    atomic_store_explicit(&c->port_count, slot + 1, memory_order_release);
}

void sc_capture_arm(sc_capture *c) { atomic_store_explicit(&c->armed, 1, memory_order_release); }
uint32_t sc_capture_origin(const sc_capture *c) { return atomic_load(&c->origin); }
int64_t sc_capture_frames(const sc_capture *c) { return atomic_load_explicit(&c->frames, memory_order_acquire); }
const float *sc_capture_samples(const sc_capture *c, int slot) { return slot >= 0 && slot < SC_MAX_PORTS ? c->samples[slot] : NULL; }
const uint8_t *sc_capture_covered(const sc_capture *c) { return c->covered; }
void sc_capture_stats(const sc_capture *c, sc_stats *out) { common_stats(&c->common, out); }

// MARK: MIDI sender

#define SC_SENDER_SLOTS 16

struct sc_midi_sender {
    sc_common common;
    jack_port_t *port;
    struct { uint32_t frame; int size; uint8_t bytes[4]; _Atomic int32_t state; } slots[SC_SENDER_SLOTS];  // state: 0 free, 1 pending, 2 sent
    _Atomic int32_t sent;
};

static int sender_process(jack_nframes_t frames, void *arg) {
    sc_midi_sender *s = arg;
    uint64_t began = now_ns();
    atomic_fetch_add_explicit(&s->common.callbacks, 1, memory_order_relaxed);
    void *buffer = jack_port_get_buffer(s->port, frames);
    if (buffer) {
        jack_midi_clear_buffer(buffer);
        jack_nframes_t first = jack_last_frame_time(s->common.client);
        // JACK wants a cycle's events in frame order: the due ones go smallest offset first.
        for (;;) {
            int best = -1;
            uint32_t best_offset = 0;
            for (int i = 0; i < SC_SENDER_SLOTS; i++) {
                if (atomic_load_explicit(&s->slots[i].state, memory_order_acquire) != 1) continue;
                int32_t ahead = (int32_t)(s->slots[i].frame - first);
                if (ahead >= (int32_t)frames) continue;
                uint32_t offset = ahead < 0 ? 0 : (uint32_t)ahead;
                if (best < 0 || offset < best_offset) { best = i; best_offset = offset; }
            }
            if (best < 0) break;
            jack_midi_event_write(buffer, best_offset, s->slots[best].bytes, (size_t)s->slots[best].size);
            atomic_store_explicit(&s->slots[best].state, 2, memory_order_release);
            atomic_fetch_add_explicit(&s->sent, 1, memory_order_relaxed);
        }
    }
    time_callback(&s->common, began);
    return 0;
}

sc_midi_sender *sc_midi_sender_create(jack_client_t *client, jack_port_t *port) {
    sc_midi_sender *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->common.client = client;
    s->port = port;
    return s;
}

void sc_midi_sender_destroy(sc_midi_sender *s) { free(s); }

int sc_midi_sender_install(sc_midi_sender *s) {
    if (install_common(&s->common)) return -1;
    return jack_set_process_callback(s->common.client, sender_process, s);
}

int sc_midi_sender_schedule(sc_midi_sender *s, uint32_t frame, const uint8_t *bytes, int size) {
    if (size < 1 || size > 3) return -1;
    for (int i = 0; i < SC_SENDER_SLOTS; i++) {
        if (atomic_load_explicit(&s->slots[i].state, memory_order_acquire) != 0) continue;
        s->slots[i].frame = frame;
        s->slots[i].size = size;
        memcpy(s->slots[i].bytes, bytes, (size_t)size);
        atomic_store_explicit(&s->slots[i].state, 1, memory_order_release);
        return 0;
    }
    return -1;
}

int sc_midi_sender_sent(const sc_midi_sender *s) { return atomic_load(&s->sent); }

// MARK: MIDI receiver

struct sc_midi_receiver {
    sc_common common;
    jack_port_t *port;
    int capacity;
    sc_received_midi *messages;
    _Atomic int32_t count;
};

static int receiver_process(jack_nframes_t frames, void *arg) {
    sc_midi_receiver *r = arg;
    uint64_t began = now_ns();
    atomic_fetch_add_explicit(&r->common.callbacks, 1, memory_order_relaxed);
    void *buffer = jack_port_get_buffer(r->port, frames);
    if (buffer) {
        jack_nframes_t first = jack_last_frame_time(r->common.client);
        uint32_t events = jack_midi_get_event_count(buffer);
        int32_t count = atomic_load_explicit(&r->count, memory_order_relaxed);
        for (uint32_t i = 0; i < events && count < r->capacity; i++) {
            jack_midi_event_t event;
            if (jack_midi_event_get(&event, buffer, i) != 0) continue;
            sc_received_midi *kept = &r->messages[count];
            kept->frame = first + event.time;
            kept->size = (uint32_t)event.size;
            memcpy(kept->bytes, event.buffer, event.size < SC_RECEIVED_BYTES ? event.size : SC_RECEIVED_BYTES);
            count++;
        }
        atomic_store_explicit(&r->count, count, memory_order_release);
    }
    time_callback(&r->common, began);
    return 0;
}

sc_midi_receiver *sc_midi_receiver_create(jack_client_t *client, jack_port_t *port, int capacity) {
    sc_midi_receiver *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->messages = calloc((size_t)(capacity > 0 ? capacity : 1), sizeof *r->messages);
    if (!r->messages) { free(r); return NULL; }
    r->common.client = client;
    r->port = port;
    r->capacity = capacity;
    return r;
}

void sc_midi_receiver_destroy(sc_midi_receiver *r) {
    if (!r) return;
    free(r->messages);
    free(r);
}

int sc_midi_receiver_install(sc_midi_receiver *r) {
    if (install_common(&r->common)) return -1;
    return jack_set_process_callback(r->common.client, receiver_process, r);
}

int sc_midi_receiver_count(const sc_midi_receiver *r) { return atomic_load_explicit(&r->count, memory_order_acquire); }

sc_received_midi sc_midi_receiver_message(const sc_midi_receiver *r, int index) {
    sc_received_midi none = {0};
    return index >= 0 && index < sc_midi_receiver_count(r) ? r->messages[index] : none;
}

void sc_midi_receiver_stats(const sc_midi_receiver *r, sc_stats *out) { common_stats(&r->common, out); }

// MARK: Idle reference client

struct sc_idle { sc_common common; };

static int idle_process(jack_nframes_t frames, void *arg) {
    (void)frames;
    sc_idle *idle = arg;
    uint64_t began = now_ns();
    atomic_fetch_add_explicit(&idle->common.callbacks, 1, memory_order_relaxed);
    time_callback(&idle->common, began);
    return 0;
}

sc_idle *sc_idle_create(jack_client_t *client) {
    sc_idle *idle = calloc(1, sizeof *idle);
    if (idle) idle->common.client = client;
    return idle;
}

void sc_idle_destroy(sc_idle *idle) { free(idle); }

int sc_idle_install(sc_idle *idle) {
    if (install_common(&idle->common)) return -1;
    return jack_set_process_callback(idle->common.client, idle_process, idle);
}

void sc_idle_stats(const sc_idle *idle, sc_stats *out) { common_stats(&idle->common, out); }
void sc_idle_durations(const sc_idle *idle, int64_t *counts, int bucket_count) { common_durations(&idle->common, counts, bucket_count); }

// MARK: Tone client

struct sc_tone {
    sc_common common;
    jack_port_t *port;
    double frequency;
    float amplitude;
};

static int tone_process(jack_nframes_t frames, void *arg) {
    sc_tone *t = arg;
    uint64_t began = now_ns();
    atomic_fetch_add_explicit(&t->common.callbacks, 1, memory_order_relaxed);
    float *out = jack_port_get_buffer(t->port, frames);
    if (out) {
        jack_nframes_t first = jack_last_frame_time(t->common.client);
        double rate = (double)atomic_load_explicit(&t->common.sample_rate, memory_order_relaxed);
        double step = 2.0 * M_PI * t->frequency / (rate > 0 ? rate : 48000.0);
        for (jack_nframes_t i = 0; i < frames; i++) {
            // The phase wraps with the 32-bit frame clock (about a day at 48 kHz): fine for a test signal.
            double phase = fmod((double)(uint32_t)(first + i) * step, 2.0 * M_PI);
            out[i] = t->amplitude * (float)sin(phase);
        }
    }
    time_callback(&t->common, began);
    return 0;
}

sc_tone *sc_tone_create(jack_client_t *client, jack_port_t *port, double frequency, float amplitude) {
    sc_tone *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->common.client = client;
    t->port = port;
    t->frequency = frequency;
    t->amplitude = amplitude;
    return t;
}

void sc_tone_destroy(sc_tone *t) { free(t); }

int sc_tone_install(sc_tone *t) {
    if (install_common(&t->common)) return -1;
    return jack_set_process_callback(t->common.client, tone_process, t);
}

void sc_tone_stats(const sc_tone *t, sc_stats *out) { common_stats(&t->common, out); }
