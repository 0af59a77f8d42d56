import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioUnitTimePitch`: changes playback rate and pitch independently (AUNewTimePitch).
open class AVAudioUnitTimePitch: AVAudioUnitTimeEffect, @unchecked Sendable {
    override class var ownDescription: AudioComponentDescription { .appleEffect(subType: "nutp", type: "aufc") }

    /// 1/32 … 32, default 1.
    public var rate: Float {
        get { parameter(TimePitchKernel.rate) }
        set { setParameter(TimePitchKernel.rate, newValue) }
    }
    /// Cents, −2400 … 2400, default 0.
    public var pitch: Float {
        get { parameter(TimePitchKernel.pitch) }
        set { setParameter(TimePitchKernel.pitch, newValue) }
    }
    /// 3 … 32, default 8. More overlap sounds smoother and costs more: here it picks the engine's
    /// tier (`TimePitchEngine(overlap:)`): SoundTouch up to 16 (docs/time-pitch.md), Rubber Band R3 from 17.
    public var overlap: Float {
        get { parameter(TimePitchKernel.overlap) }
        set { setParameter(TimePitchKernel.overlap, newValue) }
    }
}

/// `AVAudioUnitVarispeed`: resamples, so pitch follows rate (AUVarispeed).
open class AVAudioUnitVarispeed: AVAudioUnitTimeEffect, @unchecked Sendable {
    override class var ownDescription: AudioComponentDescription { .appleEffect(subType: "vari", type: "aufc") }

    /// 0.25 … 4, default 1.
    public var rate: Float {
        get { parameter(VarispeedKernel.playbackRate) }
        set { setParameter(VarispeedKernel.playbackRate, newValue) }
    }
}

/// The kernels behind `AVAudioUnitTimeEffect(audioComponentDescription:)`, by component subtype.
enum TimeEffectKernels {
    static func make(for description: AudioComponentDescription) -> (name: String, kernel: EffectKernel) {
        if description == .appleEffect(subType: "nutp", type: "aufc") { return ("AUNewTimePitch", TimePitchKernel()) }
        if description == .appleEffect(subType: "vari", type: "aufc") { return ("AUVarispeed", VarispeedKernel()) }
        // iOS's own time-stretchers (AUiPodTime, and AUiPodTimeOther behind AVPlayer's time-domain
        // algorithm) run the same time-pitch kernel: rate and pitch at AUNewTimePitch's IDs.
        if description == .appleEffect(subType: "iptm", type: "aufc") { return ("AUiPodTime", TimePitchKernel()) }
        if description == .appleEffect(subType: "ipto", type: "aufc") { return ("AUiPodTimeOther", TimePitchKernel()) }
        return ("", PassThroughKernel())
    }
}

/// A kernel that changes nothing: not a `TimeEffectKernel`, so the time effect copies its input.
private final class PassThroughKernel: EffectKernel {
    func prepare(sampleRate: Double, channelCount: Int, maximumFrames: Int) {}
    func reset() {}
    var parameterInfos: [EffectParameterInfo] { [] }
    func setParameter(_ id: UInt32, _ value: Float) {}
    func parameter(_ id: UInt32) -> Float { 0 }
    var latency: Double { 0 }
    var tailTime: Double { 0 }
}
