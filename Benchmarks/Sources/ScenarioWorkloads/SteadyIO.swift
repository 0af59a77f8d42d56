import MediaServer
import OpenAVFAudio
import SimCore
import Soundcheck

/// The media server in steady state: a playback app's tone on wired headphones with HDMI
/// attached (four output ports written every cycle), capture limited to a window as scenarios
/// do, advanced a whole number of IO cycles at a time — the server's own work per cycle
/// (scheduler, render, sinks, the state check) with nothing changing.
public final class SteadyIO {
    public let device: SimulatedDevice
    /// Frames per IO cycle (the iPhone's default buffer).
    public let cycleFrames: Int64 = 1_024

    public init() throws {
        device = try SimulatedDevice(profile: "iphone", seed: 1)
        _ = try device.attach("wired-headphones")
        _ = try device.attach("hdmi:2")
        device.audioMixSettings.captureWindows = [HostTime.zero + .seconds(1)..<HostTime.zero + .seconds(2)]
        _ = try device.launch("Music", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Music")
        advance(cycles: 200)   // past the capture window: every buffer is at its size
    }

    /// Runs `cycles` IO cycles in one `run(until:)`.
    public func advance(cycles: Int) {
        let frames = SimCore.SampleRate.hz48000.duration(ofFrames: Int64(cycles) * cycleFrames)
        device.advance(by: frames)
    }
}
