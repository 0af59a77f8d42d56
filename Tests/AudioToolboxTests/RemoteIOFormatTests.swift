@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import Soundcheck
import Testing

/// RemoteIO's channel map (its defaults, conversions and render notifications are built-in
/// checks, `AudioUnitChecks` and `RemoteIOChecks`).
@Suite("RemoteIO formats")
struct RemoteIOFormatTests {
    @Test("a channel map sends client channel 0 to the right speaker channel only")
    func channelMap() throws {
        let device = try SimulatedDevice(seed: 62)
        let app = try RemoteIOChecks.launch(device, "Synth") { app in
            try app.setRenderCallback()
            var map: [Int32] = [-1, 0]
            try check(AudioUnitSetProperty(app.unit!, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0, &map, 8))
            var bad: [Int32] = [5, 0]
            #expect(AudioUnitSetProperty(app.unit!, kAudioOutputUnitProperty_ChannelMap, kAudioUnitScope_Output, 0, &bad, 8)
                    == kAudioUnitErr_InvalidPropertyValue)
            try app.initializeAndStart()
        }
        device.advance(to: .seconds(1))
        #expect(!app.renderCalls.isEmpty)
        let speaker = try #require(device.sink("Speaker"))
        #expect(speaker.isSilent(channel: 1, from: .zero, to: .seconds(1)))
        let amplitude = speaker.toneAmplitude(atFrequency: 1000, channel: 2, from: .milliseconds(100), to: .milliseconds(900))
        #expect(abs((amplitude ?? 0) - 0.5) < 0.005)
    }
}
