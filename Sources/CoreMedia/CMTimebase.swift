import CoreAudioTypes
import SimCore

/// `CMTimebase`: a timeline driven by a source clock at a rate. Its time is
/// `anchorTime + (source − anchorSource) × rate`, computed exactly in nanoseconds for rates 0
/// and 1 and through a Double for other rates.
public final class CMTimebase: @unchecked Sendable {
    public let sourceClock: CMClock
    public private(set) var rate: Float64 = 0
    private var anchorTime = CMTime.zero
    private var anchorSource = HostTime.zero

    /// `CMTimebaseCreateWithSourceClock`, in its Swift form.
    public init(sourceClock: CMClock) {
        self.sourceClock = sourceClock
        anchorSource = sourceClock.now()
    }

    /// The timebase's current time, at timescale 1,000,000,000 unless set at another.
    public var time: CMTime { time(atSource: sourceClock.now()) }

    /// The timebase time when the source clock reads `source`.
    package func time(atSource source: HostTime) -> CMTime {
        let elapsed = source - anchorSource
        if rate == 0 { return anchorTime }
        if rate == 1 { return CMTimeAdd(anchorTime, CMTime(value: elapsed.nanoseconds, timescale: 1_000_000_000)) }
        return CMTimeAdd(anchorTime, CMTime(seconds: Double(elapsed.nanoseconds) * rate / 1e9, preferredTimescale: 1_000_000_000))
    }

    /// The source clock instant at which the timebase reaches `time` (nil when stopped or never).
    package func sourceTime(of time: CMTime) -> HostTime? {
        guard rate > 0, time.isNumeric else { return nil }
        let delta = CMTimeSubtract(time, anchorTime).seconds / rate
        return anchorSource + HostDuration(nanoseconds: Int64((delta * 1e9).rounded(.up)))
    }

    public func setTime(_ time: CMTime) {
        anchorSource = sourceClock.now()
        anchorTime = time
    }

    public func setRate(_ rate: Float64) {
        let source = sourceClock.now()
        anchorTime = time(atSource: source)
        anchorSource = source
        self.rate = rate
    }

    /// `CMTimebaseSetRateAndAnchorTime`: the timebase reads `time` when the source reads `anchor`.
    public func setRateAndAnchorTime(rate: Float64, anchorTime time: CMTime, immediateSourceTime anchor: CMTime) {
        self.rate = rate
        anchorTime = time
        anchorSource = HostTime(nanoseconds: anchor.convertScale(1_000_000_000, method: .default).value)
    }
}

/// `kCMTimebaseError_*` is not needed: these calls cannot fail on a valid timebase.
public func CMTimebaseCreateWithSourceClock(allocator: AnyObject?, sourceClock: CMClock,
                                            timebaseOut: UnsafeMutablePointer<CMTimebase?>) -> OSStatus {
    timebaseOut.pointee = CMTimebase(sourceClock: sourceClock)
    return 0
}

public func CMTimebaseGetTime(_ timebase: CMTimebase) -> CMTime { timebase.time }
public func CMTimebaseGetRate(_ timebase: CMTimebase) -> Float64 { timebase.rate }

@discardableResult
public func CMTimebaseSetTime(_ timebase: CMTimebase, time: CMTime) -> OSStatus {
    timebase.setTime(time)
    return 0
}

@discardableResult
public func CMTimebaseSetRate(_ timebase: CMTimebase, rate: Float64) -> OSStatus {
    timebase.setRate(rate)
    return 0
}

@discardableResult
public func CMTimebaseSetRateAndAnchorTime(_ timebase: CMTimebase, rate: Float64, anchorTime: CMTime,
                                           immediateSourceTime: CMTime) -> OSStatus {
    timebase.setRateAndAnchorTime(rate: rate, anchorTime: anchorTime, immediateSourceTime: immediateSourceTime)
    return 0
}
