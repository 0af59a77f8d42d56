/// Which library stretches time and shifts pitch behind the time-pitch effect, by quality tier.
///
/// Apple's units do not name their algorithms' internals, only tiers: AUNewTimePitch has an
/// `overlap` parameter (3…32, default 8; more overlapping analysis windows sound smoother and
/// cost more), the Audio Queue and AVFoundation offer time-domain, spectral and varispeed
/// algorithms. The simulation must run far faster than real time, so the default tier has to be
/// cheap: SoundTouch's time-domain stretcher (WSOLA) renders a stereo stream at hundreds of times
/// real time, where Rubber Band renders at a few times real time on this project's machines
/// (Debian builds it with its own FFT). The tiers, from cheapest to finest:
///
/// | tier | library | AUNewTimePitch overlap | also used for |
/// | --- | --- | --- | --- |
/// | `soundTouchQuickSeek` | SoundTouch, quick seek | 3–5 | Audio Queue LowQualityZeroLatency, AVFoundation `.lowQualityZeroLatency` |
/// | `soundTouch` | SoundTouch, full seek | 6–16 (the default, 8) | Audio Queue TimeDomain and Spectral, AVFoundation `.timeDomain` and `.spectral` |
/// | `rubberBandR3Short` | Rubber Band R3 ("finer"), short window | 17–24 | |
/// | `rubberBandR3` | Rubber Band R3, standard window | 25–32 | where fidelity matters more than speed |
///
/// Rubber Band's R2 ("faster") engine is not a tier: in real-time mode it put a tone burst 0.15–0.4 %
/// off pitch and 1.5–3 dB low, and at some settings (rate 2 with its long window, −700 cents)
/// played nothing that reached half the level, while costing about as much as R3's short window.
///
/// Varispeed (pitch following the rate) is not a tier here: it is a resampler (`VarispeedKernel`).
/// Every engine runs single-threaded, so the same input gives the same samples on every run.
public enum TimePitchEngine: String, Sendable, CaseIterable {
    case soundTouchQuickSeek
    case soundTouch
    case rubberBandR3Short
    case rubberBandR3

    /// The tier AUNewTimePitch's `overlap` parameter selects (see the table above).
    public init(overlap: Float) {
        switch overlap {
        case ..<6: self = .soundTouchQuickSeek
        case ..<17: self = .soundTouch
        case ..<25: self = .rubberBandR3Short
        default: self = .rubberBandR3
        }
    }

    /// The tier behind AUNewTimePitch at its default overlap (8): the Audio Queue's Spectral
    /// algorithm and AVFoundation's `.spectral` are that unit with default settings.
    public static let `default` = TimePitchEngine(overlap: 8)

    func makeStretcher(sampleRate: Double, channelCount: Int, maximumFrames: Int) -> TimeStretcher {
        switch self {
        case .soundTouchQuickSeek, .soundTouch:
            SoundTouchStretcher(sampleRate: sampleRate, channelCount: channelCount, maximumFrames: maximumFrames,
                                quickSeek: self == .soundTouchQuickSeek)
        case .rubberBandR3Short, .rubberBandR3:
            RubberBandStretcher(sampleRate: sampleRate, channelCount: channelCount, maximumFrames: maximumFrames,
                                shortWindow: self == .rubberBandR3Short)
        }
    }
}

/// One engine's stretcher, made for a sample rate, channel count and block size (control side).
protocol TimeStretcher: AnyObject {
    /// Sets the speed (2 = twice the input per output frame) and the pitch factor. Control side:
    /// some engines recompute filters here.
    func configure(rate: Double, pitchScale: Double)
    /// Forgets buffered audio. Allocates nothing.
    func reset()
    /// Seconds of output that come before the first input sample is heard (padding at a start).
    var latency: Double { get }
    /// As `TimeEffectKernel.render`. Render side: no allocation, lock or log.
    func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void)
}

extension TimeStretcher {
    /// Renders `inputFrames` of silence and forgets it. SoundTouch grows its queues and Rubber Band
    /// makes scratch buffers on their first blocks; this has them do it on the control side, so
    /// that rendering allocates nothing from the first block on. (A later, very different rate
    /// may still grow SoundTouch's queues once while rendering.)
    func prime(channelCount: Int, maximumFrames: Int, inputFrames: Int) {
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: channelCount * maximumFrames)
        defer { scratch.deallocate() }
        let channels = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: channelCount)
        defer { channels.deallocate() }
        for channel in 0..<channelCount { channels[channel] = scratch + channel * maximumFrames }
        var pulled = 0
        while pulled < inputFrames {
            render(into: channels, frameCount: maximumFrames) { buffers, frames in
                for channel in 0..<channelCount { buffers[channel].update(repeating: 0, count: frames) }
                pulled += frames
            }
        }
        reset()
    }
}
