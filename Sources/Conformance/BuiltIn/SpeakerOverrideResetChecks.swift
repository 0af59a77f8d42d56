import Foundation
import AVFAudio
import Soundcheck

/// The speaker override is transient: "any route change or interruption will cause the audio to
/// be routed back to its normal route, following the last-in wins rule". The media server reverts
/// it by itself; the app does nothing but observe.
enum SpeakerOverrideResetChecks {
    static func speakerphone(_ device: SimulatedDevice) throws {
        try device.launch("Phone", backgroundAudio: true) {
            try AVAudioSession.sharedInstance().setCategory(.playAndRecord, mode: .voiceChat)
            try AVAudioSession.sharedInstance().setActive(true)
            try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker)
        }
    }

    static func outputs(_ device: SimulatedDevice) -> [AVAudioSession.Port] {
        device.run(as: "Phone") { AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType) }
    }

    static var all: [BuiltInCheck] { [
        BuiltInCheck(["ROUTING-SPEAKER-OVERRIDE-RESET"],
                     "headphones plugged in and pulled out leave the call on the receiver, not the speaker") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 41)
            try Self.speakerphone(device)
            p.expect(Self.outputs(device), equals: [.builtInSpeaker], "the call's outputs after overriding to the speaker")
            let headset = try device.attach("wired-headset")
            p.expect(Self.outputs(device), equals: [.headphones], "the call's outputs with a headset plugged in")
            try device.detach(headset)
            p.expect(Self.outputs(device), equals: [.builtInReceiver], "the call's outputs afterwards (the override must not come back)")
        },
        BuiltInCheck(["ROUTING-SPEAKER-OVERRIDE-RESET"],
                     "after an alarm interrupts the speakerphone, the reactivated session is on the receiver") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 42)
            try Self.speakerphone(device)
            p.expect(Self.outputs(device), equals: [.builtInSpeaker], "the call's outputs after overriding to the speaker")
            try device.perform(.alarm)
            try device.perform(.dismissAlarm)
            p.expect(device.events("notify.interruption", app: "Phone").count == 2, "began and ended")
            try device.run(as: "Phone") { try AVAudioSession.sharedInstance().setActive(true) }
            p.expect(Self.outputs(device), equals: [.builtInReceiver], "the call's outputs afterwards (the override must not come back)")
            let overrides = device.events("api.overrideOutputAudioPort", app: "Phone")
            p.expect(overrides.count == 1, "the app did not revert the override itself")
        },
        BuiltInCheck(["ROUTING-OVERRIDE-LIMITED"],
                     "an app redirects its output only by overriding a playAndRecord session, and a plugged headset still takes it") { p in
            let device = try SimulatedDevice(platform: p.platform, seed: 43)
            let refused = try device.launch("Music player") {
                try AVAudioSession.sharedInstance().setCategory(.playback)
                try AVAudioSession.sharedInstance().setActive(true)
                do { try AVAudioSession.sharedInstance().overrideOutputAudioPort(.speaker) } catch { return (error as NSError).code }
                return 0
            }
            p.expect(refused, equals: AVAudioSession.ErrorCode.badParam.rawValue, "the error code of a playback session's overrideOutputAudioPort(.speaker)")
            try device.run(as: "Music player") { try AVAudioSession.sharedInstance().setActive(false) }
            try Self.speakerphone(device)
            p.expect(Self.outputs(device), equals: [.builtInSpeaker], "a playAndRecord call's outputs after overriding to the speaker")
            _ = try device.attach("wired-headset")
            p.expect(Self.outputs(device), equals: [.headphones], "the call's outputs after the user plugs in a headset over the app's override")
        },
    ] }
}
