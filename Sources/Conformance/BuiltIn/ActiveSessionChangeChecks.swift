import Foundation
import AVFAudio
import Soundcheck

/// A session that is already active takes configuration changes at once, and setActive(true)
/// on it succeeds and applies its configuration again rather than being ignored.
enum ActiveSessionChangeChecks {


    static var all: [BuiltInCheck] { [
        BuiltInCheck(["SESSION-ACTIVE-CHANGE-APPLIES"],
                     "a preferred rate set while active is granted at once, and activating again succeeds and keeps it") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 43)
            try device.attach("usb-interface:2x2@44100,48000")
            try device.launch("Rec", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate }, equals: 48_000, "the sample rate before any preference")
            try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setPreferredSampleRate(44_100) }
            p.expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate }, equals: 44_100, "the sample rate after preferring 44.1 kHz while active")
            try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate }, equals: 44_100, "the sample rate after preferring 44.1 kHz while active")
            p.expect(device.session("Rec").isActive, "activating an active session again left it inactive")
        },
    ] }
}
