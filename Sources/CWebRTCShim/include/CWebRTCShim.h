#pragma once
// A C interface to webrtc-audio-processing 0.3 (Debian's libwebrtc-audio-processing-dev), whose
// API is C++: Swift's VoiceProcessing target calls these. Every call handles exactly one 10 ms
// frame of deinterleaved float samples in [-1, 1]. Return codes are webrtc's
// (AudioProcessing::Error: 0 = kNoError, negative on error).

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct WebRTCShimProcessor WebRTCShimProcessor;

/// Which echo canceller runs: webrtc's full AEC or its mobile one (AECM, 8 and 16 kHz only).
typedef enum {
    WebRTCShimEchoOff = 0,
    WebRTCShimEchoCanceller = 1,
    WebRTCShimEchoMobile = 2,
} WebRTCShimEcho;

/// A processor for `channels` (1 or 2) channels at `sample_rate_hz` (8000, 16000, 32000 or 48000), or
/// NULL with `*error` set. Allocates; call on the control side.
WebRTCShimProcessor *_Nullable webrtc_shim_create(int sample_rate_hz, int channels, int *_Nonnull error);
void webrtc_shim_destroy(WebRTCShimProcessor *_Nullable processor);

/// Enables the components (control side): echo control, noise suppression (high), automatic
/// gain control (adaptive digital, target -3 dBFS, limiter on) and the high-pass filter.
int webrtc_shim_configure(WebRTCShimProcessor *_Nonnull processor, WebRTCShimEcho echo, int noise_suppression,
                          int gain_control, int high_pass);

/// Frames in one 10 ms frame at the processor's rate.
int webrtc_shim_frame_length(const WebRTCShimProcessor *_Nonnull processor);

/// The far end: one 10 ms frame about to be played (`channels` pointers).
int webrtc_shim_analyze_render(WebRTCShimProcessor *_Nonnull processor, const float *_Nonnull const *_Nonnull channels);

/// The near end: one 10 ms microphone frame, processed in place. `delay_ms` is the time from the
/// matching render frame being analyzed to this frame being processed (webrtc's stream delay).
int webrtc_shim_process_capture(WebRTCShimProcessor *_Nonnull processor, float *_Nonnull const *_Nonnull channels, int delay_ms);

/// Whether the last processed capture frame held echo, by the echo canceller's estimate.
int webrtc_shim_stream_has_echo(const WebRTCShimProcessor *_Nonnull processor);

/// How often webrtc asked for its echo canceller's FFT tables (once per echo canceller made) and
/// how often they were really built (once per process): `aec_rdft_init` in WebRTCShim.cpp.
void webrtc_shim_fft_tables(int *_Nonnull requests, int *_Nonnull builds);

#ifdef __cplusplus
}
#endif
