import Foundation

/// `AVCaptureInput`: a source of media for a capture session, through its ports (one per
/// stream it provides; the microphone's input has one audio port).
open class AVCaptureInput: NSObject, @unchecked Sendable {
    /// `AVCaptureInput.Port`: one stream of an input, which a connection links to an output.
    open class Port: NSObject, @unchecked Sendable {
        public unowned let input: AVCaptureInput
        public let mediaType: AVMediaType
        /// A disabled port sends nothing through its connections.
        open var isEnabled = true

        init(input: AVCaptureInput, mediaType: AVMediaType) {
            self.input = input
            self.mediaType = mediaType
            super.init()
        }
    }

    open var ports: [AVCaptureInput.Port] { [] }

    override init() { super.init() }
}

/// `AVCaptureDeviceInput`: a capture device as an input. Making one does not need record
/// permission: without it the session runs and its audio is silence, as on iOS.
open class AVCaptureDeviceInput: AVCaptureInput, @unchecked Sendable {
    public let device: AVCaptureDevice
    private lazy var audioPort = Port(input: self, mediaType: .audio)

    public init(device: AVCaptureDevice) throws {
        self.device = device
        super.init()
    }

    open override var ports: [AVCaptureInput.Port] { device.hasMediaType(.audio) ? [audioPort] : [] }
}
