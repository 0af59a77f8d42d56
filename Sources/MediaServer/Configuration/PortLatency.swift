import SimCore
import VirtualDevices

/// Nominal latency a port adds beyond the IO buffer, which the session reports as
/// `inputLatency`/`outputLatency` (setPreferredSampleRate/IOBufferDuration docs). Apple publishes no figures; these are plausible,
/// deterministic (derived) values chosen so that wireless routes are visibly slower than wired
/// ones, which is what apps compensating for latency need to see.
public enum PortLatency {
    /// Built-in, wired, USB and other cabled ports: converter and driver delay.
    public static let wired = HostDuration.microseconds(1_500)
    /// HDMI and DisplayPort sinks buffer for lip-sync.
    public static let display = HostDuration.milliseconds(20)
    /// HFP (SCO) and car audio links, short voice-call buffers.
    public static let bluetoothHFP = HostDuration.milliseconds(40)
    public static let carAudio = HostDuration.milliseconds(40)
    /// Continuity microphone over the network.
    public static let continuityMicrophone = HostDuration.milliseconds(50)
    public static let bluetoothLE = HostDuration.milliseconds(100)
    /// A2DP codecs buffer heavily.
    public static let bluetoothA2DP = HostDuration.milliseconds(160)
    /// AirPlay 2 buffered playback.
    public static let airPlay = HostDuration.seconds(2)

    public static func nominal(for type: PortType) -> HostDuration {
        switch type {
        case .builtInMic, .headsetMic, .lineIn, .lineOut, .headphones, .builtInReceiver, .builtInSpeaker,
             .usbAudio, .thunderbolt, .virtual, .PCI, .fireWire, .AVB:
            wired
        case .HDMI, .displayPort: display
        case .bluetoothHFP: bluetoothHFP
        case .carAudio: carAudio
        case .continuityMicrophone: continuityMicrophone
        case .bluetoothLE: bluetoothLE
        case .bluetoothA2DP: bluetoothA2DP
        case .airPlay: airPlay
        }
    }

    /// The slowest of `ports`, zero for none: parallel ports are heard when the last one plays.
    static func slowest(of ports: [Port]) -> HostDuration {
        ports.map { nominal(for: $0.portType) }.max() ?? .zero
    }
}
