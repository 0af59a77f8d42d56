import Foundation
import OpenAVFAudio
import Soundcheck
import Testing

/// A session that is already active takes configuration changes at once, and setActive(true)
/// on it succeeds and applies its configuration again rather than being ignored.
@Suite("Changes to an active session apply at once")
struct ActiveSessionChangeTests {
    @Test("SESSION-ACTIVE-CHANGE-APPLIES: a preferred rate set while active is granted at once, and activating again succeeds and keeps it")
    func preferenceWhileActive() throws {
        let device = try SimulatedDevice(seed: 43)
        try device.attach("usb-interface:2x2@44100,48000")
        try device.launch("Rec", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
            try AVAudioSession.sharedInstance().setActive(true)
        }
        #expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate } == 48_000)
        try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setPreferredSampleRate(44_100) }
        #expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate } == 44_100)
        try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setActive(true) }
        #expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate } == 44_100)
        #expect(device.session("Rec").isActive)
    }
}
