import CRubberBand
import CSoundTouch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AUNewTimePitch (`'aufc'/'nutp'`, behind AVAudioUnitTimePitch): changes playback rate and pitch
/// independently, through the engine of a quality tier (`TimePitchEngine`): SoundTouch at the
/// default overlap, Rubber Band at the highest ones.
///
/// Parameter IDs and ranges are AudioUnitParameters.h's: kNewTimePitchParam_Rate 0 (1/32…32, 1),
/// Pitch 1 (−2400…2400 cents, 0; the header's comment says 1.0, AVAudioUnitTimePitch's says 0),
/// Overlap 4 (3…32, 8), EnablePeakLocking 6 (0/1, 1). Rate 2 plays twice as fast: twice as much
/// input is pulled per output frame. Overlap picks the tier, as on Apple's unit more overlap
/// costs more and sounds smoother (see `TimePitchEngine`); peak locking is kept and reported,
/// but none of the engines has that knob (Rubber Band locks phases itself).
///
/// Engines are made and configured on the control side (`prepare`, `setParameter`); `render`
/// only moves samples through the one in use.
public final class TimePitchKernel: TimeEffectKernel {
    public static let rate: UInt32 = 0
    public static let pitch: UInt32 = 1
    public static let overlap: UInt32 = 4
    public static let enablePeakLocking: UInt32 = 6

    private var parameters = EffectParameters([
        EffectParameterInfo(id: rate, name: "rate", unit: .rate, minValue: 1.0 / 32, maxValue: 32, defaultValue: 1),
        EffectParameterInfo(id: pitch, name: "pitch", unit: .cents, minValue: -2400, maxValue: 2400, defaultValue: 0),
        EffectParameterInfo(id: overlap, name: "overlap", unit: .generic, minValue: 3, maxValue: 32, defaultValue: 8),
        EffectParameterInfo(id: enablePeakLocking, name: "enable peak locking", unit: .boolean, minValue: 0, maxValue: 1, defaultValue: 1),
    ])
    /// A tier set by the owner (the Audio Queue's and AVFoundation's algorithms); nil: the overlap picks.
    private let fixedEngine: TimePitchEngine?
    private var stretcher: TimeStretcher?
    /// The tier `stretcher` was made for.
    private var stretcherEngine: TimePitchEngine?
    private var sampleRate = 44_100.0
    private var channelCount = 0
    private var maximumFrames = 0

    /// A kernel whose tier follows the overlap parameter (AUNewTimePitch), or is always `engine`.
    public init(engine: TimePitchEngine? = nil) {
        fixedEngine = engine
    }

    /// Rubber Band's version string, for diagnostics.
    public static var libraryVersion: String { RUBBERBAND_VERSION }
    /// SoundTouch's version string, for diagnostics.
    public static var soundTouchVersion: String { String(cString: soundtouch_getVersionString()) }

    /// The tier that renders (or will, once prepared).
    public var engine: TimePitchEngine { fixedEngine ?? TimePitchEngine(overlap: parameters[Self.overlap]) }

    public var parameterInfos: [EffectParameterInfo] { parameters.infos }

    /// Control side: a new overlap may switch engines (made here, not on the render side).
    public func setParameter(_ id: UInt32, _ value: Float) {
        let before = parameters.changeCount
        parameters.set(id, value)
        guard parameters.changeCount != before, stretcher != nil else { return }
        if engine != stretcherEngine {
            makeStretcher()
        } else {
            configureStretcher()
        }
    }

    public func parameter(_ id: UInt32) -> Float { parameters[id] }
    /// Seconds of output the engine pads its start with (Rubber Band's start delay; 0 for SoundTouch).
    public var latency: Double { stretcher?.latency ?? 0 }
    public var tailTime: Double { latency }

    public func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {
        precondition(sampleRate > 0 && channelCount > 0 && maximumFrames > 0)
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.maximumFrames = maximumFrames
        makeStretcher()
    }

    public func reset() {
        stretcher?.reset()
    }

    /// Makes the engine for the current tier, set for the current rate and pitch and primed with
    /// half a second of silence (more at high rates, where one step skips further).
    private func makeStretcher() {
        let engine = self.engine
        let made = engine.makeStretcher(sampleRate: sampleRate, channelCount: channelCount, maximumFrames: maximumFrames)
        stretcher = made
        stretcherEngine = engine
        configureStretcher()
        let rate = Double(parameters[Self.rate])
        made.prime(channelCount: channelCount, maximumFrames: maximumFrames, inputFrames: Int(sampleRate * max(0.5, 0.1 * rate)))
    }

    private func configureStretcher() {
        stretcher?.configure(rate: Double(parameters[Self.rate]), pitchScale: pow(2, Double(parameters[Self.pitch]) / 1200))
    }

    public func render(into channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>, frameCount: Int,
                       pull: (UnsafeMutablePointer<UnsafeMutablePointer<Float>>, Int) -> Void) {
        stretcher?.render(into: channels, frameCount: frameCount, pull: pull)
    }
}
