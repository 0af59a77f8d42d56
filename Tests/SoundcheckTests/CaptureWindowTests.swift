import Foundation
import MediaServer
import AVFAudio
import SimCore
import Soundcheck
import Testing
import VirtualDevices

/// Port sinks limited to capture windows (as scenarios use them): what they keep depends on the
/// windows, not on how long the run lasts, and checks inside the windows read the same as with
/// everything kept.
@Suite("Capture windows")
struct CaptureWindowTests {
    static func run(seconds: Int64, windows: [Range<HostTime>]?) throws -> SimulatedDevice {
        let device = try SimulatedDevice(seed: 21)
        try device.attach("hdmi:2")
        device.audioMixSettings.captureWindows = windows
        try device.launch("Video", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        device.play(.sine(frequency: 1_000, amplitude: 0.5), as: "Video")
        device.advance(to: .seconds(seconds))
        return device
    }

    static let window = HostTime.milliseconds(1_500)..<HostTime.milliseconds(2_500)

    @Test("a sink keeps one window's samples however long the run is")
    func boundedByWindows() throws {
        let short = try #require(try Self.run(seconds: 5, windows: [Self.window]).sink("HDMIOutput-1"))
        let long = try #require(try Self.run(seconds: 60, windows: [Self.window]).sink("HDMIOutput-1"))
        // One second at 48 kHz, widened to whole 10 ms envelope blocks (already whole here).
        #expect(short.capturedFrameCount == 48_000)
        #expect(long.capturedFrameCount == 48_000)
        let everything = try #require(try Self.run(seconds: 5, windows: nil).sink("HDMIOutput-1"))
        #expect(everything.capturedFrameCount == Int(everything.position) && everything.position > 4 * 48_000)
    }

    @Test("checks inside a window read what they would with everything kept; outside it there is nothing")
    func sameAnswersInside() throws {
        let windowed = try #require(try Self.run(seconds: 4, windows: [Self.window]).sink("HDMIOutput-1"))
        let everything = try #require(try Self.run(seconds: 4, windows: nil).sink("HDMIOutput-1"))
        let (from, to) = (HostTime.milliseconds(1_600), HostTime.milliseconds(2_400))
        #expect(windowed.level(channel: 1, from: from, to: to) == everything.level(channel: 1, from: from, to: to))
        #expect(windowed.toneAmplitude(atFrequency: 1_000, channel: 2, from: from, to: to)
                == everything.toneAmplitude(atFrequency: 1_000, channel: 2, from: from, to: to))
        #expect(abs((windowed.toneAmplitude(atFrequency: 1_000, channel: 1, from: from, to: to) ?? 0) - 0.5) < 0.01)
        #expect(windowed.level(channel: 1, from: .milliseconds(3_000), to: .milliseconds(3_500)) == nil)
        #expect(windowed.samples(channel: 1) == nil, "only a sink that keeps everything has the whole run's samples")
    }
}
