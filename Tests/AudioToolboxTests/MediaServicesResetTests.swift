@testable import Conformance
import Foundation
import MediaServer
import AudioToolbox
import AVFAudio
import SimCore
import Soundcheck
import Testing

/// mediaserverd dies and restarts: units made before are invalidated, their callbacks stop;
/// a unit made after works.
@Suite("Audio units across a media-services reset")
struct MediaServicesResetTests {
    @Test("SESSION-RESET-ZOMBIES: after a reset the old unit's calls return kAudioComponentErr_InstanceInvalidated (−66749), its callback stops, a new unit is heard")
    func zombieUnit() throws {
        let device = try SimulatedDevice(seed: 40)
        let old = try RemoteIOChecks.launch(device, "Synth") { app in
            try app.setRenderCallback()
            try app.listen(kAudioOutputUnitProperty_IsRunning)
            try app.initializeAndStart()
        }
        device.advance(to: .seconds(1))
        try device.perform(.mediaServerCrash(restartDelay: .milliseconds(500)))
        let callsAtCrash = old.renderCalls.count
        #expect(old.listenerCalls.count == 2, "IsRunning heard at start and when the server died")
        device.advance(to: .seconds(2))
        #expect(old.renderCalls.count == callsAtCrash)
        device.run(as: "Synth") {
            let unit = old.unit!
            #expect(AudioOutputUnitStart(unit) == kAudioComponentErr_InstanceInvalidated)
            #expect(AudioUnitInitialize(unit) == -66749)
            var running: UInt32 = 1
            var size = UInt32(4)
            #expect(AudioUnitGetProperty(unit, kAudioOutputUnitProperty_IsRunning, kAudioUnitScope_Global, 0, &running, &size) == -66749)
            var timeStamp = AudioTimeStamp()
            var list = AudioBufferList()
            #expect(AudioUnitRender(unit, nil, &timeStamp, 0, 256, &list) == -66749)
            #expect(AudioComponentInstanceDispose(unit) == 0, "disposing a dead unit still frees it")
        }
        // The app rebuilds, as apps must after mediaServicesWereReset.
        let fresh = RemoteIOApp()
        fresh.toneFrequency = 500
        try device.run(as: "Synth") {
            try AVAudioSession.sharedInstance().setCategory(.playback)
            try AVAudioSession.sharedInstance().setActive(true)
            try fresh.make()
            try fresh.setRenderCallback()
            try fresh.initializeAndStart()
        }
        device.advance(to: .seconds(3))
        #expect(!fresh.renderCalls.isEmpty)
        let speaker = try #require(device.sink("Speaker"))
        #expect(speaker.isSilent(channel: 1, from: .milliseconds(1100), to: .seconds(2)))
        let frequency = try #require(speaker.dominantFrequency(channel: 1, from: .milliseconds(2200), to: .milliseconds(2900)))
        #expect(abs(frequency - 500) < 1)
    }
}
