import Foundation

/// `AVAudioTime`: an instant as a sample time at a rate, a host time, or both.
///
/// Host time is the simulation clock in nanoseconds (SimCore's `HostTime`), so one host tick
/// is one nanosecond and `hostTime(forSeconds:)` is exact to the nanosecond on every machine.
open class AVAudioTime: NSObject, @unchecked Sendable {
    public let hostTime: UInt64
    public let sampleTime: AVAudioFramePosition
    /// The rate `sampleTime` counts at; 0 when made from a host time alone.
    public let sampleRate: Double
    public let isHostTimeValid: Bool
    public let isSampleTimeValid: Bool

    private init(hostTime: UInt64?, sampleTime: AVAudioFramePosition?, sampleRate: Double) {
        self.hostTime = hostTime ?? 0
        self.sampleTime = sampleTime ?? 0
        self.sampleRate = sampleRate
        isHostTimeValid = hostTime != nil
        isSampleTimeValid = sampleTime != nil
    }

    public convenience init(hostTime: UInt64) {
        self.init(hostTime: hostTime, sampleTime: nil, sampleRate: 0)
    }

    public convenience init(sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
        self.init(hostTime: nil, sampleTime: sampleTime, sampleRate: sampleRate)
    }

    public convenience init(hostTime: UInt64, sampleTime: AVAudioFramePosition, atRate sampleRate: Double) {
        self.init(hostTime: Optional(hostTime), sampleTime: Optional(sampleTime), sampleRate: sampleRate)
    }

    /// A time from a Core Audio timestamp: its valid sample and host times, at `sampleRate`.
    /// Sample times are whole frames here, so a fractional `mSampleTime` rounds down.
    public convenience init(audioTimeStamp ts: UnsafePointer<AudioTimeStamp>, sampleRate: Double) {
        let stamp = ts.pointee
        let sampleValid = stamp.mFlags.contains(.sampleTimeValid) && stamp.mSampleTime.isFinite
            && abs(stamp.mSampleTime) < 9.2e18
        self.init(hostTime: stamp.mFlags.contains(.hostTimeValid) ? stamp.mHostTime : nil,
                  sampleTime: sampleValid ? AVAudioFramePosition(stamp.mSampleTime.rounded(.down)) : nil,
                  sampleRate: sampleRate)
    }

    /// The valid times as a Core Audio timestamp.
    public var audioTimeStamp: AudioTimeStamp {
        var stamp = AudioTimeStamp()
        if isSampleTimeValid { stamp.mSampleTime = Double(sampleTime); stamp.mFlags.insert(.sampleTimeValid) }
        if isHostTimeValid { stamp.mHostTime = hostTime; stamp.mFlags.insert(.hostTimeValid) }
        return stamp
    }

    /// Host ticks (nanoseconds) in `seconds`, rounded to the nearest; negatives clamp to 0.
    public class func hostTime(forSeconds seconds: TimeInterval) -> UInt64 {
        let ticks = (seconds * 1e9).rounded()
        return ticks.isNaN || ticks <= 0 ? 0 : ticks >= 1.8446744073709552e19 ? .max : UInt64(ticks)
    }

    public class func seconds(forHostTime hostTime: UInt64) -> TimeInterval { Double(hostTime) / 1e9 }

    /// Fills in whichever of host or sample time `self` lacks, from an anchor that has both.
    ///
    /// nil unless the anchor has both times valid and `self` has a sample rate and at least one
    /// valid time (AVAudioTime, AVAudioTime.h). Sample times are converted between the two rates through
    /// seconds; results round to the nearest frame or nanosecond.
    public func extrapolateTime(fromAnchor anchorTime: AVAudioTime) -> AVAudioTime? {
        guard anchorTime.isHostTimeValid, anchorTime.isSampleTimeValid, anchorTime.sampleRate > 0,
              sampleRate > 0, isHostTimeValid || isSampleTimeValid else { return nil }
        if isHostTimeValid && isSampleTimeValid { return self }
        let anchorSeconds = Double(anchorTime.sampleTime) / anchorTime.sampleRate
        if isSampleTimeValid {
            let delta = Double(sampleTime) / sampleRate - anchorSeconds
            let host = Double(anchorTime.hostTime) + (delta * 1e9).rounded()
            guard host.isFinite, host < 1.8446744073709552e19 else { return nil }
            return AVAudioTime(hostTime: host <= 0 ? 0 : UInt64(host), sampleTime: sampleTime, atRate: sampleRate)
        }
        let delta = (Double(hostTime) - Double(anchorTime.hostTime)) / 1e9
        let sample = ((anchorSeconds + delta) * sampleRate).rounded()
        guard sample.isFinite, abs(sample) < 9.2e18 else { return nil }
        return AVAudioTime(hostTime: hostTime, sampleTime: AVAudioFramePosition(sample), atRate: sampleRate)
    }

    public override var description: String {
        let host = isHostTimeValid ? "host \(hostTime)" : "host invalid"
        let sample = isSampleTimeValid ? "sample \(sampleTime) @ \(sampleRate) Hz" : "sample invalid"
        return "<AVAudioTime: \(host), \(sample)>"
    }
}
