// The C interface of CWebRTCShim.h over webrtc::AudioProcessing (0.3).
#include "CWebRTCShim.h"

#include <atomic>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <new>

#include <webrtc/common.h>
#include <webrtc/modules/audio_processing/include/audio_processing.h>

// webrtc 0.3's CPU feature query (system_wrappers/include/cpu_features_wrapper.h): a process-wide
// function pointer, and the one that always answers "no SIMD".
extern "C" {
typedef int (*WebRtc_CPUInfo)(int feature);
extern WebRtc_CPUInfo WebRtc_GetCPUInfo;
extern WebRtc_CPUInfo WebRtc_GetCPUInfoNoASM;
}

namespace {
// Creation, configuration and destruction are serialized. These are control-side calls.
// Processing takes no lock of ours: each processor is used by one thread (its simulation's), and
// the process-wide state processing reads is made stable before anything is created:
// - the echo canceller's FFT tables, which `aec_rdft_init` below makes build-once;
// - the echo canceller's kernel pointers (WebRtcAec_FilterFar …), which every creation sets to
//   the plain C kernels and then, when the CPU has SSE2, to the SSE2 ones: a creation on one thread
//   would briefly switch another thread's running processor to other kernels, whose float results
//   differ in the last bits. With the feature query answering "no SIMD", every creation writes the
//   same C kernels, so processing is bit-identical whatever else runs, and on every CPU.
std::mutex &creationLock() {
    static std::mutex lock;
    static std::once_flag plainKernels;
    std::call_once(plainKernels, [] { WebRtc_GetCPUInfo = WebRtc_GetCPUInfoNoASM; });
    return lock;
}

std::atomic<int> fftTableRequests{0};
std::atomic<int> fftTableBuilds{0};
}  // namespace

// webrtc 0.3 calls aec_rdft_init every time it creates an echo canceller, and that rebuilds the
// shared FFT tables in place (it writes them in natural order, then bit-reverses them), so a
// creation on one thread would corrupt the FFTs another thread's processor is running. The
// library calls it through its PLT, so this definition replaces it process-wide: the tables are
// built once, by the library's own function, and never rewritten while anything processes.
extern "C" void aec_rdft_init(void) {
    static std::once_flag once;
    fftTableRequests.fetch_add(1);
    std::call_once(once, [] {
        auto build = reinterpret_cast<void (*)(void)>(dlsym(RTLD_NEXT, "aec_rdft_init"));
        if (build != nullptr) {
            build();
            fftTableBuilds.fetch_add(1);
        }
    });
}

struct WebRTCShimProcessor {
    std::unique_ptr<webrtc::AudioProcessing> apm;
    webrtc::StreamConfig stream;
    WebRTCShimEcho echo = WebRTCShimEchoOff;

    WebRTCShimProcessor(webrtc::AudioProcessing *apm, int rate, int channels)
        : apm(apm), stream(rate, static_cast<size_t>(channels)) {}
};

extern "C" {

WebRTCShimProcessor *webrtc_shim_create(int sample_rate_hz, int channels, int *error) {
    std::lock_guard<std::mutex> guard(creationLock());
    using webrtc::AudioProcessing;
    // The extended filter (128 ms instead of 48 ms) tolerates a misreported stream delay.
    webrtc::Config config;
    config.Set<webrtc::ExtendedFilter>(new webrtc::ExtendedFilter(true));
    AudioProcessing *apm = AudioProcessing::Create(config);
    if (apm == nullptr) {
        *error = AudioProcessing::kCreationFailedError;
        return nullptr;
    }
    const webrtc::StreamConfig stream(sample_rate_hz, static_cast<size_t>(channels));
    const webrtc::ProcessingConfig processing = {{stream, stream, stream, stream}};
    *error = apm->Initialize(processing);
    if (*error != AudioProcessing::kNoError) {
        delete apm;
        return nullptr;
    }
    auto *processor = new (std::nothrow) WebRTCShimProcessor(apm, sample_rate_hz, channels);
    if (processor == nullptr) {
        delete apm;
        *error = AudioProcessing::kCreationFailedError;
    }
    return processor;
}

void webrtc_shim_destroy(WebRTCShimProcessor *processor) {
    std::lock_guard<std::mutex> guard(creationLock());
    delete processor;
}

int webrtc_shim_configure(WebRTCShimProcessor *processor, WebRTCShimEcho echo, int noise_suppression,
                          int gain_control, int high_pass) {
    std::lock_guard<std::mutex> guard(creationLock());
    webrtc::AudioProcessing &apm = *processor->apm;
    int error = 0;
    // AEC and AECM exclude each other: disable the one not wanted first.
    if (echo != WebRTCShimEchoCanceller && (error = apm.echo_cancellation()->Enable(false))) return error;
    if (echo != WebRTCShimEchoMobile && (error = apm.echo_control_mobile()->Enable(false))) return error;
    if (echo == WebRTCShimEchoCanceller) {
        if ((error = apm.echo_cancellation()->enable_drift_compensation(false))) return error;
        if ((error = apm.echo_cancellation()->set_suppression_level(webrtc::EchoCancellation::kHighSuppression))) return error;
        if ((error = apm.echo_cancellation()->Enable(true))) return error;
    } else if (echo == WebRTCShimEchoMobile) {
        if ((error = apm.echo_control_mobile()->set_routing_mode(webrtc::EchoControlMobile::kSpeakerphone))) return error;
        if ((error = apm.echo_control_mobile()->Enable(true))) return error;
    }
    processor->echo = echo;
    if ((error = apm.noise_suppression()->set_level(webrtc::NoiseSuppression::kHigh))) return error;
    if ((error = apm.noise_suppression()->Enable(noise_suppression != 0))) return error;
    if (gain_control) {
        if ((error = apm.gain_control()->set_mode(webrtc::GainControl::kAdaptiveDigital))) return error;
        if ((error = apm.gain_control()->set_target_level_dbfs(3))) return error;
        if ((error = apm.gain_control()->enable_limiter(true))) return error;
    }
    if ((error = apm.gain_control()->Enable(gain_control != 0))) return error;
    return apm.high_pass_filter()->Enable(high_pass != 0);
}

int webrtc_shim_frame_length(const WebRTCShimProcessor *processor) {
    return static_cast<int>(processor->stream.num_frames());
}

int webrtc_shim_analyze_render(WebRTCShimProcessor *processor, const float *const *channels) {
    // The analyze-only entry: the render frame is not modified (ProcessReverseStream would copy it).
    const webrtc::AudioProcessing::ChannelLayout layout =
        processor->stream.num_channels() == 2 ? webrtc::AudioProcessing::kStereo : webrtc::AudioProcessing::kMono;
    return processor->apm->AnalyzeReverseStream(channels, processor->stream.num_frames(),
                                                processor->stream.sample_rate_hz(), layout);
}

int webrtc_shim_process_capture(WebRTCShimProcessor *processor, float *const *channels, int delay_ms) {
    webrtc::AudioProcessing &apm = *processor->apm;
    if (processor->echo != WebRTCShimEchoOff) {
        // Reported every frame, as the API asks whenever echo processing is enabled.
        int error = apm.set_stream_delay_ms(delay_ms);
        if (error != webrtc::AudioProcessing::kNoError) return error;
    }
    return apm.ProcessStream(channels, processor->stream, processor->stream, channels);
}

void webrtc_shim_fft_tables(int *requests, int *builds) {
    *requests = fftTableRequests.load();
    *builds = fftTableBuilds.load();
}

int webrtc_shim_stream_has_echo(const WebRTCShimProcessor *processor) {
    return processor->apm->echo_cancellation()->stream_has_echo() ? 1 : 0;
}

}  // extern "C"
