import AudioGraph
import Foundation
import AudioToolbox

/// `AVAudioUnitDelay`: a feedback delay with a low-pass on the echoes (AUDelay). Its wet/dry
/// mix starts at 100 % (the header's default for the node; the unit's own is 50 %).
public final class AVAudioUnitDelay: AVAudioUnitEffect, @unchecked Sendable {
    public init() {
        super.init(description: .appleEffect(subType: "dely"), name: "AUDelay", kernel: DelayKernel())
        setParameter(DelayKernel.wetDryMix, 100)
    }

    /// Seconds, 0 … 2, default 1.
    public var delayTime: TimeInterval {
        get { TimeInterval(parameter(DelayKernel.delayTime)) }
        set { setParameter(DelayKernel.delayTime, Float(newValue)) }
    }
    /// Percent, −100 … 100, default 50.
    public var feedback: Float {
        get { parameter(DelayKernel.feedback) }
        set { setParameter(DelayKernel.feedback, newValue) }
    }
    /// Hz, 10 … half the sample rate, default 15,000.
    public var lowPassCutoff: Float {
        get { parameter(DelayKernel.lopassCutoff) }
        set { setParameter(DelayKernel.lopassCutoff, newValue) }
    }
    /// Percent, 0 … 100, default 100.
    public var wetDryMix: Float {
        get { parameter(DelayKernel.wetDryMix) }
        set { setParameter(DelayKernel.wetDryMix, newValue) }
    }
}
