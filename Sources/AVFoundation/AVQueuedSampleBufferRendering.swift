import Dispatch
import CoreMedia

/// `AVQueuedSampleBufferRenderingStatus`.
public enum AVQueuedSampleBufferRenderingStatus: Int, Sendable {
    case unknown = 0
    case rendering = 1
    case failed = 2
}

/// `AVQueuedSampleBufferRendering`: what the audio renderer (and, on a device, the display
/// layer) share with the synchronizer.
public protocol AVQueuedSampleBufferRendering: AnyObject {
    var timebase: CMTimebase { get }
    func enqueue(_ sampleBuffer: CMSampleBuffer)
    func flush()
    var isReadyForMoreMediaData: Bool { get }
    func requestMediaDataWhenReady(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void)
    func stopRequestingMediaData()
    var hasSufficientMediaDataForReliablePlaybackStart: Bool { get }
}
