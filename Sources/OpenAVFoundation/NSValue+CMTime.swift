import Foundation
import OpenCoreMedia

/// `NSValue(time:)` and `timeValue` (AVFoundation's NSValue additions), for boundary time
/// observers and `AVSampleBufferAudioRendererFlushTimeKey`.
extension NSValue {
    public convenience init(time: CMTime) {
        var time = time
        self.init(bytes: &time, objCType: "{CMTime=qiIq}")
    }

    public var timeValue: CMTime {
        var time = CMTime()
        getValue(&time)
        return time
    }
}
