/// What kind of device is simulated: its built-in ports, connectors, switches and the audio
/// hardware's capabilities. Profiles are data (`Profiles/*.yaml`), loaded by `DeviceProfile.load`.
public struct DeviceProfile: Hashable, Sendable {
    public enum Family: String, Sendable, CaseIterable { case phone, tablet, computer }

    /// The short name scripts use (`iphone`).
    public var id: String
    public var name: String
    public var family: Family
    public var hasRingSilentSwitch: Bool
    /// Whether cellular calls can arrive (FaceTime and VoIP calls are apps, not telephony).
    public var hasTelephony: Bool
    public var connectors: [Connector]
    public var hardware: AudioHardware
    /// Built-in ports, outputs then inputs, in the order the profile lists them.
    public var builtInPorts: [Port]
    /// Which built-in outputs reach the built-in microphone, and how (in output port order).
    public var acousticPaths: [AcousticPath] = []
    /// Whether the hardware runs Inter-App Audio (`inter-app-audio:`, default true): the 2013 talk
    /// names the iPhone 4 as the iOS 7 device without it.
    public var supportsInterAppAudio = true
    /// Apple's name for the one model the profile stands for (`model:`, e.g. `iPad Air`), when it
    /// does: hardware that differs by model (native Bluetooth LE) follows it, and the device
    /// advertises under it. Without one the profile is current hardware.
    public var model: String? {
        didSet { hardware.hasEchoCancelledInput = EchoCancelledInputHardware.has(model) }
    }

    /// The name the device goes by: its model's, else the profile's.
    public var deviceName: String { model ?? name }
}

/// The capabilities of the device's audio hardware (AVAudioSession hardware values: sampleRate, ioBufferDuration, latency, channel counts).
public struct AudioHardware: Hashable, Sendable {
    /// Supported hardware sample rates in hertz.
    public var sampleRates: [Int]
    public var defaultSampleRate: Int
    /// IO buffers are powers of two within this range of frames.
    public var ioBufferFrames: ClosedRange<Int>
    public var defaultIOBufferFrames: Int
    /// Echo-cancelled input on the built-in microphone and speaker (iOS 18.2, "certain 2024 or
    /// later iPhone models"): follows the profile's `model` (`EchoCancelledInputHardware`).
    public var hasEchoCancelledInput = false

    public init(sampleRates: [Int], defaultSampleRate: Int, ioBufferFrames: ClosedRange<Int>, defaultIOBufferFrames: Int) {
        self.sampleRates = sampleRates
        self.defaultSampleRate = defaultSampleRate
        self.ioBufferFrames = ioBufferFrames
        self.defaultIOBufferFrames = defaultIOBufferFrames
    }

    /// Every IO buffer size the hardware can run, smallest first.
    public var supportedIOBufferFrames: [Int] {
        var sizes: [Int] = []
        var size = 1
        while size <= ioBufferFrames.upperBound {
            if size >= ioBufferFrames.lowerBound { sizes.append(size) }
            size *= 2
        }
        return sizes
    }
}
