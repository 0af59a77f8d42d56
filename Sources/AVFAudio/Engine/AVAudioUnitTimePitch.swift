import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioUnitTimePitch`: changes playback rate and pitch independently (AUNewTimePitch).
public final class AVAudioUnitTimePitch: AVAudioUnitTimeEffect, @unchecked Sendable {
    public init() {
        super.init(description: .appleEffect(subType: "nutp", type: "aufc"), name: "AUNewTimePitch", kernel: TimePitchKernel())
    }

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
    /// 3 … 32, default 8.
    public var overlap: Float {
        get { parameter(TimePitchKernel.overlap) }
        set { setParameter(TimePitchKernel.overlap, newValue) }
    }
}

/// `AVAudioUnitVarispeed`: resamples, so pitch follows rate (AUVarispeed).
public final class AVAudioUnitVarispeed: AVAudioUnitTimeEffect, @unchecked Sendable {
    public init() {
        super.init(description: .appleEffect(subType: "vari", type: "aufc"), name: "AUVarispeed", kernel: VarispeedKernel())
    }

    /// 0.25 … 4, default 1.
    public var rate: Float {
        get { parameter(VarispeedKernel.playbackRate) }
        set { setParameter(VarispeedKernel.playbackRate, newValue) }
    }
}
