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
