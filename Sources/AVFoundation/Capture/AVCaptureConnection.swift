import CoreMedia
import Foundation

/// `AVCaptureConnection`: links an input's port to an output in a session. A session makes one
/// when an output is added that takes the media of an input's port (or the other way round).
/// It is active while the session runs and the connection and its port are enabled.
open class AVCaptureConnection: NSObject, @unchecked Sendable {
    let inputPort: AVCaptureInput.Port
    unowned let output: AVCaptureOutput
    weak var session: AVCaptureSession?
    private let channel = AVCaptureAudioChannel()

    init(inputPort: AVCaptureInput.Port, output: AVCaptureOutput) {
        self.inputPort = inputPort
        self.output = output
        super.init()
    }

    open var isEnabled = true

    open var isActive: Bool { isEnabled && inputPort.isEnabled && session?.isRunning == true }

    /// One channel per channel of the audio the connection carries (the mono microphone: one).
    open var audioChannels: [AVCaptureAudioChannel] { inputPort.mediaType == .audio ? [channel] : [] }

    /// The session's reader captured `samples` (16-bit, at `rate`): the meters hear them.
    func measure(_ samples: UnsafeBufferPointer<Int16>, rate: Double) {
        channel.measure(samples, rate: rate)
    }
}

/// `AVCaptureAudioChannel`: the levels of one captured channel, in decibels relative to full
/// scale (0 dB is a full-scale square wave; silence is −∞ clamped to −160 dB, the floor Apple's
/// meters use). `averagePowerLevel` is the RMS level of the most recent buffer, `peakHoldLevel`
/// the highest sample peak of the buffers of the last `peakHoldDuration` seconds (our setting:
/// Apple does not document its hold time).
open class AVCaptureAudioChannel: NSObject, @unchecked Sendable {
    static let peakHoldDuration = 1.0
    static let floor: Float = -160

    public private(set) var averagePowerLevel: Float = floor
    /// Peaks of the buffers in the hold window, newest last, with their length in seconds.
    private var peaks: [(level: Float, seconds: Double)] = []

    open var peakHoldLevel: Float { peaks.map(\.level).max() ?? Self.floor }

    override init() { super.init() }

    func measure(_ samples: UnsafeBufferPointer<Int16>, rate: Double) {
        guard !samples.isEmpty else { return }
        var sum = 0.0
        var peak: Int32 = 0
        for sample in samples {
            let value = Double(sample) / 32_768
            sum += value * value
            peak = max(peak, abs(Int32(sample)))
        }
        averagePowerLevel = Self.decibels(sqrt(sum / Double(samples.count)))
        peaks.append((Self.decibels(Double(peak) / 32_768), Double(samples.count) / rate))
        var held = 0.0
        var keep = peaks.count
        while keep > 0, held < Self.peakHoldDuration {
            keep -= 1
            held += peaks[keep].seconds
        }
        peaks.removeFirst(keep)
    }

    static func decibels(_ amplitude: Double) -> Float {
        amplitude > 0 ? max(floor, Float(20 * log10(amplitude))) : floor
    }
}
