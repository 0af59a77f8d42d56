// The real-time halves of Soundcheck's JACK clients, in C so that the process callback is
// visibly free of allocation, locks and logging: it only copies memory, reads JACK's frame clock
// and updates atomics. The Swift side (JACKBackend) owns everything else.
#pragma once
#include <jack/jack.h>
#include <jack/midiport.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Port slots per client: the device's output (or input) channels, one JACK port each.
#define SC_MAX_PORTS 128
/// Input port slots of a player: the device's input channels it captures.
#define SC_MAX_INPUTS 32
/// MIDI messages a player keeps per captured cycle (more are counted and dropped).
#define SC_MIDI_PER_CYCLE 64
/// JACK MIDI output ports a player feeds (Core MIDI endpoints bridged out), and per ring cycle
/// how many messages and bytes of them it holds (SysEx included).
#define SC_MAX_MIDI_OUTPUTS 64
#define SC_MIDI_OUT_EVENTS 128
#define SC_MIDI_OUT_BYTES 4096

/// One MIDI message (up to 3 bytes: no System Exclusive) at a frame of its cycle.
typedef struct sc_midi_event {
    uint32_t offset;
    uint32_t size;
    uint8_t bytes[4];
} sc_midi_event;
/// Buckets of the callback-duration histogram: one per microsecond up to this, then one overflow.
#define SC_DURATION_BUCKETS 4096

/// Counters both clients keep, read by the control side at any time.
typedef struct sc_stats {
    int64_t callbacks;
    /// Cycles that played silence because the control side had not rendered them yet.
    int64_t late_cycles;
    /// Cycles JACK's frame clock skipped (an xrun drops them): they were never played.
    int64_t skipped_cycles;
    /// Callbacks whose size or rate differed from the period and rate the run was set up for (silent).
    int64_t wrong_size_cycles;
    int64_t xruns;
    /// Nonzero once the server shut the client down (jack_on_info_shutdown).
    int32_t server_gone;
    int32_t freewheeling;
    /// The server's current buffer size and rate (as its callbacks last said).
    uint32_t buffer_size;
    uint32_t sample_rate;
    /// Cycles played from the ring, and the first of them on JACK's frame clock.
    int64_t played;
    uint32_t start_frame;
    int32_t started;
    int32_t drained;
    uint64_t max_duration_ns;
} sc_stats;

/// jack_client_open without its variadic tail (Swift cannot call it): never starts a server,
/// connects to `server_name` (NULL: $JACK_DEFAULT_SERVER or "default"), takes exactly `name`.
jack_client_t *sc_client_open(const char *name, const char *server_name, jack_status_t *status);

// MARK: The player: plays cycles the control side rendered ahead into a ring.

typedef struct sc_player sc_player;

/// A player for `client` with room for `capacity` cycles of `period` frames on up to SC_MAX_PORTS ports.
sc_player *sc_player_create(jack_client_t *client, int period, int capacity);
void sc_player_destroy(sc_player *player);
/// Installs the process, xrun, buffer-size, sample-rate, freewheel and shutdown callbacks.
int sc_player_install(sc_player *player);
/// Makes `port` play channel slot `slot` (slots are added in order: 0, 1, 2 …).
void sc_player_add_port(sc_player *player, int slot, jack_port_t *port);
/// The ring slot for cycle `cycle` (one block of `period` floats per port slot), or NULL while
/// the ring is full. After filling it, `sc_player_publish`.
float *sc_player_slot(sc_player *player, int64_t cycle);
void sc_player_publish(sc_player *player, int64_t cycle);
/// Cycles rendered so far (the next cycle to render).
int64_t sc_player_written(const sc_player *player);
/// Makes `port` capture input slot `slot` (slots are added in order: 0, 1, 2 …). The callback
/// keeps what each input port received in the cycle it plays as cycle k (JACK frame
/// start + k × period) in a ring of input cycles, for `sc_player_read_input`.
void sc_player_add_input(sc_player *player, int slot, jack_port_t *port);
/// Copies `count` frames of input slot `slot` from captured cycle `cycle`, starting `offset`
/// frames into it, to `destination`. Returns 1, or 0 (and writes silence) when that cycle was not
/// captured (not played yet, skipped by an xrun, or already overwritten in the ring).
int sc_player_read_input(const sc_player *player, int slot, int64_t cycle, int offset, int count, float *destination);
/// Makes `port` (a JACK MIDI input port) the player's MIDI input: the callback keeps the MIDI
/// messages of the cycle it plays as cycle k, like the audio inputs.
void sc_player_set_midi_input(sc_player *player, jack_port_t *port);
/// Copies up to `capacity` MIDI messages captured in cycle `cycle` to `events`; returns how many,
/// or -1 when that cycle was not captured (not played yet, skipped, or overwritten).
int sc_player_read_midi(const sc_player *player, int64_t cycle, sc_midi_event *events, int capacity);
/// Makes `port` (a JACK MIDI output port) MIDI output slot `slot` (slots are added in order:
/// 0, 1, 2 …). Every callback clears it, then writes the messages of the cycle it plays.
void sc_player_add_midi_output(sc_player *player, int slot, jack_port_t *port);
/// Adds a message for output slot `slot` at frame `offset` of cycle `cycle`, whose ring block
/// the control side holds (after `sc_player_slot` gave it, before `sc_player_publish`; handing
/// the block out empties its messages). A slot's messages must come in frame order. Returns 0,
/// or -1 when the cycle's room (SC_MIDI_OUT_EVENTS messages, SC_MIDI_OUT_BYTES bytes) is full.
int sc_player_write_midi(sc_player *player, int64_t cycle, int slot, uint32_t offset, const uint8_t *bytes, int size);
/// Lets the callback start playing (cycle 0 plays in the next callback).
void sc_player_start(sc_player *player);
/// No more cycles will come: once the ring is empty the player plays silence and says drained.
void sc_player_finish(sc_player *player);
void sc_player_stats(const sc_player *player, sc_stats *out);
/// Callback durations: `counts[i]` callbacks took i µs (the last bucket: that or more).
void sc_player_durations(const sc_player *player, int64_t *counts, int bucket_count);

// MARK: The capture client: records its input ports by JACK frame.

typedef struct sc_capture sc_capture;

/// Records up to `capacity_frames` frames per port from the first callback after `sc_capture_arm`.
sc_capture *sc_capture_create(jack_client_t *client, int64_t capacity_frames);
void sc_capture_destroy(sc_capture *capture);
int sc_capture_install(sc_capture *capture);
void sc_capture_add_port(sc_capture *capture, int slot, jack_port_t *port);
void sc_capture_arm(sc_capture *capture);
/// The JACK frame the recording starts at (valid once `sc_capture_frames` > 0).
uint32_t sc_capture_origin(const sc_capture *capture);
/// Frames recorded from the origin on (holes included).
int64_t sc_capture_frames(const sc_capture *capture);
/// Port slot `slot`'s recording, and for each frame whether a callback covered it.
const float *sc_capture_samples(const sc_capture *capture, int slot);
const uint8_t *sc_capture_covered(const sc_capture *capture);
void sc_capture_stats(const sc_capture *capture, sc_stats *out);

// MARK: The MIDI sender: plays MIDI messages at given JACK frames (tests, checking a bridge).

typedef struct sc_midi_sender sc_midi_sender;
sc_midi_sender *sc_midi_sender_create(jack_client_t *client, jack_port_t *port);
void sc_midi_sender_destroy(sc_midi_sender *sender);
int sc_midi_sender_install(sc_midi_sender *sender);
/// Sends a message (1-3 bytes) at JACK frame `frame` (once: a frame already past is sent at the
/// start of the next cycle). Up to 16 pending messages; returns 0, or -1 when full.
int sc_midi_sender_schedule(sc_midi_sender *sender, uint32_t frame, const uint8_t *bytes, int size);
/// How many scheduled messages have been written to the port.
int sc_midi_sender_sent(const sc_midi_sender *sender);

// MARK: The MIDI receiver: records what reaches its MIDI input port by JACK frame (tests).

typedef struct sc_midi_receiver sc_midi_receiver;
/// Keeps up to `capacity` messages (each up to SC_RECEIVED_BYTES bytes; longer ones are cut and
/// keep their full size) with the JACK frame each arrived at.
#define SC_RECEIVED_BYTES 32
typedef struct sc_received_midi {
    uint32_t frame;
    uint32_t size;
    uint8_t bytes[SC_RECEIVED_BYTES];
} sc_received_midi;
sc_midi_receiver *sc_midi_receiver_create(jack_client_t *client, jack_port_t *port, int capacity);
void sc_midi_receiver_destroy(sc_midi_receiver *receiver);
int sc_midi_receiver_install(sc_midi_receiver *receiver);
/// Messages received so far (at most the capacity), and message `index` of them.
int sc_midi_receiver_count(const sc_midi_receiver *receiver);
sc_received_midi sc_midi_receiver_message(const sc_midi_receiver *receiver, int index);
void sc_midi_receiver_stats(const sc_midi_receiver *receiver, sc_stats *out);

// MARK: The idle reference client (benchmarks): a callback that does nothing but be timed.

typedef struct sc_idle sc_idle;
sc_idle *sc_idle_create(jack_client_t *client);
void sc_idle_destroy(sc_idle *idle);
int sc_idle_install(sc_idle *idle);
void sc_idle_stats(const sc_idle *idle, sc_stats *out);
void sc_idle_durations(const sc_idle *idle, int64_t *counts, int bucket_count);

// MARK: The tone client: a sine on one output port (checking inputs and connections).

typedef struct sc_tone sc_tone;
/// A sine of `frequency` Hz and peak `amplitude` on `port`, phase-locked to JACK's frame clock
/// (sample i of a cycle is sin(2π f (frame + i) / rate)).
sc_tone *sc_tone_create(jack_client_t *client, jack_port_t *port, double frequency, float amplitude);
void sc_tone_destroy(sc_tone *tone);
int sc_tone_install(sc_tone *tone);
void sc_tone_stats(const sc_tone *tone, sc_stats *out);

#ifdef __cplusplus
}
#endif
