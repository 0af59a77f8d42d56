import Dispatch
import Foundation
import CoreMedia

/// `AVSampleBufferDisplayLayer`: the view that shows video sample buffers. The simulation has no
/// layer tree; the layer is what an app adds to a synchronizer or enqueues into. From iOS 17 /
/// macOS 14 its `sampleBufferRenderer` does the work, and the layer's own queueing calls go to
/// it — here always, so adding the layer or its renderer to a synchronizer is the same.
open class AVSampleBufferDisplayLayer: NSObject, AVQueuedSampleBufferRendering, @unchecked Sendable {
    /// The renderer that shows the layer's frames.
    public let sampleBufferRenderer: AVSampleBufferVideoRenderer

    public override init() {
        sampleBufferRenderer = AVSampleBufferVideoRenderer()
        super.init()
    }

    public var status: AVQueuedSampleBufferRenderingStatus { sampleBufferRenderer.status }
    public var error: Error? { sampleBufferRenderer.error }
    public var timebase: CMTimebase { sampleBufferRenderer.timebase }
    public func enqueue(_ sampleBuffer: CMSampleBuffer) { sampleBufferRenderer.enqueue(sampleBuffer) }
    public func flush() { sampleBufferRenderer.flush() }
    /// Flushes and clears the picture on screen.
    public func flushAndRemoveImage() { sampleBufferRenderer.flushAndRemoveImage() }
    public var isReadyForMoreMediaData: Bool { sampleBufferRenderer.isReadyForMoreMediaData }
    public var hasSufficientMediaDataForReliablePlaybackStart: Bool {
        sampleBufferRenderer.hasSufficientMediaDataForReliablePlaybackStart
    }

    public func requestMediaDataWhenReady(on queue: DispatchQueue, using block: @escaping @Sendable () -> Void) {
        sampleBufferRenderer.requestMediaDataWhenReady(on: queue, using: block)
    }

    public func stopRequestingMediaData() { sampleBufferRenderer.stopRequestingMediaData() }
}
