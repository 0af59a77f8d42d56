import Foundation
import CoreMedia

/// `NSValue(time:)` and `timeValue` (AVFoundation's NSValue additions), for boundary time
/// observers and `AVSampleBufferAudioRendererFlushTimeKey`.
extension NSValue {
    /// Linux Foundation's NSValue cannot hold a struct type, so the 24 bytes of the CMTime are
    /// held as three 64-bit words (`[3q]`); `timeValue` reads them back.
    public convenience init(time: CMTime) {
        var time = time
        precondition(MemoryLayout<CMTime>.size == 24, "CMTime is value, timescale, flags and epoch: 24 bytes")
        self.init(bytes: &time, objCType: "[3q]")
    }

    public var timeValue: CMTime {
        var time = CMTime()
        getValue(&time)
        return time
    }
}

/// `NSValue(timeRange:)` and `timeRangeValue`, for `loadedTimeRanges` and `seekableTimeRanges`:
/// two CMTimes, six 64-bit words.
extension NSValue {
    public convenience init(timeRange: CMTimeRange) {
        var range = timeRange
        precondition(MemoryLayout<CMTimeRange>.size == 48, "CMTimeRange is two CMTimes: 48 bytes")
        self.init(bytes: &range, objCType: "[6q]")
    }

    public var timeRangeValue: CMTimeRange {
        var range = CMTimeRange(start: .zero, duration: .zero)
        getValue(&range)
        return range
    }
}
