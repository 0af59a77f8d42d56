import AVFoundation
import Foundation

/// `MPAdTimeRange` (iOS 26): a stretch of the Now Playing item that is an advertisement, listed
/// under `MPNowPlayingInfoPropertyAdTimeRanges` so the system can show it as such.
open class MPAdTimeRange: NSObject, @unchecked Sendable {
    public var timeRange: CMTimeRange

    public init(_ timeRange: CMTimeRange) {
        self.timeRange = timeRange
        super.init()
    }
}
