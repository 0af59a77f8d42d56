import CoreMedia
import Dispatch
import Foundation
import MediaServer

/// `AVCaptureOutput`: where a capture session sends media; its connections link it to inputs.
open class AVCaptureOutput: NSObject, @unchecked Sendable {
    var acceptedMediaTypes: [AVMediaType] { [] }
    /// Set by the session that holds this output.
    var linked: [AVCaptureConnection] = []

    override init() { super.init() }

    open var connections: [AVCaptureConnection] { linked }

    open func connection(with mediaType: AVMediaType) -> AVCaptureConnection? {
        linked.first { $0.inputPort.mediaType == mediaType }
    }
}

/// `AVCaptureAudioDataOutputSampleBufferDelegate`: receives the captured audio. The method is
/// optional in Apple's protocol; the default implementation does nothing.
public protocol AVCaptureAudioDataOutputSampleBufferDelegate: AnyObject {
    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection)
}

extension AVCaptureAudioDataOutputSampleBufferDelegate {
    public func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {}
}

/// `AVCaptureAudioDataOutput`: hands each captured buffer of audio (a `CMSampleBuffer` of 16-bit
/// linear PCM at the hardware rate, one IO buffer long, stamped with the host time of its first
/// frame) to its delegate on the queue the app gave, which in the simulation is the app's
/// context on the simulation clock (see `SimulationQueue`). The delegate is held weakly.
open class AVCaptureAudioDataOutput: AVCaptureOutput, @unchecked Sendable {
    public private(set) weak var sampleBufferDelegate: (any AVCaptureAudioDataOutputSampleBufferDelegate)?
    public private(set) var sampleBufferCallbackQueue: DispatchQueue?

    public override init() { super.init() }

    override var acceptedMediaTypes: [AVMediaType] { [.audio] }

    /// A delegate needs a queue, as Apple requires (its exception becomes a precondition here);
    /// nil for both stops delivery.
    open func setSampleBufferDelegate(_ sampleBufferDelegate: (any AVCaptureAudioDataOutputSampleBufferDelegate)?,
                                      queue sampleBufferCallbackQueue: DispatchQueue?) {
        precondition(sampleBufferDelegate == nil || sampleBufferCallbackQueue != nil,
                     "setSampleBufferDelegate(_:queue:): a delegate needs a callback queue")
        self.sampleBufferDelegate = sampleBufferDelegate
        self.sampleBufferCallbackQueue = sampleBufferDelegate == nil ? nil : sampleBufferCallbackQueue
    }

    /// The session captured `buffer` for `connection`: the delegate gets it on its queue.
    func deliver(_ buffer: CMSampleBuffer, from connection: AVCaptureConnection, binding: AppBinding) {
        guard sampleBufferDelegate != nil, sampleBufferCallbackQueue != nil else { return }
        SimulationQueue(binding: binding).async("AVCaptureAudioDataOutput.didOutput") { [weak self] in
            guard let self, let delegate = self.sampleBufferDelegate else { return }
            delegate.captureOutput(self, didOutput: buffer, from: connection)
        }
    }
}
