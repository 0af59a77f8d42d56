import Foundation
import OpenAVFAudio
import Soundcheck

/// A session that is already active takes configuration changes at once, and setActive(true)
/// on it succeeds and applies its configuration again rather than being ignored.
enum ActiveSessionChangeChecks {


    static let all: [BuiltInCheck] = [
        BuiltInCheck(["SESSION-ACTIVE-CHANGE-APPLIES"],
                     "a preferred rate set while active is granted at once, and activating again succeeds and keeps it") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 43)
            try device.attach("usb-interface:2x2@44100,48000")
            try device.launch("Rec", backgroundAudio: true) {
                try AVAudioSession.sharedInstance().setCategory(.playAndRecord)
                try AVAudioSession.sharedInstance().setActive(true)
            }
            p.expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate } == 48_000, "device.run(as: \"Rec\") { AVAudioSession.sharedInstance().sampleRate } == 48_000")
            try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setPreferredSampleRate(44_100) }
            p.expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate } == 44_100, "device.run(as: \"Rec\") { AVAudioSession.sharedInstance().sampleRate } == 44_100")
            try device.run(as: "Rec") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(device.run(as: "Rec") { AVAudioSession.sharedInstance().sampleRate } == 44_100, "device.run(as: \"Rec\") { AVAudioSession.sharedInstance().sampleRate } == 44_100")
            p.expect(device.session("Rec").isActive, "device.session(\"Rec\").isActive")
        },
    ]
}
